/*
 * uuid.h: RFC 9562 UUIDs: v7 (time-ordered), v4 (random), v3/v5 (name-based),
 * and reading a UUID's version and v7 time. C API for the shim.
 */
#ifndef IDGEN_CORE_UUID_H
#define IDGEN_CORE_UUID_H

#include <stddef.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct idgen_uuid
{
	uint8_t		bytes[16];
} idgen_uuid;

/*
 * uuid_v7(): the wall clock in ns, never less than 245 ns after this
 * process's previous one, as PostgreSQL 18 does: 48-bit ms, then the 12-bit
 * sub-millisecond fraction (RFC 9562 section 6.2, method 3), then 62
 * random bits. Strictly increasing within a process.
 */
extern idgen_fault idgen_uuid_v7_now(idgen_uuid *uuid);

/*
 * uuid_v7_ms(): a v7 of the clock's millisecond whose rand_a is random too,
 * not the sub-millisecond fraction: rows of one millisecond cannot be put
 * in order by it, nor by its uuidv47 face (which keeps rand_a as it is).
 * Not monotonic within a millisecond.
 */
extern idgen_fault idgen_uuid_v7_ms_now(idgen_uuid *uuid);

/* A v7 of unix_ms with the given 12-bit fraction and random bits. */
extern idgen_fault idgen_uuid_v7_at(int64_t unix_ms, int32_t fraction, idgen_uuid *uuid);

/*
 * uuid_v7(shift interval), in two steps, as PostgreSQL 18's uuidv7(interval):
 * the next reading of uuid_v7()'s clock (ns since 1970, not yet used), which
 * the shim shifts to the microsecond with PostgreSQL's interval arithmetic;
 * then the v7 of that shifted microsecond plus the reading's own sub-
 * microsecond ns. A v7 is made (and the reading used, so the process's
 * uuid_v7() goes on above it) only if the shifted time is within v7's range;
 * else IDGEN_TIME_OUT_OF_RANGE in Unix ms.
 */
extern int64_t idgen_uuid_v7_clock_ns(void);
extern idgen_fault idgen_uuid_v7_shifted(int64_t clock_ns, int64_t shifted_unix_us,
										 idgen_uuid *uuid);

/* The smallest v7 of unix_ms: version and variant set, all else zero. */
extern idgen_fault idgen_uuid_v7_from_time(int64_t unix_ms, idgen_uuid *uuid);

extern idgen_fault idgen_uuid_v4(idgen_uuid *uuid);

/* v3 (MD5) and v5 (SHA-1) of namespace || name, per RFC 9562. */
extern idgen_fault idgen_uuid_v3(const idgen_uuid *ns, const void *name, size_t len,
								 idgen_uuid *uuid);
extern idgen_fault idgen_uuid_v5(const idgen_uuid *ns, const void *name, size_t len,
								 idgen_uuid *uuid);

/*
 * uuid_v1() and uuid_v6(): a 60-bit count of 100 ns since 1582-10-15, a
 * 14-bit clock sequence and a 48-bit node. The node and clock sequence are
 * random per process (drawn again in a forked child), the node with its
 * multicast bit set as RFC 9562 section 6.10 asks of a node that is not a
 * MAC address; the time never repeats within a process. v1 puts the time's
 * low bits first (it does not sort by time); v6 puts its high bits first.
 */
extern idgen_fault idgen_uuid_v1_now(idgen_uuid *uuid);
extern idgen_fault idgen_uuid_v6_now(idgen_uuid *uuid);

/* The smallest v6 of unix_us's 100 ns tick: the rest zero but version and variant. */
extern idgen_fault idgen_uuid_v6_from_time(int64_t unix_us, idgen_uuid *uuid);

/*
 * The time a v1, v6 or v7 UUID carries, in Unix microseconds (v1 and v6
 * floored from 100 ns); 0 for any other version or variant.
 */
extern int	idgen_uuid_unix_us(const idgen_uuid *uuid, int64_t *unix_us);

/*
 * The same to the microsecond: a v7's 12-bit rand_a read as the sub-
 * millisecond fraction (RFC 9562 section 6.2, method 3, as uuid_v7() and
 * PostgreSQL 18 write it): the first microsecond whose fraction it is, so a
 * v7 made from a microsecond reads back as that microsecond, and one made
 * from a nanosecond clock as its microsecond or the next (12 bits resolve
 * 244 ns). A v7 whose rand_a is random (other generators) reads as its
 * millisecond plus a meaningless 0 to 999 us.
 */
extern int	idgen_uuid_unix_us_with_fraction(const idgen_uuid *uuid, int64_t *unix_us);

/* The version nibble if the variant is RFC 9562's (10xx), else -1. */
extern int	idgen_uuid_version(const idgen_uuid *uuid);

/* RFC 9562 section 4.1: the variant field's leading bits. */
typedef enum idgen_uuid_variant
{
	IDGEN_UUID_VARIANT_NCS,			/* 0xxx: Apollo NCS, and the Nil UUID */
	IDGEN_UUID_VARIANT_RFC9562,		/* 10xx: the variant of RFC 9562 (and 4122) */
	IDGEN_UUID_VARIANT_MICROSOFT,	/* 110x: Microsoft's old GUIDs */
	IDGEN_UUID_VARIANT_FUTURE		/* 111x: reserved, and the Max UUID */
} idgen_uuid_variant;

extern idgen_uuid_variant idgen_uuid_variant_of(const idgen_uuid *uuid);

/*
 * A UUID's text: 32 hex digits, either case, bare or with hyphens after the
 * 8th, 12th, 16th and 20th (the 36-character form); nothing else (no
 * braces, no URN prefix). Faults: IDGEN_TEXT_LENGTH (min 32, max 36) or
 * IDGEN_TEXT_CHARACTER at the first character out of place.
 */
extern idgen_fault idgen_uuid_from_text(const char *text, size_t len, idgen_uuid *uuid);

/* The Unix ms of a v7 (RFC variant); false for anything else. */
extern int	idgen_uuid_v7_unix_ms(const idgen_uuid *uuid, int64_t *unix_ms);

#ifdef __cplusplus
}
#endif

#endif
