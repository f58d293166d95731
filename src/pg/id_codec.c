/*
 * id_codec.c: the bigint families' stateless functions over
 * core/id_codec.cpp: next_shard_id(shard, seq) and the decoders of both
 * layouts, which differ only in the family (its layout and hints) and the
 * epoch setting, so one definition below serves both.
 */
#include "report.h"
#include "pg_time.h"
#include "bigint_id.h"
#include "settings.h"

#include "access/htup_details.h"
#include "funcapi.h"

#include "../core/wall_clock.h"

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

static TimestampTz
decode_timestamp(idgen_family family, int64 id, int64 epoch_ms, const char *function)
{
	return idgen_unix_ms_to_timestamptz(idgen_decode_id(family, id, epoch_ms, function).unix_ms);
}

Datum
idgen_decoded_row(FunctionCallInfo fcinfo, TimestampTz ts, int32 second, int32 third,
				  const char *function)
{
	TupleDesc	tupdesc;
	Datum		values[3] = {TimestampTzGetDatum(ts), Int32GetDatum(second), Int32GetDatum(third)};
	bool		nulls[3] = {false, false, false};

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "%s must be declared to return a row", function);
	return HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(tupdesc), values, nulls));
}

/* One row (ts timestamptz, <shard|node> int, seq int). */
static Datum
decode_row(FunctionCallInfo fcinfo, idgen_family family, int64 id, int64 epoch_ms,
		   const char *function)
{
	idgen_id_parts parts = idgen_decode_id(family, id, epoch_ms, function);

	return idgen_decoded_row(fcinfo, idgen_unix_ms_to_timestamptz(parts.unix_ms), parts.mid,
							 parts.seq, function);
}

/* The smallest ID of ts's millisecond, for id >= f(t1) AND id < f(t2). */
static int64
id_at(idgen_family family, TimestampTz ts, int64 epoch_ms, const char *function)
{
	int64		id;

	idgen_raise_if_fault(idgen_id_from_time(family, idgen_timestamptz_to_unix_ms(ts, function),
											epoch_ms, &id),
						 function);
	return id;
}

/*
 * A layout's decoders: <prefix>_timestamp, <prefix>_<field> (the middle
 * field: shard or node), <prefix>_seq, <prefix>_decode and <from_time>, and
 * the _epoch symbols of those that take an epoch argument. `epoch` is the
 * family's epoch setting.
 */
#define BIGINT_DECODERS(prefix, family, epoch, field, from_time) \
PG_FUNCTION_INFO_V1(sql_##prefix##_timestamp); \
PG_FUNCTION_INFO_V1(sql_##prefix##_timestamp_epoch); \
PG_FUNCTION_INFO_V1(sql_##prefix##_##field); \
PG_FUNCTION_INFO_V1(sql_##prefix##_seq); \
PG_FUNCTION_INFO_V1(sql_##prefix##_decode); \
PG_FUNCTION_INFO_V1(sql_##prefix##_decode_epoch); \
PG_FUNCTION_INFO_V1(sql_##from_time); \
PG_FUNCTION_INFO_V1(sql_##from_time##_epoch); \
Datum \
sql_##prefix##_timestamp(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_TIMESTAMPTZ(decode_timestamp(family, PG_GETARG_INT64(0), epoch, \
										   #prefix "_timestamp")); \
} \
Datum \
sql_##prefix##_timestamp_epoch(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_TIMESTAMPTZ(decode_timestamp(family, PG_GETARG_INT64(0), PG_GETARG_INT64(1), \
										   #prefix "_timestamp")); \
} \
Datum \
sql_##prefix##_##field(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_INT32(idgen_decode_id(family, PG_GETARG_INT64(0), 0, #prefix "_" #field).mid); \
} \
Datum \
sql_##prefix##_seq(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_INT32(idgen_decode_id(family, PG_GETARG_INT64(0), 0, #prefix "_seq").seq); \
} \
Datum \
sql_##prefix##_decode(PG_FUNCTION_ARGS) \
{ \
	return decode_row(fcinfo, family, PG_GETARG_INT64(0), epoch, #prefix "_decode"); \
} \
Datum \
sql_##prefix##_decode_epoch(PG_FUNCTION_ARGS) \
{ \
	return decode_row(fcinfo, family, PG_GETARG_INT64(0), PG_GETARG_INT64(1), #prefix "_decode"); \
} \
Datum \
sql_##from_time(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_INT64(id_at(family, PG_GETARG_TIMESTAMPTZ(0), epoch, #from_time)); \
} \
Datum \
sql_##from_time##_epoch(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_INT64(id_at(family, PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_INT64(1), #from_time)); \
}

/* Instagram's shard IDs: 41-bit ms | 13-bit shard | 10-bit seq */
BIGINT_DECODERS(shard_id, IDGEN_FAMILY_SHARD_ID, idgen_shard_epoch_ms, shard, shard_id_from_time)
/* Twitter's Snowflake: sign 0 | 41-bit ms | 10-bit node | 12-bit seq */
BIGINT_DECODERS(snowflake, IDGEN_FAMILY_SNOWFLAKE, idgen_snowflake_epoch_ms, node,
				snowflake_id_from_time)

PG_FUNCTION_INFO_V1(sql_next_shard_id_seq);
PG_FUNCTION_INFO_V1(sql_next_shard_id_seq_at);

static int64
compose(int32 shard, int64 seq, int64 unix_ms)
{
	int64		id;

	idgen_raise_if_fault(idgen_shard_id_compose(unix_ms, idgen_shard_epoch_ms,
												shard, seq, &id),
						 "next_shard_id");
	return id;
}

/* next_shard_id(shard int, seq bigint): Instagram's next_id(), without its overflow */
Datum
sql_next_shard_id_seq(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(compose(PG_GETARG_INT32(0), PG_GETARG_INT64(1),
							idgen_wall_clock_ms()));
}

/* next_shard_id(shard int, seq bigint, at timestamptz): for backfills */
Datum
sql_next_shard_id_seq_at(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(compose(PG_GETARG_INT32(0), PG_GETARG_INT64(1),
							idgen_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(2),
														 "next_shard_id")));
}
