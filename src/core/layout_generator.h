/*
 * layout_generator.h: layout_id()'s generator, for a named or declared
 * layout, over a word the shim keeps in shared memory (C API for the shim).
 * The same step as snowflake_id()'s (generator.hpp): the clock policy, the
 * reservation and the clock lead are theirs.
 */
#ifndef IDGEN_CORE_LAYOUT_GENERATOR_H
#define IDGEN_CORE_LAYOUT_GENERATOR_H

#include <stdbool.h>
#include <stdint.h>

#include "clock_bounds.h"
#include "fault.h"
#include "layout_def.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Whether the generator can run the layout: its epoch and time unit are
 * whole milliseconds (the reservation and the clock count them).
 */
extern bool idgen_layout_generates(const idgen_layout_def *def);

/*
 * The next ID, with node in its node field. IDGEN_NODE_OUT_OF_RANGE (value:
 * node; min, max) when the node does not fit the layout.
 */
extern idgen_fault idgen_layout_next(const idgen_layout_def *def, idgen_generator *gen,
									 int32_t node, const idgen_clock_bounds *bounds,
									 int64_t *id);

/*
 * The word that puts a generator past `id` (layout_resume_after()): at its
 * unit and sequence where its node is `node`; else its unit used up (within
 * a unit, another node's IDs are only passed by moving on to the next).
 * *unit_unix_ms: the Unix ms its unit starts. IDGEN_ID_OUT_OF_RANGE (value:
 * the ID; min, max) for a negative ID where the sign bit is not time.
 */
extern idgen_fault idgen_layout_word_after(const idgen_layout_def *def, int64_t id, int32_t node,
										   uint64_t *word, int64_t *unit_unix_ms);

/* The word of a generator that has used up the unit unix_ms falls in. */
extern uint64_t idgen_layout_mark_used_up(const idgen_layout_def *def, int64_t unix_ms);

/* The same, `units` (0 or more) units later: 0 where unix_ms is before the epoch */
extern uint64_t idgen_layout_mark_used_up_after(const idgen_layout_def *def, int64_t unix_ms,
												int64_t units);

/*
 * A layout of units longer than a second reserves its words on its own
 * (layout_reservations.h): reserving a unit's start in milliseconds would
 * move every generator's reservation up to a unit ahead.
 */
extern bool idgen_layout_coarse(const idgen_layout_def *def);

/*
 * The last word of a block of `block` words from `needed` on, within its
 * unit: what a coarse layout reserves when it needs `needed`.
 */
extern uint64_t idgen_layout_reserve_through(const idgen_layout_def *def, uint64_t needed,
											 uint64_t block);

/*
 * The next block after one of `block` words (0: none yet): twice as long
 * while the unit holds (`same_unit`), so that a restart skips at most as
 * many words as the server handed out in the unit since it started, and
 * reserves once per such doubling; 1 in a new unit. At most a 64th of the
 * unit's sequence.
 */
extern uint64_t idgen_layout_next_block(const idgen_layout_def *def, uint64_t block,
										bool same_unit);

/* Whether two words lie in the same unit */
extern bool idgen_layout_same_unit(const idgen_layout_def *def, uint64_t a, uint64_t b);

/* The Unix ms of the last millisecond of the unit a word lies in */
extern int64_t idgen_layout_word_last_ms(const idgen_layout_def *def, uint64_t word);

#ifdef __cplusplus
}
#endif

#endif
