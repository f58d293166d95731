// families.hpp: the table of ID families (family.h), constexpr so that the
// core's layouts and range checks are built from it at compile time.
#pragma once

#include <cstdint>

#include "family.h"

namespace idgen {

// 32 bits of whole seconds (KSUID, ObjectId), in ms: to the last ms of the last second
inline constexpr int64_t kSeconds32Ms = ((int64_t{1} << 32) - 1) * 1000 + 999;

// A row names the fields its family has; the rest are zero (C++20's
// designated initializers). -Wextra would want every field in every row:
// each new field would then touch every family's row.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
inline constexpr idgen_family_info kFamilies[IDGEN_FAMILY_ROWS] = {
    {.family = IDGEN_FAMILY_SHARD_ID,
     .name = "shard",
     .display_name = "shard ID",
     .text_shape = "1 to 19 digits, with an optional '-'",
     .alphabet = "decimal digits: 0-9",
     .mid_name = "shard",
     .mid_bits = 13,
     .seq_bits = 10,
     .negative_id_hint = "Negative IDs are what Instagram's PL/pgSQL next_id() returns once its time "
                         "field overflows.",
     .default_epoch_ms = INT64_C(1314220021721),  // Instagram's
     // the time field has 41 bits, but only 2^40 ms of them keep the sign bit 0
     .max_time_ms = (int64_t{1} << 40) - 1},
    {.family = IDGEN_FAMILY_SNOWFLAKE,
     .name = "snowflake",
     .display_name = "Snowflake ID",
     .text_shape = "1 to 19 digits, with an optional '-'",
     .alphabet = "decimal digits: 0-9",
     .mid_name = "node",
     .mid_bits = 10,
     .seq_bits = 12,
     .default_epoch_ms = INT64_C(1288834974657),  // Twitter's
     // the sign bit is reserved; the time keeps all 41 bits
     .max_time_ms = (int64_t{1} << 41) - 1},
    {.family = IDGEN_FAMILY_ULID,
     .name = "ulid",
     .display_name = "ULID",
     .text_len = IDGEN_ULID_TEXT_LEN,
     .text_shape = "26 characters",
     .alphabet = "Crockford's base32 alphabet: 0-9 and A-Z without I, L, O and U",
     .largest = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
     .max_time_ms = IDGEN_ULID_MAX_MS,
     .digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ",  // Crockford's base32
     .value_bytes = 16,
     .either_case = true,
     .made_at_time = true,
     .type_comment = "ULID: 48-bit Unix ms and 80 random bits, written in 26 Crockford base32 characters",
     .ops_of = "uuid",
     .same_bytes_as = "uuid",
     .bytea_cast = true},
    {.family = IDGEN_FAMILY_UUID,
     .name = "uuid",
     .display_name = "UUID",
     .text_len = 36,
     .other_text_len = 32,
     .text_shape = "32 hex digits, or 36 characters with hyphens (8-4-4-4-12)",
     .alphabet = "hexadecimal: 0-9, a-f and A-F (with a hyphen after the 8th, 12th, 16th and 20th digit)",
     .max_time_ms = IDGEN_UUID_V7_MAX_MS,  // v7's
     .maker_at = nullptr},
    {.family = IDGEN_FAMILY_KSUID,
     .name = "ksuid",
     .display_name = "KSUID",
     .text_len = IDGEN_KSUID_TEXT_LEN,
     .text_shape = "27 characters",
     .alphabet = "base62: 0-9, A-Z and a-z",
     .largest = "aWgEPTl1tmebfsQzFP4bxwgy80V",
     .default_epoch_ms = IDGEN_KSUID_EPOCH * 1000,
     .max_time_ms = kSeconds32Ms,
     .digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
     .value_bytes = IDGEN_KSUID_LEN,
     .either_case = false,  // base62: case is a digit's value
     .made_at_time = true,
     .type_comment = "KSUID: 32-bit seconds since 2014-05-13 16:53:20 UTC and 128 random bits, in 27 "
                     "base62 characters"},
    {.family = IDGEN_FAMILY_OBJECTID,
     .name = "objectid",
     .display_name = "ObjectId",
     .text_len = IDGEN_OBJECTID_TEXT_LEN,
     .text_shape = "24 hex digits",
     .alphabet = "hexadecimal: 0-9, a-f and A-F",
     .largest = "ffffffffffffffffffffffff",
     .max_time_ms = kSeconds32Ms,
     .digits = "0123456789abcdef",
     .value_bytes = IDGEN_OBJECTID_LEN,
     .either_case = true,
     .made_at_time = true,
     .type_comment = "MongoDB ObjectId: 32-bit Unix seconds, 40-bit process random, 24-bit counter, in 24 "
                     "hex digits"},
    {.family = IDGEN_FAMILY_TSID,
     .name = "tsid",
     .display_name = "TSID",
     .text_len = IDGEN_TSID_TEXT_LEN,
     .text_shape = "13 characters",
     .alphabet = "Crockford's base32 alphabet: 0-9 and A-Z without U (I and L read as 1, O as 0)",
     .largest = "FZZZZZZZZZZZZ",
     .mid_name = "node",
     .mid_bits = 10,
     .seq_bits = 12,
     .default_epoch_ms = IDGEN_TSID_EPOCH_MS,
     // 42 bits: past 2^41 ms (year 2089) the ID is a negative Java long
     .max_time_ms = (int64_t{1} << 42) - 1,
     .digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ",  // Crockford's base32
     .value_bytes = 8,
     .either_case = true,
     .time_unit_ms = 1,
     .time_in_sign_bit = 1},
    {.family = IDGEN_FAMILY_SONYFLAKE,
     .name = "sonyflake",
     .display_name = "Sonyflake ID",
     .text_shape = "1 to 19 digits, with an optional '-'",
     .alphabet = "decimal digits: 0-9",
     .mid_name = "machine",
     .mid_bits = 16,
     .seq_bits = 8,
     .negative_id_hint = "sony/sonyflake makes 63-bit IDs: no negative bigint is one of them.",
     .default_epoch_ms = IDGEN_SONYFLAKE_EPOCH_MS,
     // 39 bits of 10 ms units, to the last ms of the last unit
     .max_time_ms = ((int64_t{1} << 39) - 1) * 10 + 9,
     .time_unit_ms = 10,
     .seq_above_mid = 1},
    {.family = IDGEN_FAMILY_XID12,
     .name = "xid12",  // PostgreSQL's xid is the transaction ID
     .display_name = "xid",
     .text_len = IDGEN_XID12_TEXT_LEN,
     .text_shape = "20 characters",
     .alphabet = "base32hex in lower case: 0-9 and a-v",
     .largest = "vvvvvvvvvvvvvvvvvvvg",
     .max_time_ms = kSeconds32Ms,
     .digits = "0123456789abcdefghijklmnopqrstuv",
     .value_bytes = IDGEN_XID12_LEN,
     .pad_bits = 4,
     .type_comment = "xid (rs/xid): 32-bit Unix seconds, 24-bit machine id, 16-bit process id, 24-bit "
                     "counter, in 20 base32hex characters",
     .ops_of = "objectid",  // an ObjectId's bytes
     .same_bytes_as = "objectid",
     .bytea_cast = true,
     .text_functions = "xid"},  // 20 characters of 5 bits hold 100 bits: 96 and 4 zero; not
                      // either_case: rs/xid reads lower case only
    {.family = IDGEN_FAMILY_SCRU128,
     .name = "scru128",
     .display_name = "SCRU128",
     .text_len = IDGEN_SCRU128_TEXT_LEN,
     .text_shape = "25 characters",
     .alphabet = "base36: 0-9 and a-z, in either case",
     .largest = "f5lxx1zz5pnorynqglhzmsp33",
     .max_time_ms = IDGEN_ULID_MAX_MS,  // 48 bits, as ULID's
     .digits = "0123456789abcdefghijklmnopqrstuvwxyz",
     .value_bytes = IDGEN_SCRU128_LEN,
     .either_case = true,
     .type_comment = "SCRU128: 48-bit Unix ms, 24-bit counter_hi, 24-bit counter_lo, 32-bit entropy, in "
                     "25 base36 characters",
     .ops_of = "uuid",
     .bytea_cast = true,
     .text_functions = "scru128"},  // the spec: a decoder must ignore case
    {.family = IDGEN_FAMILY_TIMEFLAKE,
     .name = "timeflake",
     .display_name = "Timeflake",
     .text_len = IDGEN_TIMEFLAKE_TEXT_LEN,
     .other_text_len = IDGEN_TIMEFLAKE_HEX_LEN,
     .text_shape = "22 base62 characters, or 32 hex digits",
     .alphabet = "base62: 0-9, A-Z and a-z (32-character text: hexadecimal, 0-9, a-f and A-F)",
     .largest = "7n42DGM5Tflk9n8mt7Fhc7",
     .max_time_ms = IDGEN_ULID_MAX_MS,  // 48 bits: a ULID's
     .digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
     .value_bytes = IDGEN_TIMEFLAKE_LEN,
     .type_comment = "Timeflake: 48-bit Unix ms and 80 random bits, in 22 base62 characters (or 32 hex "
                     "digits)",
     .ops_of = "uuid",
     .same_bytes_as = "uuid ulid",  // a ULID's bits
     .bytea_cast = true,
     .text_functions = "timeflake"},  // not either_case: in base62 case is a digit's value
    {.family = IDGEN_FAMILY_TYPEID,
     .name = "typeid",
     .display_name = "TypeID",
     .text_len = IDGEN_TYPEID_SUFFIX_LEN,  // the suffix, after the prefix and its '_'
     .text_shape = "a prefix and '_' (none when the prefix is empty), then 26 characters",
     .alphabet = "a TypeID suffix: 0-9 and a-z without i, l, o and u (lower case only)",
     .largest = "7zzzzzzzzzzzzzzzzzzzzzzzzz after its prefix",
     .max_time_ms = IDGEN_UUID_V7_MAX_MS,  // new ones are UUIDv7s
     .digits = "0123456789abcdefghjkmnpqrstvwxyz",  // the suffix's: Crockford's, lower case
     .made_at_time = true,
     .lower_case_only = 1,
     .prefix_max_len = IDGEN_TYPEID_PREFIX_MAX,
     .prefix_rule = "A TypeID prefix is empty, or up to 63 characters of a-z and \"_\" that start "
                    "and end with a letter: ^([a-z]([a-z_]{0,61}[a-z])?)?$",
     .maker_at = "typeid_generate('prefix', timestamptz '...')",
     .type_comment = "TypeID: a type prefix and a UUID (new ones UUIDv7), as prefix_ and 26 lower-case "
                     "base32 characters; sorts by prefix, then UUID",
     .text_functions = "typeid",
     .parse_arg = "id"},
    {.family = IDGEN_FAMILY_PUSHID,
     .name = "pushid",
     .display_name = "push ID",
     .text_len = IDGEN_PUSHID_TEXT_LEN,
     .text_shape = "20 characters",
     .alphabet = "the push ID alphabet: -, 0-9, A-Z, _ and a-z",
     .max_time_ms = IDGEN_PUSHID_MAX_MS,  // no largest: 20 characters of 6 bits, every one valid
     .digits = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"},  // in value order
    {.family = IDGEN_FAMILY_KSUID_MS,
     .name = "ksuid_ms",
     .display_name = "KSUID-ms",
     .text_len = IDGEN_KSUID_TEXT_LEN,  // a KSUID: its text, its type
     .text_shape = "27 characters",
     .alphabet = "base62: 0-9, A-Z and a-z",
     .largest = "aWgEPTl1tmebfsQzFP4bxwgy80V",
     .default_epoch_ms = IDGEN_KSUID_EPOCH * 1000,
     .max_time_ms = kSeconds32Ms},  // read to 4 ms: its 5th byte counts the second's 4 ms steps
    {.family = IDGEN_FAMILY_NANOID,
     .name = "nanoid",
     .display_name = "nanoid",
     .text_shape = "1 to 1024 symbols of its alphabet",
     .alphabet = "the URL-safe alphabet: A-Z, a-z, 0-9, _ and -",
     .default_len = IDGEN_NANOID_DEFAULT_SIZE,
     .min_len = IDGEN_NANOID_MIN_SIZE,
     .max_len = IDGEN_NANOID_MAX_SIZE,
     .symbols = IDGEN_NANOID_ALPHABET},
    {.family = IDGEN_FAMILY_CUID2,
     .name = "cuid2",
     .display_name = "cuid2",
     .text_shape = "2 to 32 characters",
     .alphabet = "a letter a-z, then base36: 0-9 and a-z",
     .default_len = IDGEN_CUID2_DEFAULT_LEN,
     .min_len = IDGEN_CUID2_MIN_LEN,
     .max_len = IDGEN_CUID2_MAX_LEN},
};
#pragma GCC diagnostic pop

constexpr const idgen_family_info& family_info(idgen_family family) { return kFamilies[family]; }

static_assert([] {
    for (int f = 0; f < IDGEN_FAMILY_ROWS; ++f)
        if (kFamilies[f].family != f) return false;
    return true;
}(), "kFamilies is in idgen_family's order");

}  // namespace idgen
