// slot_claim.cpp: the claim a call makes before it steps on a rebindable
// word, and the check a rebind makes (slot_claim.h).
//
// Every access is sequentially consistent: the flags' writes and reads fall
// in one order all processes agree on, which is what makes one side see the
// other. A call that finds the flag set already writes nothing (a line every
// call wrote would be a line no core keeps) and still reads it in that
// order: the flag may be a call's that then saw the slot unbound, and a
// rebind that read the flag unset before it was set is then ordered before
// this read, so this call sees that rebind's unbinding. On x86 a
// sequentially consistent load is a plain load: an unclaimed slot's first
// call pays one locked write, the calls after it nothing.
#include "slot_claim.h"

#include <atomic>

namespace {

constexpr auto kOneOrder = std::memory_order_seq_cst;

bool load(const bool* flag) { return std::atomic_ref<bool>(*const_cast<bool*>(flag)).load(kOneOrder); }

void store(bool* flag, bool value) { std::atomic_ref<bool>(*flag).store(value, kOneOrder); }

}  // namespace

extern "C" void idgen_slot_claim(bool* claimed) {
    if (!load(claimed)) {
        store(claimed, true);
    }
}

extern "C" bool idgen_slot_bound(const bool* bound) { return load(bound); }

extern "C" bool idgen_slot_unbind_unclaimed(bool* bound, const bool* claimed) {
    if (load(claimed)) return false;
    store(bound, false);
    if (load(claimed)) {
        store(bound, true);  // a call claimed it meanwhile
        return false;
    }
    return true;
}
