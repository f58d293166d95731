// families.hpp: the table of ID families (family.h), constexpr so that the
// core's layouts and range checks are built from it at compile time.
#pragma once

#include <cstdint>

#include "family.h"
#include "ksuid.h"
#include "objectid.h"
#include "ulid.h"
#include "uuid.h"

namespace idgen {

inline constexpr int64_t kSeconds32Ms = ((int64_t{1} << 32) - 1) * 1000 + 999;

inline constexpr idgen_family_info kFamilies[IDGEN_FAMILY_COUNT] = {
    {IDGEN_FAMILY_SHARD_ID, "shard", "shard ID", 0, 0, "1 to 19 digits, with an optional '-'",
     "decimal digits: 0-9", nullptr, "shard", 13, 10,
     "Negative IDs are what Instagram's PL/pgSQL next_id() returns once its time field overflows.",
     // Instagram's epoch; the time field has 41 bits, but only 2^40 ms of
     // them keep the sign bit 0
     INT64_C(1314220021721), (int64_t{1} << 40) - 1},
    {IDGEN_FAMILY_SNOWFLAKE, "snowflake", "Snowflake ID", 0, 0, "1 to 19 digits, with an optional '-'",
     "decimal digits: 0-9", nullptr, "node", 10, 12, nullptr,
     // Twitter's epoch; the sign bit is reserved, the time keeps all 41 bits
     INT64_C(1288834974657), (int64_t{1} << 41) - 1},
    {IDGEN_FAMILY_ULID, "ulid", "ULID", IDGEN_ULID_TEXT_LEN, 0, "26 characters",
     "Crockford's base32 alphabet: 0-9 and A-Z without I, L, O and U", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
     nullptr, 0, 0, nullptr, 0, IDGEN_ULID_MAX_MS},
    {IDGEN_FAMILY_UUID, "uuid", "UUID", 36, 32, "32 hex digits, or 36 characters with hyphens (8-4-4-4-12)",
     "hexadecimal: 0-9, a-f and A-F (with a hyphen after the 8th, 12th, 16th and 20th digit)", nullptr,
     nullptr, 0, 0, nullptr, 0, IDGEN_UUID_V7_MAX_MS},  // v7's time
    {IDGEN_FAMILY_KSUID, "ksuid", "KSUID", IDGEN_KSUID_TEXT_LEN, 0, "27 characters",
     "base62: 0-9, A-Z and a-z", "aWgEPTl1tmebfsQzFP4bxwgy80V", nullptr, 0, 0, nullptr,
     IDGEN_KSUID_EPOCH * 1000, kSeconds32Ms},
    {IDGEN_FAMILY_OBJECTID, "objectid", "ObjectId", IDGEN_OBJECTID_TEXT_LEN, 0, "24 hex digits",
     "hexadecimal: 0-9, a-f and A-F", "ffffffffffffffffffffffff", nullptr, 0, 0, nullptr, 0,
     kSeconds32Ms},
};

constexpr const idgen_family_info& family_info(idgen_family family) { return kFamilies[family]; }

static_assert([] {
    for (int f = 0; f < IDGEN_FAMILY_COUNT; ++f)
        if (kFamilies[f].family != f) return false;
    return true;
}(), "kFamilies is in idgen_family's order");

}  // namespace idgen
