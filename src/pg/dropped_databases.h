/*
 * dropped_databases.h: a database dropped while its declared layouts' slots
 * are bound (layout_slots.h) may have its OID taken by a new one (CREATE
 * DATABASE ... OID, or the counter wrapping), made from a newer copy of the
 * original: the slots forget the rows they were bound from, so the new
 * database's first layout_id() rebinds them past what it holds
 * (copied_layouts.h), even where its table has the dropped one's OID (both
 * copies of one template). Its word stays: the family's max includes it.
 */
#ifndef IDGEN_PG_DROPPED_DATABASES_H
#define IDGEN_PG_DROPPED_DATABASES_H

/* _PG_init's, preloading: every backend then watches DROP DATABASE */
extern void idgen_watch_dropped_databases(void);

#endif
