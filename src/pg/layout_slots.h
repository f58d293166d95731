/*
 * layout_slots.h: layout_id()'s words in the server's shared memory, one
 * slot a layout. Shared memory is sized at start: every named layout has its
 * slot, and IDGEN_DECLARED_LAYOUT_SLOTS more are bound to declared layouts
 * by database and name, at their first layout_id() since the server started.
 *
 * A slot keeps the layout it was bound to: a declared layout changed (dropped
 * and declared again otherwise) after it handed out IDs is refused, as an
 * epoch change is. Declared layouts are a database's: two databases may
 * declare one name two ways, each with its own slot.
 * Slots live in IdgenSharedState (shared_state.h), so they start, resume
 * after the reservation and follow a promotion with it.
 */
#ifndef IDGEN_PG_LAYOUT_SLOTS_H
#define IDGEN_PG_LAYOUT_SLOTS_H

#include "access/htup_details.h"
#include "port/atomics.h"

#include "layouts.h"

#include "../core/clock_bounds.h"

#define IDGEN_DECLARED_LAYOUT_SLOTS 16
#define IDGEN_LAYOUT_SLOTS (IDGEN_NAMED_LAYOUT_COUNT + IDGEN_DECLARED_LAYOUT_SLOTS)

typedef struct IdgenLayoutSlot
{
	/* the word on a cache line of its own */
	union
	{
		idgen_generator gen;
		char		line[PG_CACHE_LINE_SIZE];
	}			word;
	/* set under the reservation lock, before bound */
	Oid			database;		/* a declared layout's; InvalidOid for a named one */
	char		name[NAMEDATALEN];
	idgen_layout_def def;
	/*
	 * The row it was bound from: its table's OID (InvalidOid once the
	 * database is dropped: dropped_databases.h) and its created. A refresh
	 * from a dump (the extension created again) or a new database that took
	 * this one's OID brings other IDs: rebound (copied_layouts.h).
	 */
	Oid			catalog;
	int64		created_us;
	/* a call ran it since the server started (claimed before it steps: slot_claim.h) */
	bool		issued;
	bool		bound;
	/*
	 * A layout of units longer than a second reserves words, not
	 * milliseconds (layout_reservations.h): the first word it has not
	 * reserved (read without the lock), and the block it reserved last.
	 */
	bool		coarse;
	pg_atomic_uint64 word_end;
	uint64		block;
	/* a copy's skip (copied_layouts.h) where it is ahead of the clock; else 0 */
	uint64		copy_skip_word;
} IdgenLayoutSlot;

typedef struct IdgenLayoutSlots
{
	int64		started_at_us;	/* Unix µs the slots started: they know what came after */
	IdgenLayoutSlot slots[IDGEN_LAYOUT_SLOTS];
} IdgenLayoutSlots;

struct IdgenSharedState;

/* shared_state.c's hooks: a fresh state, and every resume after a reservation */
extern void idgen_layout_slots_start(IdgenLayoutSlots *slots);
extern void idgen_layout_slots_resume_after(IdgenLayoutSlots *slots, int64 reserved_unix_ms);

/*
 * The layout's slot, bound now if it has none (declared layouts), and
 * claimed for this call: no rebind takes it from under the call.
 */
extern IdgenLayoutSlot *idgen_layout_slot(struct IdgenSharedState *state, IdgenLayout *layout,
										  const char *function);

/*
 * idgen_layout_drop()'s check: refuses (55000) a declared layout that may
 * have handed out IDs: one this server ran, or one it cannot vouch for (made
 * before the server started, or on another timeline).
 */
extern void idgen_layout_refuse_if_issued(const IdgenLayout *layout, const char *function);
/*
 * The check of a change by a logical replication apply (or a session in
 * replica mode), made whatever the row's created says (the publisher's
 * clock): refuses (55000) one this server ran since it started, or one
 * whose row it did not write since (fresh_layout_rows.h).
 */
extern void idgen_layout_refuse_replaced(const IdgenLayout *layout, HeapTupleHeader row,
										 const char *function);
/* Its refusal (55000), saying why */
pg_noreturn extern void idgen_layout_refuse_drop(const IdgenLayout *layout, const char *why,
												 const char *function);

/* Caller holds the lock: the database's slots rebind at its next layout_id() (dropped_databases.h) */
extern void idgen_layout_slots_forget_rows(IdgenLayoutSlots *slots, Oid database);

extern bool idgen_layout_same_def(const idgen_layout_def *a, const idgen_layout_def *b);

/* The timeline new WAL goes to */
extern int64 idgen_layout_timeline(void);

#endif
