/*
 * layout_def.h: a bigint layout as data (C API for the shim): an epoch, a
 * time unit, and the widths of the time, node and sequence fields. The named
 * layouts (Twitter, Instagram, Discord, Mastodon, CockroachDB, Sonyflake,
 * TSID) are rows of a table in the core; a declared one is checked here
 * before the shim stores it.
 *
 * Times are Unix microseconds: CockroachDB counts 10 µs units.
 */
#ifndef IDGEN_CORE_LAYOUT_DEF_H
#define IDGEN_CORE_LAYOUT_DEF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct idgen_layout_def
{
	int64_t		epoch_us;		/* Unix µs the time field counts from */
	int64_t		unit_us;		/* one unit of the time field */
	int			time_bits;		/* as published: Instagram's 41, of which 40 keep the sign 0 */
	int			node_bits;
	int			seq_bits;
	bool		seq_above_node; /* time | sequence | node (Sonyflake) */
	bool		time_in_sign_bit;	/* unsigned 64-bit IDs: negative bigints are valid (TSID, Discord) */
} idgen_layout_def;

/* A declared layout must not overflow before this (2070-01-01 00:00 UTC). */
#define IDGEN_LAYOUT_MIN_LAST_US INT64_C(3155760000000000)
/* ... and end before year 10000 (9999-12-31 23:59:59.999999 UTC) */
#define IDGEN_LAYOUT_MAX_US INT64_C(253402300799999999)
/* node and sequence fields read into an int */
#define IDGEN_LAYOUT_MAX_FIELD_BITS 31

typedef enum idgen_layout_problem
{
	IDGEN_LAYOUT_OK = 0,
	IDGEN_LAYOUT_NODE_BITS,		/* value: node_bits; min, max */
	IDGEN_LAYOUT_SEQ_BITS,		/* value: sequence_bits; min, max */
	IDGEN_LAYOUT_WIDTHS,		/* value: node + sequence bits; max: what leaves time a bit */
	IDGEN_LAYOUT_UNIT,			/* value: the unit in µs; min, max */
	IDGEN_LAYOUT_EPOCH,			/* value: the epoch in Unix µs; min, max (max: now) */
	IDGEN_LAYOUT_EPOCH_FRACTION,	/* value: the epoch in Unix µs, not a whole ms */
	IDGEN_LAYOUT_TOO_SHORT,		/* value: its last Unix µs; min: IDGEN_LAYOUT_MIN_LAST_US */
	IDGEN_LAYOUT_TOO_LONG		/* value: time bits; max: the most that end before year 10000 */
} idgen_layout_problem;

typedef struct idgen_layout_check_result
{
	idgen_layout_problem problem;
	int64_t		value;
	int64_t		min;
	int64_t		max;
} idgen_layout_check_result;

/*
 * A declared layout: the time gets the rest of 63 bits. Checks every width,
 * the unit, the epoch (from 1970 to now_us), and its range: it must last
 * until IDGEN_LAYOUT_MIN_LAST_US and end before IDGEN_LAYOUT_MAX_US.
 */
extern idgen_layout_check_result idgen_layout_declare(int64_t epoch_us, int64_t unit_us,
													  int node_bits, int seq_bits,
													  int64_t now_us, idgen_layout_def *def);

/* The largest time field that keeps the ID a valid bigint of the layout. */
extern int64_t idgen_layout_max_time(const idgen_layout_def *def);

/* The Unix µs of the last unit's start. */
extern int64_t idgen_layout_last_us(const idgen_layout_def *def);

typedef struct idgen_layout_parts
{
	int64_t		unix_us;		/* the start of its unit */
	int32_t		node;
	int32_t		seq;
} idgen_layout_parts;

/* IDGEN_ID_OUT_OF_RANGE (value: the ID) for a negative ID where the sign bit is not time. */
extern idgen_fault idgen_layout_decode(const idgen_layout_def *def, int64_t id,
									   idgen_layout_parts *parts);

/*
 * The smallest ID of the unit unix_us falls in. IDGEN_TIME_OUT_OF_RANGE
 * (value, min, max: Unix µs) outside the layout's range.
 */
extern idgen_fault idgen_layout_from_time(const idgen_layout_def *def, int64_t unix_us,
										  int64_t *id);

/*
 * The IDs in a span of unit-aligned time (Unix µs), for pg_partman's integer
 * intervals: span_us / unit_us above the node and sequence fields. The span
 * is one unit to the whole time field; where the time reaches the sign bit,
 * to its positive half. IDGEN_TIME_OUT_OF_RANGE (value: span_us; min, max:
 * µs) for a span that is not a whole number of units in that range.
 */
extern idgen_fault idgen_layout_span(const idgen_layout_def *def, int64_t span_us, int64_t *ids);

/* The named layouts, in the order idgen_layouts lists them: this many. */
#define IDGEN_NAMED_LAYOUT_COUNT 8
typedef struct idgen_named_layout
{
	const char *name;
	idgen_layout_def def;
	int			family;			/* the idgen family (idgen_family) whose layout it is, or -1 */
	const char *node_name;		/* what its owner calls the node field */
	const char *source;			/* where its layout is published */
} idgen_named_layout;

extern int	idgen_named_layout_count(void);
extern const idgen_named_layout *idgen_named_layout_at(int index);
extern const idgen_named_layout *idgen_named_layout_find(const char *name, size_t len);

#ifdef __cplusplus
}
#endif

#endif
