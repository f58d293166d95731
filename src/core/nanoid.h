/*
 * nanoid.h: nanoid (ai/nanoid): random text of `size` symbols of an
 * alphabet, each symbol equally likely. The default is 21 symbols of the
 * URL-safe alphabet below; a custom alphabet has 2 to 256 distinct symbols
 * (characters, which the shim finds in the database's encoding). C API for
 * the shim.
 */
#ifndef IDGEN_CORE_NANOID_H
#define IDGEN_CORE_NANOID_H

#include <stddef.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

/* IDGEN_SIZE_OUT_OF_RANGE unless IDGEN_NANOID_MIN_SIZE <= size <= IDGEN_NANOID_MAX_SIZE. */
extern idgen_fault idgen_nanoid_check_size(int64_t size);

/*
 * An alphabet of `symbols` symbols, symbol i the bytes text[bounds[i] ..
 * bounds[i + 1]): IDGEN_ALPHABET_SIZE (value: symbols) outside 2..256, or
 * IDGEN_ALPHABET_REPEAT (value: the 0-based symbol that repeats, min: its
 * first occurrence): a repeated symbol would come up twice as often.
 */
extern idgen_fault idgen_nanoid_check_alphabet(const char *text, const size_t *bounds, size_t symbols);

/*
 * size uniform random indices below alphabet_len (2..256) into out: bytes
 * at or above the largest multiple of alphabet_len are dropped (nanoid's
 * customRandom), so no symbol is likelier than another.
 */
extern idgen_fault idgen_nanoid_indices(int size, int alphabet_len, uint8_t *out);

/* size symbols of IDGEN_NANOID_ALPHABET into out (not NUL-terminated). */
extern idgen_fault idgen_nanoid_default(int size, char *out);

#ifdef __cplusplus
}
#endif

#endif
