// ksuid_ms.hpp: ksuid_ms()'s logic on a given clock, for the tests.
#pragma once

#include <cstdint>

#include "ascending_random.hpp"
#include "ksuid_ms.h"

namespace idgen {

// A tick is 4 ms of a second: second * 250 + (ms % 1000) / 4.
inline constexpr int64_t kKsuidMsTicksPerS = 250;

using KsuidMsState = AscendingRandom<15>;

// The next KSUID-ms of state for a wall clock that read unix_ms.
idgen_fault ksuid_ms_next(KsuidMsState& state, int64_t unix_ms, idgen_ksuid* ksuid);

}  // namespace idgen
