/*
 * shared_state.c: the shared generators' words in the server's shared memory,
 * and the reservation they run under.
 *
 * One 64-bit word per generator, advanced by the core with compare-and-swap:
 * no lock, and every backend and parallel worker sees the same word. The
 * lock guards the reservation (shared_run.c moves it about once a second).
 *
 * The words live in the shared memory reserved at start when idgen is
 * preloaded. From PostgreSQL 17, without preload, they live in a segment of
 * the DSM registry instead, made by the first backend that needs it and
 * kept until the server stops: the same words, reservation and lock.
 *
 * A server always starts: a reservation file that is missing or damaged
 * leaves the mark unknown, and only the shared generators refuse.
 */
#include "shared_state.h"

#include "access/xlog.h"
#include "miscadmin.h"
#include "port.h"
#include "storage/ipc.h"
#include "storage/proc.h"
#include "storage/shmem.h"
#ifdef IDGEN_DSM_REGISTRY
#include "storage/dsm_registry.h"
#endif

#include "reservation_wal.h"
#include "settings.h"
#include "../core/ulid.h"
#include "../core/wall_clock.h"

static IdgenSharedState *shared_state = NULL;

/*
 * Every process that may run a generator has a slot: the fast path of a
 * word whose counter has room for one stray add from each runs (the core).
 */
static void
bound_adders(void)
{
	idgen_generator_set_max_processes((int64) MaxBackends + NUM_AUXILIARY_PROCS);
}
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

void
idgen_state_resume_after(IdgenSharedState *state, const IdgenReservation *r)
{
	int64		reserved = r->reserved_unix_ms;

	if (reserved >= r->snowflake_epoch_ms)
		idgen_generator_raise(&state->snowflake,
							  idgen_mark_used_up(IDGEN_FAMILY_SNOWFLAKE,
												 reserved - r->snowflake_epoch_ms));
	if (reserved >= r->shard_epoch_ms)
	{
		uint64		word = idgen_mark_used_up(IDGEN_FAMILY_SHARD_ID,
											  reserved - r->shard_epoch_ms);

		for (int shard = 0; shard < IDGEN_SHARD_COUNT; shard++)
			idgen_generator_raise(&state->shards[shard], word);
	}
	idgen_generator_raise(&state->ulid_monotonic, idgen_ulid_mark_used_up(reserved));
	for (int i = 0; i < IDGEN_NODE_GENERATOR_COUNT; i++)
	{
		idgen_family family = idgen_node_generators[i].family;
		int64		epoch_ms = idgen_family_of(family)->default_epoch_ms;

		if (reserved >= epoch_ms)
			idgen_generator_raise(&state->node_generators[i].gen,
								  idgen_mark_used_up(family, reserved - epoch_ms));
	}
	idgen_layout_slots_resume_after(&state->layouts, reserved);
}

void
idgen_state_set_reservation(IdgenSharedState *state, const IdgenReservation *r)
{
	TimeLineID	timeline = state->bound.timeline;
	uint64		system = state->bound.system_identifier;

	idgen_reservation_write(r);
	idgen_reservation_log(r);

	/*
	 * Backends read the binding without the lock (binding_holds()): the
	 * timeline and the system go last, so one that sees them sees the rest.
	 */
	state->bound = *r;
	state->bound.timeline = timeline;
	state->bound.system_identifier = system;
	pg_write_barrier();
	state->bound.timeline = r->timeline;
	state->bound.system_identifier = r->system_identifier;
	pg_atomic_write_u64(&state->reserved_unix_ms, r->reserved_unix_ms);
}

/*
 * A fresh state: a new key for ulid_monotonic(), every generator after the
 * reservation file's mark (WAL replay may raise them further). A file written
 * during replay may lag what was replayed by up to its slack: that is added.
 * A missing or damaged file is logged, and leaves the mark unknown.
 */
static void
start_generators(IdgenSharedState *state, int elevel)
{
	bool		from_replay;

	if (!pg_strong_random(state->ulid_key, sizeof(state->ulid_key)))
		ereport(elevel,
				(errmsg("idgen: could not generate a random key for ulid_monotonic()")));
	state->file_state = idgen_reservation_read(&state->bound, &from_replay,
											   state->file_problem,
											   sizeof(state->file_problem));
	state->mark_known = state->file_state == IDGEN_FILE_OK;
	if (state->file_state == IDGEN_FILE_DAMAGED)
		ereport(WARNING,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("idgen: the reservation file \"%s\" is damaged: %s",
						IDGEN_RESERVATION_FILE, state->file_problem),
				 errdetail("The server runs; snowflake_id(), next_shard_id(shard) and "
						   "ulid_monotonic() refuse until the reservation is restored.")));
	if (!state->mark_known)
	{
		memset(&state->bound, 0, sizeof(state->bound));
		state->bound.snowflake_epoch_ms = idgen_snowflake_epoch_ms;
		state->bound.shard_epoch_ms = idgen_shard_epoch_ms;
	}
	else if (from_replay)
		state->bound.reserved_unix_ms = Min(state->bound.reserved_unix_ms +
											IDGEN_REPLAY_FILE_SLACK_MS, IDGEN_ULID_MAX_MS);
	state->replay_synced_unix_ms = state->bound.reserved_unix_ms;
	pg_atomic_init_u64(&state->reserved_unix_ms, state->bound.reserved_unix_ms);
	pg_atomic_init_u64(&state->resumed_after_unix_ms, state->bound.reserved_unix_ms);
	state->started_unix_ms = idgen_wall_clock_ms();
	idgen_layout_slots_start(&state->layouts);
	idgen_coarse_layouts_start(state, state->mark_known);
	idgen_state_resume_after(state, &state->bound);
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
	bound_adders();
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
 * fails to start them leaves them for the next one to try, never half set
 * up.
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
		state->started = true;
	}
	LWLockRelease(&state->lock);
	reservation_lock = &state->lock;
	in_registry = true;
	bound_adders();
	return state;
}
#endif

/*
 * Preloaded, the state made at start; from 17 without preload, the DSM
 * registry's, attached (and started) on first use; else NULL.
 */
IdgenSharedState *
idgen_state_if_any(void)
{
#ifdef IDGEN_DSM_REGISTRY
	if (shared_state == NULL)
		shared_state = attach_registry_segment();
#endif
	return shared_state;
}

IdgenSharedState *
idgen_attached_state(const char *function)
{
	if (idgen_state_if_any() == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s needs idgen in shared_preload_libraries", function),
				 errdetail("Its state is shared by every session of the server."),
				 errhint("Add idgen to shared_preload_libraries in postgresql.conf "
						 "and restart the server.")));
	return shared_state;
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

#define NODE_GENERATOR(name, function, ...) \
	[IDGEN_NODE_##name] = {IDGEN_SHARED_##name, IDGEN_FAMILY_##name, #function},
const IdgenNodeGenerator idgen_node_generators[IDGEN_NODE_GENERATOR_COUNT] = {
	IDGEN_SHARED_GENERATORS(IDGEN_SHARED_SKIP, NODE_GENERATOR)
};

idgen_generator *
idgen_state_node_generator(IdgenSharedState *state, int index)
{
	return &state->node_generators[index].gen;
}

int64
idgen_state_reserved_unix_ms(IdgenSharedState *state)
{
	return (int64) pg_atomic_read_u64(&state->reserved_unix_ms);
}

int64
idgen_state_resumed_after_unix_ms(IdgenSharedState *state)
{
	return (int64) pg_atomic_read_u64(&state->resumed_after_unix_ms);
}

void
idgen_state_set_resumed_after(IdgenSharedState *state, int64 unix_ms)
{
	if (unix_ms > idgen_state_resumed_after_unix_ms(state))
		pg_atomic_write_u64(&state->resumed_after_unix_ms, unix_ms);
	/* a backend whose ID lies past it (raised next) reads it */
	pg_write_barrier();
}

LWLock *
idgen_state_lock(void)
{
	return reservation_lock;
}

bool
idgen_state_in_registry(void)
{
#ifdef IDGEN_DSM_REGISTRY
	return in_registry;
#else
	return false;
#endif
}
