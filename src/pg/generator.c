/*
 * generator.c: the shared generators over core/generator.cpp:
 * snowflake_id(), next_shard_id(shard), and the node generators tsid() and
 * sonyflake_id(), counting in shared memory.
 */
#include "shared_state.h"
#include "settings.h"

#include "../core/generator.h"

PG_FUNCTION_INFO_V1(sql_snowflake_id);
PG_FUNCTION_INFO_V1(sql_next_shard_id);

static idgen_fault
snowflake_step(IdgenSharedState *state, const idgen_clock_bounds *bounds, void *id)
{
	return idgen_snowflake_next(idgen_state_snowflake(state), idgen_snowflake_epoch_ms,
								idgen_node(), bounds, (int64_t *) id);
}

/* snowflake_id(): unique and increasing across the whole server */
Datum
sql_snowflake_id(PG_FUNCTION_ARGS)
{
	int64_t		id;

	idgen_run_shared(IDGEN_SHARED_SNOWFLAKE, "snowflake_id()", snowflake_step, &id);
	PG_RETURN_INT64(id);
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

typedef struct NodeStep
{
	int			index;			/* in idgen_node_generators */
	int64_t		id;
} NodeStep;

static idgen_fault
node_step(IdgenSharedState *state, const idgen_clock_bounds *bounds, void *arg)
{
	NodeStep   *step = (NodeStep *) arg;

	return idgen_node_id_next(idgen_node_generators[step->index].family,
							  idgen_state_node_generator(state, step->index), idgen_node(),
							  bounds, &step->id);
}

/* One of idgen_node_generators: unique and increasing across the server. */
static int64
next_node_id(int index, const char *function)
{
	NodeStep	step = {index, 0};

	idgen_run_shared(idgen_node_generators[index].generator, function, node_step, &step);
	return step.id;
}

/* sql_tsid(), sql_sonyflake_id(): one per NODE entry of the registry */
#define NODE_GENERATOR_FUNCTION(name, function, ...) \
PG_FUNCTION_INFO_V1(sql_##function); \
Datum \
sql_##function(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_INT64(next_node_id(IDGEN_NODE_##name, #function "()")); \
}
IDGEN_SHARED_GENERATORS(IDGEN_SHARED_SKIP, NODE_GENERATOR_FUNCTION)
