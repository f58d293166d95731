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

#ifdef __cplusplus
extern "C" {
#endif

#define IDGEN_OBJECTID_LEN 12
#define IDGEN_OBJECTID_TEXT_LEN 24

typedef struct idgen_objectid
{
	uint8_t		bytes[IDGEN_OBJECTID_LEN];
} idgen_objectid;

/* out holds IDGEN_OBJECTID_TEXT_LEN + 1 bytes; lower case, NUL-terminated. */
extern void idgen_objectid_to_text(const idgen_objectid *oid, char *out);

/* 24 hex digits, either case. */
extern idgen_fault idgen_objectid_from_text(const char *text, size_t len, idgen_objectid *oid);

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
