/*
 * reservation.c: the reservation's copy in the data directory, the file
 * idgen.reservation.
 *
 * The file is the copy that outlives a checkpoint: WAL replay starts at the
 * last one. A backend that moves the reservation writes the file, fsynced,
 * before it logs the new reservation in WAL and puts it in force, so the file
 * is never behind what was used.
 *
 * One line of fixed width with a CRC-32C, so that a rewrite is one
 * same-size write within the first sector, and anything else (a torn write,
 * a base backup that copied the file mid-write, garbage) fails the check and
 * reads as damaged, never as a valid, smaller reservation. A file of another
 * size is replaced by writing aside and renaming. Damage is told, never
 * raised: the server starts, and only the shared generators refuse.
 *
 * 0.2.0 and 0.3.0 wrote the number alone; such a file is read as a
 * reservation whose binding is unknown (taken as the server's at first use).
 */
#include "idgen.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/file_perm.h"
#include "port/pg_crc32c.h"
#include "storage/fd.h"

#include "reservation.h"
#include "settings.h"
#include "../core/ulid.h"

#define RESERVATION_FILE IDGEN_RESERVATION_FILE
#define RESERVATION_TEMP "idgen.reservation.tmp"

#define LINE_FORMAT \
	"idgen reservation 2 reserved=%020lld snowflake_epoch=%020lld " \
	"shard_epoch=%020lld system=%020llu timeline=%010u pending=%1u " \
	"promoted_at=%020lld jump=%020lld writer=%c"
#define CRC_FORMAT " crc=%08X\n"
#define MAX_LINE 512

/* The line without its checksum; its length. */
static int
format_body(char *buf, size_t len, const IdgenReservation *r, char writer)
{
	return snprintf(buf, len, LINE_FORMAT,
					(long long) r->reserved_unix_ms, (long long) r->snowflake_epoch_ms,
					(long long) r->shard_epoch_ms,
					(unsigned long long) r->system_identifier, (unsigned) r->timeline,
					(unsigned) r->pending, (long long) r->promoted_at_unix_ms,
					(long long) r->promotion_jump_ms, writer);
}

static pg_crc32c
checksum(const char *body, int len)
{
	pg_crc32c	crc;

	INIT_CRC32C(crc);
	COMP_CRC32C(crc, body, len);
	FIN_CRC32C(crc);
	return crc;
}

/* The whole file's text for r: body and checksum. */
static int
format_line(char *buf, size_t len, const IdgenReservation *r, char writer)
{
	int			body = format_body(buf, len, r, writer);

	return body + snprintf(buf + body, len - body, CRC_FORMAT, checksum(buf, body));
}

static bool
in_range(const IdgenReservation *r)
{
	return r->reserved_unix_ms >= 0 && r->reserved_unix_ms <= IDGEN_ULID_MAX_MS &&
		r->snowflake_epoch_ms >= 0 && r->shard_epoch_ms >= 0 &&
		r->promoted_at_unix_ms >= 0 && r->promotion_jump_ms >= 0 &&
		(r->pending & ~IDGEN_PENDING_ALL) == 0;
}

/*
 * A line is valid only as this code writes it: parsed, written back
 * byte for byte, and its checksum right.
 */
static bool
parse_line(const char *text, IdgenReservation *r, bool *from_replay)
{
	long long	reserved, snowflake_epoch, shard_epoch, promoted_at, jump;
	unsigned long long system;
	unsigned	timeline, pending, crc;
	char		writer;
	char		again[MAX_LINE];

	if (sscanf(text, LINE_FORMAT CRC_FORMAT, &reserved, &snowflake_epoch, &shard_epoch,
			   &system, &timeline, &pending, &promoted_at, &jump, &writer, &crc) != 10)
		return false;
	r->reserved_unix_ms = reserved;
	r->snowflake_epoch_ms = snowflake_epoch;
	r->shard_epoch_ms = shard_epoch;
	r->system_identifier = system;
	r->timeline = timeline;
	r->pending = pending;
	r->promoted_at_unix_ms = promoted_at;
	r->promotion_jump_ms = jump;
	if ((writer != 'p' && writer != 'r') || !in_range(r))
		return false;
	*from_replay = writer == 'r';
	format_line(again, sizeof(again), r, writer);
	return strcmp(again, text) == 0;
}

/* 0.2.0's and 0.3.0's file: the number alone, bound to nothing known. */
static bool
parse_legacy(const char *text, IdgenReservation *r)
{
	size_t		digits = strspn(text, "0123456789");
	long long	value;

	if (digits == 0 || digits > 20 || strcmp(text + digits, "\n") != 0)
		return false;
	value = strtoll(text, NULL, 10);
	if (value > IDGEN_ULID_MAX_MS)
		return false;
	memset(r, 0, sizeof(*r));
	r->reserved_unix_ms = value;
	r->snowflake_epoch_ms = idgen_snowflake_epoch_ms;
	r->shard_epoch_ms = idgen_shard_epoch_ms;
	return true;
}

IdgenFileState
idgen_reservation_read(IdgenReservation *r, bool *from_replay, char *problem,
					   size_t problem_len)
{
	char		text[MAX_LINE + 1];
	int			fd = open(RESERVATION_FILE, O_RDONLY | PG_BINARY, 0);
	ssize_t		len;

	*from_replay = false;
	problem[0] = '\0';
	if (fd < 0 && errno == ENOENT)
		return IDGEN_FILE_MISSING;
	if (fd < 0)
	{
		snprintf(problem, problem_len, "could not open it: %s", strerror(errno));
		return IDGEN_FILE_DAMAGED;
	}
	len = read(fd, text, MAX_LINE + 1);
	if (len < 0)
		snprintf(problem, problem_len, "could not read it: %s", strerror(errno));
	close(fd);
	if (len < 0)
		return IDGEN_FILE_DAMAGED;
	text[Min(len, MAX_LINE)] = '\0';
	/* what a crash can leave of a new file: nothing, or zeros */
	if (len == 0 || strspn(text, "0\n") == (size_t) len)
		return IDGEN_FILE_MISSING;
	if (len <= MAX_LINE && strlen(text) == (size_t) len &&
		(parse_line(text, r, from_replay) || parse_legacy(text, r)))
		return IDGEN_FILE_OK;
	snprintf(problem, problem_len, "it holds %zd bytes that are not a whole reservation",
			 len);
	return IDGEN_FILE_DAMAGED;
}

/*
 * Writes text over the file in place when it has that size already (one
 * write within a sector), else aside and renamed. Returns false with errno
 * set, naming what failed in *failed.
 */
static bool
store(const char *text, int len, bool sync, const char **failed)
{
	struct stat st;
	int			fd = open(RESERVATION_FILE, O_WRONLY | PG_BINARY, 0);

	if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size == len)
	{
		*failed = RESERVATION_FILE;
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
	*failed = RESERVATION_TEMP;
	fd = open(RESERVATION_TEMP, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY, pg_file_create_mode);
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
	*failed = RESERVATION_FILE;
	if (sync)
		return durable_rename(RESERVATION_TEMP, RESERVATION_FILE, LOG) == 0;
	return rename(RESERVATION_TEMP, RESERVATION_FILE) == 0;
}

void
idgen_reservation_write(const IdgenReservation *r)
{
	char		text[MAX_LINE];
	int			len = format_line(text, sizeof(text), r, 'p');
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
	char		text[MAX_LINE];
	int			len = format_line(text, sizeof(text), r, 'r');

	return store(text, len, sync, failed);
}
