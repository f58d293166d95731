/*
 * timeflake.h: Timeflake (anthonynsimon/timeflake): 48-bit Unix ms and 80
 * random bits, big-endian in 16 bytes (a ULID's bits); written as 22 base62
 * characters 0-9A-Za-z, zero-padded, at most 7n42DGM5Tflk9n8mt7Fhc7, or as
 * 32 hex digits. C API for the shim.
 */
#ifndef IDGEN_CORE_TIMEFLAKE_H
#define IDGEN_CORE_TIMEFLAKE_H

#include <stddef.h>
#include <stdint.h>

#include "fault.h"
#include "fixed_size_id.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Its text: out holds IDGEN_TIMEFLAKE_TEXT_LEN + 1 bytes: base62, NUL-
 * terminated. 22 base62 characters (case matters), or 32 hex digits in
 * either case.
 */
IDGEN_FIXED_SIZE_ID(timeflake, IDGEN_TIMEFLAKE_LEN)

/* ulid()'s bits (idgen_ulid_now): strictly increasing within the process. */
extern idgen_fault idgen_timeflake_now(idgen_timeflake *id);

extern int64_t idgen_timeflake_unix_ms(const idgen_timeflake *id);

/* The smallest Timeflake of unix_ms: random part zero (a range bound). */
extern idgen_fault idgen_timeflake_from_time(int64_t unix_ms, idgen_timeflake *id);

#ifdef __cplusplus
}
#endif

#endif
