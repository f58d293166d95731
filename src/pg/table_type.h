/*
 * table_type.h: the C functions of a table type (family.h's table_type), a
 * fixed-size type made from its row alone: idgen-native-types writes one
 * IDGEN_TABLE_TYPE(name, family, value_bytes) per such row into
 * table_types.c, a build product. Over the core's table_type.h it defines
 * fixed_size_type.h's functions (text I/O, binary I/O, comparisons, hashing,
 * sortsupport, min/max, name_timestamp), the generator sql_name_generate and
 * minmax-multi's distance sql_name_brin_distance.
 */
#ifndef IDGEN_PG_TABLE_TYPE_H
#define IDGEN_PG_TABLE_TYPE_H

#include "fixed_size_type.h"
#include "../core/brin_distance.h"
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
PG_FUNCTION_INFO_V1(sql_##name##_brin_distance); \
Datum \
sql_##name##_brin_distance(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_FLOAT8(idgen_brin_distance((const uint8 *) PG_GETARG_POINTER(0), \
										 (const uint8 *) PG_GETARG_POINTER(1), len)); \
}

#endif
