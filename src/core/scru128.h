/*
 * scru128.h: SCRU128 (github.com/scru128/spec v2): 48-bit Unix ms, 24-bit
 * counter_hi, 24-bit counter_lo, 32-bit entropy, big-endian in 16 bytes;
 * written as 25 base36 characters (lower case out, either case in), at most
 * f5lxx1zz5pnorynqglhzmsp33 (2^128 - 1). C API for the shim.
 */
#ifndef IDGEN_CORE_SCRU128_H
#define IDGEN_CORE_SCRU128_H

#include <stddef.h>
#include <stdint.h>

#include "fault.h"
#include "fixed_size_id.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Its text: written in lower case. */
IDGEN_FIXED_SIZE_ID(scru128, IDGEN_SCRU128_LEN)

/*
 * The next SCRU128 of this process's generator (the spec's algorithm, as its
 * JavaScript reference's generateOrAbortCore), strictly increasing: the
 * clock behind the last ID by up to max_rollback_ms (idgen.max_clock_lead)
 * goes on from the last timestamp; further behind is refused
 * (IDGEN_CLOCK_LEAD_EXCEEDED) rather than reset, which would break the order.
 */
extern idgen_fault idgen_scru128_now(int64_t max_rollback_ms, idgen_scru128 *id);

extern int64_t idgen_scru128_unix_ms(const idgen_scru128 *id);

/* The smallest SCRU128 of unix_ms: counters and entropy zero (a range bound). */
extern idgen_fault idgen_scru128_from_time(int64_t unix_ms, idgen_scru128 *id);

#ifdef __cplusplus
}
#endif

#endif
