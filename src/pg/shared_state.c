/*
 * shared_state.c: the shared generators' words in the server's shared memory.
 *
 * One 64-bit word per generator, advanced by the core with compare-and-swap:
 * no lock, and every backend and parallel worker sees the same word. The
 * only lock is taken about once a second, to move the reservation that no
 * generator may pass: in a file (reservation.c) and in WAL
 * (reservation_wal.c). A backend that comes near its end moves it on if no
 * other backend is doing so, and the others go on meanwhile: only a backend
 * that reaches the end itself waits for the lock.
 *
 * The words live in the shared memory reserved at start when idgen is
 * preloaded. From PostgreSQL 17, without preload, they live in a segment of
 * the DSM registry instead, made by the first backend that needs it and
 * kept until the server stops: the same words, reservation and lock.
 */
#include "idgen.h"

#include "access/xlog.h"
#include "miscadmin.h"
#include "port.h"
#include "port/atomics.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#define IDGEN_DSM_REGISTRY
#endif

#include "../core/generator.h"
#include "../core/ulid.h"
#include "../core/wall_clock.h"

/*
 * How far past the millisecond it needs a backend reserves. After a crash
 * the generators resume above the reservation: at most this far above the
 * last ID issued.
 */
#define RESERVATION_STEP_MS 1000
/*
 * Within this much of the reservation's end, one backend moves it on (to a
 * step past what it needs: about every 750 ms) while the others run on up
 * to the end: a backend waits only if the file and WAL take longer than this.
 */
#define RESERVATION_REFRESH_MS 250

struct IdgenSharedState
{
	idgen_generator snowflake;
	/* keeps the busiest word off the shards' cache lines */
	char		padding[PG_CACHE_LINE_SIZE - sizeof(idgen_generator)];
	idgen_generator shards[IDGEN_SHARD_COUNT];
	idgen_generator ulid_monotonic;
	/* the server's secret for ulid_monotonic()'s random parts */
	uint8		ulid_key[16];
	/* the last Unix ms any shared generator may use; moved under the lock */
	pg_atomic_uint64 reserved_unix_ms;
	/* false: no reservation file at start and none replayed (under the lock) */
	bool		mark_known;
#ifdef IDGEN_DSM_REGISTRY
	/* in the DSM registry: the reservation lock, and whether it is set up */
	int			tranche_id;
	LWLock		lock;
	bool		started;
	/* what the generators count from, as at their start */
	int			node_id;
	int64		snowflake_epoch_ms;
	int64		shard_epoch_ms;
#endif
};

static IdgenSharedState *shared_state = NULL;
static LWLock *reservation_lock = NULL;
#ifdef IDGEN_DSM_REGISTRY
static bool in_registry = false;	/* shared_state is the DSM registry's */
#endif

#if PG_VERSION_NUM >= 150000
static shmem_request_hook_type prev_shmem_request_hook = NULL;
#endif
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

#if PG_VERSION_NUM >= 150000
static void
request_shared_memory(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(sizeof(IdgenSharedState));
	RequestNamedLWLockTranche("idgen", 1);
}
#endif

/*
 * Every generator goes on as if it had used up the reserved millisecond:
 * its next ID is above anything issued under that reservation. Words only
 * move up.
 */
static void
resume_after(IdgenSharedState *state, int64 reserved)
{
	if (reserved >= idgen_snowflake_epoch_ms)
		idgen_generator_raise(&state->snowflake,
							  idgen_mark_used_up(IDGEN_FAMILY_SNOWFLAKE,
												 reserved - idgen_snowflake_epoch_ms));
	if (reserved >= idgen_shard_epoch_ms)
	{
		uint64		word = idgen_mark_used_up(IDGEN_FAMILY_SHARD_ID,
											  reserved - idgen_shard_epoch_ms);

		for (int shard = 0; shard < IDGEN_SHARD_COUNT; shard++)
			idgen_generator_raise(&state->shards[shard], word);
	}
	idgen_generator_raise(&state->ulid_monotonic, idgen_ulid_mark_used_up(reserved));
}

/*
 * A fresh state: a new key for ulid_monotonic(), every generator after the
 * reservation file's mark (WAL replay may raise them further). elevel: FATAL
 * in the postmaster at start, ERROR in a backend making the DSM registry's
 * segment.
 */
static void
start_generators(IdgenSharedState *state, int elevel)
{
	int64		reserved = idgen_reservation_read(elevel);

	if (!pg_strong_random(state->ulid_key, sizeof(state->ulid_key)))
		ereport(elevel,
				(errmsg("idgen: could not generate a random key for ulid_monotonic()")));
	state->mark_known = reserved != IDGEN_RESERVATION_MISSING;
	pg_atomic_init_u64(&state->reserved_unix_ms, Max(reserved, 0));
	resume_after(state, Max(reserved, 0));
}

static void
attach_shared_memory(void)
{
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	shared_state = ShmemInitStruct("idgen", sizeof(IdgenSharedState), &found);
	if (!found)
	{
		memset(shared_state, 0, sizeof(IdgenSharedState));
		start_generators(shared_state, FATAL);
	}
	reservation_lock = &(GetNamedLWLockTranche("idgen"))->lock;
	LWLockRelease(AddinShmemInitLock);
}

void
idgen_request_shared_state(void)
{
#if PG_VERSION_NUM >= 150000
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = request_shared_memory;
#else
	RequestAddinShmemSpace(sizeof(IdgenSharedState));
	RequestNamedLWLockTranche("idgen", 1);
#endif
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = attach_shared_memory;
}

#ifdef IDGEN_DSM_REGISTRY
/*
 * Runs once per server, in the backend that makes the segment. 19 passes
 * the caller's argument along and names the tranche for every backend.
 */
#if PG_VERSION_NUM >= 190000
static void
init_registry_segment(void *ptr, void *arg)
#else
static void
init_registry_segment(void *ptr)
#endif
{
	IdgenSharedState *state = (IdgenSharedState *) ptr;

	memset(state, 0, sizeof(IdgenSharedState));
#if PG_VERSION_NUM >= 190000
	state->tranche_id = LWLockNewTrancheId("idgen");
#else
	state->tranche_id = LWLockNewTrancheId();
#endif
	LWLockInitialize(&state->lock, state->tranche_id);
}

/*
 * The generators' segment in the DSM registry, started on first use. They
 * start under the lock and only then are marked started: a backend that
 * fails to start them (a corrupt reservation file) leaves them for the next
 * one to try, never half set up.
 */
static IdgenSharedState *
attach_registry_segment(void)
{
	bool		found;
#if PG_VERSION_NUM >= 190000
	IdgenSharedState *state = GetNamedDSMSegment("idgen", sizeof(IdgenSharedState),
												 init_registry_segment, &found, NULL);
#else
	IdgenSharedState *state = GetNamedDSMSegment("idgen", sizeof(IdgenSharedState),
												 init_registry_segment, &found);

	LWLockRegisterTranche(state->tranche_id, "idgen");
#endif
	LWLockAcquire(&state->lock, LW_EXCLUSIVE);
	if (!state->started)
	{
		start_generators(state, ERROR);
		state->node_id = idgen_node_id;
		state->snowflake_epoch_ms = idgen_snowflake_epoch_ms;
		state->shard_epoch_ms = idgen_shard_epoch_ms;
		state->started = true;
	}
	LWLockRelease(&state->lock);
	reservation_lock = &state->lock;
	in_registry = true;
	return state;
}

/*
 * Started without a node id, the Snowflake generator issued nothing (it
 * refuses to): the first node id set is taken, once, under the lock.
 */
static void
adopt_node_id(IdgenSharedState *state)
{
	LWLockAcquire(&state->lock, LW_EXCLUSIVE);
	if (state->node_id == IDGEN_NODE_ID_UNSET)
		state->node_id = idgen_node_id;
	LWLockRelease(&state->lock);
}

/*
 * Without preload the settings are reloadable (PGC_SIGHUP), but the words
 * count from the epochs they started with: a changed epoch would move them
 * onto other IDs, a changed node id onto another server's. Preloaded, the
 * settings cannot change while the server runs; here a change is refused.
 */
static void
refuse_changed_settings(IdgenSharedState *state, IdgenSharedGenerator generator,
						const char *function)
{
	const char *name = NULL;

	if (generator == IDGEN_SHARED_SNOWFLAKE && idgen_node_id != state->node_id)
		adopt_node_id(state);
	if (generator == IDGEN_SHARED_SNOWFLAKE && idgen_node_id != state->node_id)
		name = "idgen.node_id";
	else if (generator == IDGEN_SHARED_SNOWFLAKE &&
			 idgen_snowflake_epoch_ms != state->snowflake_epoch_ms)
		name = "idgen.snowflake_epoch";
	else if (generator == IDGEN_SHARED_SHARD_ID && idgen_shard_epoch_ms != state->shard_epoch_ms)
		name = "idgen.shard_epoch";
	if (name != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s: %s changed after the shared generators started", function, name),
				 errdetail("They count from the settings in force at their first use "
						   "since the server started."),
				 errhint("Set it back, or restart the server to use the new value.")));
}
#endif

IdgenSharedState *
idgen_attached_state(const char *function)
{
#ifdef IDGEN_DSM_REGISTRY
	if (shared_state == NULL)
		shared_state = attach_registry_segment();
#endif
	if (shared_state == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s needs idgen in shared_preload_libraries", function),
				 errdetail("Its state is shared by every session of the server."),
				 errhint("Add idgen to shared_preload_libraries in postgresql.conf "
						 "and restart the server.")));
	return shared_state;
}

/*
 * No default node id: two servers set up alike would hand out the same
 * Snowflakes, silently. The hint gives the line to add.
 */
static void
refuse_unset_node_id(const char *function)
{
	bool		preloaded = true;

#ifdef IDGEN_DSM_REGISTRY
	preloaded = !in_registry;
#endif
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s needs idgen.node_id to be set", function),
			 errdetail("Every server that generates Snowflakes needs its own node id "
					   "(0 to 1023); with a default, two servers would hand out the "
					   "same IDs."),
			 errhint("Add the line \"idgen.node_id = 1\" to postgresql.conf, or run "
					 "ALTER SYSTEM SET idgen.node_id = 1; with a number no other server "
					 "uses, then %s.",
					 preloaded ? "restart the server" : "run SELECT pg_reload_conf();")));
}

static IdgenSharedState *
generating_state(IdgenSharedGenerator generator, const char *function)
{
	IdgenSharedState *state = idgen_attached_state(function);

#ifdef IDGEN_DSM_REGISTRY
	if (in_registry)
		refuse_changed_settings(state, generator, function);
#endif

	if (generator == IDGEN_SHARED_SNOWFLAKE && idgen_node_id == IDGEN_NODE_ID_UNSET)
		refuse_unset_node_id(function);

	/*
	 * A standby usually runs with its primary's postgresql.conf, so the same
	 * idgen.node_id: generating there would hand out the primary's IDs.
	 */
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s cannot run on a server in recovery", function),
				 errdetail("A standby shares its primary's idgen settings and would "
						   "hand out the primary's IDs."),
				 errhint("Generate IDs on the primary; after promotion this works.")));
	return state;
}

/*
 * Without its reservation file, and with none replayed from WAL, a server
 * does not know which IDs it issued before: it hands out none until told.
 */
static void
refuse_unknown_mark(const char *function)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: the reservation file \"%s\" is missing or empty", function,
					IDGEN_RESERVATION_FILE),
			 errdetail("It holds the last millisecond this server's shared generators "
					   "may use; without it they could repeat IDs issued before."),
			 errhint("Restore it from a copy of this data directory. If the system clock "
					 "is known to be past every ID this server issued, run "
					 "SELECT idgen_reservation_init(); to start them from the clock.")));
}

/*
 * Caller holds the lock: in the file, then in WAL, then in force. A crash
 * between the two leaves the file ahead, never behind, of what was used.
 */
static void
set_reservation(int64 reserved)
{
	idgen_reservation_write(reserved);
	idgen_reservation_log(reserved);
	pg_atomic_write_u64(&shared_state->reserved_unix_ms, reserved);
}

/*
 * Moves the reservation to unix_ms plus a step unless it is already at
 * `needed` or past. With wait false, gives up (returns false) when another
 * backend holds the lock: that one is moving it on.
 */
static bool
reserve(int64 needed, int64 unix_ms, bool wait, const char *function)
{
	if (wait)
		LWLockAcquire(reservation_lock, LW_EXCLUSIVE);
	else if (!LWLockConditionalAcquire(reservation_lock, LW_EXCLUSIVE))
		return false;
	if (!shared_state->mark_known)
	{
		LWLockRelease(reservation_lock);
		refuse_unknown_mark(function);
	}
	if ((int64) pg_atomic_read_u64(&shared_state->reserved_unix_ms) < needed)
		set_reservation(unix_ms + RESERVATION_STEP_MS);
	LWLockRelease(reservation_lock);
	return true;
}

/*
 * The generator first runs up to RESERVATION_REFRESH_MS short of the
 * reservation's end; past that, one backend moves the reservation on while
 * the others, finding the lock taken, run up to the end itself. Only a
 * backend that needs a millisecond past the end waits.
 */
void
idgen_run_shared(IdgenSharedGenerator generator, const char *function,
				 idgen_shared_step step, void *arg)
{
	IdgenSharedState *state = generating_state(generator, function);
	bool		being_moved = false;

	for (;;)
	{
		idgen_clock_bounds bounds;
		idgen_fault fault;
		int64		reserved = (int64) pg_atomic_read_u64(&state->reserved_unix_ms);

		bounds.max_lead_ms = idgen_max_clock_lead_ms;
		bounds.reserved_unix_ms = being_moved ? reserved : reserved - RESERVATION_REFRESH_MS;
		fault = step(state, &bounds, arg);
		if (fault.code != IDGEN_RESERVATION_NEEDED)
		{
			idgen_raise_if_fault(fault, function);
			return;
		}
		if (fault.value > reserved)
			reserve(fault.value, fault.value, true, function);
		else if (!reserve(fault.value + RESERVATION_REFRESH_MS, fault.value, false, function))
			being_moved = true;
	}
}

/*
 * WAL replay (crash recovery, a standby) of a reservation: the generators go
 * on above it, and the file keeps it for the next start, whose replay begins
 * after the last checkpoint.
 */
void
idgen_reservation_replay(int64 reserved)
{
	if (shared_state == NULL)
		elog(PANIC, "idgen: WAL replay without idgen's shared memory");
	LWLockAcquire(reservation_lock, LW_EXCLUSIVE);
	if (!shared_state->mark_known ||
		reserved > (int64) pg_atomic_read_u64(&shared_state->reserved_unix_ms))
	{
		idgen_reservation_write(reserved);
		pg_atomic_write_u64(&shared_state->reserved_unix_ms, reserved);
		resume_after(shared_state, reserved);
		shared_state->mark_known = true;
	}
	LWLockRelease(reservation_lock);
}

/*
 * idgen_reservation_init(): CREATE EXTENSION and the update to 0.3.0 run it.
 * A server that has no reservation (a new one, or its file lost) starts the
 * shared generators from the clock; one that has keeps it.
 */
void
idgen_reservation_init(void)
{
	int64		now_ms = idgen_wall_clock_ms();

	/* a standby's reservation comes from its primary's WAL only */
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("idgen_reservation_init() cannot run on a server in recovery"),
				 errdetail("A standby takes its reservation from its primary's WAL.")));
#ifdef IDGEN_DSM_REGISTRY
	if (shared_state == NULL)
		shared_state = attach_registry_segment();
#endif
	if (shared_state == NULL)
	{
		/* not preloaded before 17: only the file, read at the next start */
		if (idgen_reservation_read(ERROR) == IDGEN_RESERVATION_MISSING)
			idgen_reservation_write(now_ms);
		return;
	}
	LWLockAcquire(reservation_lock, LW_EXCLUSIVE);
	if (!shared_state->mark_known)
	{
		set_reservation(Max(now_ms, (int64) pg_atomic_read_u64(&shared_state->reserved_unix_ms)));
		resume_after(shared_state, (int64) pg_atomic_read_u64(&shared_state->reserved_unix_ms));
		shared_state->mark_known = true;
	}
	LWLockRelease(reservation_lock);
}

void
idgen_resume_shared(IdgenSharedGenerator generator, const char *function, int64 unix_ms,
					idgen_shared_resume resume, void *arg)
{
	IdgenSharedState *state = generating_state(generator, function);
	int64		lead = unix_ms - idgen_wall_clock_ms();

	/* the generator could hand out nothing until the clock caught up */
	if (lead > idgen_max_clock_lead_ms)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s: the ID is " INT64_FORMAT " ms ahead of the system clock",
						function, lead),
				 errdetail("IDs up to idgen.max_clock_lead (%d ms) ahead of the clock "
						   "are accepted.", idgen_max_clock_lead_ms),
				 errhint("Check the clock of the server that issued the ID.")));
	/* reserved first: after a crash the generator still resumes after it */
	if (unix_ms > (int64) pg_atomic_read_u64(&state->reserved_unix_ms))
		reserve(unix_ms, unix_ms, true, function);
	resume(state, arg);
}

idgen_generator *
idgen_state_snowflake(IdgenSharedState *state)
{
	return &state->snowflake;
}

idgen_generator *
idgen_state_shards(IdgenSharedState *state)
{
	return state->shards;
}

idgen_generator *
idgen_state_ulid(IdgenSharedState *state, const uint8 **key)
{
	*key = state->ulid_key;
	return &state->ulid_monotonic;
}

int64
idgen_state_reserved_unix_ms(IdgenSharedState *state)
{
	return (int64) pg_atomic_read_u64(&state->reserved_unix_ms);
}
