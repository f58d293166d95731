/*
 * reservation_wal.c: the reservation in WAL (PostgreSQL 15 and later, with
 * idgen preloaded), through a custom WAL resource manager.
 *
 * A backend that moves the reservation writes one record and flushes it
 * before any ID above the old reservation is handed out, so WAL order puts
 * every row that carries an ID after the reservation that covers it. Replay
 * (crash recovery, a standby) raises the shared generators above it and keeps
 * it in the reservation file: after a promotion, crash recovery or restart,
 * generation resumes above every ID a replayed row can carry.
 *
 * The rmgr id is 128, RM_EXPERIMENTAL_ID: PostgreSQL's list of custom ids
 * (wiki CustomWALResourceManagers) must be asked for one before a release
 * that other extensions' records may meet. Every server that replays this WAL
 * (a standby, a restore) needs idgen preloaded, or it stops at the first
 * record with "resource manager with ID 128 not registered".
 */
#include "idgen.h"

#if PG_VERSION_NUM >= 150000

#include "access/xlog.h"
#include "access/xlog_internal.h"
#include "access/xloginsert.h"
#include "access/xlogreader.h"
#include "lib/stringinfo.h"

#define IDGEN_RMGR_ID RM_EXPERIMENTAL_ID
#define XLOG_IDGEN_RESERVE 0x00

static void
reservation_redo(XLogReaderState *record)
{
	int64		reserved;

	if ((XLogRecGetInfo(record) & XLR_RMGR_INFO_MASK) != XLOG_IDGEN_RESERVE ||
		XLogRecGetDataLen(record) != sizeof(reserved))
		elog(PANIC, "idgen: unknown WAL record (info %u, %u bytes)",
			 XLogRecGetInfo(record), XLogRecGetDataLen(record));
	memcpy(&reserved, XLogRecGetData(record), sizeof(reserved));
	idgen_reservation_replay(reserved);
}

static void
reservation_desc(StringInfo buf, XLogReaderState *record)
{
	int64		reserved;

	if (XLogRecGetDataLen(record) != sizeof(reserved))
		return;
	memcpy(&reserved, XLogRecGetData(record), sizeof(reserved));
	appendStringInfo(buf, "reserved through Unix ms " INT64_FORMAT, reserved);
}

static const char *
reservation_identify(uint8 info)
{
	return (info & XLR_RMGR_INFO_MASK) == XLOG_IDGEN_RESERVE ? "RESERVE" : NULL;
}

static RmgrData reservation_rmgr = {
	.rm_name = "idgen",
	.rm_redo = reservation_redo,
	.rm_desc = reservation_desc,
	.rm_identify = reservation_identify,
};

static bool registered = false;

void
idgen_register_reservation_rmgr(void)
{
	RegisterCustomRmgr(IDGEN_RMGR_ID, &reservation_rmgr);
	registered = true;
}

/* Durable in WAL when it returns; nothing where there is no rmgr. */
void
idgen_reservation_log(int64 reserved)
{
	if (registered)
	{
		XLogRecPtr	lsn;

		XLogBeginInsert();
		XLogRegisterData((char *) &reserved, sizeof(reserved));
		lsn = XLogInsert(IDGEN_RMGR_ID, XLOG_IDGEN_RESERVE);
		XLogFlush(lsn);
	}
}

#else							/* PostgreSQL 13 and 14: no custom rmgrs */

void
idgen_register_reservation_rmgr(void)
{
}

void
idgen_reservation_log(int64 reserved)
{
}

#endif
