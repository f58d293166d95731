// time_field.hpp: the range check of an ID's time field, from the family
// table. Faults speak Unix ms, like every other time fault.
#pragma once

#include <cstdint>

#include "families.hpp"
#include "fault.h"

namespace idgen {

// A field of up to max_ms since epoch_ms. Compares before subtracting:
// unix_ms may be anywhere in int64.
constexpr idgen_fault check_time_field(int64_t unix_ms, int64_t epoch_ms, int64_t max_ms) {
    const int64_t last = epoch_ms + max_ms;
    if (unix_ms < epoch_ms || unix_ms > last) return {IDGEN_TIME_OUT_OF_RANGE, unix_ms, epoch_ms, last};
    return {IDGEN_OK, 0, 0, 0};
}

// A family whose epoch is fixed (ULID, UUIDv7), in ms.
constexpr idgen_fault check_time(idgen_family family, int64_t unix_ms) {
    const idgen_family_info& f = family_info(family);
    return check_time_field(unix_ms, f.default_epoch_ms, f.max_time_ms);
}

// A family that counts whole seconds (KSUID, ObjectId).
constexpr idgen_fault check_time_s(idgen_family family, int64_t unix_s) {
    const idgen_family_info& f = family_info(family);
    const int64_t last_ms = f.default_epoch_ms + f.max_time_ms;
    if (unix_s < f.default_epoch_ms / 1000 || unix_s > last_ms / 1000)
        return {IDGEN_TIME_OUT_OF_RANGE, unix_s * 1000, f.default_epoch_ms, last_ms};
    return {IDGEN_OK, 0, 0, 0};
}

}  // namespace idgen
