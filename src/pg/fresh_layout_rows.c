/*
 * fresh_layout_rows.c: the rows of idgen_declared_layouts written since the
 * server started (fresh_layout_rows.h), kept as (database, xmin, name): a
 * row's xmin is this server's own count, where its created may be another's
 * clock; the name, as one transaction may write a layout and change another
 * (attack6 S2: an UPDATE beside idgen_layout_create() made a row that had
 * run look fresh).
 */
#include "shared_state.h"

#include "access/transam.h"
#include "access/xact.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#include "fresh_layout_rows.h"

/* Whether the row of name that transaction xid wrote in this database is kept */
static bool
kept(const IdgenFreshLayoutRows *fresh, TransactionId xid, const char *name)
{
	for (int i = 0; i < IDGEN_FRESH_LAYOUT_ROWS; i++)
		if (fresh->rows[i].database == MyDatabaseId && fresh->rows[i].xid == xid &&
			strcmp(NameStr(fresh->rows[i].name), name) == 0)
			return true;
	return false;
}

void
idgen_fresh_layout_row_written(const char *name)
{
	IdgenSharedState *state = idgen_state_if_any();
	IdgenFreshLayoutRows *fresh;
	TransactionId xid;

	/* not kept: every row counts as older than the start, refused */
	if (state == NULL)
		return;
	fresh = &state->fresh_layout_rows;
	xid = GetCurrentTransactionId();
	LWLockAcquire(idgen_state_lock(), LW_EXCLUSIVE);
	if (!kept(fresh, xid, name))
	{
		fresh->rows[fresh->next].database = MyDatabaseId;
		fresh->rows[fresh->next].xid = xid;
		namestrcpy(&fresh->rows[fresh->next].name, name);
		fresh->next = (fresh->next + 1) % IDGEN_FRESH_LAYOUT_ROWS;
	}
	LWLockRelease(idgen_state_lock());
}

/*
 * An unfrozen xmin is within 2^31 transactions of now, so no xid kept since
 * the start names a row older than it.
 */
bool
idgen_fresh_layout_row(IdgenSharedState *state, HeapTupleHeader row, const char *name)
{
	TransactionId xmin = HeapTupleHeaderGetRawXmin(row);
	bool		found;

	if (HeapTupleHeaderXminFrozen(row) || !TransactionIdIsNormal(xmin))
		return false;
	LWLockAcquire(idgen_state_lock(), LW_SHARED);
	found = kept(&state->fresh_layout_rows, xmin, name);
	LWLockRelease(idgen_state_lock());
	return found;
}
