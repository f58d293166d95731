/*
 * layout_run.h: what layout_id() (layout_generator.c) and
 * layout_resume_after() (layout_resume_after.c) share: the checks before a
 * layout runs, and the word a named layout of one of idgen's families runs.
 */
#ifndef IDGEN_PG_LAYOUT_RUN_H
#define IDGEN_PG_LAYOUT_RUN_H

#include "shared_state.h"

/* What a layout needs before it runs; each refusal says why */
extern void idgen_layout_check_runnable(IdgenSharedState *state, const IdgenLayout *layout,
										const char *function);

/* That family's generator word (and *generator), or NULL: the layout's own slot */
extern idgen_generator *idgen_layout_family_word(IdgenSharedState *state,
												 const IdgenLayout *layout,
												 IdgenSharedGenerator *generator);

#endif
