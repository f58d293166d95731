/*
 * uuid_v47.h: uuidv47's UUIDv4 face for a UUIDv7. The face is the v7 with
 * its 48-bit time XORed with the low 48 bits of SipHash-2-4 over its 74
 * random bits (the same bits in the face), and version 4; the variant stays
 * RFC 9562's. Byte for byte the format of the uuidv47 libraries, so a face
 * made here decodes in theirs and theirs here. C API for the shim.
 */
#ifndef IDGEN_CORE_UUID_V47_H
#define IDGEN_CORE_UUID_V47_H

#include <stdbool.h>

#include "siphash.h"
#include "uuid.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The face of v7: false (face untouched) when v7 is not an RFC 9562
 * version 7 UUID (version 7, variant 10).
 */
extern bool idgen_uuid_v47_encode(const idgen_uuid *v7, const idgen_sip_key *key, idgen_uuid *face);

/* The v7 behind face: false when face is not version 4 with variant 10. */
extern bool idgen_uuid_v47_decode(const idgen_uuid *face, const idgen_sip_key *key, idgen_uuid *v7);

#ifdef __cplusplus
}
#endif

#endif
