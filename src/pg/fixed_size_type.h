/*
 * fixed_size_type.h: the one pattern of idgen's fixed-size ID types: a type
 * that is its core family's bytes (idgen_<name>, fixed_size_id.h),
 * big-endian, and sorts like them. Which types there are, and which of
 * these functions their SQL binds, the family table says (family.h).
 *
 * IDGEN_FIXED_SIZE_TYPE(ksuid, IDGEN_FAMILY_KSUID), over the core's
 * idgen_ksuid, idgen_ksuid_from_text and idgen_ksuid_to_text, defines
 *   sql_ksuid_in, sql_ksuid_out      text I/O; bad text is a soft error on
 *                                    16+ when the caller asks for one
 *   sql_ksuid_larger, sql_ksuid_smaller    for max() and min() (type_order.h)
 *   ksuid_or_raise(fault, &id, function)   what a generator returns: its
 *                                          fault raised, or a copy of id
 * IDGEN_FIXED_SIZE_SECONDS(ksuid, idgen_ksuid_now, idgen_ksuid_random), for
 * a type whose time is whole Unix seconds, adds its generators and decoders
 * over now(&id), make(unix_s, &id), idgen_ksuid_from_time and
 * idgen_ksuid_unix_s:
 *   sql_ksuid_generate, sql_ksuid_generate_at   ksuid() and ksuid(at)
 *   sql_ksuid_timestamp, sql_ksuid_from_time    (the smallest of a second)
 * IDGEN_FIXED_SIZE_OPERATORS(ksuid) adds the comparison, hash and
 * sortsupport functions of type_order.h and binary I/O (sql_ksuid_recv,
 * _send). A type whose row binds uuid's (ops_of "uuid") has none of its
 * own: its SQL binds PostgreSQL's, for a type of the same 16 bytes in the
 * same order, whose sortsupport has abbreviated keys.
 */
#ifndef IDGEN_PG_FIXED_SIZE_TYPE_H
#define IDGEN_PG_FIXED_SIZE_TYPE_H

#include "report.h"				/* first: postgres.h */

#include "libpq/pqformat.h"
#include "utils/builtins.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"			/* VARDATA_ANY: postgres.h no longer has it */
#endif

#include "pg_time.h"
#include "type_order.h"

#define IDGEN_FIXED_SIZE_TYPE(name, family) \
PG_FUNCTION_INFO_V1(sql_##name##_in); \
PG_FUNCTION_INFO_V1(sql_##name##_out); \
static inline int \
name##_compare(Datum a, Datum b) \
{ \
	return memcmp(DatumGetPointer(a), DatumGetPointer(b), sizeof(idgen_##name)); \
} \
IDGEN_TYPE_MIN_MAX(name) \
static inline Datum \
name##_or_raise(idgen_fault fault, const idgen_##name *id, const char *function) \
{ \
	return idgen_copy_or_raise(fault, id, sizeof(idgen_##name), function); \
} \
/* text to a value: NULL after a soft error (16+, when escontext asks) */ \
static Datum \
name##_read(const char *text, struct Node *escontext, const char *function) \
{ \
	idgen_##name id; \
	idgen_fault fault = idgen_##name##_from_text(text, strlen(text), &id); \
	if (fault.code != IDGEN_OK) \
	{ \
		idgen_report_text_fault(fault, idgen_family_of(family), text, escontext); \
		return (Datum) 0; \
	} \
	return name##_or_raise(fault, &id, function); \
} \
/* a value's text, palloc'd and NUL-terminated */ \
static char * \
name##_written(Datum value) \
{ \
	char	   *text = palloc(idgen_family_of(family)->text_len + 1); \
	idgen_##name##_to_text((const idgen_##name *) DatumGetPointer(value), text); \
	return text; \
} \
Datum \
sql_##name##_in(PG_FUNCTION_ARGS) \
{ \
	return name##_read(PG_GETARG_CSTRING(0), fcinfo->context, #name); \
} \
Datum \
sql_##name##_out(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_CSTRING(name##_written(PG_GETARG_DATUM(0))); \
}

/* sql_<name>_generate: <name>(), over now(&id) */
#define IDGEN_FIXED_SIZE_GENERATOR(name, now) \
PG_FUNCTION_INFO_V1(sql_##name##_generate); \
Datum \
sql_##name##_generate(PG_FUNCTION_ARGS) \
{ \
	idgen_##name id; \
	return name##_or_raise(now(&id), &id, #name); \
}

#define IDGEN_FIXED_SIZE_SECONDS(name, now, make) \
IDGEN_FIXED_SIZE_GENERATOR(name, now) \
PG_FUNCTION_INFO_V1(sql_##name##_generate_at); \
PG_FUNCTION_INFO_V1(sql_##name##_timestamp); \
PG_FUNCTION_INFO_V1(sql_##name##_from_time); \
Datum \
sql_##name##_generate_at(PG_FUNCTION_ARGS) \
{ \
	int64		unix_s = idgen_timestamptz_to_unix_s(PG_GETARG_TIMESTAMPTZ(0), #name); \
	idgen_##name id; \
	return name##_or_raise(make(unix_s, &id), &id, #name); \
} \
Datum \
sql_##name##_timestamp(PG_FUNCTION_ARGS) \
{ \
	int64		unix_s = idgen_##name##_unix_s((const idgen_##name *) PG_GETARG_POINTER(0)); \
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(unix_s * 1000)); \
} \
Datum \
sql_##name##_from_time(PG_FUNCTION_ARGS) \
{ \
	int64		unix_s = idgen_timestamptz_to_unix_s(PG_GETARG_TIMESTAMPTZ(0), #name "_from_time"); \
	idgen_##name id; \
	return name##_or_raise(idgen_##name##_from_time(unix_s, &id), &id, #name "_from_time"); \
}

/* the bytes to hash here, not in IDGEN_FIXED_SIZE_TYPE: a type that binds
 * uuid's functions hashes none, and clang fails an unused inline function */
#define IDGEN_FIXED_SIZE_OPERATORS(name) \
static inline size_t \
name##_bytes(Datum d, const uint8 **bytes) \
{ \
	*bytes = (const uint8 *) DatumGetPointer(d); \
	return sizeof(idgen_##name); \
} \
IDGEN_TYPE_OPERATORS(name) \
PG_FUNCTION_INFO_V1(sql_##name##_recv); \
PG_FUNCTION_INFO_V1(sql_##name##_send); \
Datum sql_##name##_recv(PG_FUNCTION_ARGS) \
{ \
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0); \
	char	   *result = palloc(sizeof(idgen_##name)); \
	memcpy(result, pq_getmsgbytes(buf, sizeof(idgen_##name)), sizeof(idgen_##name)); \
	PG_RETURN_POINTER(result); \
} \
Datum sql_##name##_send(PG_FUNCTION_ARGS) \
{ \
	StringInfoData buf; \
	pq_begintypsend(&buf); \
	pq_sendbytes(&buf, PG_GETARG_POINTER(0), sizeof(idgen_##name)); \
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf)); \
}

/*
 * IDGEN_FIXED_SIZE_TEXT_AND_BYTES(scru128) adds the text functions of a
 * row with text_functions and the cast from bytea:
 *   sql_scru128_parse(text), sql_scru128_text(scru128)   as in and out
 *   sql_bytea_to_scru128(bytea)   exactly the type's bytes (22P03 else)
 */
#define IDGEN_FIXED_SIZE_TEXT_AND_BYTES(name) \
PG_FUNCTION_INFO_V1(sql_##name##_parse); \
PG_FUNCTION_INFO_V1(sql_##name##_text); \
PG_FUNCTION_INFO_V1(sql_bytea_to_##name); \
Datum \
sql_##name##_parse(PG_FUNCTION_ARGS) \
{ \
	return name##_read(text_to_cstring(PG_GETARG_TEXT_PP(0)), NULL, #name "_parse"); \
} \
Datum \
sql_##name##_text(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_TEXT_P(cstring_to_text(name##_written(PG_GETARG_DATUM(0)))); \
} \
Datum \
sql_bytea_to_##name(PG_FUNCTION_ARGS) \
{ \
	bytea	   *bytes = PG_GETARG_BYTEA_PP(0); \
	int			len = VARSIZE_ANY_EXHDR(bytes); \
	idgen_##name *id; \
	if (len != (int) sizeof(idgen_##name)) \
		ereport(ERROR, \
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION), \
				 errmsg("invalid input length for type %s", #name), \
				 errdetail("Expected %d bytes, got %d.", (int) sizeof(idgen_##name), len))); \
	id = palloc(sizeof(idgen_##name)); \
	memcpy(id->bytes, VARDATA_ANY(bytes), sizeof(idgen_##name)); \
	PG_RETURN_POINTER(id); \
}

/* sql_<name>_timestamp over idgen_<name>_unix_ms: a type whose time is Unix ms */
#define IDGEN_FIXED_SIZE_MILLISECONDS(name) \
PG_FUNCTION_INFO_V1(sql_##name##_timestamp); \
Datum \
sql_##name##_timestamp(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz( \
		idgen_##name##_unix_ms((const idgen_##name *) PG_GETARG_POINTER(0)))); \
}

#endif
