// pushid.hpp: pushid()'s logic on a given clock, for the tests.
#pragma once

#include <cstdint>

#include "ascending_random.hpp"
#include "pushid.h"

namespace idgen {

inline constexpr char kPushIdAlphabet[] = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

// 72 random bits: 12 characters of 6 bits
using PushIdState = AscendingRandom<9>;

// The next push ID of state for a wall clock that read unix_ms.
idgen_fault pushid_next(PushIdState& state, int64_t unix_ms, char* out);

}  // namespace idgen
