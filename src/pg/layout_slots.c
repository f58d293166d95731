/*
 * layout_slots.c: layout_id()'s words in shared memory (layout_slots.h):
 * started with the shared state, raised past every reservation the shared
 * generators resume after, bound to declared layouts by database and name,
 * claimed by each call before it steps, and what idgen_layout_drop() asks
 * before it drops one.
 */
#include "shared_state.h"

#include "access/xlog.h"
#include "miscadmin.h"
#include "utils/timestamp.h"

#include "coarse_layouts.h"
#include "copied_layouts.h"
#include "../core/layout_generator.h"
#include "../core/slot_claim.h"

int64
idgen_layout_timeline(void)
{
#if PG_VERSION_NUM >= 150000
	return RecoveryInProgress() ? 0 : (int64) GetWALInsertionTimeLine();
#else
	return RecoveryInProgress() ? 0 : (int64) ThisTimeLineID;
#endif
}

/*
 * Its claim stays as it is: unset where the slot is new or was unbound
 * unclaimed, or set by a call that found it unbound meanwhile (slot_claim.h).
 */
static void
bind_slot(IdgenLayoutSlot *slot, Oid database, const char *name, const idgen_layout_def *def)
{
	slot->database = database;
	snprintf(slot->name, NAMEDATALEN, "%s", name);
	slot->def = *def;
	/* a backend that sees it bound (read without the lock) sees the rest */
	pg_write_barrier();
	slot->bound = true;
}

void
idgen_layout_slots_start(IdgenLayoutSlots *slots)
{
	slots->started_at_us = idgen_timestamptz_to_unix_us(GetCurrentTimestamp(), "now",
														 "idgen_layout_slots_start");
	for (int i = 0; i < IDGEN_LAYOUT_SLOTS; i++)
		pg_atomic_init_u64(&slots->slots[i].word_end, 0);
	for (int i = 0; i < IDGEN_NAMED_LAYOUT_COUNT; i++)
		bind_slot(&slots->slots[i], InvalidOid, idgen_named_layout_at(i)->name,
				  &idgen_named_layout_at(i)->def);
}

void
idgen_layout_slots_resume_after(IdgenLayoutSlots *slots, int64 reserved_unix_ms)
{
	for (int i = 0; i < IDGEN_LAYOUT_SLOTS; i++)
	{
		IdgenLayoutSlot *slot = &slots->slots[i];

		/* a coarse one resumes past its own reservation */
		if (slot->bound && !slot->coarse && idgen_layout_generates(&slot->def))
			idgen_generator_raise(&slot->word.gen,
								  idgen_layout_mark_used_up(&slot->def, reserved_unix_ms));
	}
}

void
idgen_layout_slots_forget_rows(IdgenLayoutSlots *slots, Oid database)
{
	for (int i = IDGEN_NAMED_LAYOUT_COUNT; i < IDGEN_LAYOUT_SLOTS; i++)
		if (slots->slots[i].bound && slots->slots[i].database == database)
			slots->slots[i].catalog = InvalidOid;
}

bool
idgen_layout_same_def(const idgen_layout_def *a, const idgen_layout_def *b)
{
	return a->epoch_us == b->epoch_us && a->unit_us == b->unit_us &&
		a->time_bits == b->time_bits && a->node_bits == b->node_bits &&
		a->seq_bits == b->seq_bits && a->seq_above_node == b->seq_above_node &&
		a->time_in_sign_bit == b->time_in_sign_bit;
}

/* This database's layout of that name */
static IdgenLayoutSlot *
find_declared(IdgenLayoutSlots *slots, const char *name)
{
	for (int i = IDGEN_NAMED_LAYOUT_COUNT; i < IDGEN_LAYOUT_SLOTS; i++)
	{
		IdgenLayoutSlot *slot = &slots->slots[i];

		if (slot->bound)
		{
			pg_read_barrier();
			if (slot->database == MyDatabaseId && strcmp(slot->name, name) == 0)
				return slot;
		}
	}
	return NULL;
}

/* Whether the slot is bound to the layout (read without the lock: bound first) */
static bool
slot_holds(IdgenLayoutSlot *slot, const IdgenLayout *layout)
{
	if (!idgen_slot_bound(&slot->bound))
		return false;
	pg_read_barrier();
	return idgen_layout_same_def(&slot->def, &layout->def) &&
		(layout->named_index >= 0 ||
		 (slot->database == MyDatabaseId && strcmp(slot->name, layout->name) == 0));
}

pg_noreturn static void
refuse_changed(const IdgenLayout *layout, const char *function)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: layout \"%s\" changed after it handed out IDs", function,
					layout->name),
			 errdetail("It was dropped and declared again with another epoch, time unit or "
					   "widths since this server started; counted by the new one, new IDs "
					   "could repeat or fall below those already issued."),
			 errhint("Declare it again as it was, or declare the new one under another "
					 "name.")));
}

/* Whether the slot was bound from this row of this database's table (not one a refresh replaced) */
static bool
bound_from_row(const IdgenLayoutSlot *slot, const IdgenLayout *layout, int64 created_us)
{
	return slot->catalog == layout->catalog && slot->created_us == created_us;
}

/*
 * Binds a declared layout to a free slot under the lock, its word past the
 * last reservation of the server before this one: unbound since the start,
 * it handed out nothing since. (Past the reservation in force, each layout
 * bound would move it a step further: 0.6.0.) A slot of the layout bound
 * from a row since replaced (the database refreshed from a dump, or a new
 * database in a dropped one's OID) is rebound: its word raised, never
 * lowered, as far as a new one's, and its own record not trusted.
 */
static IdgenLayoutSlot *
bind_declared(IdgenSharedState *state, const IdgenLayout *layout, const char *function)
{
	IdgenLayoutSlots *slots = &state->layouts;
	IdgenLayoutSlot *slot;
	int64		created_us = idgen_timestamptz_to_unix_us(layout->created, "created", function);
	uint64		copy_word;
	bool		skipped;
	bool		rebound = false;

	LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
	slot = find_declared(slots, layout->name);
	if (slot != NULL && !idgen_layout_same_def(&slot->def, &layout->def))
	{
		/* bound, but never run, nor run now: taken by the new one */
		if (!idgen_slot_unbind_unclaimed(&slot->bound, &slot->issued))
		{
			LWLockRelease(idgen_state_lock());
			refuse_changed(layout, function);
		}
	}
	else if (slot != NULL && bound_from_row(slot, layout, created_us))
	{
		LWLockRelease(idgen_state_lock());
		return slot;
	}
	else if (slot != NULL)
		rebound = true;
	for (int i = IDGEN_NAMED_LAYOUT_COUNT; slot == NULL && i < IDGEN_LAYOUT_SLOTS; i++)
		if (!slots->slots[i].bound)
			slot = &slots->slots[i];
	if (slot == NULL)
	{
		LWLockRelease(idgen_state_lock());
		ereport(ERROR,
				(errcode(ERRCODE_CONFIGURATION_LIMIT_EXCEEDED),
				 errmsg("%s: all %d declared-layout slots are bound", function,
						IDGEN_DECLARED_LAYOUT_SLOTS),
				 errdetail("Shared memory is sized at start: %d declared layouts can "
						   "generate between two restarts.", IDGEN_DECLARED_LAYOUT_SLOTS),
				 errhint("Restart the server to free the slots of layouts no longer used.")));
	}
	if (!rebound)
	{
		/* free, or bound to an earlier form that handed out nothing: no one counts on it */
		slot->word.gen.word = 0;
		idgen_generator_reset_counters(&slot->word.gen);
		slot->coarse = idgen_layout_coarse(&layout->def);
		slot->block = 0;
		pg_atomic_write_u64(&slot->word_end, 1);	/* a coarse one: nothing reserved yet */
	}
	copy_word = idgen_copied_layout_resume_word(state, layout, !rebound, &skipped, function);
	/* a rebound one at or past the skip already handed out what lies below it */
	slot->copy_skip_word = skipped && idgen_generator_snapshot(&slot->word.gen).word < copy_word ?
		copy_word : 0;
	idgen_generator_raise(&slot->word.gen, copy_word);
	if (slot->coarse)
		idgen_generator_raise(&slot->word.gen,
							  idgen_coarse_layouts_resume_word(state, layout, function));
	else
		idgen_generator_raise(&slot->word.gen,
							  idgen_layout_mark_used_up(&layout->def,
														idgen_state_resumed_after_unix_ms(state)));
	slot->catalog = layout->catalog;
	slot->created_us = created_us;
	if (!rebound)
		bind_slot(slot, MyDatabaseId, layout->name, &layout->def);
	LWLockRelease(idgen_state_lock());
	return slot;
}

/*
 * A named layout's slot is bound for good. A declared one's is claimed, then
 * checked: one rebound since it was found (dropped and declared again, in
 * another session) is looked up again.
 */
IdgenLayoutSlot *
idgen_layout_slot(IdgenSharedState *state, IdgenLayout *layout, const char *function)
{
	IdgenLayoutSlot *slot = layout->slot;

	if (layout->named_index >= 0)
		return layout->slot = &state->layouts.slots[layout->named_index];
	for (;;)
	{
		int64		created_us = 0;

		if (slot == NULL)
		{
			/* once a statement: the row is read again at each (layout_catalog.c) */
			created_us = idgen_timestamptz_to_unix_us(layout->created, "created", function);
			slot = find_declared(&state->layouts, layout->name);
			if (slot == NULL || !idgen_layout_same_def(&slot->def, &layout->def) ||
				!bound_from_row(slot, layout, created_us))
				slot = bind_declared(state, layout, function);
		}
		idgen_slot_claim(&slot->issued);
		if (likely(slot_holds(slot, layout)))
		{
			/* a copy's tables may hold the original's IDs since (a refresh of the data alone) */
			if (unlikely(layout->slot == NULL) && layout->origin == IDGEN_LAYOUT_ORIGIN_THIS_SERVER)
				idgen_generator_raise(&slot->word.gen,
									  idgen_copied_layout_original_word(state, layout, created_us));
			return layout->slot = slot;
		}
		slot = NULL;
	}
}

pg_noreturn static void
refuse_drop(const IdgenLayout *layout, const char *why, const char *hint, const char *function)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: layout \"%s\" may have handed out IDs", function, layout->name),
			 errdetail("%s Declared again with another epoch, time unit or widths, it "
					   "could repeat them.", why),
			 errhint("%s", hint)));
}

#define DROP_HINT "Keep it, and declare a new layout under another name."
#define REPLICATED_HINT "Where layout_id() never ran it here, a superuser's DELETE of the row " \
	"here, outside the apply, lets the apply go on; else skip the transaction (ALTER " \
	"SUBSCRIPTION ... SKIP) and declare layouts on each server."

pg_noreturn void
idgen_layout_refuse_drop(const IdgenLayout *layout, const char *why, const char *function)
{
	refuse_drop(layout, why, DROP_HINT, function);
}

/* Refuses where layout_id() ran the layout since the server started; the state */
static IdgenSharedState *
refuse_if_run(const IdgenLayout *layout, const char *hint, const char *function)
{
	/* without the shared state, what layout_id() did is not known: the preload's refusal */
	IdgenSharedState *state = idgen_attached_state(function);
	IdgenLayoutSlot *slot;

	LWLockAcquire(idgen_state_lock(), LW_SHARED);
	slot = find_declared(&state->layouts, layout->name);
	if (slot != NULL && slot->issued)
	{
		LWLockRelease(idgen_state_lock());
		refuse_drop(layout, "layout_id() ran it since the server started.", hint, function);
	}
	LWLockRelease(idgen_state_lock());
	return state;
}

void
idgen_layout_refuse_if_issued(const IdgenLayout *layout, const char *function)
{
	IdgenSharedState *state = refuse_if_run(layout, DROP_HINT, function);
	int64		created_us = idgen_timestamptz_to_unix_us(layout->created, "created", function);

	if (created_us < state->layouts.started_at_us)
		idgen_layout_refuse_drop(layout, "It was declared before the server last started, and "
								 "what layout_id() did before then is not known.", function);
	if (layout->created_timeline != idgen_layout_timeline())
		idgen_layout_refuse_drop(layout, "It was declared on another timeline (before a "
								 "promotion or a recovery), where layout_id() may have run it.",
								 function);
}

void
idgen_layout_refuse_replaced(const IdgenLayout *layout, HeapTupleHeader row, const char *function)
{
	IdgenSharedState *state = refuse_if_run(layout, REPLICATED_HINT, function);

	if (!idgen_fresh_layout_row(state, row, layout->name))
		refuse_drop(layout, "Its row came here before the server last started (or by a way "
					"this server keeps no count of), and what layout_id() did before then is "
					"not known.", REPLICATED_HINT, function);
}
