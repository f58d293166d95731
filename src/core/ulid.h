/*
 * ulid.h: ULIDs (github.com/ulid/spec): 48-bit Unix ms then 80 random bits,
 * big-endian in 16 bytes (the same bytes as a UUID), written as 26 Crockford
 * base32 characters that sort like the bytes. C API for the shim.
 */
#ifndef IDGEN_CORE_ULID_H
#define IDGEN_CORE_ULID_H

#include <stddef.h>
#include <stdint.h>

#include "clock_bounds.h"
#include "fault.h"
#include "fixed_size_id.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Its text: written in upper case. Case-insensitive; exactly 26 characters
 * of the alphabet, at most 7ZZ...Z.
 */
IDGEN_FIXED_SIZE_ID(ulid, 16)

/*
 * The wall clock's ULID, strictly increasing within the process: the first
 * 16 of the 80 random bits are the sub-millisecond fraction (as uuid_v7 puts
 * it in rand_a, RFC 9562 method 3), the last 64 fresh random bits. A call that
 * would not be later than the previous one is moved 16 ns past it.
 */
extern idgen_fault idgen_ulid_now(idgen_ulid *ulid);

/* A ULID of unix_ms with fresh random bits. */
extern idgen_fault idgen_ulid_random(int64_t unix_ms, idgen_ulid *ulid);

/* The smallest ULID of unix_ms: random part zero. */
extern idgen_fault idgen_ulid_from_time(int64_t unix_ms, idgen_ulid *ulid);

extern int64_t idgen_ulid_unix_ms(const idgen_ulid *ulid);

/*
 * The monotonic ULID of the whole server. `gen` (shared, starting at zero)
 * holds the last (ms, n) handed out; the random part of the
 * n-th ULID of a millisecond is R(ms) + n, where R is a keyed pseudo-random
 * function of the millisecond (AES-128 under `key`, the server's secret). So
 * every backend computes the same R without sharing it, and one 64-bit word
 * orders them all. A millisecond ends after 32,768 ULIDs or
 * where R + n would pass 80 bits: the next ULID moves to the next ms.
 */
extern idgen_fault idgen_ulid_monotonic_next(idgen_generator *gen, const uint8_t key[16],
											 const idgen_clock_bounds *bounds,
											 idgen_ulid *ulid);

/* The monotonic word of a generator that has used up unix_ms. */
extern uint64_t idgen_ulid_mark_used_up(int64_t unix_ms);

/* The Unix ms of the last ULID the monotonic generator handed out. */
extern int64_t idgen_ulid_word_unix_ms(uint64_t word);

#ifdef __cplusplus
}
#endif

#endif
