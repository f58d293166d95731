// sequencer.hpp: the clock policy of the shared generators, as a state
// machine over one 64-bit word.
//
// The word is (ms << seq_bits | seq): the last (millisecond, sequence) pair
// handed out, i.e. the generator's high-water mark. Every backend of a server
// advances the same word with compare-and-swap, so each successful swap hands
// out a pair no other backend has seen, and pairs strictly increase.
//
// The policy, which test/unit/sequencer_test.cpp checks case by case:
//  - clock past the mark: take the clock's millisecond, sequence 0;
//  - same millisecond: next sequence;
//  - millisecond used up and the clock on it: wait for the clock to move, so
//    that timestamps stay true under load;
//  - clock behind the mark (stepped back, or the mark ran ahead): never wait
//    for it; go on from the mark, moving it one millisecond when a sequence
//    is used up. How far the mark may lead the clock is bounded.
//  - never past the server's reservation: the caller reserves further (on
//    disk) and calls again.
#pragma once

#include <atomic>
#include <cstdint>

#include "clock_bounds.h"
#include "fault.h"

namespace idgen {

struct SequencerSpec {
    int seq_bits;
    int64_t max_ms;       // largest time unit the layout can carry
    int64_t unit_ms = 1;  // a unit's milliseconds (Sonyflake counts 10 ms)
};

struct Tick {
    int64_t ms;   // since the layout's epoch
    int64_t seq;
    bool waited;  // a used-up millisecond made this call wait for the clock
    bool ahead;   // handed out ahead of the clock (stepped back, or ran ahead)
};

// A clock whose millisecond does not move after this many reads is taken as
// stopped (a frozen or faked clock): rather than spin forever, the mark moves
// on as when the clock is behind. A real clock moves within ~20,000 reads.
inline constexpr int kMaxClockPolls = 2'000'000;

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// Clock: any callable returning time units (milliseconds, unless spec says
// otherwise) since the layout's epoch. Faults and bounds speak Unix ms.
// SeqLimit: callable giving the largest sequence a millisecond may use (the
// layout's mask, or less where the ID would otherwise overflow: ULIDs).
template <class Clock, class SeqLimit>
idgen_fault sequencer_next(uint64_t& word, const SequencerSpec& spec, int64_t epoch_ms,
                           const idgen_clock_bounds& bounds, Clock&& clock, SeqLimit&& seq_limit,
                           Tick* tick) {
    static_assert(std::atomic_ref<uint64_t>::is_always_lock_free,
                  "the shared word must be lock-free to live in shared memory");
    std::atomic_ref<uint64_t> shared(word);
    const uint64_t seq_mask = (uint64_t{1} << spec.seq_bits) - 1;
    const int64_t last_ms = epoch_ms + spec.max_ms * spec.unit_ms + spec.unit_ms - 1;

    // The clock is read after the word is loaded, and again whenever the word
    // is reloaded: a reading older than the mark it is compared with would
    // make a mark that the clock has already reached look ahead of it, and
    // the used-up branch would then move the mark on instead of waiting
    // (under contention, the mark ran seconds ahead of the clock).
    int polls = 0;
    uint64_t old = shared.load(std::memory_order_acquire);
    int64_t now = clock();
    for (;;) {
        if (now < 0 || now > spec.max_ms)
            return {IDGEN_TIME_OUT_OF_RANGE, epoch_ms + now * spec.unit_ms, epoch_ms, last_ms};

        const int64_t old_ms = static_cast<int64_t>(old >> spec.seq_bits);
        const bool used_up = (old & seq_mask) >= seq_limit(old_ms);
        uint64_t next;
        if (now > old_ms) {
            next = static_cast<uint64_t>(now) << spec.seq_bits;
        } else if (!used_up) {
            next = old + 1;
        } else if (now < old_ms || polls >= kMaxClockPolls) {
            next = static_cast<uint64_t>(old_ms + 1) << spec.seq_bits;
        } else {
            cpu_relax();
            ++polls;
            old = shared.load(std::memory_order_acquire);
            now = clock();
            continue;
        }

        const int64_t next_ms = static_cast<int64_t>(next >> spec.seq_bits);
        const int64_t next_unix_ms = epoch_ms + next_ms * spec.unit_ms;
        if (next_ms > spec.max_ms)
            return {IDGEN_TIME_OUT_OF_RANGE, next_unix_ms, epoch_ms, last_ms};
        if ((next_ms - now) * spec.unit_ms > bounds.max_lead_ms)
            return {IDGEN_CLOCK_LEAD_EXCEEDED, (next_ms - now) * spec.unit_ms, 0, bounds.max_lead_ms};
        // a unit is reserved once its first ms is: after a crash the
        // generator resumes past the unit the reservation's last ms falls in
        if (next_unix_ms > bounds.reserved_unix_ms)
            return {IDGEN_RESERVATION_NEEDED, next_unix_ms, 0, bounds.reserved_unix_ms};

        if (shared.compare_exchange_weak(old, next, std::memory_order_acq_rel,
                                         std::memory_order_acquire)) {
            tick->ms = next_ms;
            tick->seq = static_cast<int64_t>(next & seq_mask);
            tick->waited = polls > 0;
            tick->ahead = next_ms > now;
            return {IDGEN_OK, 0, 0, 0};
        }
        now = clock();  // `old` was reloaded by the failed swap
    }
}

template <class Clock>
idgen_fault sequencer_next(uint64_t& word, const SequencerSpec& spec, int64_t epoch_ms,
                           const idgen_clock_bounds& bounds, Clock&& clock, Tick* tick) {
    const uint64_t seq_mask = (uint64_t{1} << spec.seq_bits) - 1;
    return sequencer_next(word, spec, epoch_ms, bounds, clock,
                          [seq_mask](int64_t) { return seq_mask; }, tick);
}

}  // namespace idgen

namespace idgen {

// Counts a tick in its generator's counters (relaxed: they are statistics).
inline void count_tick(idgen_generator& gen, const Tick& tick) {
    std::atomic_ref<uint64_t>(gen.issued).fetch_add(1, std::memory_order_relaxed);
    if (tick.ahead) std::atomic_ref<uint64_t>(gen.ahead).fetch_add(1, std::memory_order_relaxed);
    if (tick.waited) std::atomic_ref<uint64_t>(gen.waits).fetch_add(1, std::memory_order_relaxed);
}

}  // namespace idgen
