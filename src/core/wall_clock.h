/*
 * wall_clock.h: the real-time clock the generators read, in Unix ms.
 */
#ifndef IDGEN_CORE_WALL_CLOCK_H
#define IDGEN_CORE_WALL_CLOCK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Milliseconds since 1970-01-01 UTC, floored; CLOCK_REALTIME. */
extern int64_t idgen_wall_clock_ms(void);

/* Nanoseconds since 1970-01-01 UTC; CLOCK_REALTIME. */
extern int64_t idgen_wall_clock_ns(void);

#ifdef __cplusplus
}
#endif

#endif
