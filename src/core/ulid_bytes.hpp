// ulid_bytes.hpp: a ULID's 16 big-endian bytes to and from its fields.
#pragma once

#include <cstdint>

#include "bytes.hpp"
#include "crockford.hpp"
#include "ulid.h"

namespace idgen {

inline constexpr u128 kRandomMask = (u128{1} << 80) - 1;

inline u128 ulid_value(const idgen_ulid& u) { return get_be<u128>(u.bytes, 16); }

inline idgen_ulid ulid_of(u128 v) {
    idgen_ulid u;
    put_be(u.bytes, 16, v);
    return u;
}

inline idgen_ulid ulid_of(int64_t unix_ms, u128 random80) {
    return ulid_of((static_cast<u128>(static_cast<uint64_t>(unix_ms)) << 80) | (random80 & kRandomMask));
}

}  // namespace idgen
