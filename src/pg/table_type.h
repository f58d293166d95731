/*
 * table_type.h: the C functions of a table type (family.h's table_type), a
 * fixed-size type made from its row alone: idgen-native-types writes one
 * IDGEN_TABLE_TYPE(name, family, value_bytes) per such row into
 * table_types.c, a build product. Over the core's table_type.h it defines
 * fixed_size_type.h's functions (text I/O, binary I/O, comparisons, hashing,
 * sortsupport, min/max, name_timestamp), the generator sql_name_generate and
 * minmax-multi's distance sql_name_brin_distance. For a row with fields it
 * writes IDGEN_FAMILY_FIELD (its decoders) and IDGEN_BRIN_DISTANCE.
 */
#ifndef IDGEN_PG_TABLE_TYPE_H
#define IDGEN_PG_TABLE_TYPE_H

#include "fixed_size_type.h"
#include "../core/brin_distance.h"
#include "../core/family_fields.h"
#include "../core/table_type.h"

#define IDGEN_TABLE_TYPE(name, family, len) \
typedef struct idgen_##name \
{ \
	uint8_t		bytes[len]; \
} idgen_##name; \
static inline void \
idgen_##name##_to_text(const idgen_##name *id, char *out) \
{ \
	idgen_table_type_to_text(family, id->bytes, out); \
} \
static inline idgen_fault \
idgen_##name##_from_text(const char *text, size_t text_len, idgen_##name *id) \
{ \
	return idgen_table_type_from_text(family, text, text_len, id->bytes); \
} \
static inline int64_t \
idgen_##name##_unix_ms(const idgen_##name *id) \
{ \
	return idgen_table_type_unix_ms(family, id->bytes); \
} \
static inline idgen_fault \
idgen_##name##_now(idgen_##name *id) \
{ \
	return idgen_table_type_now(family, id->bytes); \
} \
IDGEN_FIXED_SIZE_TYPE(name, family) \
IDGEN_FIXED_SIZE_OPERATORS(name) \
IDGEN_FIXED_SIZE_MILLISECONDS(name) \
IDGEN_FIXED_SIZE_GENERATOR(name, idgen_##name##_now) \
IDGEN_BRIN_DISTANCE(name, len)

/* minmax-multi's distance of a fixed-size type of len bytes (big-endian) */
#define IDGEN_BRIN_DISTANCE(name, len) \
PG_FUNCTION_INFO_V1(sql_##name##_brin_distance); \
Datum \
sql_##name##_brin_distance(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_FLOAT8(idgen_brin_distance((const uint8 *) PG_GETARG_POINTER(0), \
										 (const uint8 *) PG_GETARG_POINTER(1), len)); \
}

/*
 * The decoder of a row's index-th named field (family.h's fields), for a
 * type with a codec and a shim of its own: sql_<name>_field_<index>, whose
 * SQL (function: its signature, in errors) idgen-native-types writes. A
 * bigint, or for ts a timestamptz; a time past the row's is refused.
 */
#define IDGEN_FAMILY_FIELD(name, family, index, function) \
PG_FUNCTION_INFO_V1(sql_##name##_field_##index); \
Datum \
sql_##name##_field_##index(PG_FUNCTION_ARGS) \
{ \
	idgen_family_field field; \
	int64_t		value = 0; \
	if (!idgen_family_field_at(family, index, &field)) \
		elog(ERROR, "%s: its row has no field %d", function, index); \
	idgen_raise_if_fault(idgen_family_field_read(family, &field, \
												 (const uint8_t *) PG_GETARG_POINTER(0), &value), \
						 function); \
	if (field.is_time) \
		PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(value)); \
	PG_RETURN_INT64(value); \
}

#endif
