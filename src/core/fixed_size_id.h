/*
 * fixed_size_id.h: the part of its C API every fixed-size ID codec shares:
 * a struct of its big-endian bytes, and its text both ways.
 *
 * IDGEN_FIXED_SIZE_ID(ksuid, IDGEN_KSUID_LEN) declares
 *   idgen_ksuid                             { uint8_t bytes[IDGEN_KSUID_LEN]; }
 *   idgen_ksuid_to_text(id, out)            out holds the family's text_len + 1
 *                                           bytes (family.h); NUL-terminated
 *   idgen_ksuid_from_text(text, len, id)    a fault (IDGEN_TEXT_*) or IDGEN_OK
 */
#ifndef IDGEN_CORE_FIXED_SIZE_ID_H
#define IDGEN_CORE_FIXED_SIZE_ID_H

#include <stddef.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"

#define IDGEN_FIXED_SIZE_ID(name, len) \
	typedef struct idgen_##name \
	{ \
		uint8_t		bytes[len]; \
	} idgen_##name; \
	extern void idgen_##name##_to_text(const idgen_##name *id, char *out); \
	extern idgen_fault idgen_##name##_from_text(const char *text, size_t len_, idgen_##name *id);

#endif
