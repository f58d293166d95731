/*
 * ksuid_ms.c: svix's KSUID-ms over core/ksuid_ms.cpp, as the ksuid type: a
 * KSUID whose 5th byte is the 4 ms step of its second.
 */
#include "report.h"
#include "pg_time.h"

#include "../core/ksuid_ms.h"

PG_FUNCTION_INFO_V1(sql_ksuid_ms_generate);
PG_FUNCTION_INFO_V1(sql_ksuid_ms_timestamp);

/* ksuid_ms(): now, to 4 ms, strictly increasing within the session */
Datum
sql_ksuid_ms_generate(PG_FUNCTION_ARGS)
{
	idgen_ksuid id;

	return idgen_copy_or_raise(idgen_ksuid_ms_now(&id), &id, sizeof id, "ksuid_ms");
}

/* ksuid_ms_timestamp(ksuid): the second and (5th byte * 4) % 1000 ms */
Datum
sql_ksuid_ms_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(
		idgen_ksuid_ms_unix_ms((const idgen_ksuid *) PG_GETARG_POINTER(0))));
}
