/*
 * layout_resume_after.c: layout_resume_after(layout, id): a layout's
 * generator goes on after an ID it did not hand out itself, as
 * snowflake_resume_after() does for snowflake_id(). A declared layout's
 * word is its database's: the original refreshed from a copy of its
 * database holds the copy's IDs, and nothing tells its row from the
 * original's own (docs/layouts.md, "Copies of a database").
 *
 * Durable before it is in force, as layout_id() is: a layout of units of a
 * second or less resumes past the millisecond reservation, moved over the
 * ID's unit first; a coarser one past its record, reserved (file, then
 * WAL) through the ID's word first, the millisecond reservation untouched.
 */
#include "shared_state.h"

#include "coarse_layouts.h"
#include "layout_run.h"
#include "layout_slots.h"
#include "settings.h"

#include "../core/layout_generator.h"

PG_FUNCTION_INFO_V1(sql_layout_resume_after);

typedef struct LayoutResume
{
	IdgenLayout *layout;
	uint64		word;			/* the mark that puts the generator past the ID */
	const char *function;
} LayoutResume;

static void
raise_layout(IdgenSharedState *state, void *arg)
{
	LayoutResume *r = (LayoutResume *) arg;
	IdgenSharedGenerator generator;
	idgen_generator *gen = idgen_layout_family_word(state, r->layout, &generator);

	if (gen == NULL)
	{
		IdgenLayoutSlot *slot = idgen_layout_slot(state, r->layout, r->function);

		gen = &slot->word.gen;
		/*
		 * Already past it (a copy's skip included): no record is written,
		 * or one below the skip would be trusted after a restart
		 */
		if (idgen_generator_snapshot(gen).word >= r->word)
			return;
		if (slot->coarse)
			idgen_coarse_layouts_reserve(state, slot, r->layout, r->word, r->function);
	}
	idgen_generator_raise(gen, r->word);
}

/* layout_resume_after(layout, id): layout_id(layout) goes on after that ID */
Datum
sql_layout_resume_after(PG_FUNCTION_ARGS)
{
	const char *function = "layout_resume_after";
	IdgenLayout *layout = (IdgenLayout *) idgen_find_layout(fcinfo, PG_GETARG_TEXT_PP(0),
															function);
	int64		id = PG_GETARG_INT64(1);
	IdgenSharedState *state = idgen_attached_state(function);
	IdgenSharedGenerator generator = IDGEN_SHARED_LAYOUT;
	LayoutResume r = {layout, 0, function};
	int64		unit_unix_ms;

	idgen_layout_check_runnable(state, layout, function);
	if (idgen_layout_word_after(&layout->def, id, idgen_node(), &r.word,
								&unit_unix_ms).code != IDGEN_OK)
		idgen_layout_refuse_id(layout, id);
	if (idgen_layout_family_word(state, layout, &generator) == NULL && idgen_layout_coarse(&layout->def))
		idgen_resume_shared_words(generator, function, unit_unix_ms, raise_layout, &r);
	else
		idgen_resume_shared(generator, function, unit_unix_ms, raise_layout, &r);
	PG_RETURN_VOID();
}
