/*
 * id_codec.h: compose and decode the bigint ID families (C API for the shim).
 *
 * Pure functions of their arguments: no clock, no shared state. Times are
 * Unix milliseconds; the shim converts PostgreSQL timestamps to them. A
 * `family` here is a bigint family: IDGEN_FAMILY_SHARD_ID, _SNOWFLAKE, _TSID
 * or _SONYFLAKE (the last two with their own epoch, default_epoch_ms).
 */
#ifndef IDGEN_CORE_ID_CODEC_H
#define IDGEN_CORE_ID_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct idgen_id_parts
{
	int64_t		unix_ms;
	int32_t		mid;			/* shard, node or machine */
	int32_t		seq;
} idgen_id_parts;

/* Instagram's next_id(): (ms - epoch) << 23 | shard << 10 | seq % 1024. */
extern idgen_fault idgen_shard_id_compose(int64_t unix_ms, int64_t epoch_ms,
										  int32_t shard, int64_t seq,
										  int64_t *id);

extern idgen_fault idgen_id_decode(idgen_family family, int64_t id,
								   int64_t epoch_ms, idgen_id_parts *parts);

/* Smallest ID of the millisecond unix_ms: mid and sequence zero. */
extern idgen_fault idgen_id_from_time(idgen_family family, int64_t unix_ms,
									  int64_t epoch_ms, int64_t *id);

extern idgen_fault idgen_check_epoch(int64_t epoch_ms);

/*
 * A bigint ID written in decimal, as logs carry it: optional '-', then
 * digits only (no spaces, no '+'). Faults: IDGEN_TEXT_LENGTH for no digits,
 * IDGEN_TEXT_CHARACTER at the first other character, IDGEN_TEXT_OVERFLOW
 * outside int64. A negative value parses; idgen_id_decode refuses it.
 */
extern idgen_fault idgen_id_from_text(const char *text, size_t len, int64_t *id);

/*
 * How many IDs a time span of span_ms covers: span_ms in the family's time
 * units, shifted past its node and sequence fields (pg_partman's integer
 * interval). IDGEN_TIME_OUT_OF_RANGE (value span_ms, min, max) for a span
 * that is not a whole number of units from one unit to the whole time
 * field; min is then the unit.
 */
extern idgen_fault idgen_id_span(idgen_family family, int64_t span_ms, int64_t *ids);

/* The Unix-ms range a family's time field covers from this epoch. */
extern int64_t idgen_family_last_ms(idgen_family family, int64_t epoch_ms);

#ifdef __cplusplus
}
#endif

#endif
