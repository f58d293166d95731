/*
 * reservation_text.h: the shared generators' reservation and what it is bound
 * to, and its text form: the line the shim keeps in the data directory
 * (idgen.reservation). C API for the shim.
 *
 * One line ending in a CRC-32C of the rest, so that anything but a whole line
 * this code wrote (a torn write, a copy taken mid-write, garbage) reads as
 * damaged, never as a valid, smaller reservation. Its width is fixed while
 * the pending generators fit the line every release since 0.5.0 reads
 * (format 2), so a rewrite is one same-size write; the line of format 3,
 * which holds any number of them, is written only while one past those is
 * pending (docs/internals.md, "The reservation line").
 */
#ifndef IDGEN_CORE_RESERVATION_TEXT_H
#define IDGEN_CORE_RESERVATION_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "shared_generators.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The generators, as bits of idgen_reservation.pending: the registry's
 * order (shared_generators.h), IDGEN_PENDING_SNOWFLAKE 0x1 on. The line
 * holds any number of them; the WAL record's field, 32.
 */
#define IDGEN_PENDING_ENTRY(name, ...) IDGEN_PENDING_##name = 1u << IDGEN_SHARED_##name,
enum
{
	IDGEN_SHARED_GENERATORS(IDGEN_PENDING_ENTRY, IDGEN_PENDING_ENTRY)
	IDGEN_PENDING_ALL = (1u << IDGEN_SHARED_GENERATOR_COUNT) - 1
};
#undef IDGEN_PENDING_ENTRY

/* Also the WAL record's payload: fixed layout, no padding. */
typedef struct idgen_reservation
{
	int64_t		reserved_unix_ms;	/* no generator hands out a later ms */
	int64_t		snowflake_epoch_ms; /* the epochs the IDs under it count from */
	int64_t		shard_epoch_ms;
	uint64_t	system_identifier;	/* the cluster it was made in; 0: unknown */
	int64_t		promoted_at_unix_ms;	/* when a promotion last moved it; 0: never */
	int64_t		promotion_jump_ms;	/* how far past the clock that promotion put it */
	uint32_t	timeline;		/* the timeline it was made on; 0: unknown */
	/*
	 * Generators that refuse until an operator moves them on: the server was
	 * promoted without the reservation in WAL (IDGEN_PENDING_*).
	 */
	uint32_t	pending;
} idgen_reservation;

/* Who wrote the line: a primary (durable, exact), or WAL replay (may lag). */
#define IDGEN_WRITER_PRIMARY 'p'
#define IDGEN_WRITER_REPLAY 'r'

/*
 * Longer than any line written: about 250 bytes, and one more for each 4
 * generators past 0.5.0's five.
 */
#define IDGEN_RESERVATION_TEXT_MAX 512

/* The line, newline included, NUL-terminated in out; its length. */
extern size_t idgen_reservation_to_text(const idgen_reservation *r, char writer,
										char out[IDGEN_RESERVATION_TEXT_MAX]);

typedef enum idgen_reservation_text_state
{
	IDGEN_RESERVATION_TEXT_OK,
	IDGEN_RESERVATION_TEXT_MISSING, /* nothing, or zeros: what a crash leaves of a new file */
	IDGEN_RESERVATION_TEXT_DAMAGED,	/* anything but a whole line */
	/*
	 * a whole line of a later idgen, one of whose server-wide generators
	 * (which this one does not have) waits for an operator: read, it would
	 * be lost at the next write
	 */
	IDGEN_RESERVATION_TEXT_LATER
} idgen_reservation_text_state;

/*
 * Reads the file's bytes. 0.2.0 and 0.3.0 wrote the number alone: such a
 * text is a reservation bound to the epochs given (the settings in force),
 * to no known cluster or timeline, written by a primary.
 */
extern idgen_reservation_text_state idgen_reservation_from_text(const char *text, size_t len,
																int64_t snowflake_epoch_ms,
																int64_t shard_epoch_ms,
																idgen_reservation *r,
																char *writer);

#ifdef __cplusplus
}

namespace idgen {

/* CRC-32C (Castagnoli), as PostgreSQL's pg_crc32c: what the files end with */
uint32_t crc32c(const char* data, size_t len);

/*
 * The two above for a registry of `generators` entries (the C functions'
 * is IDGEN_SHARED_GENERATOR_COUNT): the tests' way to be a later release.
 */
size_t reservation_line(const idgen_reservation& r, char writer, int generators,
						char out[IDGEN_RESERVATION_TEXT_MAX]);
idgen_reservation_text_state read_reservation_line(const char* text, size_t len, int64_t snowflake_epoch_ms,
												   int64_t shard_epoch_ms, int generators,
												   idgen_reservation* r, char* writer);

}  // namespace idgen
#endif

#endif
