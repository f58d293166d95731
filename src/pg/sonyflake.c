/*
 * sonyflake.c: Sonyflake (sony/sonyflake, v1 layout) as a bigint: its fields
 * over the family table's layout. The generator, sonyflake_id(), is a shared
 * one (generator.c).
 */
#include "pg_time.h"
#include "bigint_id.h"

#include "../core/tsid.h"

PG_FUNCTION_INFO_V1(sql_sonyflake_timestamp);
PG_FUNCTION_INFO_V1(sql_sonyflake_decode);

static idgen_id_parts
sonyflake_parts(FunctionCallInfo fcinfo, const char *function)
{
	return idgen_decode_id(IDGEN_FAMILY_SONYFLAKE, PG_GETARG_INT64(0), IDGEN_SONYFLAKE_EPOCH_MS,
						   function);
}

/* The start of the ID's 10 ms unit */
Datum
sql_sonyflake_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_unix_ms_to_timestamptz(sonyflake_parts(fcinfo,
																	   "sonyflake_timestamp").unix_ms));
}

/* sonyflake_decode(id): one row (ts, sequence, machine), as Decompose reads it */
Datum
sql_sonyflake_decode(PG_FUNCTION_ARGS)
{
	idgen_id_parts parts = sonyflake_parts(fcinfo, "sonyflake_decode");

	return idgen_decoded_row(fcinfo, idgen_unix_ms_to_timestamptz(parts.unix_ms), parts.seq,
							 parts.mid, "sonyflake_decode");
}
