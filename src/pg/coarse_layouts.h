/*
 * coarse_layouts.h: the word reservations of layouts of units longer than a
 * second (core/layout_reservations.h) in the server: their table in shared
 * memory, its file idgen.layout_reservations, its WAL record, and the
 * reservation a coarse slot makes when its block runs out.
 *
 * Like the millisecond reservation: in the file (fsynced, written aside and
 * renamed, so a crash leaves the old text or the new), then in WAL, then in
 * force, so no ID past a block is handed out before the block is durable
 * and a standby holds the table its primary had. The millisecond
 * reservation, which every other generator resumes past, never moves for
 * them.
 */
#ifndef IDGEN_PG_COARSE_LAYOUTS_H
#define IDGEN_PG_COARSE_LAYOUTS_H

#include "reservation.h"

#include "../core/layout_reservations.h"

#define IDGEN_LAYOUT_RESERVATIONS_FILE "idgen.layout_reservations"

typedef struct IdgenCoarseLayouts
{
	idgen_layout_reservations table;	/* under the reservation lock */
	IdgenFileState file_state;	/* OK, or DAMAGED until idgen_reservation_init() */
	char		problem[160];
	bool		replay_file_behind; /* WAL replay could not write the file */
	bool		without_file;	/* none at start (nor written since): no record is known */
} IdgenCoarseLayouts;

/*
 * The WAL record: the floor, the last promotion's skip (a cascading standby
 * and a crash after the promotion keep it) and one record (name "": none)
 */
typedef struct IdgenCoarseLayoutsRecord
{
	int64		floor_unix_ms;
	idgen_layout_skip promoted;
	idgen_layout_reservation record;
} IdgenCoarseLayoutsRecord;

struct IdgenSharedState;
struct IdgenLayoutSlot;
struct IdgenLayout;

/*
 * At start: the file's table. Without a file, an older release (or none) ran
 * here: a layout declared before now may have handed out IDs up to its
 * unit then, or up to idgen.max_clock_lead ahead, which the floor covers.
 */
extern void idgen_coarse_layouts_start(struct IdgenSharedState *state, bool mark_known);

/* Caller holds the lock: where a coarse layout being bound resumes */
extern uint64 idgen_coarse_layouts_resume_word(struct IdgenSharedState *state,
											   const struct IdgenLayout *layout,
											   const char *function);

/*
 * Reserves a block from `needed` on for a coarse slot (durable when it
 * returns), unless another backend reserved past it meanwhile; refuses
 * where what the layout handed out before is not known.
 */
extern void idgen_coarse_layouts_reserve(struct IdgenSharedState *state,
										 struct IdgenLayoutSlot *slot,
										 const struct IdgenLayout *layout, uint64 needed,
										 const char *function);

/*
 * Caller holds the lock: a promotion's skip (layout_reservations.h), the unit
 * of every record received counted used up, made durable; every bound coarse
 * slot moved past both.
 */
extern void idgen_coarse_layouts_promote(struct IdgenSharedState *state,
										 const idgen_layout_skip *promoted);

/*
 * A coarse slot's refusal to run past idgen.max_clock_lead (fault, an
 * IDGEN_CLOCK_LEAD_EXCEEDED) where the table's skip (a promotion's, a start
 * without the file) put it there: said as such. Returns otherwise.
 */
extern void idgen_coarse_layouts_refuse_if_skipped(struct IdgenSharedState *state,
												   struct IdgenLayoutSlot *slot,
												   idgen_fault fault, const char *function);

/*
 * Caller holds the lock. idgen_reservation_init()'s word that the clock is
 * past every ID: a table that is damaged, or that there was none of at
 * start, starts again with its floor there; an intact one is kept.
 */
extern void idgen_coarse_layouts_init(struct IdgenSharedState *state, int64 now_unix_ms);

/* WAL replay of a record; never raises */
extern void idgen_coarse_layouts_replay(const IdgenCoarseLayoutsRecord *r);
/* End of recovery: the file written if replay could not */
extern void idgen_coarse_layouts_replay_done(void);

#endif
