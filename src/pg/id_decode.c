/*
 * id_decode.c: decoding shared by both bigint families (shard IDs and
 * Snowflakes differ only in the layout the core applies).
 */
#include "idgen.h"

#include "access/htup_details.h"
#include "funcapi.h"

/* An ID's fields; a refusal carries the family's hints. */
idgen_id_parts
idgen_decode_id(idgen_family family, int64 id, int64 epoch_ms, const char *function)
{
	idgen_id_parts parts;
	idgen_fault fault = idgen_id_decode(family, id, epoch_ms, &parts);

	if (unlikely(fault.code != IDGEN_OK))
		idgen_raise_family_fault(fault, function, idgen_family_of(family));
	return parts;
}

TimestampTz
idgen_decode_timestamp(idgen_family family, int64 id, int64 epoch_ms,
					   const char *function)
{
	return idgen_unix_ms_to_timestamptz(idgen_decode_id(family, id, epoch_ms, function).unix_ms);
}

/* The fields that do not depend on an epoch. */
idgen_id_parts
idgen_decode_parts(idgen_family family, int64 id, const char *function)
{
	return idgen_decode_id(family, id, 0, function);
}

/* One row (ts timestamptz, <shard|node> int, seq int). */
Datum
idgen_decode_row(FunctionCallInfo fcinfo, idgen_family family, int64 id,
				 int64 epoch_ms, const char *function)
{
	idgen_id_parts parts = idgen_decode_id(family, id, epoch_ms, function);
	TupleDesc	tupdesc;
	Datum		values[3];
	bool		nulls[3] = {false, false, false};

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "%s must be declared to return a row", function);
	tupdesc = BlessTupleDesc(tupdesc);

	values[0] = TimestampTzGetDatum(idgen_unix_ms_to_timestamptz(parts.unix_ms));
	values[1] = Int32GetDatum(parts.mid);
	values[2] = Int32GetDatum(parts.seq);
	return HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls));
}

/* The smallest ID of ts's millisecond, for id >= f(t1) AND id < f(t2). */
int64
idgen_id_at(idgen_family family, TimestampTz ts, int64 epoch_ms,
			const char *function)
{
	int64		id;

	idgen_raise_if_fault(idgen_id_from_time(family,
											idgen_timestamptz_to_unix_ms(ts, function),
											epoch_ms, &id),
						 function);
	return id;
}
