/*
 * resume_after.c: shard_id_resume_after(), snowflake_resume_after(),
 * ulid_monotonic_resume_after(), and the node generators' tsid_resume_after()
 * and sonyflake_resume_after().
 *
 * A server's shared generators only know the IDs they handed out
 * themselves. When a shard moves to another server, or a standby is promoted
 * with a clock behind its old primary's, the new home could repeat IDs the
 * old one issued; these move the generator past the last of them.
 */
#include "shared_state.h"
#include "bigint_id.h"
#include "settings.h"

#include "../core/generator.h"
#include "../core/ulid.h"

PG_FUNCTION_INFO_V1(sql_shard_id_resume_after);
PG_FUNCTION_INFO_V1(sql_snowflake_resume_after);
PG_FUNCTION_INFO_V1(sql_ulid_monotonic_resume_after);

typedef struct Resume
{
	idgen_id_parts parts;		/* of the ID to resume after */
	uint64_t	word;			/* the mark that puts the generator past it */
} Resume;

static void
raise_shard(IdgenSharedState *state, void *arg)
{
	Resume	   *r = (Resume *) arg;

	idgen_generator_raise(&idgen_state_shards(state)[r->parts.mid], r->word);
}

static void
raise_snowflake(IdgenSharedState *state, void *arg)
{
	idgen_generator_raise(idgen_state_snowflake(state), ((Resume *) arg)->word);
}

static void
raise_ulid(IdgenSharedState *state, void *arg)
{
	const uint8 *key;

	idgen_generator_raise(idgen_state_ulid(state, &key), ((Resume *) arg)->word);
}

static Resume
decode(idgen_family family, int64 id, int64 epoch_ms, const char *function)
{
	Resume		r;

	r.parts = idgen_decode_id(family, id, epoch_ms, function);
	return r;
}

/* shard_id_resume_after(id bigint): that ID's shard goes on after it */
Datum
sql_shard_id_resume_after(PG_FUNCTION_ARGS)
{
	const char *function = "shard_id_resume_after";
	Resume		r = decode(IDGEN_FAMILY_SHARD_ID, PG_GETARG_INT64(0),
						   idgen_shard_epoch_ms, function);

	r.word = idgen_mark_at(IDGEN_FAMILY_SHARD_ID, r.parts.unix_ms - idgen_shard_epoch_ms,
						   r.parts.seq);
	idgen_resume_shared(IDGEN_SHARED_SHARD_ID, function, r.parts.unix_ms, raise_shard, &r);
	PG_RETURN_VOID();
}

/*
 * snowflake_resume_after(id bigint). Within a millisecond, Snowflake IDs
 * order by node before sequence: an ID of another node is only passed by
 * moving on to the next millisecond.
 */
Datum
sql_snowflake_resume_after(PG_FUNCTION_ARGS)
{
	const char *function = "snowflake_resume_after";
	Resume		r = decode(IDGEN_FAMILY_SNOWFLAKE, PG_GETARG_INT64(0),
						   idgen_snowflake_epoch_ms, function);
	int64		ms = r.parts.unix_ms - idgen_snowflake_epoch_ms;

	idgen_resolve_node_id(function);
	r.word = r.parts.mid == idgen_node()
		? idgen_mark_at(IDGEN_FAMILY_SNOWFLAKE, ms, r.parts.seq)
		: idgen_mark_used_up(IDGEN_FAMILY_SNOWFLAKE, ms);
	idgen_resume_shared(IDGEN_SHARED_SNOWFLAKE, function, r.parts.unix_ms, raise_snowflake, &r);
	PG_RETURN_VOID();
}

/*
 * ulid_monotonic_resume_after(id ulid). The random part is keyed by the
 * server that made the ULID, so only its millisecond can be passed.
 */
Datum
sql_ulid_monotonic_resume_after(PG_FUNCTION_ARGS)
{
	Resume		r;

	r.parts.unix_ms = idgen_ulid_unix_ms((const idgen_ulid *) PG_GETARG_POINTER(0));
	r.word = idgen_ulid_mark_used_up(r.parts.unix_ms);
	idgen_resume_shared(IDGEN_SHARED_ULID, "ulid_monotonic_resume_after", r.parts.unix_ms,
						raise_ulid, &r);
	PG_RETURN_VOID();
}

typedef struct NodeResume
{
	int			index;			/* in idgen_node_generators */
	uint64_t	word;
} NodeResume;

static void
raise_node_generator(IdgenSharedState *state, void *arg)
{
	NodeResume *r = (NodeResume *) arg;

	idgen_generator_raise(idgen_state_node_generator(state, r->index), r->word);
}

/*
 * A node generator goes on after that ID. As for Snowflakes, an ID of
 * another node is only passed by moving on to its next time unit.
 */
static void
resume_node_generator(int index, int64 id, const char *function)
{
	idgen_family family = idgen_node_generators[index].family;
	int64		epoch_ms = idgen_family_of(family)->default_epoch_ms;
	idgen_id_parts parts = idgen_decode_id(family, id, epoch_ms, function);
	int64		ms = parts.unix_ms - epoch_ms;
	NodeResume	r;

	idgen_resolve_node_id(function);
	r = (NodeResume) {index, parts.mid == idgen_node()
		? idgen_mark_at(family, ms, parts.seq) : idgen_mark_used_up(family, ms)};

	idgen_resume_shared(idgen_node_generators[index].generator, function, parts.unix_ms,
						raise_node_generator, &r);
}

/* sql_tsid_resume_after(id), sql_sonyflake_resume_after(id): one per NODE entry */
#define NODE_RESUME_FUNCTION(name, function, resume_function, ...) \
PG_FUNCTION_INFO_V1(sql_##resume_function); \
Datum \
sql_##resume_function(PG_FUNCTION_ARGS) \
{ \
	resume_node_generator(IDGEN_NODE_##name, PG_GETARG_INT64(0), #resume_function); \
	PG_RETURN_VOID(); \
}
IDGEN_SHARED_GENERATORS(IDGEN_SHARED_SKIP, NODE_RESUME_FUNCTION)
