/*
 * shared_run.c: runs the shared generators (snowflake_id(), next_shard_id(shard),
 * ulid_monotonic(), tsid(), sonyflake_id()) within their reservation, and
 * keeps the reservation bound to what their IDs depend on.
 *
 * The binding is checked on every call (a few compares) and settled under the
 * lock when it does not hold:
 *  - the cluster: a reservation file from another cluster (copied over after
 *    pg_upgrade) is a floor here too; it is rebound, nothing else changes;
 *  - the timeline: a promoted server resumes above the last reservation it
 *    received plus idgen.promotion_margin, once per promotion, when the
 *    reservation travels in WAL. Without WAL its file may be as old as the
 *    base backup it came from: each generator refuses until an operator
 *    moves it on (*_resume_after) or starts it from the clock
 *    (idgen_reservation_init());
 *  - the epochs: IDs count from them, so an epoch moved later would bring
 *    IDs at or below those already issued; that is refused until the clock
 *    has passed the generator's last ID by as much, and then reserved as
 *    much further on (a call that checked the old epoch may still step under
 *    it). An earlier epoch is taken.
 * Every settlement is a new reservation: in the file, in WAL, then in force,
 * so a crash before the first ID applies it again and one after never does.
 */
#include "shared_state.h"
#include "pg_time.h"

#include "access/xlog.h"
#include "miscadmin.h"

#include "reservation_wal.h"
#include "settings.h"
#include "../core/ulid.h"
#include "../core/wall_clock.h"

/*
 * How far past the clock a backend reserves. After a crash the generators
 * resume above the reservation: at most this far above the clock of its
 * last move.
 */
#define RESERVATION_STEP_MS 1000
/*
 * How far past a millisecond ahead of the clock (a resume point after a
 * start, a step back of the clock, a promotion's margin) a backend reserves,
 * when that is beyond the step past the clock: as long as the generators
 * have run since the start, from this much up to a step. A step at once
 * let each quick restart add most of a step to the lead (0.6.0: 0.74 s per
 * 0.26 s crash restart); this way a restart adds less than it took, so the
 * lead never grows, and a server that stays up reserves a step at a time.
 */
#define RESERVATION_AHEAD_MIN_MS 10
/*
 * Within this much of the reservation's end, one backend moves it on (to a
 * step past what it needs: about every 500 ms) while the others run on up
 * to the end: a backend waits only if the file's fsync and the WAL flush
 * together take longer than this. Half the step: a disk that takes 300 ms
 * to fsync made every move late by 50 ms at 250.
 */
#define RESERVATION_REFRESH_MS 250

typedef struct GeneratorBinding
{
	uint32		pending_bit;
	const char *epoch_setting;	/* NULL: counts from a fixed epoch */
	const char *resume_function;
	const char *node_ids;		/* its IDs carry idgen.node_id: what they are called; or NULL */
} GeneratorBinding;

#define GENERATOR_BINDING(name, epoch_setting, resume_function, node_ids) \
	[IDGEN_SHARED_##name] = {IDGEN_PENDING_##name, epoch_setting, resume_function, node_ids},
#define NODE_GENERATOR_BINDING(name, function, resume_function, node_ids) \
	[IDGEN_SHARED_##name] = {IDGEN_PENDING_##name, NULL, #resume_function, node_ids},
static const GeneratorBinding bindings[IDGEN_SHARED_LAYOUT + 1] = {
	IDGEN_SHARED_GENERATORS(GENERATOR_BINDING, NODE_GENERATOR_BINDING)
	/* each layout binds its own epoch (layout_slots.c); a pending promotion refuses it there */
	[IDGEN_SHARED_LAYOUT] = {0, NULL, NULL, "layout IDs"},
};

static TimeLineID
current_timeline(void)
{
#if PG_VERSION_NUM >= 150000
	return GetWALInsertionTimeLine();
#else
	return ThisTimeLineID;		/* set in a backend once recovery is over */
#endif
}

/* The generator's epoch as set, and where the reservation keeps its own. */
static int64 *
bound_epoch(IdgenReservation *r, IdgenSharedGenerator generator, int64 *setting)
{
	switch (generator)
	{
		case IDGEN_SHARED_SNOWFLAKE:
			*setting = idgen_snowflake_epoch_ms;
			return &r->snowflake_epoch_ms;
		case IDGEN_SHARED_SHARD_ID:
			*setting = idgen_shard_epoch_ms;
			return &r->shard_epoch_ms;
		default:
			*setting = 0;
			return NULL;
	}
}

/*
 * The Unix ms of the last ID the generator may have handed out, counted
 * from its bound epoch: its word (every shard's, for next_shard_id).
 */
static int64
last_issued_unix_ms(IdgenSharedState *state, IdgenSharedGenerator generator, int64 epoch_ms)
{
	int64		last = 0;

	if (generator == IDGEN_SHARED_SNOWFLAKE)
		return idgen_word_unix_ms(IDGEN_FAMILY_SNOWFLAKE,
								  idgen_generator_snapshot(&state->snowflake).word, epoch_ms);
	for (int shard = 0; shard < IDGEN_SHARD_COUNT; shard++)
		last = Max(last, idgen_word_unix_ms(IDGEN_FAMILY_SHARD_ID,
											idgen_generator_snapshot(&state->shards[shard]).word,
											epoch_ms));
	return last;
}

static inline bool
binding_holds(IdgenSharedState *state, IdgenSharedGenerator generator)
{
	IdgenReservation *bound = &state->bound;
	int64		setting;
	int64	   *epoch = bound_epoch(bound, generator, &setting);

	if (bound->timeline != current_timeline() ||
		bound->system_identifier != GetSystemIdentifier())
		return false;
	pg_read_barrier();			/* written last (idgen_state_set_reservation) */
	return (bound->pending & bindings[generator].pending_bit) == 0 &&
		(epoch == NULL || *epoch == setting);
}

static const char *
time_text(int64 unix_ms)
{
	return pstrdup(timestamptz_to_str(idgen_unix_ms_to_timestamptz(unix_ms)));
}

/*
 * Without its reservation file, and with none replayed from WAL, a server
 * does not know which IDs it issued before: it hands out none until told.
 */
pg_noreturn static void
refuse_unknown_mark(IdgenFileState file_state, const char *problem, const char *function)
{
	const char *hint = "Restore it as it was when the server stopped (after pg_upgrade: "
		"copy it from the old data directory); an older copy would give back IDs issued "
		"since. If the system clock is known to be past "
		"every ID this server issued, run SELECT idgen_reservation_init(); to start "
		"them from the clock.";

	if (file_state == IDGEN_FILE_DAMAGED || problem[0] != '\0')
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s: the reservation file \"%s\" is damaged", function,
						IDGEN_RESERVATION_FILE),
				 errdetail("%s. It holds the last millisecond this server's shared "
						   "generators may use; without it they could repeat IDs "
						   "issued before.", problem),
				 errhint("%s", hint)));
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: the reservation file \"%s\" is missing or empty", function,
					IDGEN_RESERVATION_FILE),
			 errdetail("It holds the last millisecond this server's shared generators "
					   "may use; without it they could repeat IDs issued before."),
			 errhint("%s", hint)));
}

void
idgen_refuse_if_mark_unknown(IdgenSharedState *state, const char *function)
{
	if (!state->mark_known)
	{
		IdgenFileState file_state = state->file_state;
		char	   *problem = pstrdup(state->file_problem);

		LWLockRelease(idgen_state_lock());
		refuse_unknown_mark(file_state, problem, function);
	}
}

pg_noreturn static void
refuse_promoted_without_wal(IdgenSharedGenerator generator, const IdgenReservation *r,
							const char *function)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: this server was promoted (timeline %u) without its reservation "
					"in WAL", function, r->timeline),
			 errdetail("Its reservation file is the copy it started from, which can be "
					   "older than IDs the old primary handed out since. The reservation "
					   "travels in WAL on PostgreSQL 15 and later with idgen in "
					   "shared_preload_libraries."),
			 errhint("Move it past the largest ID in use: SELECT %s(max(id)) FROM ... "
					 "for each table it fills. If the system clock is past every ID the "
					 "old primary issued, SELECT idgen_reservation_init(); starts all "
					 "three from the clock.", bindings[generator].resume_function)));
}

pg_noreturn static void
refuse_later_epoch(IdgenSharedGenerator generator, int64 bound, int64 setting,
				   int64 until_unix_ms, const char *function)
{
	const char *name = bindings[generator].epoch_setting;

	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: %s = " INT64_FORMAT " is later than the epoch of the IDs "
					"already issued", function, name, setting),
			 errdetail("IDs were issued under %s = " INT64_FORMAT "; counted from the "
					   "new epoch, new IDs would repeat or fall below them until %s.",
					   name, bound, time_text(until_unix_ms)),
			 errhint("Set %s back to " INT64_FORMAT ", or keep it: from %s on, IDs "
					 "under the new epoch are above the old ones.", name, bound,
					 time_text(until_unix_ms))));
}

/*
 * A promoted server: with the reservation in WAL, it received all but what
 * an asynchronous standby may have missed, which the margin covers. It
 * resumes at the next second: the old primary's xids of the floor's second
 * could sort above this server's there, by machine id or pid.
 */
static void
apply_promotion(IdgenSharedState *state, IdgenReservation *next, TimeLineID timeline,
				int64 now_ms)
{
	int64		floor = Min(next->reserved_unix_ms + idgen_promotion_margin_ms,
							IDGEN_ULID_MAX_MS);
	idgen_layout_skip promoted;

	floor = Min(floor - floor % 1000 + 999, IDGEN_ULID_MAX_MS);
	next->promoted_at_unix_ms = now_ms;
	next->timeline = timeline;
	if (!idgen_reservation_in_wal())
	{
		next->pending = IDGEN_PENDING_ALL;
		next->promotion_jump_ms = 0;
		return;
	}
	next->promotion_jump_ms = Max(0, floor - Max(next->reserved_unix_ms, now_ms));
	/*
	 * A coarse layout moves no reservation, so the one received may be old
	 * while it ran: the old primary stopped by this server's clock too. It
	 * ran at most idgen.max_clock_lead ahead of its own.
	 */
	promoted.unix_ms = Max(floor, now_ms);
	promoted.lead_ms = (int64) idgen_max_clock_lead_ms;
	idgen_coarse_layouts_promote(state, &promoted);
	ereport(LOG,
			(errmsg("idgen: promoted to timeline %u: the shared generators resume after %s",
					timeline, time_text(floor)),
			 errdetail("The last reservation received, %s, plus idgen.promotion_margin "
					   "(%d ms), to the end of that second: a jump of " INT64_FORMAT
					   " ms past the later of that reservation and the clock; the "
					   "generators now run " INT64_FORMAT " ms ahead of the clock.",
					   time_text(next->reserved_unix_ms), idgen_promotion_margin_ms,
					   next->promotion_jump_ms, Max(0, floor - now_ms))));
	next->reserved_unix_ms = floor;
	idgen_state_set_resumed_after(state, floor);
}

/*
 * Settles the binding under the lock, or refuses. An operator who moves a
 * generator on (*_resume_after) is `resuming` it: its wait after a promotion
 * without WAL does not refuse that, and ends (`acknowledge`) once it is done.
 */
static void
settle_binding(IdgenSharedState *state, IdgenSharedGenerator generator, bool resuming,
			   bool acknowledge, const char *function)
{
	LWLock	   *lock = idgen_state_lock();
	int64		now_ms = idgen_wall_clock_ms();
	TimeLineID	timeline = current_timeline();
	uint64		system = GetSystemIdentifier();
	IdgenReservation next;
	int64		setting;
	int64	   *epoch;
	int64		later;
	int64		until_ms = 0;
	int64		rebound_reserved_ms = 0;

	/*
	 * Every backend's first call after a promotion, or after a start
	 * before any generator ran, comes here at once. Queued for the lock itself, they would be handed
	 * it one by one, each needing a CPU before the next could go: a convoy
	 * of seconds with 90 clients on 2 cores, behind a settlement that
	 * happens once. As in reserve(), a backend that finds the lock taken
	 * waits until it is free without taking it, and all such waiters wake
	 * together: those that find the binding settled (read as every call
	 * reads it) go on; only the others take the lock, to settle or refuse.
	 */
	while (!LWLockAcquireOrWait(lock, LW_EXCLUSIVE))
	{
		if (binding_holds(state, generator))
			return;
	}
	idgen_refuse_if_mark_unknown(state, function);
	next = state->bound;
	if (next.system_identifier != system)
	{
		/* another cluster's file (pg_upgrade's copy), or 0.3.0's: a floor here */
		if (next.system_identifier != 0)
			ereport(LOG,
					(errmsg("idgen: the reservation file comes from another cluster "
							"(system identifier " UINT64_FORMAT "); its reservation "
							"is kept as this server's floor", next.system_identifier)));
		next.system_identifier = system;
		next.timeline = timeline;
	}
	else if (next.timeline != timeline)
		apply_promotion(state, &next, timeline, now_ms);
	if (acknowledge)
		next.pending &= ~bindings[generator].pending_bit;

	epoch = bound_epoch(&next, generator, &setting);
	later = epoch == NULL ? 0 : setting - *epoch;
	if (later > 0)
		until_ms = last_issued_unix_ms(state, generator, *epoch) + later;
	if (later <= 0 || now_ms > until_ms)
	{
		if (epoch != NULL)
		{
			/* a call that checked the old binding may still step under it */
			rebound_reserved_ms = Min(idgen_reservation_after_rebind(next.reserved_unix_ms,
																	 *epoch, setting),
									  IDGEN_ULID_MAX_MS);
			*epoch = setting;
		}
		later = 0;
	}
	/*
	 * The words first: a backend that sees the new binding (read without the
	 * lock) must find them above the floor already.
	 */
	if (memcmp(&next, &state->bound, sizeof(next)) != 0)
	{
		IdgenReservation written = next;

		idgen_state_resume_after(state, &next);
		/* written anyway: reserved a step ahead too, as reserve() would next */
		written.reserved_unix_ms = Max(Max(next.reserved_unix_ms, rebound_reserved_ms),
									   Min(now_ms + RESERVATION_STEP_MS, IDGEN_ULID_MAX_MS));
		idgen_state_set_reservation(state, &written);
	}
	LWLockRelease(lock);

	if (later > 0)
		refuse_later_epoch(generator, *epoch, setting, until_ms, function);
	if (!resuming && (next.pending & bindings[generator].pending_bit))
		refuse_promoted_without_wal(generator, &next, function);
}

/*
 * No default node id: two servers set up alike would hand out the same
 * Snowflakes (or xids, whose machine id it is), silently. The hint gives the
 * line to add.
 */
void
idgen_refuse_unset_node_id(const char *function, const char *ids)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s needs idgen.node_id to be set", function),
			 errdetail("Every server that generates %s needs its own node id "
					   "(0 to 1023); with a default, two servers would hand out the "
					   "same IDs.", ids),
			 errhint("Add the line \"idgen.node_id = 1\" to postgresql.conf, or run "
					 "ALTER SYSTEM SET idgen.node_id = 1; with a number no other server "
					 "uses, then %s.",
					 idgen_state_in_registry() ? "run SELECT pg_reload_conf();"
					 : "restart the server")));
}

#ifdef IDGEN_DSM_REGISTRY
/*
 * Without preload idgen.node_id is reloadable, but the Snowflake word counts
 * on one node: another would put the next IDs below the last ones. Started
 * without a node id, the generator issued nothing: the first one set is
 * taken, once.
 */
static void
refuse_changed_node_id(IdgenSharedState *state, const char *function)
{
	LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
	if (state->node_id == IDGEN_NODE_ID_UNSET)
		state->node_id = idgen_node();
	LWLockRelease(idgen_state_lock());
	if (idgen_node() != state->node_id)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s: idgen.node_id changed after the shared generators started",
						function),
				 errdetail("They count from the settings in force at their first use "
						   "since the server started."),
				 errhint("Set it back, or restart the server to use the new value.")));
}
#endif

/* The state, where the generator may run (its binding is the caller's to check) */
static IdgenSharedState *
generating_state(IdgenSharedGenerator generator, const char *function)
{
	IdgenSharedState *state = idgen_attached_state(function);

	if (bindings[generator].node_ids != NULL)
		idgen_resolve_node_id(function);
	if (bindings[generator].node_ids != NULL && idgen_node() == IDGEN_NODE_ID_UNSET)
		idgen_refuse_unset_node_id(function, bindings[generator].node_ids);
#ifdef IDGEN_DSM_REGISTRY
	if (bindings[generator].node_ids != NULL && idgen_state_in_registry() &&
		idgen_node() != state->node_id)
		refuse_changed_node_id(state, function);
#endif

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
 * Where a reservation made for an ID of unix_ms ends: a step past the
 * clock, or past unix_ms by the time the generators have run since the
 * start (RESERVATION_AHEAD_MIN_MS to a step), whichever is later. So a
 * generator resumes at most a step past the later of the clock of the last
 * move and the last millisecond it may have handed out.
 */
static int64
reservation_end(IdgenSharedState *state, int64 unix_ms, int64 now_ms)
{
	int64		ahead = Min(Max(now_ms - state->started_unix_ms, RESERVATION_AHEAD_MIN_MS),
							RESERVATION_STEP_MS);

	return Min(Max(now_ms + RESERVATION_STEP_MS, unix_ms + ahead), IDGEN_ULID_MAX_MS);
}

/*
 * Moves the reservation to reservation_end() unless it is already at
 * `needed` or past. With wait false, gives up (returns false) when another
 * backend holds the lock, as that one is moving it on, or when the move
 * would not reach `needed` (ahead of the clock, moving early is no use).
 *
 * With wait true, as XLogFlush() waits for WALWriteLock: a backend that finds
 * the lock taken waits until it is free without taking it, and all such
 * waiters wake together; only those the new reservation does not cover try
 * again. Queued for the lock itself, they would be handed it one by one, each
 * needing a CPU before the next could go: with many more backends than
 * cores, a convoy of up to seconds behind one slow fsync.
 */
static bool
reserve(IdgenSharedState *state, int64 needed, int64 unix_ms, bool wait, const char *function)
{
	LWLock	   *lock = idgen_state_lock();

	if (!wait && reservation_end(state, unix_ms, idgen_wall_clock_ms()) < needed)
		return false;
	if (wait)
	{
		while (!LWLockAcquireOrWait(lock, LW_EXCLUSIVE))
		{
			if ((int64) pg_atomic_read_u64(&state->reserved_unix_ms) >= needed)
				return true;
		}
	}
	else if (!LWLockConditionalAcquire(lock, LW_EXCLUSIVE))
		return false;
	idgen_refuse_if_mark_unknown(state, function);
	if (state->bound.reserved_unix_ms < needed)
	{
		IdgenReservation next = state->bound;

		next.reserved_unix_ms = Max(reservation_end(state, unix_ms, idgen_wall_clock_ms()),
									needed);
		idgen_state_set_reservation(state, &next);
	}
	LWLockRelease(lock);
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

	idgen_status_follow_counts();
	for (;;)
	{
		idgen_clock_bounds bounds = {0};
		idgen_fault fault;
		int64		reserved = (int64) pg_atomic_read_u64(&state->reserved_unix_ms);

		/*
		 * The binding checked after the reservation is read (a rebind writes
		 * it first), so the step runs on the epoch checked and within a
		 * reservation made under it: one a rebind to a later epoch moves on
		 * by as much (settle_binding).
		 */
		pg_read_barrier();
		if (unlikely(!binding_holds(state, generator)))
		{
			settle_binding(state, generator, false, false, function);
			continue;
		}
		bounds.max_lead_ms = (int64) idgen_max_clock_lead_ms;
		bounds.reserved_unix_ms = being_moved ? reserved : reserved - RESERVATION_REFRESH_MS;
		fault = step(state, &bounds, arg);
		if (fault.code != IDGEN_RESERVATION_NEEDED)
		{
			idgen_raise_if_fault(fault, function);
			return;
		}
		if (fault.value > reserved)
			reserve(state, fault.value, fault.value, true, function);
		else if (!reserve(state, fault.value + RESERVATION_REFRESH_MS, fault.value, false,
						  function))
			being_moved = true;
	}
}

static void
resume_shared(IdgenSharedGenerator generator, const char *function, int64 unix_ms,
			  bool reserve_ms, idgen_shared_resume resume, void *arg)
{
	IdgenSharedState *state;
	int64		lead = unix_ms - idgen_wall_clock_ms();

	/* the generator could hand out nothing until the clock caught up */
	if (lead > (int64) idgen_max_clock_lead_ms)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s: the ID is " INT64_FORMAT " ms ahead of the system clock",
						function, lead),
				 errdetail("IDs up to idgen.max_clock_lead (" INT64_FORMAT " ms) ahead of "
						   "the clock are accepted.", (int64) idgen_max_clock_lead_ms),
				 errhint("Check the clock of the server that issued the ID.")));
	state = generating_state(generator, function);
	if (unlikely(!binding_holds(state, generator)))
		settle_binding(state, generator, true, false, function);
	/* reserved first: after a crash the generator still resumes after it */
	if (reserve_ms && unix_ms > (int64) pg_atomic_read_u64(&state->reserved_unix_ms))
		reserve(state, unix_ms, unix_ms, true, function);
	resume(state, arg);
	/* moved on: a wait after a promotion without WAL is over (made durable) */
	if (state->bound.pending & bindings[generator].pending_bit)
		settle_binding(state, generator, true, true, function);
}

void
idgen_resume_shared(IdgenSharedGenerator generator, const char *function, int64 unix_ms,
					idgen_shared_resume resume, void *arg)
{
	resume_shared(generator, function, unix_ms, true, resume, arg);
}

void
idgen_resume_shared_words(IdgenSharedGenerator generator, const char *function, int64 unix_ms,
						  idgen_shared_resume resume, void *arg)
{
	resume_shared(generator, function, unix_ms, false, resume, arg);
}
