/*
 * shard_id.c: Instagram's shard IDs, 41-bit ms | 13-bit shard | 10-bit seq.
 */
#include "idgen.h"

#include "../core/generator.h"
#include "../core/wall_clock.h"

PG_FUNCTION_INFO_V1(sql_next_shard_id_seq);
PG_FUNCTION_INFO_V1(sql_next_shard_id_seq_at);
PG_FUNCTION_INFO_V1(sql_next_shard_id);
PG_FUNCTION_INFO_V1(sql_shard_id_timestamp);
PG_FUNCTION_INFO_V1(sql_shard_id_timestamp_epoch);
PG_FUNCTION_INFO_V1(sql_shard_id_shard);
PG_FUNCTION_INFO_V1(sql_shard_id_seq);
PG_FUNCTION_INFO_V1(sql_shard_id_decode);
PG_FUNCTION_INFO_V1(sql_shard_id_decode_epoch);
PG_FUNCTION_INFO_V1(sql_shard_id_from_time);
PG_FUNCTION_INFO_V1(sql_shard_id_from_time_epoch);

static int64
compose(int32 shard, int64 seq, int64 unix_ms)
{
	int64		id;

	idgen_raise_if_fault(idgen_shard_id_compose(unix_ms, idgen_shard_epoch_ms,
												shard, seq, &id),
						 "next_shard_id");
	return id;
}

/* next_shard_id(shard int, seq bigint): the seed's function, without overflow */
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

typedef struct ShardStep
{
	int32		shard;
	int64_t		id;
} ShardStep;

static idgen_fault
shard_step(IdgenSharedState *state, const idgen_clock_bounds *bounds, void *arg)
{
	ShardStep  *step = (ShardStep *) arg;

	return idgen_shard_id_next(idgen_state_shards(state), idgen_shard_epoch_ms,
							   step->shard, bounds, &step->id);
}

/* next_shard_id(shard int): the sequence kept per shard in shared memory */
Datum
sql_next_shard_id(PG_FUNCTION_ARGS)
{
	ShardStep	step = {PG_GETARG_INT32(0), 0};

	idgen_run_shared(IDGEN_SHARED_SHARD_ID, "next_shard_id(shard)", shard_step, &step);
	PG_RETURN_INT64(step.id);
}

/* shard_id_timestamp(id bigint) */
Datum
sql_shard_id_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_decode_timestamp(IDGEN_FAMILY_SHARD_ID, PG_GETARG_INT64(0),
												 idgen_shard_epoch_ms,
												 "shard_id_timestamp"));
}

/* shard_id_timestamp(id bigint, epoch_ms bigint) */
Datum
sql_shard_id_timestamp_epoch(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_decode_timestamp(IDGEN_FAMILY_SHARD_ID, PG_GETARG_INT64(0),
												 PG_GETARG_INT64(1),
												 "shard_id_timestamp"));
}

/* shard_id_shard(id bigint) */
Datum
sql_shard_id_shard(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_decode_parts(IDGEN_FAMILY_SHARD_ID, PG_GETARG_INT64(0),
									   "shard_id_shard").mid);
}

/* shard_id_seq(id bigint) */
Datum
sql_shard_id_seq(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(idgen_decode_parts(IDGEN_FAMILY_SHARD_ID, PG_GETARG_INT64(0),
									   "shard_id_seq").seq);
}

/* shard_id_decode(id bigint) -> (ts, shard, seq) */
Datum
sql_shard_id_decode(PG_FUNCTION_ARGS)
{
	return idgen_decode_row(fcinfo, IDGEN_FAMILY_SHARD_ID, PG_GETARG_INT64(0),
							idgen_shard_epoch_ms, "shard_id_decode");
}

/* shard_id_decode(id bigint, epoch_ms bigint) -> (ts, shard, seq) */
Datum
sql_shard_id_decode_epoch(PG_FUNCTION_ARGS)
{
	return idgen_decode_row(fcinfo, IDGEN_FAMILY_SHARD_ID, PG_GETARG_INT64(0),
							PG_GETARG_INT64(1), "shard_id_decode");
}

/* shard_id_from_time(ts timestamptz) */
Datum
sql_shard_id_from_time(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(idgen_id_at(IDGEN_FAMILY_SHARD_ID, PG_GETARG_TIMESTAMPTZ(0),
								idgen_shard_epoch_ms, "shard_id_from_time"));
}

/* shard_id_from_time(ts timestamptz, epoch_ms bigint) */
Datum
sql_shard_id_from_time_epoch(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(idgen_id_at(IDGEN_FAMILY_SHARD_ID, PG_GETARG_TIMESTAMPTZ(0),
								PG_GETARG_INT64(1), "shard_id_from_time"));
}
