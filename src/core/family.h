/*
 * family.h: what each ID family is, in one table the core, the shim (types,
 * settings, error reports), idgen-decode and the SQL generator all read: its
 * names, its text, its largest value, its bit layout, its time range and its
 * default epoch. C API for the shim; the table itself is families.hpp.
 *
 * The bottom of the core: the codecs include this header for their
 * constants (text lengths, sizes, epochs), and it includes no codec.
 */
#ifndef IDGEN_CORE_FAMILY_H
#define IDGEN_CORE_FAMILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shared_generators.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ULID: 26 Crockford base32 characters, 48-bit ms (year 10889) */
#define IDGEN_ULID_TEXT_LEN 26
#define IDGEN_ULID_MAX_MS INT64_C(281474976710655)
/* UUID: the largest Unix ms a v7 carries, 2^48 - 1 */
#define IDGEN_UUID_V7_MAX_MS INT64_C(281474976710655)
/* KSUID: 20 bytes, 27 base62 characters, seconds since 1400000000 */
#define IDGEN_KSUID_LEN 20
#define IDGEN_KSUID_TEXT_LEN 27
#define IDGEN_KSUID_EPOCH INT64_C(1400000000)	/* Unix seconds */
/* ObjectId: 12 bytes, 24 hex digits */
#define IDGEN_OBJECTID_LEN 12
#define IDGEN_OBJECTID_TEXT_LEN 24
/* TSID: 13 characters; 2020-01-01T00:00:00Z, tsid-creator's Tsid.TSID_EPOCH */
#define IDGEN_TSID_TEXT_LEN 13
#define IDGEN_TSID_EPOCH_MS INT64_C(1577836800000)
/* Sonyflake: 2014-09-01T00:00:00Z, sony/sonyflake's default StartTime */
#define IDGEN_SONYFLAKE_EPOCH_MS INT64_C(1409529600000)
/* xid: 12 bytes (an ObjectId's), 20 base32hex characters */
#define IDGEN_XID12_LEN 12
#define IDGEN_XID12_TEXT_LEN 20
/* SCRU128: 16 bytes, 25 base36 characters */
#define IDGEN_SCRU128_LEN 16
#define IDGEN_SCRU128_TEXT_LEN 25
/* Timeflake: 16 bytes, 22 base62 characters or 32 hex digits */
#define IDGEN_TIMEFLAKE_LEN 16
#define IDGEN_TIMEFLAKE_TEXT_LEN 22
#define IDGEN_TIMEFLAKE_HEX_LEN 32
/* TypeID: a prefix of up to 63 characters, '_', a 26-character suffix */
#define IDGEN_TYPEID_PREFIX_MAX 63
#define IDGEN_TYPEID_SUFFIX_LEN 26
#define IDGEN_TYPEID_TEXT_MAX (IDGEN_TYPEID_PREFIX_MAX + 1 + IDGEN_TYPEID_SUFFIX_LEN)
/* push ID: 20 characters, the first 8 a 48-bit ms */
#define IDGEN_PUSHID_TEXT_LEN 20
#define IDGEN_PUSHID_TIME_CHARS 8
#define IDGEN_PUSHID_MAX_MS ((INT64_C(1) << 48) - 1)
/* nanoid: 21 symbols of the URL-safe alphabet by default; 1 to 1024 of 2 to 256 */
#define IDGEN_NANOID_ALPHABET "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict"
#define IDGEN_NANOID_DEFAULT_SIZE 21
#define IDGEN_NANOID_MIN_SIZE 1
#define IDGEN_NANOID_MAX_SIZE 1024
#define IDGEN_NANOID_MIN_SYMBOLS 2
#define IDGEN_NANOID_MAX_SYMBOLS 256
/* cuid2: 24 characters by default, 2 to 32 */
#define IDGEN_CUID2_DEFAULT_LEN 24
#define IDGEN_CUID2_MIN_LEN 2
#define IDGEN_CUID2_MAX_LEN 32

typedef enum idgen_family
{
	IDGEN_FAMILY_SHARD_ID,		/* Instagram: ms | shard | seq */
	IDGEN_FAMILY_SNOWFLAKE,		/* Twitter: ms | node | seq */
	IDGEN_FAMILY_ULID,
	IDGEN_FAMILY_UUID,
	IDGEN_FAMILY_KSUID,
	IDGEN_FAMILY_OBJECTID,
	/* the registry's node generators (shared_generators.h): TSID, Sonyflake */
#define IDGEN_NODE_FAMILY_ENTRY(name, ...) IDGEN_FAMILY_##name,
	IDGEN_SHARED_GENERATORS(IDGEN_SHARED_SKIP, IDGEN_NODE_FAMILY_ENTRY)
#undef IDGEN_NODE_FAMILY_ENTRY
	IDGEN_FAMILY_XID12,			/* rs/xid: s | machine | pid | counter */
	IDGEN_FAMILY_SCRU128,		/* ms | counter_hi | counter_lo | entropy */
	IDGEN_FAMILY_TIMEFLAKE,		/* ms | 80 random bits */
	IDGEN_FAMILY_TYPEID,		/* jetify TypeID: a type prefix and a UUID */
	IDGEN_FAMILY_PUSHID,		/* Firebase: 48-bit ms | 72 random bits, as text */
	/* the families above are the kinds idgen-decode reads */
	IDGEN_FAMILY_COUNT,

	/*
	 * Made, never read back by idgen-decode: families whose text is random
	 * (nanoid, cuid2: nothing in it to decode) or another family's
	 * (KSUID-ms: a KSUID). Their rows follow the kinds'.
	 */
	IDGEN_FAMILY_KSUID_MS = IDGEN_FAMILY_COUNT,	/* svix: a KSUID, its 5th byte 4 ms steps */
	IDGEN_FAMILY_NANOID,		/* ai/nanoid: random symbols of an alphabet */
	IDGEN_FAMILY_CUID2,			/* @paralleldrive/cuid2: a letter, then a hash in base36 */
	IDGEN_FAMILY_ROWS			/* every row of the table */
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
	int			value_bytes;	/* the value's big-endian bytes (a fixed-size type's length) */
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
	 * Text of a length the caller picks (nanoid, cuid2; 0 in the other
	 * rows): default_len characters unless asked, min_len to max_len; and a
	 * family's own alphabet where it is not positional (nanoid's symbols).
	 */
	int			default_len;
	int			min_len;
	int			max_len;
	const char *symbols;

	/*
	 * Its native SQL type (type_comment NULL: none), whose I/O functions,
	 * operators, operator classes, min/max and casts idgen-native-types
	 * writes (src/gen, sql/generated/native_types.sql). Its length is
	 * value_bytes; 0: variable (typeid: btree, hash and BRIN minmax, its
	 * text casts through its text functions). Comparison, hashing,
	 * sortsupport and binary I/O are its own C functions, or ops_of's:
	 * "uuid" binds PostgreSQL's internal ones (uuid's 16 bytes in uuid's
	 * order; its sortsupport has abbreviated keys), another name that idgen
	 * type's.
	 */
	const char *type_comment;
	const char *ops_of;
	const char *same_bytes_as;	/* types of the same bytes, space-separated:
								 * assignment casts both ways */
	bool		bytea_cast;		/* bytea_to_<name>(bytes) and casts to and from bytea */
	const char *text_functions; /* <this>_parse(text) and <this>_text(id); NULL: none */
	const char *parse_arg;		/* the _parse argument's name; NULL: "value" */

	/*
	 * A table type (table_type.h): a fixed-size type made from this row
	 * alone, its text in digits, its value's first time_bytes bytes a count
	 * of time_unit_ms units since 1970 (0: of 1 ms), the rest random; its C
	 * functions come from the row too (src/pg/table_type.h), and its SQL
	 * adds <name>() and <name>_timestamp(id) to the type's.
	 */
	bool		table_type;
	int			time_bytes;

	/*
	 * A fixed-size type with code of its own (a codec in src/core, a shim
	 * file in src/pg) whose SQL functions are made from its row too:
	 * fields: its value's fields from its first bit, "name:bits" separated
	 * by spaces (family_fields.h): "ts" a count of time_unit_ms units (0: of
	 * 1 ms) since default_epoch_ms, "-" bits no decoder reads, any other an
	 * unsigned number. idgen-native-types writes <name>_timestamp(id) and
	 * <name>_<field>(id) over C functions table_types.c defines from the
	 * row, and idgen-decode prints the fields; its text is its digits'
	 * (radix_text.hpp). generated: its shim defines sql_<name>_generate,
	 * SQL's <name>().
	 */
	const char *fields;
	bool		generated;

	/*
	 * The version whose update script makes the type: its SQL is written
	 * into that script too (the Makefile). NULL: an update script written
	 * by hand made it (0.5.0 and before).
	 */
	const char *since;
} idgen_family_info;

/* Any row, IDGEN_FAMILY_ROWS of them. */
extern const idgen_family_info *idgen_family_of(idgen_family family);

/* The kind (below IDGEN_FAMILY_COUNT) whose name is name[0..len), or NULL. */
extern const idgen_family_info *idgen_family_named(const char *name, size_t len);

/* Epochs of the bigint layouts are Unix ms from 0 to 2^42 - 1 (year 2109). */
#define IDGEN_MAX_EPOCH_MS INT64_C(4398046511103)

#ifdef __cplusplus
}
#endif

#endif
