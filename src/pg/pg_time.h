/*
 * pg_time.h: PostgreSQL's timestamps and the core's Unix ms (pg_time.c): a
 * time out of a family's range is refused with the function's name.
 */
#ifndef IDGEN_PG_PG_TIME_H
#define IDGEN_PG_PG_TIME_H

#include "postgres.h"

#include "utils/timestamp.h"

extern int64 idgen_timestamptz_to_unix_ms(TimestampTz ts, const char *function);
extern int64 idgen_timestamptz_to_unix_s(TimestampTz ts, const char *function);
extern TimestampTz idgen_unix_ms_to_timestamptz(int64 unix_ms);
extern bool idgen_text_is_timestamptz(const char *text);

#endif
