/*
 * copied_layouts.c: where a declared layout resumes in a copy of the
 * database it was declared in (copied_layouts.h).
 */
#include "shared_state.h"

#include "miscadmin.h"
#include "utils/timestamp.h"

#include "copied_layouts.h"
#include "settings.h"
#include "../core/layout_generator.h"
#include "../core/wall_clock.h"

/*
 * How far the layout went on this server in any database that holds its
 * row (the original, and its copies, and theirs), by the records of its
 * name, shape and creation: a copy's row names the original, or, copied
 * before 0.7.0's update, itself.
 */
static uint64
family_records_word(IdgenSharedState *state, const IdgenLayout *layout, int64 created_us)
{
	const idgen_layout_reservations *t = &state->coarse.table;
	uint64		word = 0;

	for (int i = 0; i < t->count; i++)
		if (t->records[i].created_us == created_us &&
			idgen_layout_reservations_find(t, t->records[i].database, layout->name,
										   &layout->def) == i)
			word = Max(word, t->records[i].word);
	return word;
}

/*
 * As far by the slots of its name, shape and creation bound since the start
 * (a finer layout has no record), in one database (InvalidOid: any). Read
 * without the lock too: a slot bound meanwhile is at most missed, and its
 * word is read as the generators do.
 */
static uint64
family_slots_word(IdgenSharedState *state, const IdgenLayout *layout, int64 created_us,
				  Oid database)
{
	uint64		word = 0;

	for (int i = IDGEN_NAMED_LAYOUT_COUNT; i < IDGEN_LAYOUT_SLOTS; i++)
	{
		IdgenLayoutSlot *slot = &state->layouts.slots[i];
		uint64		w;

		if (!slot->bound)
			continue;
		pg_read_barrier();
		if (slot->created_us != created_us || strcmp(slot->name, layout->name) != 0 ||
			!idgen_layout_same_def(&slot->def, &layout->def) ||
			(OidIsValid(database) && slot->database != database))
			continue;
		w = idgen_generator_snapshot(&slot->word.gen).word;
		/* a copy from elsewhere still at its skip has handed out nothing here */
		if (slot->copy_skip_word == 0 || w > slot->copy_skip_word)
			word = Max(word, w);
	}
	return word;
}

uint64
idgen_copied_layout_original_word(IdgenSharedState *state, const IdgenLayout *layout,
								  int64 created_us)
{
	if (layout->origin != IDGEN_LAYOUT_ORIGIN_THIS_SERVER)
		return 0;
	return family_slots_word(state, layout, created_us, layout->origin_database);
}

/*
 * Whether this database's record of the layout is this row's: not a dropped
 * database's whose OID it took, nor one written from a table a refresh has
 * since replaced (a slot remembers that until a restart; the record, since
 * 0.7.0, for good: attack5 A4).
 */
static bool
has_own_record(IdgenSharedState *state, const IdgenLayout *layout, int64 created_us)
{
	const idgen_layout_reservations *t = &state->coarse.table;
	int			i = idgen_layout_reservations_find(t, MyDatabaseId, layout->name, &layout->def);

	return i >= 0 && t->records[i].created_us == created_us &&
		idgen_layout_reservation_made_from(&t->records[i], layout->catalog);
}

/* The units idgen.max_clock_lead spans: how far ahead of its clock an original may have gone */
static int64
lead_units(const idgen_layout_def *def)
{
	return (int64) idgen_max_clock_lead_ms / (def->unit_us / 1000);
}

uint64
idgen_copied_layout_resume_word(IdgenSharedState *state, const IdgenLayout *layout,
								bool own_record_trusted, bool *skipped, const char *function)
{
	int64		created_us = idgen_timestamptz_to_unix_us(layout->created, "created", function);
	int64		now_ms = idgen_wall_clock_ms();
	/* where the original was is not known: skipped as a promotion's old primary is */
	idgen_layout_skip unknown = {now_ms, (int64) idgen_max_clock_lead_ms};
	bool		coarse = idgen_layout_coarse(&layout->def);
	uint64		word;

	*skipped = false;
	switch (layout->origin)
	{
		case IDGEN_LAYOUT_ORIGIN_HERE:
			/*
			 * The original, or a copy made before 0.7.0's update gave it
			 * created_in. Not covered: the original refreshed from a copy
			 * (a dump of a copy on another server names the original too;
			 * or its tables alone, from a copy on this server), which may
			 * hold that copy's IDs past the original's word: nothing here
			 * tells such a row from the original's own. layout_resume_after()
			 * is the remedy (docs/layouts.md, "Copies of a database").
			 */
			word = family_slots_word(state, layout, created_us, InvalidOid);
			return coarse ? Max(word, family_records_word(state, layout, created_us)) : word;
		case IDGEN_LAYOUT_ORIGIN_THIS_SERVER:
			/* on this server: past the original and every copy, the one copied included */
			word = family_slots_word(state, layout, created_us, InvalidOid);
			if (coarse)
				word = Max(Max(word, family_records_word(state, layout, created_us)),
						   idgen_layout_resume_word(&state->coarse.table,
													layout->origin_database, layout->name,
													&layout->def, created_us));
			return word;
		case IDGEN_LAYOUT_ORIGIN_ELSEWHERE:
			/* past its other copies on this server, as one from here is */
			word = family_slots_word(state, layout, created_us, InvalidOid);
			/*
			 * Its first block here wrote this database's record; before,
			 * the original may have gone as far as its clock's unit and
			 * idgen.max_clock_lead's whole units past it. A slot bound
			 * from a row since replaced (a refresh from a newer dump)
			 * wrote that record for the rows it replaced: it skips again.
			 */
			if (coarse)
			{
				word = Max(word, family_records_word(state, layout, created_us));
				if (own_record_trusted && has_own_record(state, layout, created_us))
					return word;
				*skipped = true;
				return Max(word, idgen_layout_skipped_word(&unknown, &layout->def));
			}
			/*
			 * Finer: it keeps no record, and skipping the lead at every
			 * start would keep it that far ahead. It resumes past the
			 * clock's unit: past every ID the original issued before
			 * that unit (docs/layouts.md, "Copies of a database").
			 */
			return Max(word, idgen_layout_mark_used_up(&layout->def, now_ms));
	}
	return 0;
}

static char *
time_text(int64 unix_ms)
{
	return pstrdup(timestamptz_to_str(idgen_unix_us_to_timestamptz(unix_ms * 1000)));
}

void
idgen_copied_layout_refuse(const IdgenLayoutSlot *slot, const char *function)
{
	int64		unit_ms = slot->def.unit_us / 1000;
	int64		from_ms = idgen_layout_word_last_ms(&slot->def, slot->copy_skip_word) + 1;
	char	   *from = time_text(from_ms);
	char	   *until = time_text(from_ms - lead_units(&slot->def) * unit_ms);

	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s: layout \"%s\" was copied from another database and resumes at %s, "
					"past idgen.max_clock_lead until %s",
					function, slot->name, from, until),
			 errdetail("Its row in idgen_declared_layouts names another database (created_in), "
					   "and this server holds no record of where the layout stood here: the "
					   "original may have issued IDs up to idgen.max_clock_lead (" INT64_FORMAT
					   " ms) ahead of its clock, so the copy skips past them.",
					   (int64) idgen_max_clock_lead_ms),
			 errhint("Draw again from %s on; a layout declared in this database under "
					 "another name runs now.", until)));
}
