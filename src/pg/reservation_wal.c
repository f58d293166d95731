/*
 * reservation_wal.c: the reservation in WAL (PostgreSQL 15 and later, with
 * idgen preloaded), through a custom WAL resource manager, and its replay.
 *
 * A backend that moves the reservation writes one record and flushes it
 * before any ID above the old reservation is handed out, so WAL order puts
 * every row that carries an ID after the reservation that covers it. The
 * record is the whole reservation with its binding (epochs, timeline), so a
 * standby holds what its primary had. Replay (crash recovery, a standby)
 * raises the shared generators above it.
 *
 * Nothing here may stop recovery: during replay the shared memory value is
 * what counts. The file is written as replay goes but fsynced only when it
 * would otherwise lag by more than IDGEN_REPLAY_FILE_SLACK_MS (a start from a
 * replay-written file adds that much), at the end of recovery, and when a
 * binding changes; a failure to write it is a WARNING, retried at the next
 * record. Every server that replays this WAL needs idgen preloaded.
 */
#include "postgres.h"

#include "fmgr.h"

#include "reservation_wal.h"
#include "shared_state.h"

#if PG_VERSION_NUM >= 150000

#include "access/xlog.h"
#include "access/xlog_internal.h"
#include "access/xloginsert.h"
#include "access/xlogreader.h"
#include "lib/stringinfo.h"

#define XLOG_IDGEN_RESERVE 0x00
/* 0.7.0: a coarse layout's words (coarse_layouts.h); an older release skips it as unknown */
#define XLOG_IDGEN_LAYOUT_WORDS 0x10

static bool registered = false;

/*
 * Caller holds the lock. Keeps the file up with replay, at most
 * IDGEN_REPLAY_FILE_SLACK_MS behind once durable; never raises.
 */
static void
store_replayed(IdgenSharedState *state, bool binding_changed, bool final)
{
	int64		reserved = state->bound.reserved_unix_ms;
	bool		sync = final || binding_changed ||
		reserved > state->replay_synced_unix_ms + IDGEN_REPLAY_FILE_SLACK_MS;

	const char *failed;

	if (!idgen_reservation_write_replayed(&state->bound, sync, &failed))
	{
		if (!state->replay_file_behind)
			ereport(WARNING,
					(errcode_for_file_access(),
					 errmsg("idgen: could not write file \"%s\" during recovery: %m",
							failed),
					 errdetail("Recovery goes on; the reservation replayed so far is kept "
							   "in shared memory and written at the next record.")));
		state->replay_file_behind = true;
		return;
	}
	if (state->replay_file_behind)
		ereport(LOG,
				(errmsg("idgen: file \"%s\" written again during recovery",
						IDGEN_RESERVATION_FILE)));
	state->replay_file_behind = false;
	if (sync)
		state->replay_synced_unix_ms = reserved;
}

static bool
same_binding(const IdgenReservation *a, const IdgenReservation *b)
{
	return a->snowflake_epoch_ms == b->snowflake_epoch_ms &&
		a->shard_epoch_ms == b->shard_epoch_ms && a->timeline == b->timeline &&
		a->pending == b->pending && a->promoted_at_unix_ms == b->promoted_at_unix_ms;
}

/*
 * The generators go on above the replayed reservation, bound as its writer
 * was bound; the reservation never moves down.
 */
void
idgen_reservation_replay(const IdgenReservation *r)
{
	IdgenSharedState *state = idgen_state_if_any();
	IdgenReservation next = *r;
	bool		changed;

	if (state == NULL)
		elog(PANIC, "idgen: WAL replay without idgen's shared memory");
	LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
	if (state->mark_known)
		next.reserved_unix_ms = Max(next.reserved_unix_ms, state->bound.reserved_unix_ms);
	changed = !state->mark_known || !same_binding(&next, &state->bound);
	if (changed || next.reserved_unix_ms > state->bound.reserved_unix_ms)
	{
		next.system_identifier = GetSystemIdentifier();
		state->bound = next;
		pg_atomic_write_u64(&state->reserved_unix_ms, next.reserved_unix_ms);
		idgen_state_set_resumed_after(state, next.reserved_unix_ms);
		idgen_state_resume_after(state, &next);
		state->mark_known = true;
		store_replayed(state, changed, false);
	}
	else if (state->replay_file_behind)
		store_replayed(state, false, false);
	LWLockRelease(idgen_state_lock());
}

static void
reservation_redo(XLogReaderState *record)
{
	IdgenReservation r;
	uint8		info = XLogRecGetInfo(record) & XLR_RMGR_INFO_MASK;

	if (info == XLOG_IDGEN_LAYOUT_WORDS &&
		XLogRecGetDataLen(record) == sizeof(IdgenCoarseLayoutsRecord))
	{
		IdgenCoarseLayoutsRecord words;

		memcpy(&words, XLogRecGetData(record), sizeof(words));
		idgen_coarse_layouts_replay(&words);
		return;
	}
	/* a record this code cannot read leaves the mark unknown, not recovery stopped */
	if (info != XLOG_IDGEN_RESERVE || XLogRecGetDataLen(record) != sizeof(r))
	{
		IdgenSharedState *state = idgen_state_if_any();

		ereport(WARNING,
				(errmsg("idgen: unknown WAL record (info %u, %u bytes) skipped",
						XLogRecGetInfo(record), XLogRecGetDataLen(record)),
				 errdetail("The shared generators will refuse until "
						   "idgen_reservation_init() is run.")));
		if (state != NULL)
		{
			LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
			state->mark_known = false;
			snprintf(state->file_problem, sizeof(state->file_problem),
					 "WAL replay met a record it could not read");
			LWLockRelease(idgen_state_lock());
		}
		return;
	}
	memcpy(&r, XLogRecGetData(record), sizeof(r));
	idgen_reservation_replay(&r);
}

/* End of recovery: the file made durable, once. */
static void
reservation_cleanup(void)
{
	IdgenSharedState *state = idgen_state_if_any();

	if (state == NULL)
		return;
	LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
	if (state->mark_known &&
		(state->replay_file_behind ||
		 state->bound.reserved_unix_ms > state->replay_synced_unix_ms))
		store_replayed(state, false, true);
	LWLockRelease(idgen_state_lock());
	idgen_coarse_layouts_replay_done();
}

static void
reservation_desc(StringInfo buf, XLogReaderState *record)
{
	IdgenReservation r;

	if ((XLogRecGetInfo(record) & XLR_RMGR_INFO_MASK) == XLOG_IDGEN_LAYOUT_WORDS &&
		XLogRecGetDataLen(record) == sizeof(IdgenCoarseLayoutsRecord))
	{
		IdgenCoarseLayoutsRecord words;

		memcpy(&words, XLogRecGetData(record), sizeof(words));
		appendStringInfo(buf, "floor Unix ms " INT64_FORMAT, words.floor_unix_ms);
		if (words.promoted.unix_ms != 0)
			appendStringInfo(buf, "; skip at Unix ms " INT64_FORMAT ", lead " INT64_FORMAT
							 " ms", words.promoted.unix_ms, words.promoted.lead_ms);
		if (words.record.name[0] != '\0')
			appendStringInfo(buf, "; layout \"%s\" of database %u reserved through word "
							 UINT64_FORMAT, words.record.name, words.record.database,
							 words.record.word);
		return;
	}
	if (XLogRecGetDataLen(record) != sizeof(r))
		return;
	memcpy(&r, XLogRecGetData(record), sizeof(r));
	appendStringInfo(buf, "reserved through Unix ms " INT64_FORMAT "; epochs "
					 INT64_FORMAT ", " INT64_FORMAT "; timeline %u",
					 r.reserved_unix_ms, r.snowflake_epoch_ms, r.shard_epoch_ms, r.timeline);
	if (r.promoted_at_unix_ms != 0)
		appendStringInfo(buf, "; promoted at Unix ms " INT64_FORMAT ", +" INT64_FORMAT " ms",
						 r.promoted_at_unix_ms, r.promotion_jump_ms);
}

static const char *
reservation_identify(uint8 info)
{
	switch (info & XLR_RMGR_INFO_MASK)
	{
		case XLOG_IDGEN_RESERVE:
			return "RESERVE";
		case XLOG_IDGEN_LAYOUT_WORDS:
			return "LAYOUT_WORDS";
		default:
			return NULL;
	}
}

static RmgrData reservation_rmgr = {
	.rm_name = "idgen",
	.rm_redo = reservation_redo,
	.rm_desc = reservation_desc,
	.rm_identify = reservation_identify,
	.rm_cleanup = reservation_cleanup,
};

void
idgen_register_reservation_rmgr(void)
{
	RegisterCustomRmgr(IDGEN_RMGR_ID, &reservation_rmgr);
	registered = true;
}

bool
idgen_reservation_in_wal(void)
{
	return registered;
}

/* flushed before the caller hands out what the record reserves */
static void
log_flushed(const void *data, uint32 len, uint8 info)
{
	if (registered)
	{
		XLogBeginInsert();
		XLogRegisterData((char *) data, len);
		XLogFlush(XLogInsert(IDGEN_RMGR_ID, info));
	}
}

void
idgen_reservation_log(const IdgenReservation *r)
{
	log_flushed(r, sizeof(*r), XLOG_IDGEN_RESERVE);
}

void
idgen_coarse_layouts_log(const IdgenCoarseLayoutsRecord *record)
{
	log_flushed(record, sizeof(*record), XLOG_IDGEN_LAYOUT_WORDS);
}

#else							/* PostgreSQL 13 and 14: no custom rmgrs */

void
idgen_register_reservation_rmgr(void)
{
}

bool
idgen_reservation_in_wal(void)
{
	return false;
}

void
idgen_reservation_log(const IdgenReservation *r)
{
}

void
idgen_coarse_layouts_log(const IdgenCoarseLayoutsRecord *record)
{
}

#endif
