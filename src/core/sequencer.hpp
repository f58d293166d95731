// sequencer.hpp: the clock policy of the shared generators, as a state
// machine over one 64-bit word.
//
// The word is (ms << counter_bits | counter): the last (millisecond,
// sequence) pair handed out, i.e. the generator's high-water mark. Every
// backend of a server advances the same word, so each pair is handed out once,
// and pairs strictly increase.
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
//    disk) and calls again. Where bounds.reserved_word_end is set, that is
//    the reservation: a word, not a millisecond (a coarse layout's).
//
// Two paths take a pair. While the clock stays in the mark's millisecond and
// the sequence has room, one fetch-and-add does (the fast path): no retry,
// however many cores add at once. Whenever the millisecond moves, or the
// sequence is used up, compare-and-swap decides the next mark (the policy
// above, every case of it). An add that lands past the sequence's end takes
// nothing; it can never carry into the millisecond, because the counter has
// room above the sequence for one such add from every process (headroom()).
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <iterator>  // std::size

#include "clock_bounds.h"
#include "fault.h"
#include "per_thread.hpp"

namespace idgen {

struct SequencerSpec {
    int seq_bits;
    int64_t max_ms;       // largest time unit the layout can carry
    int64_t unit_ms = 1;  // a unit's milliseconds (Sonyflake counts 10 ms)

    // The counter takes every bit the time leaves: its bits above the
    // sequence's are where adds that find the millisecond used up land.
    // (Worked out once, from the fields above: every call uses it.)
    int counter_bits_ = 64 - std::bit_width(static_cast<uint64_t>(max_ms));

    constexpr int counter_bits() const { return counter_bits_; }
    constexpr uint64_t seq_mask() const { return (uint64_t{1} << seq_bits) - 1; }
    constexpr uint64_t counter_mask() const { return (uint64_t{1} << counter_bits()) - 1; }
    // how many adds past the largest sequence the counter holds
    constexpr uint64_t headroom() const { return counter_mask() - seq_mask(); }

    constexpr uint64_t word(int64_t ms, uint64_t counter) const {
        return static_cast<uint64_t>(ms) << counter_bits() | counter;
    }
    constexpr int64_t ms_of(uint64_t word) const { return static_cast<int64_t>(word >> counter_bits()); }
    constexpr uint64_t counter_of(uint64_t word) const { return word & counter_mask(); }
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

// The most processes that may add to one word at once: the fast path runs
// on a word only where each of them can land once past its sequence's end
// without reaching the millisecond (headroom()). The shim sets the server's
// number of processes; unset, twice PostgreSQL's largest (MAX_BACKENDS, 2^18).
inline std::atomic<int64_t> max_adders{int64_t{1} << 19};

inline void set_max_adders(int64_t processes) { max_adders.store(processes, std::memory_order_relaxed); }

inline bool fast_path_open(const SequencerSpec& spec) {
    return static_cast<int64_t>(spec.headroom()) >= max_adders.load(std::memory_order_relaxed);
}

// What this process last saw of a word (by its address): the fast path adds
// only where that was the clock's millisecond with room left. So a process
// adds past a used-up millisecond at most once (it then sees it used up),
// which is what bounds the adds past the end by the number of processes,
// whatever refusals and retries follow.
//
// A sight of nothing yet must not read as room: 0 would be unit 0 with
// sequence 0, and a clock in the layout's first unit (a frozen clock, a
// coarse unit) would add once more after every reset, with no bound, until
// the counter carried into the time. All ones is a counter past every
// sequence's end: only the compare-and-swap path looks at the word.
inline constexpr uint64_t kNoSight = ~uint64_t{0};

struct WordSight {
    const uint64_t* word = nullptr;
    uint64_t seen = kNoSight;
};
inline IDGEN_PER_THREAD WordSight word_sights[8];

// A slot per generator (clock_bounds.h's IDGEN_GENERATOR_SIZE apart): the
// shared words are each at the start of one, so neighbours take all eight
// slots rather than every other one.
inline size_t sight_slot(const uint64_t& word) {
    return (reinterpret_cast<uintptr_t>(&word) / IDGEN_GENERATOR_SIZE) % std::size(word_sights);
}

inline WordSight& sight_of(const uint64_t& word) {
    WordSight& sight = word_sights[sight_slot(word)];
    if (sight.word != &word) sight = {&word, kNoSight};
    return sight;
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
    const int64_t last_ms = epoch_ms + spec.max_ms * spec.unit_ms + spec.unit_ms - 1;
    auto limit = [&](int64_t ms) -> uint64_t {
        const uint64_t l = seq_limit(ms);
        return l < spec.seq_mask() ? l : spec.seq_mask();
    };
    WordSight& sight = sight_of(word);

    int64_t now = clock();
    uint64_t old;
    // The fast path: the pair after the word's is this call's if it lies in
    // the clock's millisecond with room. That millisecond is the mark's,
    // which met the lead and the reservation when the mark came to it.
    const uint64_t word_end = bounds.reserved_word_end;
    if (fast_path_open(spec) && spec.ms_of(sight.seen) == now &&
        spec.counter_of(sight.seen) < limit(now) && (word_end == 0 || sight.seen + 1 < word_end)) {
        old = shared.fetch_add(1, std::memory_order_acq_rel) + 1;
        sight.seen = old;
        // an add past the word reservation takes nothing: the swap path asks for more
        if (spec.ms_of(old) == now && spec.counter_of(old) <= limit(now) &&
            (word_end == 0 || old < word_end)) {
            *tick = {now, static_cast<int64_t>(spec.counter_of(old)), false, false};
            return {IDGEN_OK, 0, 0, 0};
        }
    } else {
        old = shared.load(std::memory_order_acquire);
    }

    // A clock reading older than the mark it is compared with would make a
    // mark that the clock has already reached look ahead of it, and the
    // used-up branch would then move the mark on instead of waiting (under
    // contention, the mark ran seconds ahead of the clock). A reading taken
    // before the word was loaded is sound unless the mark is past it: only
    // then is the clock read again (not on every failed swap).
    bool read_after_word = false;
    int polls = 0;
    for (;;) {
        if (!read_after_word && spec.ms_of(old) > now) {
            now = clock();
            read_after_word = true;
        }
        sight.seen = old;
        if (now < 0 || now > spec.max_ms)
            return {IDGEN_TIME_OUT_OF_RANGE, epoch_ms + now * spec.unit_ms, epoch_ms, last_ms};

        const int64_t old_ms = spec.ms_of(old);
        const bool used_up = spec.counter_of(old) >= limit(old_ms);
        int64_t next_ms;
        uint64_t next_counter = 0;
        if (now > old_ms) {
            next_ms = now;
        } else if (!used_up) {
            next_ms = old_ms;
            next_counter = spec.counter_of(old) + 1;
        } else if (now < old_ms || polls >= kMaxClockPolls) {
            next_ms = old_ms + 1;
        } else {
            // Waits on the clock alone: the word's cache line stays with the
            // cores adding to it until the clock has left the millisecond.
            do {
                cpu_relax();
                ++polls;
                now = clock();
            } while (now == old_ms && polls < kMaxClockPolls);
            old = shared.load(std::memory_order_acquire);
            now = clock();
            read_after_word = true;
            continue;
        }

        const int64_t next_unix_ms = epoch_ms + next_ms * spec.unit_ms;
        if (next_ms > spec.max_ms)
            return {IDGEN_TIME_OUT_OF_RANGE, next_unix_ms, epoch_ms, last_ms};
        if ((next_ms - now) * spec.unit_ms > bounds.max_lead_ms)
            return {IDGEN_CLOCK_LEAD_EXCEEDED, (next_ms - now) * spec.unit_ms, 0, bounds.max_lead_ms};
        const uint64_t next = spec.word(next_ms, next_counter);
        // a word reservation: min carries the word needed (its bits)
        if (word_end != 0) {
            if (next >= word_end)
                return {IDGEN_RESERVATION_NEEDED, next_unix_ms, static_cast<int64_t>(next),
                        bounds.reserved_unix_ms};
        } else if (next_unix_ms > bounds.reserved_unix_ms) {
            // a unit is reserved once its first ms is: after a crash the
            // generator resumes past the unit the reservation's last ms falls in
            return {IDGEN_RESERVATION_NEEDED, next_unix_ms, 0, bounds.reserved_unix_ms};
        }

        if (shared.compare_exchange_weak(old, next, std::memory_order_acq_rel,
                                         std::memory_order_acquire)) {
            sight.seen = next;
            tick->ms = next_ms;
            tick->seq = static_cast<int64_t>(next_counter);
            tick->waited = polls > 0;
            tick->ahead = next_ms > now;
            return {IDGEN_OK, 0, 0, 0};
        }
        read_after_word = false;  // `old` was reloaded by the failed swap
    }
}

template <class Clock>
idgen_fault sequencer_next(uint64_t& word, const SequencerSpec& spec, int64_t epoch_ms,
                           const idgen_clock_bounds& bounds, Clock&& clock, Tick* tick) {
    return sequencer_next(word, spec, epoch_ms, bounds, clock,
                          [&spec](int64_t) { return spec.seq_mask(); }, tick);
}

}  // namespace idgen

namespace idgen {

// Counts a tick for idgen_status: in this process first, added to the
// generator's shared counters now and then (tally.cpp), so that no call
// writes a cache line other processes write too.
void count_tick(idgen_generator& gen, const Tick& tick);

}  // namespace idgen
