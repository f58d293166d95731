/*
 * layout_reservations.h: how far each declared layout of units longer than a
 * second may have gone in its unit, reserved apart from the millisecond
 * reservation, and the text of its file (C API for the shim).
 *
 * Such a layout reserves words (unit and sequence), a block at a time, so
 * after a restart it resumes in the same unit past the block, rather than in
 * the unit after the millisecond reservation's: that unit's start lies up to
 * a unit (a day) ahead, and reserving it moved every generator's
 * reservation there. The table is server-wide, keyed by database, name and
 * layout, and outlives the layouts' slots (layout_slots.h): a layout that
 * ran before the last restarts finds its record whenever it runs again.
 *
 * A layout without a record resumes from the floor: past the unit the
 * floor's millisecond falls in, unless it was declared after the floor
 * (then it has handed out nothing without a record). The floor rises to
 * cover a record dropped for room, a promotion's margin, and what an older
 * release may have handed out (no file yet).
 *
 * A promotion adds a skip the floor cannot express: the old primary may have
 * run any layout up to idgen.max_clock_lead ahead of its clock during the
 * lag, in units the standby never heard of, whether it had a record or not.
 * So a layout declared at or before the promotion's time resumes past the
 * unit of that time plus as many whole units as the lead holds (the
 * sequencer's own bound: it moves to a unit only while that unit starts
 * within the lead).
 */
#ifndef IDGEN_CORE_LAYOUT_RESERVATIONS_H
#define IDGEN_CORE_LAYOUT_RESERVATIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout_def.h"

#ifdef __cplusplus
extern "C" {
#endif

#define IDGEN_LAYOUT_RESERVATION_COUNT 64
#define IDGEN_LAYOUT_RESERVATION_NAME 64	/* PostgreSQL's NAMEDATALEN */

/* Also the WAL record's: fixed layout, no padding. */
typedef struct idgen_layout_reservation
{
	uint64_t	word;			/* the last word it may hand out */
	int64_t		created_us;		/* the declared layout's creation, Unix µs */
	int64_t		epoch_us;		/* the layout (idgen_layout_def) */
	int64_t		unit_us;
	int32_t		time_bits;
	int32_t		node_bits;
	int32_t		seq_bits;
	uint32_t	database;		/* the database's OID */
	uint8_t		seq_above_node;
	uint8_t		time_in_sign_bit;
	char		name[IDGEN_LAYOUT_RESERVATION_NAME];	/* NUL-terminated */
	uint8_t		zero[2];
	/*
	 * The OID of the idgen_declared_layouts table the layout's row was read
	 * from when the record was written: a database refreshed from a dump,
	 * or a new one in a dropped one's OID, holds another table, and the
	 * record is not its layout's own. 0: not known (a file or WAL record of
	 * a release before this field: the spare bytes were zero).
	 */
	uint32_t	catalog;
} idgen_layout_reservation;

/*
 * The last skip of what this server cannot know: a promotion's, or a start
 * without the file. unix_ms: no later than the promotion (or the start), and
 * no earlier than the old primary's end by its clock; lead_ms: how far ahead
 * of its clock the old primary's layouts may have run (this server's
 * idgen.max_clock_lead then). Both 0: no skip. Every layout skips, whenever
 * declared: one of its name and shape may have run before (declared in a
 * promotion's lag, on a timeline now gone; or before DROP EXTENSION, which
 * no check of idgen_layout_drop stops), and nothing remembers it but this.
 */
typedef struct idgen_layout_skip
{
	int64_t		unix_ms;
	int64_t		lead_ms;
} idgen_layout_skip;

typedef struct idgen_layout_reservations
{
	int64_t		floor_unix_ms;	/* a layout without a record resumes past its unit */
	/* the last skip ("promoted=" in the file): raised, never lowered, each field on its own */
	idgen_layout_skip promoted;
	int32_t		count;
	uint32_t	zero;
	idgen_layout_reservation records[IDGEN_LAYOUT_RESERVATION_COUNT];
} idgen_layout_reservations;

/* A record of a layout: zeroed, then filled */
extern idgen_layout_reservation idgen_layout_reservation_of(uint32_t database, const char *name,
															const idgen_layout_def *def,
															int64_t created_us, uint64_t word);

/*
 * Whether a record is the layout's own as read from the table `catalog`:
 * written from that table, or from one not known (catalog 0).
 */
extern bool idgen_layout_reservation_made_from(const idgen_layout_reservation *r,
											   uint32_t catalog);

/* The index of the layout's record, or -1 */
extern int	idgen_layout_reservations_find(const idgen_layout_reservations *t, uint32_t database,
										   const char *name, const idgen_layout_def *def);

/*
 * Where a layout resumes: the last word its record reserved; without one,
 * nothing (0) if it was declared after the floor, else the floor's unit
 * used up; and past the units the last skip covers
 * (idgen_layout_skipped_word), and past every ID of the records of its name
 * in the database with another shape (a declaration rolled back or
 * replaced by hand).
 */
extern uint64_t idgen_layout_resume_word(const idgen_layout_reservations *t, uint32_t database,
										 const char *name, const idgen_layout_def *def,
										 int64_t created_us);

/*
 * The word every layout resumes past for the skip p (whenever declared):
 * the unit of p->unix_ms plus p->lead_ms / unit whole units, used up; 0
 * for no skip.
 */
extern uint64_t idgen_layout_skipped_word(const idgen_layout_skip *p,
										   const idgen_layout_def *def);

/*
 * Puts r's word in its record, never lowering it, and r's catalog where
 * known (the table the layout is bound from now). A full table drops the
 * record whose unit ended first, if that was before now_ms, raising the
 * floor over it; else returns false and changes nothing.
 */
extern bool idgen_layout_reservations_put(idgen_layout_reservations *t,
										  const idgen_layout_reservation *r, int64_t now_ms);

/* Raises the floor, dropping the records it covers (they resume as far without) */
extern void idgen_layout_reservations_raise_floor(idgen_layout_reservations *t,
												  int64_t floor_unix_ms);

/*
 * A promotion: the old primary may have gone on in the unit of each record
 * received, past the WAL sent, and into later units up to its lead: each
 * record's word moves to its unit used up, the promotion's skip is kept
 * (raised, never lowered), and the floor rises to p->unix_ms.
 */
extern void idgen_layout_reservations_promote(idgen_layout_reservations *t,
											  const idgen_layout_skip *p);

/*
 * WAL replay: the floor, the promotion's skip and the record a primary wrote
 * (name "": none), over what this server holds, which may be newer (its
 * file): nothing moves down.
 */
extern void idgen_layout_reservations_merge(idgen_layout_reservations *t, int64_t floor_unix_ms,
											const idgen_layout_skip *promoted,
											const idgen_layout_reservation *r);

#define IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX 32768

/* The file's text, NUL-terminated in out; its length */
extern size_t idgen_layout_reservations_to_text(const idgen_layout_reservations *t,
												char out[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX]);

typedef enum idgen_layout_reservations_state
{
	IDGEN_LAYOUT_RESERVATIONS_OK,
	IDGEN_LAYOUT_RESERVATIONS_MISSING,	/* empty, or zeros */
	IDGEN_LAYOUT_RESERVATIONS_DAMAGED,	/* anything but a whole text this code writes */
	IDGEN_LAYOUT_RESERVATIONS_LATER /* a later release's format */
} idgen_layout_reservations_state;

extern idgen_layout_reservations_state idgen_layout_reservations_from_text(const char *text,
																		   size_t len,
																		   idgen_layout_reservations *t);

#ifdef __cplusplus
}
#endif

#endif
