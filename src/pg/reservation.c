/*
 * reservation.c: the reservation's copy in the data directory, the file
 * idgen.reservation.
 *
 * The file is the copy that outlives a checkpoint: WAL replay starts at the
 * last one. A backend that moves the reservation writes the file, fsynced,
 * before it logs the new reservation in WAL and puts it in force, so the file
 * is never behind what was used.
 *
 * The line is the core's (core/reservation_text.h): fixed width with a
 * CRC-32C, so a rewrite is one same-size write within the first sector, and
 * anything else reads as damaged, never as a smaller reservation. A file of
 * another size (0.3.0's held the number alone) is replaced by writing aside
 * and renaming. Damage is told, never raised: the server starts, and only
 * the shared generators refuse.
 */
#include "postgres.h"

#include "fmgr.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/file_perm.h"
#include "storage/fd.h"

#include "reservation.h"
#include "settings.h"

#define RESERVATION_FILE IDGEN_RESERVATION_FILE
#define RESERVATION_TEMP "idgen.reservation.tmp"

IdgenFileState
idgen_reservation_read(IdgenReservation *r, bool *from_replay, char *problem,
					   size_t problem_len)
{
	char		text[IDGEN_RESERVATION_TEXT_MAX];
	int			fd = open(RESERVATION_FILE, O_RDONLY | PG_BINARY, 0);
	ssize_t		len;
	char		writer = IDGEN_WRITER_PRIMARY;

	*from_replay = false;
	problem[0] = '\0';
	if (fd < 0 && errno == ENOENT)
		return IDGEN_FILE_MISSING;
	if (fd < 0)
	{
		snprintf(problem, problem_len, "could not open it: %s", strerror(errno));
		return IDGEN_FILE_DAMAGED;
	}
	len = read(fd, text, sizeof(text));
	if (len < 0)
		snprintf(problem, problem_len, "could not read it: %s", strerror(errno));
	close(fd);
	if (len < 0)
		return IDGEN_FILE_DAMAGED;
	switch (idgen_reservation_from_text(text, len, idgen_snowflake_epoch_ms,
										idgen_shard_epoch_ms, r, &writer))
	{
		case IDGEN_RESERVATION_TEXT_OK:
			*from_replay = writer == IDGEN_WRITER_REPLAY;
			return IDGEN_FILE_OK;
		case IDGEN_RESERVATION_TEXT_MISSING:
			return IDGEN_FILE_MISSING;
		case IDGEN_RESERVATION_TEXT_LATER:
			snprintf(problem, problem_len,
					 "a later idgen wrote it, and a generator this release lacks "
					 "awaits its *_resume_after: run that there before coming back");
			return IDGEN_FILE_DAMAGED;
		default:
			snprintf(problem, problem_len,
					 "it holds %zd%s bytes that are not a whole reservation", len,
					 len == (ssize_t) sizeof(text) ? " or more" : "");
			return IDGEN_FILE_DAMAGED;
	}
}

static bool
store(const char *text, int len, bool sync, const char **failed)
{
	return idgen_file_store(RESERVATION_FILE, RESERVATION_TEMP, true, text, len, sync, failed);
}

bool
idgen_file_store(const char *file, const char *temp, bool in_place, const char *text, int len,
				 bool sync, const char **failed)
{
	struct stat st;
	int			fd = in_place ? open(file, O_WRONLY | PG_BINARY, 0) : -1;

	if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size == len)
	{
		*failed = file;
		errno = 0;
		if (pg_pwrite(fd, text, len, 0) != len || (sync && pg_fsync(fd) != 0))
		{
			int			save = errno ? errno : ENOSPC;

			close(fd);
			errno = save;
			return false;
		}
		return close(fd) == 0;
	}
	if (fd >= 0)
		close(fd);
	*failed = temp;
	fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY, pg_file_create_mode);
	if (fd < 0)
		return false;
	errno = 0;
	if (write(fd, text, len) != len || (sync && pg_fsync(fd) != 0))
	{
		int			save = errno ? errno : ENOSPC;

		close(fd);
		errno = save;
		return false;
	}
	if (close(fd) != 0)
		return false;
	*failed = file;
	if (sync)
		return durable_rename(temp, file, LOG) == 0;
	return rename(temp, file) == 0;
}

void
idgen_reservation_write(const IdgenReservation *r)
{
	char		text[IDGEN_RESERVATION_TEXT_MAX];
	int			len = idgen_reservation_to_text(r, IDGEN_WRITER_PRIMARY, text);
	const char *failed;

	/*
	 * ERROR, not data_sync_elevel()'s PANIC: every write is the whole file,
	 * so a later one that succeeds makes it durable; meanwhile the new
	 * reservation is not put in force.
	 */
	if (!store(text, len, true, &failed))
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not write and fsync file \"%s\": %m", failed)));
}

bool
idgen_reservation_write_replayed(const IdgenReservation *r, bool sync, const char **failed)
{
	char		text[IDGEN_RESERVATION_TEXT_MAX];
	int			len = idgen_reservation_to_text(r, IDGEN_WRITER_REPLAY, text);

	return store(text, len, sync, failed);
}
