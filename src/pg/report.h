/*
 * report.h: the core's faults as errors (report.c): ereport(ERROR) with the
 * SQLSTATE and a message that names the refused value and the valid range,
 * or a soft error on 16+ where a type's input asks for one.
 *
 * The shim is plain C: it calls the core's extern "C" API, which returns
 * faults instead of throwing, so no exception and no longjmp crosses.
 */
#ifndef IDGEN_PG_REPORT_H
#define IDGEN_PG_REPORT_H

#include "postgres.h"

#include "fmgr.h"

#include "../core/family.h"
#include "../core/fault.h"

/*
 * 18 replaced the suffix pg_attribute_noreturn() with this prefix; it leads
 * the declaration, where C23's [[noreturn]] (19 under gcc 15) must stand.
 */
#ifndef pg_noreturn
#define pg_noreturn pg_attribute_noreturn()
#endif
/* ereport(ERROR) for a fault that is not IDGEN_OK. */
pg_noreturn extern void idgen_raise_fault(idgen_fault fault, const char *function);

/* Inline: the generators call it once per ID and it almost never raises. */
static inline void
idgen_raise_if_fault(idgen_fault fault, const char *function)
{
	if (unlikely(fault.code != IDGEN_OK))
		idgen_raise_fault(fault, function);
}
/*
 * A coarse layout's refusal to run past idgen.max_clock_lead where a
 * promotion or a start without its file (at promoted_ms) skipped its units
 * up to the one that starts at
 * last_unit_ms: it runs from runs_from_ms on (coarse_layouts.c decides).
 */
pg_noreturn extern void idgen_raise_layout_skip(const char *function, const char *layout,
												   int64 ahead_ms, int64 lead_ms,
												   int64 promoted_ms, int64 last_unit_ms,
												   int64 runs_from_ms);
/* With the family a decoder read, for its hints. */
pg_noreturn extern void idgen_raise_family_fault(idgen_fault fault, const char *function,
												 const idgen_family_info *family);
/* A type's text input refused; a soft error on 16+ when escontext asks for one. */
extern void idgen_report_text_fault(idgen_fault fault, const idgen_family_info *family,
									const char *text, struct Node *escontext);
/* The same with a detail and hint (or NULL): the above's, or a type's own. */
extern void idgen_report_text_detail(const idgen_family_info *family, const char *text,
									 struct Node *escontext, const char *detail, const char *hint);
/* 'Character 3, "P"' or 'Byte 3, 0xC3': text[pos] for a message. */
extern char *idgen_character_name(const char *text, int64 pos);

/*
 * A by-reference ID the core made into `id`: raises its fault, or returns a
 * palloc'd copy of its len bytes.
 */
static inline Datum
idgen_copy_or_raise(idgen_fault fault, const void *id, size_t len, const char *function)
{
	void	   *copy;

	idgen_raise_if_fault(fault, function);
	copy = palloc(len);
	memcpy(copy, id, len);
	return PointerGetDatum(copy);
}

#endif
