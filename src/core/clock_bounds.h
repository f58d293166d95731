/*
 * clock_bounds.h: how far the shared generators may go.
 */
#ifndef IDGEN_CORE_CLOCK_BOUNDS_H
#define IDGEN_CORE_CLOCK_BOUNDS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct idgen_clock_bounds
{
	/* how far a generator's millisecond may lead the wall clock */
	int64_t		max_lead_ms;

	/*
	 * The last Unix ms the server has reserved on disk. No ID carries a later
	 * millisecond until the reservation moves past it (the generator returns
	 * IDGEN_RESERVATION_NEEDED), so after a crash, generation restarts above
	 * everything handed out before it, whatever the clock says.
	 */
	int64_t		reserved_unix_ms;
} idgen_clock_bounds;

#ifdef __cplusplus
}
#endif

#endif
