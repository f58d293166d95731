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

/* The word of a generator that has used up the unit unix_ms falls in. */
extern uint64_t idgen_layout_mark_used_up(const idgen_layout_def *def, int64_t unix_ms);

#ifdef __cplusplus
}
#endif

#endif
