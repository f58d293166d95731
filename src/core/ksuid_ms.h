/*
 * ksuid_ms.h: svix's KSUID-ms (svix-ksuid's KsuidMs): a KSUID whose first
 * payload byte (its 5th) is (ms % 1000) >> 2, the 4 ms step of its second,
 * followed by 15 random bytes. Any KSUID decoder reads its second right; a
 * KSUID-ms decoder reads it to 4 ms. C API for the shim.
 */
#ifndef IDGEN_CORE_KSUID_MS_H
#define IDGEN_CORE_KSUID_MS_H

#include <stdint.h>

#include "fault.h"
#include "ksuid.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ksuid_ms(): a KSUID-ms of the wall clock, strictly increasing within the
 * process: within one 4 ms step (or a clock set back) the random part is
 * the last one's plus one.
 */
extern idgen_fault idgen_ksuid_ms_now(idgen_ksuid *ksuid);

/*
 * Its time in Unix ms, as svix reads it: the second, plus (byte 5 * 4) % 1000
 * ms (a plain KSUID's byte 5 is random: its ms are then meaningless).
 */
extern int64_t idgen_ksuid_ms_unix_ms(const idgen_ksuid *ksuid);

#ifdef __cplusplus
}
#endif

#endif
