/*
 * layout_generator.c: layout_id(layout), the shared generator of a named or
 * declared layout: its slot's word (layout_slots.c), or its family's where it
 * is one of idgen's, advanced by the core's step within the reservation, as
 * snowflake_id() is (shared_run.c), with idgen.node_id in the node field.
 */
#include "shared_state.h"

#include "copied_layouts.h"
#include "layout_run.h"
#include "layout_slots.h"
#include "reservation_wal.h"
#include "settings.h"

#include "../core/layout_generator.h"

PG_FUNCTION_INFO_V1(sql_layout_id);

typedef struct LayoutStep
{
	const IdgenLayout *layout;
	idgen_generator *gen;
	IdgenLayoutSlot *coarse;	/* its slot, where it reserves words; else NULL */
	int64_t		id;
} LayoutStep;

/*
 * A coarse layout runs within the words its slot reserved, whatever the
 * millisecond reservation says, and reserves the next block itself.
 */
static idgen_fault
layout_step(IdgenSharedState *state, const idgen_clock_bounds *bounds, void *arg)
{
	LayoutStep *step = (LayoutStep *) arg;
	idgen_clock_bounds words = *bounds;

	for (;;)
	{
		idgen_fault fault;

		if (step->coarse != NULL)
			words.reserved_word_end = Max(pg_atomic_read_u64(&step->coarse->word_end), 1);
		fault = idgen_layout_next(&step->layout->def, step->gen, idgen_node(), &words, &step->id);
		if (step->coarse == NULL)
			return fault;
		if (fault.code == IDGEN_CLOCK_LEAD_EXCEEDED)
		{
			/* ahead because of a skip: its own refusal says which and until when */
			if (step->coarse->copy_skip_word != 0 &&
				idgen_generator_snapshot(step->gen).word <= step->coarse->copy_skip_word)
				idgen_copied_layout_refuse(step->coarse, "layout_id()");
			idgen_coarse_layouts_refuse_if_skipped(state, step->coarse, fault, "layout_id()");
		}
		if (fault.code != IDGEN_RESERVATION_NEEDED)
			return fault;
		idgen_coarse_layouts_reserve(state, step->coarse, step->layout, (uint64) fault.min,
									 "layout_id()");
	}
}

/*
 * A named layout that is one of idgen's families, counted from the epoch
 * that family's generator counts from, runs that generator's word (and its
 * binding): layout_id('tsid') and tsid() never hand out the same ID. Else
 * NULL: the layout's own slot.
 */
idgen_generator *
idgen_layout_family_word(IdgenSharedState *state, const IdgenLayout *layout,
						 IdgenSharedGenerator *generator)
{
	const idgen_named_layout *named = layout->named_index >= 0 ?
		idgen_named_layout_at(layout->named_index) : NULL;
	int64		epoch_ms = layout->def.epoch_us / 1000;

	switch (named != NULL ? named->family : -1)
	{
		case IDGEN_FAMILY_TSID:
			*generator = IDGEN_SHARED_TSID;
			return idgen_state_node_generator(state, IDGEN_NODE_TSID);
		case IDGEN_FAMILY_SONYFLAKE:
			*generator = IDGEN_SHARED_SONYFLAKE;
			return idgen_state_node_generator(state, IDGEN_NODE_SONYFLAKE);
		case IDGEN_FAMILY_SNOWFLAKE:
			if (idgen_snowflake_epoch_ms != epoch_ms)
				return NULL;
			*generator = IDGEN_SHARED_SNOWFLAKE;
			return idgen_state_snowflake(state);
		case IDGEN_FAMILY_SHARD_ID:
			if (idgen_shard_epoch_ms != epoch_ms)
				return NULL;
			*generator = IDGEN_SHARED_SHARD_ID;	/* the node is the shard */
			return &idgen_state_shards(state)[idgen_node()];
		default:
			return NULL;
	}
}

void
idgen_layout_check_runnable(IdgenSharedState *state, const IdgenLayout *layout, const char *function)
{
	int64		max_node = (INT64CONST(1) << layout->def.node_bits) - 1;

	if (!idgen_layout_generates(&layout->def))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s: layout \"%s\" counts time in units of " INT64_FORMAT
						" microseconds", function, layout->name, layout->def.unit_us),
				 errdetail("The generator counts whole milliseconds from an epoch of whole "
						   "milliseconds; layout_decode() and layout_id_from_time() read "
						   "every layout.")));
	/* a promotion without the reservation in WAL: the other generators wait for an operator */
	if (!idgen_reservation_in_wal() || state->bound.pending != 0)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s needs the shared generators' reservation in WAL", function),
				 errdetail("%s", state->bound.pending != 0 ?
						   "This server was promoted without it; the shared generators wait "
						   "for an operator to move them on." :
						   "Only there does a promoted standby know the last IDs its "
						   "primary handed out."),
				 errhint("%s", state->bound.pending != 0 ?
						 "Run SELECT idgen_reservation_init(); once the system clock is past "
						 "every ID the old primary issued." :
						 "Add idgen to shared_preload_libraries (PostgreSQL 15 or later) and "
						 "restart the server.")));
	idgen_resolve_node_id(function);
	if (idgen_node() == IDGEN_NODE_ID_UNSET)
		idgen_refuse_unset_node_id(function, "layout IDs");
	if (idgen_node() > max_node)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg(idgen_node_id != IDGEN_NODE_ID_UNSET ?
						"%s: idgen.node_id = %d does not fit layout \"%s\"" :
						"%s: node id %d (the Citus group id) does not fit layout \"%s\"",
						function, idgen_node(), layout->name),
				 errdetail("Its node field holds 0 to " INT64_FORMAT " (%d bits).", max_node,
						   layout->def.node_bits),
				 errhint("Use a layout with more node bits, or give this server a node id "
						 "the layout holds.")));
}

/* layout_id(layout): unique and increasing across the whole server (a declared one: in its database) */
Datum
sql_layout_id(PG_FUNCTION_ARGS)
{
	const char *function = "layout_id()";
	IdgenLayout *layout = (IdgenLayout *) idgen_find_layout(fcinfo, PG_GETARG_TEXT_PP(0),
															function);
	IdgenSharedState *state = idgen_attached_state(function);
	LayoutStep	step;
	IdgenSharedGenerator generator = IDGEN_SHARED_LAYOUT;

	idgen_layout_check_runnable(state, layout, function);
	step.layout = layout;
	step.gen = idgen_layout_family_word(state, layout, &generator);
	step.coarse = NULL;
	if (step.gen == NULL)
	{
		IdgenLayoutSlot *slot = idgen_layout_slot(state, layout, function);

		step.gen = &slot->word.gen;
		step.coarse = slot->coarse ? slot : NULL;
	}
	step.id = 0;
	idgen_run_shared(generator, function, layout_step, &step);
	PG_RETURN_INT64(step.id);
}
