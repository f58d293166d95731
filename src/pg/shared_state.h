/*
 * shared_state.h: the shared generators (snowflake_id(), next_shard_id(shard),
 * ulid_monotonic(), tsid(), sonyflake_id()) in the server's shared memory,
 * and the reservation they run under.
 *
 * shared_state.c makes and attaches the state; shared_run.c runs the
 * generators within their reservation and its binding; reservation_wal.c
 * replays it; reservation_init.c starts it. Only these touch the fields.
 */
#ifndef IDGEN_PG_SHARED_STATE_H
#define IDGEN_PG_SHARED_STATE_H

#include "report.h"

#include "port/atomics.h"
#include "storage/lwlock.h"

#include "coarse_layouts.h"
#include "fresh_layout_rows.h"
#include "layout_slots.h"
#include "reservation.h"
#include "../core/generator.h"
#include "../core/shared_generators.h"

#if PG_VERSION_NUM >= 170000
#define IDGEN_DSM_REGISTRY
#endif

/* The node generators (idgen_node_generators, below): the registry's NODE entries */
#define IDGEN_NODE_ENUM_ENTRY(name, ...) IDGEN_NODE_##name,
enum
{
	IDGEN_SHARED_GENERATORS(IDGEN_SHARED_SKIP, IDGEN_NODE_ENUM_ENTRY)
	IDGEN_NODE_GENERATOR_COUNT
};
#undef IDGEN_NODE_ENUM_ENTRY

typedef struct IdgenSharedState
{
	/* each generator has its own cache lines (idgen_generator) */
	idgen_generator snowflake;
	idgen_generator shards[IDGEN_SHARD_COUNT];
	idgen_generator ulid_monotonic;
	/* tsid(), sonyflake_id(): idgen_node_generators' order */
	struct
	{
		idgen_generator gen;
	}			node_generators[IDGEN_NODE_GENERATOR_COUNT];
	/* the server's secret for ulid_monotonic()'s random parts */
	uint8		ulid_key[16];
	/* layout_id()'s words, a slot a layout (layout_slots.h) */
	IdgenLayoutSlots layouts;
	/* the words reserved by layouts of units longer than a second (under the lock) */
	IdgenCoarseLayouts coarse;
	/* the declared layouts' rows written since the start (under the lock) */
	IdgenFreshLayoutRows fresh_layout_rows;
	/* bound.reserved_unix_ms, read without the lock */
	pg_atomic_uint64 reserved_unix_ms;
	/* idgen_state_resumed_after_unix_ms(), read without the lock */
	pg_atomic_uint64 resumed_after_unix_ms;
	/* the clock when the generators started: how far a reservation may run ahead */
	int64		started_unix_ms;

	/* Under the lock */
	IdgenReservation bound;		/* the reservation in force */
	bool		mark_known;		/* false: no valid file at start, none replayed */
	IdgenFileState file_state;	/* as read at start */
	char		file_problem[160];
	/* WAL replay's copy of the file: what is durable, and whether it lags */
	int64		replay_synced_unix_ms;
	bool		replay_file_behind;
#ifdef IDGEN_DSM_REGISTRY
	/* in the DSM registry: the reservation lock, and whether it is set up */
	int			tranche_id;
	LWLock		lock;
	bool		started;
	int			node_id;		/* as at the generators' start */
#endif
} IdgenSharedState;

/* Which shared generator a call runs: the registry's (shared_generators.h) */
typedef idgen_shared_generator IdgenSharedGenerator;

/*
 * The shared generators of a family whose epoch is its own (fixed) and whose
 * node field is idgen.node_id: tsid() and sonyflake_id(). Everything that
 * handles them (the reservation's floor, idgen_status, *_resume_after) goes
 * through this table, made from the registry's NODE entries.
 */
typedef struct IdgenNodeGenerator
{
	IdgenSharedGenerator generator;
	idgen_family family;
	const char *name;			/* its SQL function, as idgen_status names it */
} IdgenNodeGenerator;

extern const IdgenNodeGenerator idgen_node_generators[IDGEN_NODE_GENERATOR_COUNT];

/* shared_state.c */
extern void idgen_request_shared_state(void);
/* The shared state, or an error whose hint says to preload idgen. */
extern IdgenSharedState *idgen_attached_state(const char *function);
/* NULL where idgen is neither preloaded nor on 17+ (no DSM registry) */
extern IdgenSharedState *idgen_state_if_any(void);
extern LWLock *idgen_state_lock(void);
extern bool idgen_state_in_registry(void);
extern idgen_generator *idgen_state_snowflake(IdgenSharedState *state);
extern idgen_generator *idgen_state_shards(IdgenSharedState *state);
extern idgen_generator *idgen_state_ulid(IdgenSharedState *state, const uint8 **key);
/* the generator of idgen_node_generators[index] */
extern idgen_generator *idgen_state_node_generator(IdgenSharedState *state, int index);
extern int64 idgen_state_reserved_unix_ms(IdgenSharedState *state);
/*
 * The last reservation of the server that ran before this one: its file at
 * start, raised by WAL replay and by a promotion's floor. Every ID it handed
 * out lies at or below it; a layout bound since, or an xid of its second,
 * starts from there rather than from the reservation in force, which only
 * this server's IDs need. Set (caller holds the lock) before the words are
 * raised past it.
 */
extern int64 idgen_state_resumed_after_unix_ms(IdgenSharedState *state);
extern void idgen_state_set_resumed_after(IdgenSharedState *state, int64 unix_ms);
/*
 * Caller holds the lock. Every generator goes on as if it had used up the
 * reservation's last millisecond, counted from the epochs it is bound to.
 */
extern void idgen_state_resume_after(IdgenSharedState *state, const IdgenReservation *r);
/* Caller holds the lock: in the file, then in WAL, then in force. */
extern void idgen_state_set_reservation(IdgenSharedState *state, const IdgenReservation *r);

/* shared_run.c */
/*
 * One try of a shared generator: the core's call on the shared state, within
 * the bounds (clock lead, reservation) in force.
 */
typedef idgen_fault (*idgen_shared_step) (IdgenSharedState *state,
										  const idgen_clock_bounds *bounds, void *arg);

/*
 * Runs a shared generator in a primary, reserving on disk whenever it needs
 * to pass the reservation; raises any other fault.
 */
extern void idgen_run_shared(IdgenSharedGenerator generator, const char *function,
							 idgen_shared_step step, void *arg);
/*
 * Moves a shared generator past an ID of unix_ms that it did not hand out
 * (another server's, before a failover or a shard move): `resume` raises the
 * generator's word, once the reservation covers unix_ms. Refuses an ID
 * further ahead of the clock than idgen.max_clock_lead. It also ends the
 * generator's wait for an operator after a promotion without WAL.
 */
typedef void (*idgen_shared_resume) (IdgenSharedState *state, void *arg);
extern void idgen_resume_shared(IdgenSharedGenerator generator, const char *function,
								int64 unix_ms, idgen_shared_resume resume, void *arg);
/*
 * The same for a generator that reserves its own words (a coarse layout:
 * coarse_layouts.h) in `resume`: the millisecond reservation does not move.
 */
extern void idgen_resume_shared_words(IdgenSharedGenerator generator, const char *function,
									  int64 unix_ms, idgen_shared_resume resume, void *arg);

/*
 * Caller holds the lock. Where the reservation is not known (a missing or
 * damaged file, a WAL record this code cannot read), releases it and
 * refuses, saying why.
 */
extern void idgen_refuse_if_mark_unknown(IdgenSharedState *state, const char *function);

/* Refuses a generator that needs idgen.node_id when it is unset; ids: "Snowflakes" */
pg_noreturn extern void idgen_refuse_unset_node_id(const char *function, const char *ids);

/*
 * status.c: has this process add its counts to the shared counters at each
 * transaction's end and before it exits (once per process; cheap after).
 */
extern void idgen_status_follow_counts(void);

/* reservation_wal.c: WAL replay of a reservation (15+) */
extern void idgen_reservation_replay(const IdgenReservation *r);
/* reservation_init.c: a server without a reservation starts from the clock */
extern void idgen_reservation_init(void);

#endif
