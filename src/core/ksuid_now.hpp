// ksuid_now.hpp: ksuid()'s KSUID, strictly increasing within a process: the
// second, then the sub-second fraction in the payload's top 32 bits, then 96
// random bits. 2^-32 s (0.23 ns) is finer than the clock's nanosecond, so
// the fraction is the clock's own reading; two calls in one nanosecond (or a
// clock set back) take the last reading plus 1 ns (AscendingClock). A call
// takes far more than 1 ns, so the IDs never run ahead of a steady clock.
#pragma once

#include <cstdint>

#include "ascending_clock.hpp"
#include "ksuid.h"

namespace idgen {

using KsuidClock = AscendingClock<kNsPerS, 32>;

// The next KSUID of clock for a wall clock that read wall_ns.
idgen_fault ksuid_next(KsuidClock& clock, int64_t wall_ns, idgen_ksuid* ksuid);

}  // namespace idgen
