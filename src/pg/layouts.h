/*
 * layouts.h: bigint layouts as data in the shim: the named ones (the core's
 * table) and the declared ones (idgen_declared_layouts, in idgen's schema).
 * layout_catalog.c declares, drops and finds them; layout_decode.c decodes;
 * layout_generator.c runs layout_id().
 */
#ifndef IDGEN_PG_LAYOUTS_H
#define IDGEN_PG_LAYOUTS_H

#include "pg_time.h"
#include "report.h"

#include "../core/layout_def.h"

/* layout_time.c: Unix µs, the core's layout time, to and from PostgreSQL's timestamps */
extern int64 idgen_timestamptz_to_unix_us(TimestampTz ts, const char *what, const char *function);
extern TimestampTz idgen_unix_us_to_timestamptz(int64 unix_us);

/*
 * Where a declared layout's row was made (its created_in, layout_origin.c):
 * a copy of the database (CREATE DATABASE ... TEMPLATE, a restored dump)
 * carries the row and the IDs, but not where the layout stood.
 */
typedef enum IdgenLayoutOrigin
{
	IDGEN_LAYOUT_ORIGIN_HERE,	/* this database (or a standby's or PITR copy's) */
	IDGEN_LAYOUT_ORIGIN_THIS_SERVER,	/* another database of this server: origin_database */
	IDGEN_LAYOUT_ORIGIN_ELSEWHERE	/* another server, or not known (a row without one) */
} IdgenLayoutOrigin;

typedef struct IdgenLayout
{
	char		name[NAMEDATALEN];
	idgen_layout_def def;
	int			named_index;	/* one of the core's (idgen_named_layout_at), or -1 */
	TimestampTz created;		/* a declared one's creation, */
	int64		created_timeline;	/* and the timeline it was made on */
	IdgenLayoutOrigin origin;	/* where it was declared (created_in) */
	Oid			origin_database;	/* that database, where on this server */
	Oid			catalog;		/* the idgen_declared_layouts its row was read from */
	struct IdgenLayoutSlot *slot;	/* layout_id()'s word, once found */
} IdgenLayout;

/*
 * The layout called `name`, or an error (42704) naming the layouts there
 * are. Cached in fcinfo's fn_extra for the rest of the statement.
 */
extern const IdgenLayout *idgen_find_layout(FunctionCallInfo fcinfo, text *name,
											const char *function);

/* layout_origin.c: this database's created_in, and where a row's points */
extern char *idgen_layout_origin_here(void);
extern IdgenLayoutOrigin idgen_layout_origin_of(const char *created_in, Oid *database);

/*
 * layout_decode.c: the refusal (22003) of an ID the layout never makes (a
 * negative one where the sign bit is not time)
 */
pg_noreturn extern void idgen_layout_refuse_id(const IdgenLayout *layout, int64 id);

/* layout_decode.c: layout_id_from_time()'s value, or its refusal */
extern int64 idgen_layout_id_at(const IdgenLayout *layout, TimestampTz ts, const char *function);

#endif
