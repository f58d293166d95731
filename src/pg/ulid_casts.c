/*
 * ulid_casts.c: the casts pgx_ulid users write, between ulid and timestamp
 * (UTC, as pgx_ulid reads it) and from bytea. ulid -> bytea is ulid_send
 * (the 16 bytes) and timestamptz -> ulid is ulid_from_time: both exist.
 */
#include "report.h"
#include "pg_time.h"

#if PG_VERSION_NUM >= 160000
#include "varatt.h"			/* VARDATA_ANY: postgres.h no longer has it */
#endif
#include "utils/uuid.h"

#include "../core/ulid.h"

PG_FUNCTION_INFO_V1(sql_ulid_to_timestamp);
PG_FUNCTION_INFO_V1(sql_timestamp_to_ulid);
PG_FUNCTION_INFO_V1(sql_bytea_to_ulid);

/*
 * ulid -> timestamp: the UTC time of the ULID's millisecond. A timestamp and
 * a timestamptz in UTC have the same value, so no time zone is read and the
 * cast is immutable (GENERATED ... AS (id::timestamp) STORED needs that).
 */
Datum
sql_ulid_to_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMP(idgen_unix_ms_to_timestamptz(
		idgen_ulid_unix_ms((const idgen_ulid *) PG_GETARG_POINTER(0))));
}

/* timestamp -> ulid: the smallest ULID of that millisecond, read as UTC */
Datum
sql_timestamp_to_ulid(PG_FUNCTION_ARGS)
{
	idgen_ulid *ulid = palloc(sizeof(idgen_ulid));
	int64		unix_ms = idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMP(0), "timestamp_to_ulid");

	idgen_raise_if_fault(idgen_ulid_from_time(unix_ms, ulid), "timestamp_to_ulid");
	PG_RETURN_POINTER(ulid);
}

/* bytea -> ulid: exactly 16 bytes, as PostgreSQL 19's bytea -> uuid */
Datum
sql_bytea_to_ulid(PG_FUNCTION_ARGS)
{
	bytea	   *bytes = PG_GETARG_BYTEA_PP(0);
	int			len = VARSIZE_ANY_EXHDR(bytes);
	idgen_ulid *ulid;

	if (len != UUID_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid input length for type ulid"),
				 errdetail("Expected %d bytes, got %d.", UUID_LEN, len)));
	ulid = palloc(sizeof(idgen_ulid));
	memcpy(ulid->bytes, VARDATA_ANY(bytes), UUID_LEN);
	PG_RETURN_POINTER(ulid);
}
