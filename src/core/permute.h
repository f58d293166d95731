/*
 * permute.h: a keyed bijection of the integers 0 to 2^bits - 1 (bits 1 to
 * 63; 63 is every non-negative bigint), and its inverse. A Feistel network
 * of 8 rounds with alternating halves, as NIST SP 800-38G's FF1 does for
 * odd widths: the left part has ceil(bits / 2) bits, the right part the
 * rest, and each round's output is exactly as wide as the part it changes,
 * so every value stays in the domain and no cycle-walking is needed. The
 * round function is SipHash-2-4 of one 8-byte block, the right part plus
 * the round and the width, so each width is its own permutation. C API for
 * the shim.
 */
#ifndef IDGEN_CORE_PERMUTE_H
#define IDGEN_CORE_PERMUTE_H

#include <stdint.h>

#include "siphash.h"

#ifdef __cplusplus
extern "C" {
#endif

#define IDGEN_PERMUTE_MIN_BITS 1
#define IDGEN_PERMUTE_MAX_BITS 63

typedef enum idgen_permute_status
{
	IDGEN_PERMUTE_OK = 0,
	IDGEN_PERMUTE_BITS_OUT_OF_RANGE,	/* bits is not 1 to 63 */
	IDGEN_PERMUTE_NEGATIVE,		/* id < 0 */
	IDGEN_PERMUTE_BEYOND_WIDTH	/* id >= 2^bits */
} idgen_permute_status;

extern idgen_permute_status idgen_permute(int64_t id, const idgen_sip_key *key, int32_t bits,
										  int64_t *out);
extern idgen_permute_status idgen_unpermute(int64_t id, const idgen_sip_key *key, int32_t bits,
											int64_t *out);

#ifdef __cplusplus
}
#endif

#endif
