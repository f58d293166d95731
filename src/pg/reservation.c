/*
 * reservation.c: the file in the data directory that holds the last Unix
 * millisecond the shared generators may use.
 *
 * Generators never hand out a later millisecond than the reservation; to go
 * further, a backend logs a new one in WAL (15+, reservation_wal.c) and
 * writes it here, fsynced, first. At start the server reads it back and
 * resumes above it (WAL replay may raise it further), so a crash and a
 * restart with the clock set back can't repeat or go below an issued ID.
 *
 * The file is the copy that outlives a checkpoint: replay starts at the last
 * one. A missing or empty file (or one holding 0) is no reservation at all
 * (IDGEN_RESERVATION_MISSING): the generators then refuse until one is
 * replayed from WAL or idgen_reservation_init() starts them from the clock.
 */
#include "idgen.h"

#include <fcntl.h>
#include <unistd.h>

#include "common/string.h"
#include "storage/fd.h"

#include "../core/ulid.h"

#define RESERVATION_FILE IDGEN_RESERVATION_FILE
#define RESERVATION_TEMP "idgen.reservation.tmp"

/*
 * Runs in the postmaster at start-up, before any backend exists (elevel
 * FATAL), or from PostgreSQL 17 without preload in the backend that starts
 * the generators (ERROR: that session's call fails, the next one retries).
 */
int64
idgen_reservation_read(int elevel)
{
	FILE	   *file = AllocateFile(RESERVATION_FILE, "r");	/* within fd.c's budget */
	char		line[64] = {0};
	char	   *end;
	long long	value;

	if (file == NULL)
	{
		if (errno == ENOENT)
			return IDGEN_RESERVATION_MISSING;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\": %m", RESERVATION_FILE)));
	}
	if (fgets(line, sizeof(line), file) == NULL)
		line[0] = '\0';
	FreeFile(file);
	pg_strip_crlf(line);
	/* what a crash can leave of a file: nothing, or zeros */
	if (strspn(line, "0") == strlen(line))
		return IDGEN_RESERVATION_MISSING;
	errno = 0;
	value = strtoll(line, &end, 10);
	/* past the last millisecond any family holds, every generator would stop */
	if (errno != 0 || end == line || *end != '\0' || value < 0 ||
		value > IDGEN_ULID_MAX_MS)
		ereport(elevel,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("idgen: invalid reservation file \"%s\": \"%s\"", RESERVATION_FILE,
						line),
				 errdetail("It holds the last millisecond the shared generators may use "
						   "(Unix ms from 0 to " INT64_FORMAT "); without it they could "
						   "repeat IDs issued before.", (int64) IDGEN_ULID_MAX_MS),
				 errhint("If the system clock is known to be past every ID this server "
						 "issued, delete the file, start the server and run "
						 "SELECT idgen_reservation_init();.")));
	return value;
}

/* Writes all of text at the start of fd, or raises naming the file. */
static void
write_text(int fd, const char *text, int len, const char *name)
{
	errno = 0;
	if (pg_pwrite(fd, text, len, 0) != len)
	{
		if (errno == 0)
			errno = ENOSPC;
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not write file \"%s\": %m", name)));
	}
}

static void
close_file(int fd, const char *name)
{
	if (CloseTransientFile(fd) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not close file \"%s\": %m", name)));
}

/* A new file appears whole: written aside, then renamed (fsyncs included). */
static void
create_file(const char *text, int len)
{
	int			fd = OpenTransientFile(RESERVATION_TEMP,
									   O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);

	if (fd < 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not create file \"%s\": %m", RESERVATION_TEMP)));
	write_text(fd, text, len, RESERVATION_TEMP);
	close_file(fd, RESERVATION_TEMP);
	durable_rename(RESERVATION_TEMP, RESERVATION_FILE, ERROR);
}

/*
 * Caller holds the reservation lock. Durable before it returns, with one
 * fsync: the number is rewritten in place, zero-padded to one width, within
 * the first sector, which storage writes whole. A write torn all the same
 * leaves zeros or nothing, which is no reservation (the generators refuse),
 * never a smaller one.
 */
void
idgen_reservation_write(int64 unix_ms)
{
	char		text[32];
	int			len = snprintf(text, sizeof(text), "%020lld\n", (long long) unix_ms);
	int			fd = OpenTransientFile(RESERVATION_FILE, O_WRONLY | PG_BINARY);

	if (fd < 0 && errno == ENOENT)
	{
		create_file(text, len);
		return;
	}
	if (fd < 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\": %m", RESERVATION_FILE)));
	write_text(fd, text, len, RESERVATION_FILE);
	if (pg_fsync(fd) != 0)
		ereport(data_sync_elevel(ERROR),
				(errcode_for_file_access(),
				 errmsg("could not fsync file \"%s\": %m", RESERVATION_FILE)));
	close_file(fd, RESERVATION_FILE);
}
