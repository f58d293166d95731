/*
 * sonyflake.c: Sonyflake (sony/sonyflake, v1 layout) as a bigint: its fields
 * over the family table's layout. The generator, sonyflake_id(), is a shared
 * one (generator.c).
 */
#include "pg_time.h"
#include "bigint_id.h"

#include "access/htup_details.h"
#include "funcapi.h"

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
	TupleDesc	tupdesc;
	Datum		values[3];
	bool		nulls[3] = {false, false, false};

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "sonyflake_decode must be declared to return a row");
	tupdesc = BlessTupleDesc(tupdesc);
	values[0] = TimestampTzGetDatum(idgen_unix_ms_to_timestamptz(parts.unix_ms));
	values[1] = Int32GetDatum(parts.seq);
	values[2] = Int32GetDatum(parts.mid);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}
