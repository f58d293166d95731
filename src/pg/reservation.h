/*
 * reservation.h: the shared generators' reservation, what it is bound to,
 * and its copy in the data directory (reservation.c).
 *
 * The reservation is the last Unix millisecond any shared generator may use.
 * It is bound to what their IDs depend on: the epochs they counted from, the
 * cluster (system identifier) and the timeline it was made on. The same
 * struct travels in WAL (reservation_wal.h), so a standby holds the binding
 * its primary had.
 */
#ifndef IDGEN_PG_RESERVATION_H
#define IDGEN_PG_RESERVATION_H

#include "postgres.h"

#include "../core/reservation_text.h"

#define IDGEN_RESERVATION_FILE "idgen.reservation"

/* the reservation's fields and text form are the core's */
typedef idgen_reservation IdgenReservation;

typedef enum IdgenFileState
{
	IDGEN_FILE_OK,
	IDGEN_FILE_MISSING,			/* no file, an empty one, or zeros */
	IDGEN_FILE_DAMAGED,			/* unreadable, or not a whole reservation */
} IdgenFileState;

/*
 * Never raises (the postmaster reads it at start, the startup process
 * during recovery): what is wrong is told in `problem`. A file written
 * during WAL replay may be behind what was replayed by up to
 * IDGEN_REPLAY_FILE_SLACK_MS; *from_replay says so.
 */
extern IdgenFileState idgen_reservation_read(IdgenReservation *reservation,
											 bool *from_replay, char *problem,
											 size_t problem_len);

/*
 * Writes text over the file: in place when `in_place` and it has that size
 * already (one write within a sector), else aside (temp) and renamed, fsynced
 * when `sync`. Returns false with errno set, naming what failed in *failed.
 */
extern bool idgen_file_store(const char *file, const char *temp, bool in_place,
							 const char *text, int len, bool sync, const char **failed);

/* Durable when it returns, or raises ERROR. */
extern void idgen_reservation_write(const IdgenReservation *reservation);

/*
 * WAL replay's copy: written, fsynced only when `sync`; returns false with
 * errno set and the file that failed named, instead of raising (nothing may
 * stop recovery).
 */
#define IDGEN_REPLAY_FILE_SLACK_MS 10000
extern bool idgen_reservation_write_replayed(const IdgenReservation *reservation, bool sync,
											 const char **failed);

#endif
