// ulid_monotonic.hpp: the server-wide monotonic ULID over one 64-bit word.
//
// The word is the sequencer's (ms << 16 | counter), n below 32,768: the
// counter's top bit is the room the fast path needs (sequencer.hpp). The n-th ULID of a millisecond
// has random part R(ms) + n, R a keyed pseudo-random function: the same in
// every backend without being shared, unpredictable without the key. Distinct
// (ms, n) give distinct ULIDs, and the sequencer hands each out once and in
// increasing order, so ULIDs are unique and increase across the server.
#pragma once

#include <cstdint>

#include "sequencer.hpp"
#include "ulid.h"
#include "ulid_bytes.hpp"

namespace idgen {

inline constexpr SequencerSpec kUlidSequencer{15, IDGEN_ULID_MAX_MS};
static_assert(kUlidSequencer.counter_bits() == 16 && kUlidSequencer.headroom() == 32768);

// Prf: callable int64_t ms -> u128 (its low 80 bits are used).
template <class Clock, class Prf>
idgen_fault ulid_monotonic_next(idgen_generator& gen, const idgen_clock_bounds& bounds,
                                Clock&& clock, Prf&& prf, idgen_ulid* ulid) {
    constexpr uint64_t seq_mask = kUlidSequencer.seq_mask();
    // Where R(ms) + n would pass 80 bits the millisecond ends early: the spec's
    // "moves to the next millisecond, never wraps".
    auto seq_limit = [&prf](int64_t ms) -> uint64_t {
        const u128 room = kRandomMask - (prf(ms) & kRandomMask);
        return room < seq_mask ? static_cast<uint64_t>(room) : seq_mask;
    };
    Tick tick;
    idgen_fault f = sequencer_next(gen.word, kUlidSequencer, 0, bounds, clock, seq_limit, &tick);
    if (f.code == IDGEN_OK) {
        *ulid = ulid_of(tick.ms, (prf(tick.ms) & kRandomMask) + static_cast<u128>(tick.seq));
        count_tick(gen, tick);
    }
    return f;
}

}  // namespace idgen
