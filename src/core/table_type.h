/*
 * table_type.h: the fixed-size types made from their row of the family
 * table alone (table_type in family.h): no codec and no shim of their own.
 * Their value is value_bytes big-endian bytes, the first time_bytes of them
 * a count of time_unit_ms units since 1970, the rest random; their text is
 * the value as one number in the row's digits (radix_text.hpp). C API for
 * the shim and idgen-decode; `family` is such a row (anything else is a
 * caller's bug: IDGEN_TEXT_LENGTH, and nothing written). The text functions
 * also read and write a row with fields (family.h): a codec of its own
 * whose text is its value in its row's digits.
 */
#ifndef IDGEN_CORE_TABLE_TYPE_H
#define IDGEN_CORE_TABLE_TYPE_H

#include <stddef.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest value a table type may have: radix_text.hpp's 128 bits. */
#define IDGEN_TABLE_TYPE_MAX_BYTES 16

/* out holds the row's text_len + 1 bytes; NUL-terminated. */
extern void idgen_table_type_to_text(idgen_family family, const uint8_t *bytes, char *out);

/* The row's text: its length, its digits, at most value_bytes of value. */
extern idgen_fault idgen_table_type_from_text(idgen_family family, const char *text, size_t len,
											  uint8_t *bytes);

/* A value of the wall clock's time and fresh random bits. */
extern idgen_fault idgen_table_type_now(idgen_family family, uint8_t *bytes);

/* The Unix ms its time field starts at. */
extern int64_t idgen_table_type_unix_ms(idgen_family family, const uint8_t *bytes);

#ifdef __cplusplus
}
#endif

#endif
