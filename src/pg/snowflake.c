/*
 * snowflake.c: Twitter's Snowflake, sign 0 | 41-bit ms | 10-bit node | 12-bit seq.
 */
#include "idgen.h"

#include "../core/generator.h"

PG_FUNCTION_INFO_V1(sql_snowflake_id);
PG_FUNCTION_INFO_V1(sql_snowflake_timestamp);
PG_FUNCTION_INFO_V1(sql_snowflake_timestamp_epoch);
PG_FUNCTION_INFO_V1(sql_snowflake_node);
PG_FUNCTION_INFO_V1(sql_snowflake_seq);
PG_FUNCTION_INFO_V1(sql_snowflake_decode);
PG_FUNCTION_INFO_V1(sql_snowflake_decode_epoch);
PG_FUNCTION_INFO_V1(sql_snowflake_id_from_time);
PG_FUNCTION_INFO_V1(sql_snowflake_id_from_time_epoch);

static idgen_fault
snowflake_step(IdgenSharedState *state, const idgen_clock_bounds *bounds, void *id)
{
	return idgen_snowflake_next(idgen_state_snowflake(state), idgen_snowflake_epoch_ms,
								idgen_node_id, bounds, (int64_t *) id);
}

/* snowflake_id(): unique and increasing across the whole server */
Datum
sql_snowflake_id(PG_FUNCTION_ARGS)
{
	int64_t		id;

	idgen_run_shared(IDGEN_SHARED_SNOWFLAKE, "snowflake_id()", snowflake_step, &id);
	PG_RETURN_INT64(id);
}

/* snowflake_timestamp(id bigint) */
Datum
sql_snowflake_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_decode_timestamp(IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_INT64(0),
												 idgen_snowflake_epoch_ms,
												 "snowflake_timestamp"));
}

/* snowflake_timestamp(id bigint, epoch_ms bigint) */
Datum
sql_snowflake_timestamp_epoch(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_decode_timestamp(IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_INT64(0),
												 PG_GETARG_INT64(1),
												 "snowflake_timestamp"));
}

/* snowflake_node(id bigint) */
Datum
sql_snowflake_node(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_decode_parts(IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_INT64(0),
									   "snowflake_node").mid);
}

/* snowflake_seq(id bigint) */
Datum
sql_snowflake_seq(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_decode_parts(IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_INT64(0),
									   "snowflake_seq").seq);
}

/* snowflake_decode(id bigint) -> (ts, node, seq) */
Datum
sql_snowflake_decode(PG_FUNCTION_ARGS)
{
	return idgen_decode_row(fcinfo, IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_INT64(0),
							idgen_snowflake_epoch_ms, "snowflake_decode");
}

/* snowflake_decode(id bigint, epoch_ms bigint) -> (ts, node, seq) */
Datum
sql_snowflake_decode_epoch(PG_FUNCTION_ARGS)
{
	return idgen_decode_row(fcinfo, IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_INT64(0),
							PG_GETARG_INT64(1), "snowflake_decode");
}

/* snowflake_id_from_time(ts timestamptz) */
Datum
sql_snowflake_id_from_time(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(idgen_id_at(IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_TIMESTAMPTZ(0),
								idgen_snowflake_epoch_ms, "snowflake_id_from_time"));
}

/* snowflake_id_from_time(ts timestamptz, epoch_ms bigint) */
Datum
sql_snowflake_id_from_time_epoch(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(idgen_id_at(IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_TIMESTAMPTZ(0),
								PG_GETARG_INT64(1), "snowflake_id_from_time"));
}
