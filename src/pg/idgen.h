/*
 * idgen.h: the module's entry points (idgen.c). What the shim's files share
 * has headers of its own: report.h (the core's faults as errors), pg_time.h,
 * bigint_id.h, settings.h, shared_state.h.
 */
#ifndef IDGEN_PG_IDGEN_H
#define IDGEN_PG_IDGEN_H

#include "postgres.h"

#include "fmgr.h"

/* Defines the settings and, when preloaded, the shared state and WAL resource manager. */
extern void _PG_init(void);

#endif
