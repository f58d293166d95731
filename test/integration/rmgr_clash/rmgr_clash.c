/*
 * rmgr_clash.c: a library for test/integration/rmgr_clash.sh that registers
 * a custom WAL resource manager with the id in RMGR_CLASH_ID, as another
 * extension would: what a server says when two libraries want one id.
 */
#include "postgres.h"

#include "access/xlog_internal.h"
#include "fmgr.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

static void
clash_redo(XLogReaderState *record)
{
}

static void
clash_desc(StringInfo buf, XLogReaderState *record)
{
}

static const char *
clash_identify(uint8 info)
{
	return NULL;
}

static RmgrData clash_rmgr = {
	.rm_name = "rmgr_clash",
	.rm_redo = clash_redo,
	.rm_desc = clash_desc,
	.rm_identify = clash_identify,
};

void
_PG_init(void)
{
	RegisterCustomRmgr(RMGR_CLASH_ID, &clash_rmgr);
}
