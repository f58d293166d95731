/*
 * fixed_bytes.h: the operator, sort, hash and binary I/O support functions
 * of a fixed-length type that is its raw bytes and sorts like them (ksuid,
 * objectid). IDGEN_FIXED_BYTES_FUNCTIONS(ksuid, 20) defines sql_ksuid_eq,
 * _ne, _lt, _le, _gt, _ge, _cmp, _sortsupport, _hash, _hash_extended,
 * _larger, _smaller, _recv and _send.
 */
#ifndef IDGEN_PG_FIXED_BYTES_H
#define IDGEN_PG_FIXED_BYTES_H

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "utils/sortsupport.h"

#define IDGEN_FIXED_BYTES_CMP(len) \
	memcmp(PG_GETARG_POINTER(0), PG_GETARG_POINTER(1), (len))

#define IDGEN_FIXED_BYTES_FUNCTIONS(name, len) \
PG_FUNCTION_INFO_V1(sql_##name##_eq); \
PG_FUNCTION_INFO_V1(sql_##name##_ne); \
PG_FUNCTION_INFO_V1(sql_##name##_lt); \
PG_FUNCTION_INFO_V1(sql_##name##_le); \
PG_FUNCTION_INFO_V1(sql_##name##_gt); \
PG_FUNCTION_INFO_V1(sql_##name##_ge); \
PG_FUNCTION_INFO_V1(sql_##name##_cmp); \
PG_FUNCTION_INFO_V1(sql_##name##_sortsupport); \
PG_FUNCTION_INFO_V1(sql_##name##_hash); \
PG_FUNCTION_INFO_V1(sql_##name##_hash_extended); \
PG_FUNCTION_INFO_V1(sql_##name##_larger); \
PG_FUNCTION_INFO_V1(sql_##name##_smaller); \
PG_FUNCTION_INFO_V1(sql_##name##_recv); \
PG_FUNCTION_INFO_V1(sql_##name##_send); \
Datum sql_##name##_eq(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(IDGEN_FIXED_BYTES_CMP(len) == 0); } \
Datum sql_##name##_ne(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(IDGEN_FIXED_BYTES_CMP(len) != 0); } \
Datum sql_##name##_lt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(IDGEN_FIXED_BYTES_CMP(len) < 0); } \
Datum sql_##name##_le(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(IDGEN_FIXED_BYTES_CMP(len) <= 0); } \
Datum sql_##name##_gt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(IDGEN_FIXED_BYTES_CMP(len) > 0); } \
Datum sql_##name##_ge(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(IDGEN_FIXED_BYTES_CMP(len) >= 0); } \
Datum sql_##name##_cmp(PG_FUNCTION_ARGS) \
{ \
	int			c = IDGEN_FIXED_BYTES_CMP(len); \
	PG_RETURN_INT32(c < 0 ? -1 : c > 0); \
} \
static int \
name##_fast_cmp(Datum a, Datum b, SortSupport ssup) \
{ \
	return memcmp(DatumGetPointer(a), DatumGetPointer(b), (len)); \
} \
Datum sql_##name##_sortsupport(PG_FUNCTION_ARGS) \
{ \
	((SortSupport) PG_GETARG_POINTER(0))->comparator = name##_fast_cmp; \
	PG_RETURN_VOID(); \
} \
Datum sql_##name##_hash(PG_FUNCTION_ARGS) \
{ \
	return hash_any((const unsigned char *) PG_GETARG_POINTER(0), (len)); \
} \
Datum sql_##name##_hash_extended(PG_FUNCTION_ARGS) \
{ \
	return hash_any_extended((const unsigned char *) PG_GETARG_POINTER(0), (len), \
							 PG_GETARG_INT64(1)); \
} \
Datum sql_##name##_larger(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_DATUM(IDGEN_FIXED_BYTES_CMP(len) >= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1)); \
} \
Datum sql_##name##_smaller(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_DATUM(IDGEN_FIXED_BYTES_CMP(len) <= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1)); \
} \
Datum sql_##name##_recv(PG_FUNCTION_ARGS) \
{ \
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0); \
	char	   *result = palloc(len); \
	memcpy(result, pq_getmsgbytes(buf, (len)), (len)); \
	PG_RETURN_POINTER(result); \
} \
Datum sql_##name##_send(PG_FUNCTION_ARGS) \
{ \
	StringInfoData buf; \
	pq_begintypsend(&buf); \
	pq_sendbytes(&buf, PG_GETARG_POINTER(0), (len)); \
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf)); \
}

#endif
