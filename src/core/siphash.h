/*
 * siphash.h: SipHash-2-4 (Aumasson and Bernstein), the keyed hash under the
 * public IDs: uuidv47's faces and the bigint permutation's round function.
 * C API for the shim and for the core's own files.
 */
#ifndef IDGEN_CORE_SIPHASH_H
#define IDGEN_CORE_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A 128-bit key as SipHash takes it: k0 = bytes 0-7, k1 = bytes 8-15, each little-endian. */
typedef struct idgen_sip_key
{
	uint64_t	k0;
	uint64_t	k1;
} idgen_sip_key;

#define IDGEN_SIP_KEY_BYTES 16

extern idgen_sip_key idgen_sip_key_from_bytes(const uint8_t bytes[IDGEN_SIP_KEY_BYTES]);

extern uint64_t idgen_siphash24(const idgen_sip_key *key, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
