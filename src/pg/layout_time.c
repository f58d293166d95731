/*
 * layout_time.c: PostgreSQL timestamps (microseconds since 2000) to and from
 * the Unix microseconds a layout counts in, exactly: CockroachDB's unit is
 * 10 µs.
 */
#include "layouts.h"

#include "datatype/timestamp.h"

#define UNIX_EPOCH_IN_PG_US \
	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY)

int64
idgen_timestamptz_to_unix_us(TimestampTz ts, const char *what, const char *function)
{
	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("%s %s is out of range for %s", what,
						TIMESTAMP_IS_NOBEGIN(ts) ? "-infinity" : "infinity", function),
				 errdetail("Layouts count finite times only.")));
	return ts + UNIX_EPOCH_IN_PG_US;
}

TimestampTz
idgen_unix_us_to_timestamptz(int64 unix_us)
{
	return unix_us - UNIX_EPOCH_IN_PG_US;
}
