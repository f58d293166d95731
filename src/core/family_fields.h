/*
 * family_fields.h: the fields of a fixed-size family's value as its row's
 * fields string names them (family.h), read at run time by idgen-decode and
 * by the C functions of its SQL decoders (src/pg/table_type.h). C API.
 */
#ifndef IDGEN_CORE_FAMILY_FIELDS_H
#define IDGEN_CORE_FAMILY_FIELDS_H

#include <stdbool.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A row has at most this many named fields, each of at most 64 bits. */
#define IDGEN_FAMILY_MAX_FIELDS 8
#define IDGEN_FAMILY_FIELD_NAME_MAX 31

typedef struct idgen_family_field
{
	const char *name;			/* in the row's string: "worker" of "... worker:48 ..." */
	int			name_len;
	int			first_bit;		/* counted from the value's first (highest) bit */
	int			bits;
	bool		is_time;		/* "ts": the value is Unix ms */
} idgen_family_field;

/* The index-th named field of family's row ("-" skipped); false past the last. */
extern bool idgen_family_field_at(idgen_family family, int index, idgen_family_field *out);

/*
 * The field's value in the value's bytes into *value: unsigned, or for ts
 * the Unix ms it starts at, which past the row's max_time_ms (or 2^63 - 1
 * ms) is IDGEN_TIME_OUT_OF_RANGE (value: the ms, or INT64_MAX past it; min
 * the epoch, max the last ms).
 */
extern idgen_fault idgen_family_field_read(idgen_family family, const idgen_family_field *field,
										   const uint8_t *bytes, int64_t *value);

#ifdef __cplusplus
}
#endif

#endif
