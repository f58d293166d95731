/*
 * pushid.h: Firebase's push IDs (generatePushID): 20 characters of
 * -0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz, the
 * alphabet in ASCII order: 8 of them the Unix ms (48 bits, most significant
 * first), 12 of them 72 random bits. They sort by time as bytes (COLLATE "C").
 * C API for the shim.
 */
#ifndef IDGEN_CORE_PUSHID_H
#define IDGEN_CORE_PUSHID_H

#include <stddef.h>
#include <stdint.h>

#include "family.h"
#include "fault.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * pushid(): out (IDGEN_PUSHID_TEXT_LEN + 1 bytes, NUL-terminated) gets a push
 * ID of the wall clock; within one ms (or a clock set back) the random part
 * is the last one's plus one, as Firebase's client does, so the process's
 * push IDs strictly increase.
 */
extern idgen_fault idgen_pushid_now(char *out);

/* The Unix ms of a push ID's text: 20 characters of the alphabet. */
extern idgen_fault idgen_pushid_unix_ms(const char *text, size_t len, int64_t *unix_ms);

/*
 * The smallest push ID of unix_ms into out (IDGEN_PUSHID_TEXT_LEN + 1 bytes):
 * its time, then the alphabet's first character, '-', 12 times (a range
 * bound under COLLATE "C").
 */
extern idgen_fault idgen_pushid_from_time(int64_t unix_ms, char *out);

#ifdef __cplusplus
}
#endif

#endif
