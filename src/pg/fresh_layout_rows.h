/*
 * fresh_layout_rows.h: the rows of idgen_declared_layouts this server wrote
 * since it started, by the transaction ID that wrote each (its xmin): a
 * logical replication apply's INSERT (and an UPDATE it let through), or
 * idgen_layout_create(). Only such a row is one layout_id() cannot have run
 * before the start, when no slot (layout_slots.h) kept count; a replicated
 * row's created is the publisher's clock, and says nothing of when the row
 * came here. Shared memory, so a restart (or a crash) forgets them all:
 * every row is then older than the start. Full, the oldest is forgotten.
 */
#ifndef IDGEN_PG_FRESH_LAYOUT_ROWS_H
#define IDGEN_PG_FRESH_LAYOUT_ROWS_H

#include "access/htup_details.h"

#define IDGEN_FRESH_LAYOUT_ROWS 64

typedef struct IdgenFreshLayoutRows
{
	uint32		next;			/* the entry written next: the oldest once all are */
	struct
	{
		Oid			database;
		TransactionId xid;
		NameData	name;
	}			rows[IDGEN_FRESH_LAYOUT_ROWS];
} IdgenFreshLayoutRows;

struct IdgenSharedState;

/*
 * The row of layout name this (sub)transaction writes in this database is
 * fresh; no-op without the state
 */
extern void idgen_fresh_layout_row_written(const char *name);

/*
 * Whether this server wrote the row since it started. A frozen one's xmin
 * may be any epoch's: not known, as one older than the start.
 */
extern bool idgen_fresh_layout_row(struct IdgenSharedState *state, HeapTupleHeader row,
								   const char *name);

#endif
