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

	/*
	 * 0, or the first word (the sequencer's unit and sequence) a layout of
	 * units coarser than a second has not reserved on its own: then it is
	 * the bound instead of reserved_unix_ms, so that the layout resumes
	 * inside its unit after a restart, and never moves the millisecond
	 * reservation a unit ahead (layout_reservations.h).
	 */
	uint64_t	reserved_word_end;
} idgen_clock_bounds;

/*
 * One shared generator: its word (the sequencer's last millisecond and
 * sequence) and what it has done since the server started, for idgen_status.
 * The word has a cache line to itself, and the generator two (128 bytes, as
 * PostgreSQL's PG_CACHE_LINE_SIZE, so that a prefetcher that fetches pairs
 * of lines never couples two words): every backend writes the word, while
 * the counters take a batch now and then (tally.cpp).
 */
#define IDGEN_GENERATOR_SIZE 128

typedef struct __attribute__((aligned(IDGEN_GENERATOR_SIZE))) idgen_generator
{
	uint64_t	word;
	char		word_line[IDGEN_GENERATOR_SIZE / 2 - sizeof(uint64_t)];
	uint64_t	issued;			/* IDs handed out */
	uint64_t	ahead;			/* of those, handed out ahead of the clock */
	uint64_t	waits;			/* calls that waited for the next millisecond */
	char		counters_line[IDGEN_GENERATOR_SIZE / 2 - 3 * sizeof(uint64_t)];
} idgen_generator;

#ifdef __cplusplus
}
#endif

#endif
