/*
 * pg_time.c: PostgreSQL timestamps (microseconds since 2000) to and from the
 * core's Unix milliseconds, and whether text is a timestamp.
 */
#include "pg_time.h"

#include "datatype/timestamp.h"
#include "utils/datetime.h"
#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"
#include "utils/fmgrprotos.h"
#else
#include "pgtime.h"
#endif

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

/*
 * Whether text is timestamptz input (for a hint: it is called only after the
 * text failed as an ID). Never raises: on 16+ timestamptz_in reports into an
 * ErrorSaveContext; before 16 the parser's own steps return error codes,
 * except that DecodeDateTime raises for an unknown zone name, so such text
 * counts as no timestamp.
 */
bool
idgen_text_is_timestamptz(const char *text)
{
#if PG_VERSION_NUM >= 160000
	ErrorSaveContext escontext = {T_ErrorSaveContext};
	Datum		ts;

	return DirectInputFunctionCallSafe(timestamptz_in, unconstify(char *, text), InvalidOid, -1,
									   (Node *) &escontext, &ts);
#else
	char		workbuf[MAXDATELEN + MAXDATEFIELDS];
	char	   *field[MAXDATEFIELDS];
	int			ftype[MAXDATEFIELDS];
	int			nf,
				dtype,
				tz;
	struct pg_tm tm;
	fsec_t		fsec;

	if (ParseDateTime(text, workbuf, sizeof(workbuf), field, ftype, MAXDATEFIELDS, &nf) != 0)
		return false;
	for (int i = 0; i < nf; i++)
		if (ftype[i] == DTK_DATE && isalpha((unsigned char) field[i][0]) &&
			pg_tzset(field[i]) == NULL)
			return false;
	return DecodeDateTime(field, ftype, nf, &dtype, &tm, &fsec, &tz) == 0;
#endif
}
