/*
 * pg_time.c: PostgreSQL timestamps (microseconds since 2000) to and from the
 * core's Unix milliseconds.
 */
#include "idgen.h"

#include "datatype/timestamp.h"

#define UNIX_EPOCH_IN_PG_MS \
	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY * 1000)

/*
 * Floors to the millisecond, as FLOOR(EXTRACT(EPOCH FROM ts) * 1000) does in
 * the PL/pgSQL original (C division truncates toward zero instead).
 */
int64
idgen_timestamptz_to_unix_ms(TimestampTz ts, const char *function)
{
	int64		ms;

	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp %s is out of range for %s",
						TIMESTAMP_IS_NOBEGIN(ts) ? "-infinity" : "infinity",
						function),
				 errdetail("IDs carry finite times only.")));
	ms = ts / 1000;
	if (ts % 1000 < 0)
		ms--;
	return ms + UNIX_EPOCH_IN_PG_MS;
}

/* Floored to the second, for the IDs that carry seconds (KSUID, ObjectId). */
int64
idgen_timestamptz_to_unix_s(TimestampTz ts, const char *function)
{
	int64		ms = idgen_timestamptz_to_unix_ms(ts, function);

	return ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
}

TimestampTz
idgen_unix_ms_to_timestamptz(int64 unix_ms)
{
	return (unix_ms - UNIX_EPOCH_IN_PG_MS) * 1000;
}
