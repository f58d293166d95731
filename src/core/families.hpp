// families.hpp: the table of ID families (family.h), constexpr so that the
// core's layouts and range checks are built from it at compile time.
#pragma once

#include <cstdint>

#include "family.h"
#include "ksuid.h"
#include "objectid.h"
#include "typeid.h"
#include "ulid.h"
#include "uuid.h"

namespace idgen {

// 32 bits of whole seconds (KSUID, ObjectId), in ms: to the last ms of the last second
inline constexpr int64_t kSeconds32Ms = ((int64_t{1} << 32) - 1) * 1000 + 999;

inline constexpr idgen_family_info kFamilies[IDGEN_FAMILY_COUNT] = {
    {.family = IDGEN_FAMILY_SHARD_ID,
     .name = "shard",
     .display_name = "shard ID",
     .text_len = 0,
     .other_text_len = 0,
     .text_shape = "1 to 19 digits, with an optional '-'",
     .alphabet = "decimal digits: 0-9",
     .largest = nullptr,
     .mid_name = "shard",
     .mid_bits = 13,
     .seq_bits = 10,
     .negative_id_hint = "Negative IDs are what Instagram's PL/pgSQL next_id() returns once its time "
                         "field overflows.",
     .default_epoch_ms = INT64_C(1314220021721),  // Instagram's
     // the time field has 41 bits, but only 2^40 ms of them keep the sign bit 0
     .max_time_ms = (int64_t{1} << 40) - 1,
     .lower_case_only = 0,
     .prefix_max_len = 0,
     .prefix_rule = nullptr,
     .maker_at = nullptr},
    {.family = IDGEN_FAMILY_SNOWFLAKE,
     .name = "snowflake",
     .display_name = "Snowflake ID",
     .text_len = 0,
     .other_text_len = 0,
     .text_shape = "1 to 19 digits, with an optional '-'",
     .alphabet = "decimal digits: 0-9",
     .largest = nullptr,
     .mid_name = "node",
     .mid_bits = 10,
     .seq_bits = 12,
     .negative_id_hint = nullptr,
     .default_epoch_ms = INT64_C(1288834974657),  // Twitter's
     // the sign bit is reserved; the time keeps all 41 bits
     .max_time_ms = (int64_t{1} << 41) - 1,
     .lower_case_only = 0,
     .prefix_max_len = 0,
     .prefix_rule = nullptr,
     .maker_at = nullptr},
    {.family = IDGEN_FAMILY_ULID,
     .name = "ulid",
     .display_name = "ULID",
     .text_len = IDGEN_ULID_TEXT_LEN,
     .other_text_len = 0,
     .text_shape = "26 characters",
     .alphabet = "Crockford's base32 alphabet: 0-9 and A-Z without I, L, O and U",
     .largest = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
     .mid_name = nullptr,
     .mid_bits = 0,
     .seq_bits = 0,
     .negative_id_hint = nullptr,
     .default_epoch_ms = 0,
     .max_time_ms = IDGEN_ULID_MAX_MS,
     .lower_case_only = 0,
     .prefix_max_len = 0,
     .prefix_rule = nullptr,
     .maker_at = nullptr},
    {.family = IDGEN_FAMILY_UUID,
     .name = "uuid",
     .display_name = "UUID",
     .text_len = 36,
     .other_text_len = 32,
     .text_shape = "32 hex digits, or 36 characters with hyphens (8-4-4-4-12)",
     .alphabet = "hexadecimal: 0-9, a-f and A-F (with a hyphen after the 8th, 12th, 16th and 20th digit)",
     .largest = nullptr,
     .mid_name = nullptr,
     .mid_bits = 0,
     .seq_bits = 0,
     .negative_id_hint = nullptr,
     .default_epoch_ms = 0,
     .max_time_ms = IDGEN_UUID_V7_MAX_MS,  // v7's
     .lower_case_only = 0,
     .prefix_max_len = 0,
     .prefix_rule = nullptr,
     .maker_at = nullptr},
    {.family = IDGEN_FAMILY_KSUID,
     .name = "ksuid",
     .display_name = "KSUID",
     .text_len = IDGEN_KSUID_TEXT_LEN,
     .other_text_len = 0,
     .text_shape = "27 characters",
     .alphabet = "base62: 0-9, A-Z and a-z",
     .largest = "aWgEPTl1tmebfsQzFP4bxwgy80V",
     .mid_name = nullptr,
     .mid_bits = 0,
     .seq_bits = 0,
     .negative_id_hint = nullptr,
     .default_epoch_ms = IDGEN_KSUID_EPOCH * 1000,
     .max_time_ms = kSeconds32Ms,
     .lower_case_only = 0,
     .prefix_max_len = 0,
     .prefix_rule = nullptr,
     .maker_at = nullptr},
    {.family = IDGEN_FAMILY_OBJECTID,
     .name = "objectid",
     .display_name = "ObjectId",
     .text_len = IDGEN_OBJECTID_TEXT_LEN,
     .other_text_len = 0,
     .text_shape = "24 hex digits",
     .alphabet = "hexadecimal: 0-9, a-f and A-F",
     .largest = "ffffffffffffffffffffffff",
     .mid_name = nullptr,
     .mid_bits = 0,
     .seq_bits = 0,
     .negative_id_hint = nullptr,
     .default_epoch_ms = 0,
     .max_time_ms = kSeconds32Ms,
     .lower_case_only = 0,
     .prefix_max_len = 0,
     .prefix_rule = nullptr,
     .maker_at = nullptr},
    // [section tsid-sonyflake]
    // [end of section tsid-sonyflake]
    // [section xid-scru128-timeflake]
    // [end of section xid-scru128-timeflake]
    // [section typeid]
    {.family = IDGEN_FAMILY_TYPEID,
     .name = "typeid",
     .display_name = "TypeID",
     .text_len = IDGEN_TYPEID_SUFFIX_LEN,  // the suffix, after the prefix and its '_'
     .other_text_len = 0,
     .text_shape = "a prefix and '_' (none when the prefix is empty), then 26 characters",
     .alphabet = "a TypeID suffix: 0-9 and a-z without i, l, o and u (lower case only)",
     .largest = "7zzzzzzzzzzzzzzzzzzzzzzzzz after its prefix",
     .mid_name = nullptr,
     .mid_bits = 0,
     .seq_bits = 0,
     .negative_id_hint = nullptr,
     .default_epoch_ms = 0,
     .max_time_ms = IDGEN_UUID_V7_MAX_MS,  // new ones are UUIDv7s
     .lower_case_only = 1,
     .prefix_max_len = IDGEN_TYPEID_PREFIX_MAX,
     .prefix_rule = "A TypeID prefix is empty, or up to 63 characters of a-z and \"_\" that start "
                    "and end with a letter: ^([a-z]([a-z_]{0,61}[a-z])?)?$",
     .maker_at = "typeid_generate('prefix', timestamptz '...')"},
    // [end of section typeid]
    // [section ksuid-ms-nanoid-cuid2-pushid]
    // [end of section ksuid-ms-nanoid-cuid2-pushid]
};

constexpr const idgen_family_info& family_info(idgen_family family) { return kFamilies[family]; }

static_assert([] {
    for (int f = 0; f < IDGEN_FAMILY_COUNT; ++f)
        if (kFamilies[f].family != f) return false;
    return true;
}(), "kFamilies is in idgen_family's order");

}  // namespace idgen
