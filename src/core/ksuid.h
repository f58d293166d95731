/*
 * ksuid.h: Segment's KSUID: 4 bytes of seconds since 1400000000 (2014-05-13
 * 16:53:20 UTC), then a 16-byte payload (random, or for ksuid() a fraction
 * of the second and random); written as 27 base62 characters that
 * sort like the bytes. C API for the shim.
 */
#ifndef IDGEN_CORE_KSUID_H
#define IDGEN_CORE_KSUID_H

#include <stddef.h>
#include <stdint.h>

#include "fault.h"
#include "fixed_size_id.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Its text: 27 characters of 0-9A-Za-z (case matters), at most
 * aWgEPTl1tmebfsQzFP4bxwgy80V.
 */
IDGEN_FIXED_SIZE_ID(ksuid, IDGEN_KSUID_LEN)

/*
 * ksuid(): a KSUID of the wall clock, strictly increasing within the process:
 * its payload is the sub-second fraction in 32 bits, then 96 random bits.
 */
extern idgen_fault idgen_ksuid_now(idgen_ksuid *ksuid);

/* A KSUID of unix_s with a fresh random payload. */
extern idgen_fault idgen_ksuid_random(int64_t unix_s, idgen_ksuid *ksuid);

/* The smallest KSUID of unix_s: payload zero. */
extern idgen_fault idgen_ksuid_from_time(int64_t unix_s, idgen_ksuid *ksuid);

extern int64_t idgen_ksuid_unix_s(const idgen_ksuid *ksuid);

#ifdef __cplusplus
}
#endif

#endif
