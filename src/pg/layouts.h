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

typedef struct IdgenLayout
{
	char		name[NAMEDATALEN];
	idgen_layout_def def;
	int			named_index;	/* one of the core's (idgen_named_layout_at), or -1 */
	TimestampTz created;		/* a declared one's creation, */
	int64		created_timeline;	/* and the timeline it was made on */
	struct IdgenLayoutSlot *slot;	/* layout_id()'s word, once found */
} IdgenLayout;

/*
 * The layout called `name`, or an error (42704) naming the layouts there
 * are. Cached in fcinfo's fn_extra for the rest of the statement.
 */
extern const IdgenLayout *idgen_find_layout(FunctionCallInfo fcinfo, text *name,
											const char *function);

/* layout_decode.c: layout_id_from_time()'s value, or its refusal */
extern int64 idgen_layout_id_at(const IdgenLayout *layout, TimestampTz ts, const char *function);

#endif
