/*
 * cuid2.h: @paralleldrive/cuid2: a random letter a-z, then the base36 digits
 * of SHA3-512(time, salt, counter, fingerprint), 2 to 32 characters (24 by
 * default). Random and hashed by design: it does not sort by time, and its
 * text carries nothing to decode. C API for the shim.
 */
#ifndef IDGEN_CORE_CUID2_H
#define IDGEN_CORE_CUID2_H

#include <stdbool.h>
#include <stddef.h>

#include "family.h"
#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

/* IDGEN_SIZE_OUT_OF_RANGE unless 2 <= length <= 32. */
extern idgen_fault idgen_cuid2_check_length(int64_t length);

/* A cuid2 of length (checked) characters into out (length + 1 bytes, NUL-terminated). */
extern idgen_fault idgen_cuid2(int length, char *out);

/* The reference's isCuid: 2 to 32 characters, a-z first, then 0-9 and a-z. */
extern bool idgen_cuid2_is_valid(const char *text, size_t len);

#ifdef __cplusplus
}
#endif

#endif
