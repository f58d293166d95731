// time_field.hpp: the range checks of the fixed-size IDs' time fields.
// Faults speak Unix ms, like every other time fault.
#pragma once

#include <cstdint>

#include "fault.h"

namespace idgen {

// ULID and UUIDv7: 48 bits of Unix ms.
inline constexpr int64_t kMaxUnixMs48 = (int64_t{1} << 48) - 1;

constexpr idgen_fault check_unix_ms48(int64_t unix_ms) {
    if (unix_ms < 0 || unix_ms > kMaxUnixMs48) return {IDGEN_TIME_OUT_OF_RANGE, unix_ms, 0, kMaxUnixMs48};
    return {IDGEN_OK, 0, 0, 0};
}

// KSUID and ObjectId: 32 bits of seconds since epoch_s.
inline constexpr int64_t kMaxSeconds32 = (int64_t{1} << 32) - 1;

constexpr idgen_fault check_unix_s32(int64_t unix_s, int64_t epoch_s) {
    if (unix_s < epoch_s || unix_s - epoch_s > kMaxSeconds32)
        return {IDGEN_TIME_OUT_OF_RANGE, unix_s * 1000, epoch_s * 1000, (epoch_s + kMaxSeconds32) * 1000 + 999};
    return {IDGEN_OK, 0, 0, 0};
}

}  // namespace idgen
