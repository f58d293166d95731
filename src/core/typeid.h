/*
 * typeid.h: jetify's TypeID (spec 0.3.0): a type prefix and a UUID, written
 * `prefix_` + the UUID in 26 lower-case Crockford base32 characters (ULID's
 * codec in lower case), without the '_' when the prefix is empty. New ones
 * carry a UUIDv7 (uuid.h). C API for the shim.
 *
 * Stored as the prefix's bytes, then the UUID's 16: compared as the prefix
 * (bytes, a shorter prefix before its extensions), then the UUID, so one
 * prefix's TypeIDs are one contiguous range, in time order within it.
 */
#ifndef IDGEN_CORE_TYPEID_H
#define IDGEN_CORE_TYPEID_H

#include <stddef.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"
#include "uuid.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A prefix matches ^([a-z]([a-z_]{0,61}[a-z])?)?$. Faults:
 * IDGEN_TEXT_CHARACTER (value: the 0-based position of a character outside
 * a-z and '_', or of a '_' that starts or ends it), then IDGEN_TEXT_LENGTH
 * (value: its length; min 0, max 63).
 */
extern idgen_fault idgen_typeid_check_prefix(const char *prefix, size_t len);

/*
 * A TypeID's text: the prefix is text[0..*prefix_len), the UUID in *uuid.
 * The prefix is what precedes the last '_' (none without one). Faults, with
 * *in_prefix saying which part they concern: the prefix's (positions in the
 * whole text; a '_' with nothing before it is a '_' starting the prefix),
 * else the suffix's: IDGEN_TEXT_CHARACTER (value: the position in the whole
 * text), IDGEN_TEXT_LENGTH (value: the suffix's length; min = max = 26),
 * IDGEN_TEXT_OVERFLOW (a first character above 7).
 */
extern idgen_fault idgen_typeid_from_text(const char *text, size_t len, size_t *prefix_len,
										  idgen_uuid *uuid, int *in_prefix);

/*
 * out must hold prefix_len + 1 + 26 + 1 bytes; NUL-terminated. Returns the
 * text's length. The prefix is taken as it is (check it first).
 */
extern size_t idgen_typeid_to_text(const char *prefix, size_t prefix_len, const idgen_uuid *uuid,
								   char *out);

/*
 * Order of two stored TypeIDs (prefix bytes then 16 UUID bytes; each len
 * at least 16): -1, 0 or 1.
 */
extern int	idgen_typeid_compare(const uint8_t *a, size_t a_len, const uint8_t *b, size_t b_len);

#ifdef __cplusplus
}
#endif

#endif
