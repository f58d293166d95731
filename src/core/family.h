/*
 * family.h: what each ID family is, in one table the core, the shim (types,
 * settings, error reports) and idgen-decode all read: its names, its text,
 * its largest value, its bit layout, its time range and its default epoch.
 * C API for the shim; the table itself is families.hpp.
 */
#ifndef IDGEN_CORE_FAMILY_H
#define IDGEN_CORE_FAMILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum idgen_family
{
	IDGEN_FAMILY_SHARD_ID,		/* Instagram: ms | shard | seq */
	IDGEN_FAMILY_SNOWFLAKE,		/* Twitter: ms | node | seq */
	IDGEN_FAMILY_ULID,
	IDGEN_FAMILY_UUID,
	IDGEN_FAMILY_KSUID,
	IDGEN_FAMILY_OBJECTID,
	/* [section tsid-sonyflake] */
	IDGEN_FAMILY_TSID,			/* tsid-creator: ms | node | counter, all 64 bits */
	IDGEN_FAMILY_SONYFLAKE,		/* sony/sonyflake v1: 10 ms | sequence | machine */
	/* [end of section tsid-sonyflake] */
	/* [section xid-scru128-timeflake] */
	IDGEN_FAMILY_XID12,			/* rs/xid: s | machine | pid | counter */
	IDGEN_FAMILY_SCRU128,		/* ms | counter_hi | counter_lo | entropy */
	IDGEN_FAMILY_TIMEFLAKE,		/* ms | 80 random bits */
	/* [end of section xid-scru128-timeflake] */
	/* [section typeid] */
	IDGEN_FAMILY_TYPEID,		/* jetify TypeID: a type prefix and a UUID */
	/* [end of section typeid] */
	/* [section ksuid-ms-nanoid-cuid2-pushid] */
	IDGEN_FAMILY_PUSHID,		/* Firebase: 48-bit ms | 72 random bits, as text */
	/* [end of section ksuid-ms-nanoid-cuid2-pushid] */
	IDGEN_FAMILY_COUNT
} idgen_family;

typedef struct idgen_family_info
{
	idgen_family family;
	const char *name;			/* the SQL type and idgen-decode's --kind: "ulid" */
	const char *display_name;	/* in messages: "ULID" */

	/* its text */
	int			text_len;		/* characters; 0: a decimal bigint */
	int			other_text_len; /* a second form's (a UUID without hyphens), or 0 */
	const char *text_shape;		/* "26 characters" */
	const char *alphabet;		/* what a character must be in: "base62: 0-9, A-Z and a-z" */
	const char *largest;		/* the largest text, where the alphabet spells more; or NULL */

	/* a bigint layout: ms since the epoch | mid | seq (0 bits: none) */
	const char *mid_name;		/* "shard", "node"; or NULL */
	int			mid_bits;
	int			seq_bits;
	const char *negative_id_hint; /* why a negative bigint turns up; or NULL */

	/*
	 * Its time: a field of up to max_time_ms since the epoch (for the bigint
	 * layouts the default of their epoch setting; any other is fixed).
	 */
	int64_t		default_epoch_ms;
	int64_t		max_time_ms;

	/*
	 * A fixed-size value written as one number in a positional alphabet
	 * (radix_text.hpp reads and writes it from these); digits NULL: none.
	 */
	const char *digits;			/* in value order, as written: "0123456789abcdefghijklmnopqrstuv" */
	int			value_bytes;	/* the value's big-endian bytes */
	int			pad_bits;		/* the text's low bits past the value, always zero (xid: 4) */
	bool		either_case;	/* letters are read in either case (digits holds one) */

	/* name(timestamptz) makes one: refused text that is a time gets that hint */
	bool		made_at_time;

	/*
	 * A bigint layout's less common shapes (0 in every other row): its time
	 * counts units of time_unit_ms (0: of 1 ms; Sonyflake's are 10 ms, and
	 * max_time_ms is then the last ms of the last unit); the sequence sits
	 * above the mid field instead of below it; the time field reaches into
	 * the sign bit (TSID, a Java long: negative IDs are valid).
	 */
	int			time_unit_ms;
	int			seq_above_mid;
	int			time_in_sign_bit;

	/*
	 * Its text's case and prefix (0 in both for families without them): a
	 * family that writes and reads lower case only (TypeID's suffix), and a
	 * type prefix of up to prefix_max_len characters before a '_'.
	 */
	int			lower_case_only;
	int			prefix_max_len;
	const char *prefix_rule;	/* what a prefix must be, in messages */

	/* how to make one for a time, in a hint; NULL: "<name>(timestamptz '...')" */
	const char *maker_at;

	/*
	 * The extension's own PostgreSQL type of this name: its size in bytes,
	 * -1 for one of variable length (typeid); 0: none (a bigint, uuid or text).
	 */
	int			native_type_len;
} idgen_family_info;

extern const idgen_family_info *idgen_family_of(idgen_family family);

/* The family whose name is name[0..len), or NULL. */
extern const idgen_family_info *idgen_family_named(const char *name, size_t len);

/* Epochs of the bigint layouts are Unix ms from 0 to 2^42 - 1 (year 2109). */
#define IDGEN_MAX_EPOCH_MS INT64_C(4398046511103)

#ifdef __cplusplus
}
#endif

#endif
