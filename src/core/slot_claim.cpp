// slot_claim.cpp: the claim a call makes before it steps on a rebindable
// word, and the check a rebind makes (slot_claim.h).
#include "slot_claim.h"

#include <atomic>

namespace {

bool load(const bool* flag, std::memory_order order) {
    return std::atomic_ref<bool>(*const_cast<bool*>(flag)).load(order);
}

}  // namespace

extern "C" void idgen_slot_claim(bool* claimed) {
    // Written once (a line every call would write is a line no core keeps),
    // but fenced every time: a flag found set may be a call's that then saw
    // the slot unbound, which a rebind need not have read. The fence orders
    // this call's read of it before its read of the binding, so a rebind
    // that missed that flag is seen unbinding (C++20's seq_cst fences).
    if (!load(claimed, std::memory_order_relaxed)) {
        std::atomic_ref<bool>(*claimed).store(true, std::memory_order_relaxed);
    }
    std::atomic_thread_fence(std::memory_order_seq_cst);
}

extern "C" bool idgen_slot_bound(const bool* bound) { return load(bound, std::memory_order_acquire); }

extern "C" bool idgen_slot_unbind_unclaimed(bool* bound, const bool* claimed) {
    std::atomic_ref<bool> b(*bound);
    if (load(claimed, std::memory_order_acquire)) return false;
    b.store(false, std::memory_order_seq_cst);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if (load(claimed, std::memory_order_seq_cst)) {
        b.store(true, std::memory_order_release);  // a call claimed it meanwhile
        return false;
    }
    return true;
}
