/*
 * status.c: idgen_status(), what the shared generators have done since the
 * server started; idgen_status_reset() zeroes their counters;
 * idgen_reservation_status(), the reservation they run under.
 *
 * A process counts its calls in its own memory (the core's tally) and adds
 * them to the shared counters every 1,024 IDs, at each transaction's end and
 * before it exits: the counts of a transaction still running elsewhere show
 * once it ends.
 */
#include "shared_state.h"
#include "pg_time.h"
#include "reservation_wal.h"
#include "settings.h"

#include "access/htup_details.h"
#include "access/xact.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "storage/ipc.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

#include "../core/generator.h"
#include "../core/ulid.h"
#include "../core/wall_clock.h"

PG_FUNCTION_INFO_V1(sql_idgen_status);
PG_FUNCTION_INFO_V1(sql_idgen_status_reset);
PG_FUNCTION_INFO_V1(sql_idgen_reservation_status);

#define STATUS_COLUMNS 8

#if PG_VERSION_NUM < 150001
/* Before 15.1 there is no InitMaterializedSRF() (15.0 named it SetSingleFuncCall): its steps, by hand. */
static void
InitMaterializedSRF(FunctionCallInfo fcinfo, bits32 flags)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	TupleDesc	tupdesc;
	MemoryContext old;

	if (rsinfo == NULL || !IsA(rsinfo, ReturnSetInfo) ||
		(rsinfo->allowedModes & SFRM_Materialize) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("set-valued function called in context that cannot accept a set")));
	old = MemoryContextSwitchTo(rsinfo->econtext->ecxt_per_query_memory);
	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	rsinfo->returnMode = SFRM_Materialize;
	rsinfo->setResult = tuplestore_begin_heap(false, false, work_mem);
	rsinfo->setDesc = tupdesc;
	MemoryContextSwitchTo(old);
}
#endif

static void
flush_at_transaction_end(XactEvent event, void *arg)
{
	switch (event)
	{
		case XACT_EVENT_COMMIT:
		case XACT_EVENT_PARALLEL_COMMIT:
		case XACT_EVENT_ABORT:
		case XACT_EVENT_PARALLEL_ABORT:
		case XACT_EVENT_PREPARE:
			idgen_generator_flush_counts();
			break;
		default:
			break;
	}
}

static void
flush_before_detach(int code, Datum arg)
{
	idgen_generator_flush_counts();
}

void
idgen_status_follow_counts(void)
{
	static bool following = false;

	if (following)
		return;
	RegisterXactCallback(flush_at_transaction_end, NULL);
	before_shmem_exit(flush_before_detach, (Datum) 0);
	following = true;
}

static void
add_row(ReturnSetInfo *rsinfo, const char *generator, int shard, const idgen_generator *gen,
		int64 last_unix_ms, int64 now_ms, int64 reserved)
{
	Datum		values[STATUS_COLUMNS];
	bool		nulls[STATUS_COLUMNS] = {false};
	bool		used = gen->word != 0;

	values[0] = CStringGetTextDatum(generator);
	values[1] = Int32GetDatum(shard);
	nulls[1] = shard < 0;
	values[2] = TimestampTzGetDatum(idgen_unix_ms_to_timestamptz(last_unix_ms));
	nulls[2] = !used;
	values[3] = Int64GetDatum(last_unix_ms - now_ms);
	nulls[3] = !used;
	values[4] = Int64GetDatum((int64) gen->issued);
	values[5] = Int64GetDatum((int64) gen->ahead);
	values[6] = Int64GetDatum((int64) gen->waits);
	values[7] = TimestampTzGetDatum(idgen_unix_ms_to_timestamptz(reserved));
	nulls[7] = reserved == 0;
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

/* idgen_status(): one row per shared generator; shards once they are used */
Datum
sql_idgen_status(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	IdgenSharedState *state = idgen_attached_state("idgen_status()");
	int64		now_ms = idgen_wall_clock_ms();
	int64		reserved = idgen_state_reserved_unix_ms(state);
	const uint8 *key;
	idgen_generator gen;

	InitMaterializedSRF(fcinfo, 0);
	idgen_generator_flush_counts();

	gen = idgen_generator_snapshot(idgen_state_snowflake(state));
	add_row(rsinfo, "snowflake_id", -1, &gen,
			idgen_word_unix_ms(IDGEN_FAMILY_SNOWFLAKE, gen.word, idgen_snowflake_epoch_ms),
			now_ms, reserved);
	for (int shard = 0; shard < IDGEN_SHARD_COUNT; shard++)
	{
		gen = idgen_generator_snapshot(&idgen_state_shards(state)[shard]);
		if (gen.issued == 0)
			continue;
		add_row(rsinfo, "next_shard_id", shard, &gen,
				idgen_word_unix_ms(IDGEN_FAMILY_SHARD_ID, gen.word, idgen_shard_epoch_ms),
				now_ms, reserved);
	}
	gen = idgen_generator_snapshot(idgen_state_ulid(state, &key));
	add_row(rsinfo, "ulid_monotonic", -1, &gen, idgen_ulid_word_unix_ms(gen.word), now_ms,
			reserved);
	for (int i = 0; i < IDGEN_NODE_GENERATOR_COUNT; i++)
	{
		idgen_family family = idgen_node_generators[i].family;

		gen = idgen_generator_snapshot(idgen_state_node_generator(state, i));
		add_row(rsinfo, idgen_node_generators[i].name, -1, &gen,
				idgen_word_unix_ms(family, gen.word, idgen_family_of(family)->default_epoch_ms),
				now_ms, reserved);
	}
	return (Datum) 0;
}

/* idgen_status_reset(): superuser only, as the counters are the server's */
Datum
sql_idgen_status_reset(PG_FUNCTION_ARGS)
{
	IdgenSharedState *state = idgen_attached_state("idgen_status_reset()");
	const uint8 *key;

	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied for idgen_status_reset()"),
				 errdetail("Only a superuser may reset the generators' counters.")));
	idgen_generator_discard_counts();
	idgen_generator_reset_counters(idgen_state_snowflake(state));
	for (int shard = 0; shard < IDGEN_SHARD_COUNT; shard++)
		idgen_generator_reset_counters(&idgen_state_shards(state)[shard]);
	idgen_generator_reset_counters(idgen_state_ulid(state, &key));
	for (int i = 0; i < IDGEN_NODE_GENERATOR_COUNT; i++)
		idgen_generator_reset_counters(idgen_state_node_generator(state, i));
	PG_RETURN_VOID();
}

/*
 * idgen_reservation_status(): the reservation in force and what it is bound
 * to; when a promotion last moved it, and how far ahead of the clock.
 */
Datum
sql_idgen_reservation_status(PG_FUNCTION_ARGS)
{
	IdgenSharedState *state = idgen_attached_state("idgen_reservation_status()");
	TupleDesc	tupdesc;
	Datum		values[8];
	bool		nulls[8] = {false};
	IdgenReservation r;
	bool		known;
	const char *file;

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	LWLockAcquire(idgen_state_lock(), LW_SHARED);
	r = state->bound;
	known = state->mark_known;
	file = !known ? (state->file_problem[0] != '\0' ? "damaged" : "missing")
		: r.pending != 0 ? "promoted without WAL" : "ok";
	LWLockRelease(idgen_state_lock());

	values[0] = TimestampTzGetDatum(idgen_unix_ms_to_timestamptz(r.reserved_unix_ms));
	nulls[0] = !known;
	values[1] = Int64GetDatum(r.snowflake_epoch_ms);
	values[2] = Int64GetDatum(r.shard_epoch_ms);
	values[3] = Int64GetDatum((int64) r.timeline);
	nulls[3] = r.timeline == 0;
	values[4] = TimestampTzGetDatum(idgen_unix_ms_to_timestamptz(r.promoted_at_unix_ms));
	nulls[4] = r.promoted_at_unix_ms == 0;
	values[5] = Int64GetDatum(r.promotion_jump_ms);
	nulls[5] = r.promoted_at_unix_ms == 0;
	values[6] = CStringGetTextDatum(file);
	values[7] = BoolGetDatum(idgen_reservation_in_wal());
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}
