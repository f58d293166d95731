/*
 * tsid.h: TSID (tsid-creator) text, and the fixed epochs of the two bigint
 * families that ride the server-wide generator with idgen.node_id: TSID and
 * Sonyflake (their layouts are rows of the family table, families.hpp).
 * C API for the shim.
 */
#ifndef IDGEN_CORE_TSID_H
#define IDGEN_CORE_TSID_H

#include <stddef.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 13 Crockford base32 characters, upper case: the 64 bits of id, unsigned. */
extern void idgen_tsid_to_text(int64_t id, char out[IDGEN_TSID_TEXT_LEN]);

/*
 * tsid-creator's Tsid.from(String): 13 characters of Crockford's alphabet in
 * either case, I and L read as 1 and O as 0 (Crockford's decoding rule), U
 * refused; the first character at most F (the 65th bit must be 0).
 */
extern idgen_fault idgen_tsid_from_text(const char *text, size_t len, int64_t *id);

#ifdef __cplusplus
}
#endif

#endif
