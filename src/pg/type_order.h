/*
 * type_order.h: the comparison, hashing, sortsupport and min/max functions
 * of an idgen type that sorts by one comparison of two values and hashes
 * its bytes (equal values are equal bytes): the fixed-size types
 * (fixed_size_type.h) and typeid.
 *
 * A file defines, before it expands them,
 *   static inline int name_compare(Datum a, Datum b)    <0, 0 or >0
 *   static inline size_t name_bytes(Datum d, const uint8 **bytes)
 *                                                       the bytes to hash
 * and then
 *   IDGEN_TYPE_MIN_MAX(name)     sql_name_larger, sql_name_smaller (max(), min())
 *   IDGEN_TYPE_OPERATORS(name)   sql_name_eq, _ne, _lt, _le, _gt, _ge, _cmp,
 *                                _sortsupport, _hash, _hash_extended
 * whose SQL idgen-native-types writes (src/gen/native_types.cpp).
 */
#ifndef IDGEN_PG_TYPE_ORDER_H
#define IDGEN_PG_TYPE_ORDER_H

#include "common/hashfn.h"
#include "utils/sortsupport.h"

#define IDGEN_TYPE_COMPARE_ARGS(name) name##_compare(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1))

#define IDGEN_TYPE_MIN_MAX(name) \
PG_FUNCTION_INFO_V1(sql_##name##_larger); \
PG_FUNCTION_INFO_V1(sql_##name##_smaller); \
Datum \
sql_##name##_larger(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_DATUM(IDGEN_TYPE_COMPARE_ARGS(name) >= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1)); \
} \
Datum \
sql_##name##_smaller(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_DATUM(IDGEN_TYPE_COMPARE_ARGS(name) <= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1)); \
}

/* sql_<name>_<op>: the comparison of the two arguments against 0 */
#define IDGEN_TYPE_OPERATOR(name, op, test) \
PG_FUNCTION_INFO_V1(sql_##name##_##op); \
Datum sql_##name##_##op(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(IDGEN_TYPE_COMPARE_ARGS(name) test 0); }

#define IDGEN_TYPE_OPERATORS(name) \
IDGEN_TYPE_OPERATOR(name, eq, ==) \
IDGEN_TYPE_OPERATOR(name, ne, !=) \
IDGEN_TYPE_OPERATOR(name, lt, <) \
IDGEN_TYPE_OPERATOR(name, le, <=) \
IDGEN_TYPE_OPERATOR(name, gt, >) \
IDGEN_TYPE_OPERATOR(name, ge, >=) \
PG_FUNCTION_INFO_V1(sql_##name##_cmp); \
PG_FUNCTION_INFO_V1(sql_##name##_sortsupport); \
PG_FUNCTION_INFO_V1(sql_##name##_hash); \
PG_FUNCTION_INFO_V1(sql_##name##_hash_extended); \
Datum sql_##name##_cmp(PG_FUNCTION_ARGS) \
{ \
	int			c = IDGEN_TYPE_COMPARE_ARGS(name); \
	PG_RETURN_INT32(c < 0 ? -1 : c > 0); \
} \
static int \
name##_fast_cmp(Datum a, Datum b, SortSupport ssup) \
{ \
	return name##_compare(a, b); \
} \
Datum sql_##name##_sortsupport(PG_FUNCTION_ARGS) \
{ \
	((SortSupport) PG_GETARG_POINTER(0))->comparator = name##_fast_cmp; \
	PG_RETURN_VOID(); \
} \
Datum sql_##name##_hash(PG_FUNCTION_ARGS) \
{ \
	const uint8 *bytes; \
	size_t		len = name##_bytes(PG_GETARG_DATUM(0), &bytes); \
	return hash_any(bytes, len); \
} \
Datum sql_##name##_hash_extended(PG_FUNCTION_ARGS) \
{ \
	const uint8 *bytes; \
	size_t		len = name##_bytes(PG_GETARG_DATUM(0), &bytes); \
	return hash_any_extended(bytes, len, PG_GETARG_INT64(1)); \
}

#endif
