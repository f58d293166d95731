// tally.cpp: idgen_status's counters, kept per process and added to the
// shared ones in batches. Counted on the shared line at every call, they
// were a second contended write beside the word's; here a call writes only
// this process's memory, and a generator's shared counters take one add per
// kFlushEvery IDs, or when the shim flushes (each transaction's end, the
// process's exit, and before idgen_status reads them).
#include "generator.h"
#include "per_thread.hpp"
#include "sequencer.hpp"

#include <atomic>
#include <iterator>

namespace idgen {
namespace {

constexpr uint64_t kFlushEvery = 1024;

struct Pending {
    idgen_generator* gen = nullptr;
    uint64_t issued = 0, ahead = 0, waits = 0;

    void flush() {
        if (issued == 0) return;
        auto add = [](uint64_t& counter, uint64_t n) {
            if (n != 0) std::atomic_ref<uint64_t>(counter).fetch_add(n, std::memory_order_relaxed);
        };
        add(gen->issued, issued);
        add(gen->ahead, ahead);
        add(gen->waits, waits);
        issued = ahead = waits = 0;
    }
};

// Per thread (per_thread.hpp: a backend has one; the unit tests run many),
// flushed when the thread ends. A backend flushes before it detaches from
// shared memory (the shim), so nothing is left to flush at its exit.
struct Tally {
    Pending slots[8];
    ~Tally() {
        for (Pending& p : slots) p.flush();
    }
};
IDGEN_PER_THREAD Tally tally;

}  // namespace

void count_tick(idgen_generator& gen, const Tick& tick) {
    Pending& p = tally.slots[(reinterpret_cast<uintptr_t>(&gen) >> 7) % std::size(tally.slots)];
    if (p.gen != &gen) {
        p.flush();
        p.gen = &gen;
    }
    ++p.issued;
    if (tick.ahead) ++p.ahead;
    if (tick.waited) ++p.waits;
    if (p.issued >= kFlushEvery) p.flush();
}

}  // namespace idgen

extern "C" void idgen_generator_flush_counts(void) {
    for (idgen::Pending& p : idgen::tally.slots) p.flush();
}

extern "C" void idgen_generator_discard_counts(void) {
    for (idgen::Pending& p : idgen::tally.slots) p = {};
}
