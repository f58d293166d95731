/*
 * copied_layouts.h: a declared layout in a copy of the database it was
 * declared in (CREATE DATABASE ... TEMPLATE, a dump restored here or on
 * another server). The copy holds the layout's row and the IDs it handed
 * out, but has another OID: no record of the server's says where the
 * layout stood (coarse_layouts.h), and its slot starts unbound. Its row's
 * created_in (layout_origin.c) says it is a copy, and of what.
 *
 * On this server, the records and slots of the original and of every copy
 * of it (each names the original) say how far they went, the copied IDs
 * included: the copy resumes past them all. From another server (or a
 * row that does not say), a layout of units longer than a second resumes
 * past idgen.max_clock_lead's whole units past the clock's (as far as the
 * original may have run ahead), until its first block writes this
 * database's record; a finer one, past the clock's unit, at every start.
 *
 * A refresh (the database's tables dropped, or the extension, and a newer
 * dump restored; or a new database given a dropped one's OID) brings IDs
 * past where the layout's slot stood: a slot bound from another table or
 * row (layout_slots.h) is rebound, never lowered, past all the above again,
 * its own record not trusted; after a restart, a record written from
 * another table (its catalog: layout_reservations.h) is not trusted either.
 * The original refreshed from a copy is not told from its own rows:
 * layout_resume_after() (layout_resume_after.c) is the remedy.
 */
#ifndef IDGEN_PG_COPIED_LAYOUTS_H
#define IDGEN_PG_COPIED_LAYOUTS_H

#include "layouts.h"

struct IdgenSharedState;
struct IdgenLayoutSlot;

/*
 * Caller holds the lock, binding the layout: the word it resumes past, at
 * least (0: declared here); *skipped where that word lies ahead of the
 * clock by the lead, for want of a record. own_record_trusted: false where
 * a slot of the layout was bound from a row since replaced (a refresh from
 * a newer dump): this database's record is that row's, not this one's.
 */
extern uint64 idgen_copied_layout_resume_word(struct IdgenSharedState *state,
											  const IdgenLayout *layout,
											  bool own_record_trusted, bool *skipped,
											  const char *function);

/*
 * Where the original's slot stands, for a copy on the same server (else 0).
 * Each statement's first call raises the copy's slot there (layout_slots.c):
 * a copy whose tables alone were refreshed from a newer dump of the
 * original (its row the same) holds the original's newer IDs. Copies do not
 * follow one another, nor the original its copies: each would move the
 * other a block on at every statement.
 */
extern uint64 idgen_copied_layout_original_word(struct IdgenSharedState *state,
												const IdgenLayout *layout, int64 created_us);

/* layout_id()'s refusal (55000) while the skip is past idgen.max_clock_lead */
pg_noreturn extern void idgen_copied_layout_refuse(const struct IdgenLayoutSlot *slot,
												   const char *function);

#endif
