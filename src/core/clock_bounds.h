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

/*
 * One shared generator: its word (the sequencer's last millisecond and
 * sequence) and what it has done since the server started, for idgen_status.
 * The counters sit beside the word, on the cache line its compare-and-swap
 * already owns, so counting costs next to nothing.
 */
typedef struct idgen_generator
{
	uint64_t	word;
	uint64_t	issued;			/* IDs handed out */
	uint64_t	ahead;			/* of those, handed out ahead of the clock */
	uint64_t	waits;			/* calls that waited for the next millisecond */
} idgen_generator;

#ifdef __cplusplus
}
#endif

#endif
