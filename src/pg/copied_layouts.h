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
 */
#ifndef IDGEN_PG_COPIED_LAYOUTS_H
#define IDGEN_PG_COPIED_LAYOUTS_H

#include "layouts.h"

struct IdgenSharedState;
struct IdgenLayoutSlot;

/*
 * Caller holds the lock, binding the layout: the word it resumes past, at
 * least (0: declared here); *skipped where that word lies ahead of the
 * clock by the lead, for want of a record.
 */
extern uint64 idgen_copied_layout_resume_word(struct IdgenSharedState *state,
											  const IdgenLayout *layout, bool *skipped,
											  const char *function);

/* layout_id()'s refusal (55000) while the skip is past idgen.max_clock_lead */
pg_noreturn extern void idgen_copied_layout_refuse(const struct IdgenLayoutSlot *slot,
												   const char *function);

#endif
