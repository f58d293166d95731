/*
 * uuid.c: uuid_v7() and friends over core/uuid.cpp, on PostgreSQL's own
 * uuid type.
 */
#include "report.h"
#include "pg_time.h"

#include "common/int.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"			/* VARDATA_ANY: postgres.h no longer has it */
#endif

#include "../core/uuid.h"

PG_FUNCTION_INFO_V1(sql_uuid_v7_at);
PG_FUNCTION_INFO_V1(sql_uuid_v7_from_time);
PG_FUNCTION_INFO_V1(sql_uuid_v7_timestamp);
PG_FUNCTION_INFO_V1(sql_uuid_version);
PG_FUNCTION_INFO_V1(sql_uuid_v3);
PG_FUNCTION_INFO_V1(sql_uuid_v5);
PG_FUNCTION_INFO_V1(sql_uuid_v6_from_time);
PG_FUNCTION_INFO_V1(sql_uuid_timestamp);
PG_FUNCTION_INFO_V1(sql_uuid_v7_shift);
PG_FUNCTION_INFO_V1(sql_uuid_timestamp_us);

StaticAssertDecl(sizeof(idgen_uuid) == UUID_LEN, "idgen_uuid is a pg_uuid_t");

/* the core's idgen_uuid is PostgreSQL's pg_uuid_t, byte for byte */
#define uuid_or_raise(fault, uuid, function) \
	idgen_copy_or_raise((fault), (uuid), sizeof(idgen_uuid), (function))

#define ARG_UUID(n) ((const idgen_uuid *) PG_GETARG_UUID_P(n))

/* An argument-less generator: sql_uuid_<version>() over the core's make. */
#define UUID_GENERATOR(version, make) \
PG_FUNCTION_INFO_V1(sql_uuid_##version); \
Datum \
sql_uuid_##version(PG_FUNCTION_ARGS) \
{ \
	idgen_uuid	uuid; \
	return uuid_or_raise(make(&uuid), &uuid, "uuid_" #version); \
}

/* uuid_v7(): strictly increasing within a session */
UUID_GENERATOR(v7, idgen_uuid_v7_now)
/* uuid_v7_ms(): to the millisecond, rand_a random (faces that show no more than a v4) */
UUID_GENERATOR(v7_ms, idgen_uuid_v7_ms_now)
/* uuid_v4() */
UUID_GENERATOR(v4, idgen_uuid_v4)
/* uuid_v1(): time low bits first, random multicast node */
UUID_GENERATOR(v1, idgen_uuid_v1_now)
/* uuid_v6(): v1's fields, time high bits first so it sorts by time */
UUID_GENERATOR(v6, idgen_uuid_v6_now)

/* uuid_v7(at timestamptz): its microseconds go into the 12-bit fraction */
Datum
sql_uuid_v7_at(PG_FUNCTION_ARGS)
{
	TimestampTz at = PG_GETARG_TIMESTAMPTZ(0);
	int64		unix_ms = idgen_timestamptz_to_unix_ms(at, "uuid_v7");
	int64		us_in_ms = ((at % 1000) + 1000) % 1000;
	idgen_uuid	uuid;

	return uuid_or_raise(idgen_uuid_v7_at(unix_ms, (int32) (us_in_ms * 4096 / 1000), &uuid),
						 &uuid, "uuid_v7");
}

/* uuid_v7_from_time(timestamptz): the smallest v7 of that millisecond */
Datum
sql_uuid_v7_from_time(PG_FUNCTION_ARGS)
{
	int64		unix_ms = idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0),
													   "uuid_v7_from_time");
	idgen_uuid	uuid;

	return uuid_or_raise(idgen_uuid_v7_from_time(unix_ms, &uuid), &uuid, "uuid_v7_from_time");
}

/* The time a v1, v6 or v7 carries (read by `read`); NULL for the others, or but a v7. */
static Datum
uuid_time_read(FunctionCallInfo fcinfo, bool v7_only,
			   int (*read) (const idgen_uuid *uuid, int64_t *unix_us))
{
	int64_t		unix_us;

	if ((v7_only && idgen_uuid_version(ARG_UUID(0)) != 7) || !read(ARG_UUID(0), &unix_us))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(0) + unix_us);
}

/* ... a v7's to the millisecond */
static Datum
uuid_time(FunctionCallInfo fcinfo, bool v7_only)
{
	return uuid_time_read(fcinfo, v7_only, idgen_uuid_unix_us);
}

/* uuid_v7_timestamp(uuid): NULL unless a v7, as uuid_extract_timestamp */
Datum
sql_uuid_v7_timestamp(PG_FUNCTION_ARGS)
{
	return uuid_time(fcinfo, true);
}

/* uuid_version(uuid): NULL unless RFC 9562's variant, as uuid_extract_version */
Datum
sql_uuid_version(PG_FUNCTION_ARGS)
{
	int			version = idgen_uuid_version(ARG_UUID(0));

	if (version < 0)
		PG_RETURN_NULL();
	PG_RETURN_INT32(version);
}

typedef idgen_fault (*name_based_uuid) (const idgen_uuid *ns, const void *name, size_t len,
										idgen_uuid *uuid);

/* (namespace uuid, name text), the name as its bytes */
static Datum
name_based(FunctionCallInfo fcinfo, name_based_uuid make, const char *function)
{
	text	   *name = PG_GETARG_TEXT_PP(1);
	idgen_uuid	uuid;

	return uuid_or_raise(make(ARG_UUID(0), VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name), &uuid),
						 &uuid, function);
}

/* uuid_v3(namespace uuid, name text): MD5 */
Datum
sql_uuid_v3(PG_FUNCTION_ARGS)
{
	return name_based(fcinfo, idgen_uuid_v3, "uuid_v3");
}

/* uuid_v5(namespace uuid, name text): SHA-1 */
Datum
sql_uuid_v5(PG_FUNCTION_ARGS)
{
	return name_based(fcinfo, idgen_uuid_v5, "uuid_v5");
}

/* uuid_v6_from_time(timestamptz): the smallest v6 of that microsecond */
Datum
sql_uuid_v6_from_time(PG_FUNCTION_ARGS)
{
	TimestampTz ts = PG_GETARG_TIMESTAMPTZ(0);
	int64		unix_ms = idgen_timestamptz_to_unix_ms(ts, "uuid_v6_from_time");
	int64		unix_us;
	idgen_uuid	uuid;

	/* near timestamptz's end, microseconds since 1970 pass int64: far past v6's range anyway */
	if (pg_mul_s64_overflow(unix_ms, 1000, &unix_us))
		unix_us = PG_INT64_MAX;
	else
		unix_us += ((ts % 1000) + 1000) % 1000;
	return uuid_or_raise(idgen_uuid_v6_from_time(unix_us, &uuid), &uuid, "uuid_v6_from_time");
}

/* uuid_timestamp(uuid): the time of a v1, v6 or v7; NULL for the others */
Datum
sql_uuid_timestamp(PG_FUNCTION_ARGS)
{
	return uuid_time(fcinfo, false);
}

/*
 * uuid_v7(shift interval): uuid_v7()'s clock moved by an interval, as
 * PostgreSQL 18's uuidv7(interval): the reading to the microsecond plus the
 * interval by timestamptz arithmetic (months and days in the session's time
 * zone), then the reading's own nanoseconds within its microsecond.
 */
Datum
sql_uuid_v7_shift(PG_FUNCTION_ARGS)
{
	Interval   *shift = PG_GETARG_INTERVAL_P(0);
	TimestampTz unix_epoch = idgen_unix_ms_to_timestamptz(0);
	int64		clock_ns = idgen_uuid_v7_clock_ns();
	TimestampTz shifted;
	idgen_uuid	uuid;
	idgen_fault fault = {IDGEN_TIME_OUT_OF_RANGE, 0, 0, 0};

	shifted = DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval,
													  TimestampTzGetDatum(unix_epoch + clock_ns / 1000),
													  IntervalPGetDatum(shift)));
	if (!TIMESTAMP_NOT_FINITE(shifted))
		fault = idgen_uuid_v7_shifted(clock_ns, shifted - unix_epoch, &uuid);
	if (fault.code == IDGEN_TIME_OUT_OF_RANGE)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp %s is out of range for uuid_v7",
						timestamptz_to_str(shifted)),
				 errdetail("The clock shifted by interval '%s'. Valid times are %s to %s: "
						   "a UUIDv7 holds 48 bits of Unix milliseconds.",
						   DatumGetCString(DirectFunctionCall1(interval_out,
															   IntervalPGetDatum(shift))),
						   pstrdup(timestamptz_to_str(unix_epoch)),
						   pstrdup(timestamptz_to_str(idgen_unix_ms_to_timestamptz(IDGEN_UUID_V7_MAX_MS) + 999)))));
	return uuid_or_raise(fault, &uuid, "uuid_v7");
}

/*
 * uuid_timestamp_us(uuid): uuid_timestamp() with a v7's sub-millisecond
 * fraction, to the microsecond; NULL for a version without a time
 */
Datum
sql_uuid_timestamp_us(PG_FUNCTION_ARGS)
{
	return uuid_time_read(fcinfo, false, idgen_uuid_unix_us_with_fraction);
}
