/*
 * objectid.h: MongoDB's ObjectId: 4 bytes of Unix seconds, 5 random bytes
 * per process, a 3-byte counter that starts at a random value; written as
 * 24 hex digits. C API for the shim.
 */
#ifndef IDGEN_CORE_OBJECTID_H
#define IDGEN_CORE_OBJECTID_H

#include <stddef.h>
#include <stdint.h>

#include "fault.h"
#include "fixed_size_id.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Its text: written in lower case. 24 hex digits, either case. */
IDGEN_FIXED_SIZE_ID(objectid, IDGEN_OBJECTID_LEN)

/*
 * The next ObjectId of this process at unix_s: its 5 random bytes are drawn
 * once per process (again in a forked child), its counter starts at a random
 * value and counts up, modulo 2^24, as MongoDB's drivers do.
 */
extern idgen_fault idgen_objectid_next(int64_t unix_s, idgen_objectid *oid);

/* The smallest ObjectId of unix_s: the rest zero. */
extern idgen_fault idgen_objectid_from_time(int64_t unix_s, idgen_objectid *oid);

extern int64_t idgen_objectid_unix_s(const idgen_objectid *oid);
extern int32_t idgen_objectid_counter(const idgen_objectid *oid);

#ifdef __cplusplus
}
#endif

#endif
