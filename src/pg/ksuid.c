/*
 * ksuid.c: the ksuid type (Segment's KSUID, 20 bytes) over core/ksuid.cpp:
 * a fixed-size type (fixed_size_type.h) whose time is whole seconds.
 *
 * A 20-byte type rather than text: 21 bytes on disk against 28, validated on
 * input, compared with one memcmp, and decodable.
 */
#include "report.h"

#include "../core/ksuid.h"
#include "fixed_size_type.h"

IDGEN_FIXED_SIZE_TYPE(ksuid, IDGEN_FAMILY_KSUID)
IDGEN_FIXED_SIZE_OPERATORS(ksuid)

/*
 * ksuid(): now, strictly increasing within the session (the fraction of the
 * second, then 96 random bits); ksuid(at): that second and 128 random bits
 */
IDGEN_FIXED_SIZE_SECONDS(ksuid, idgen_ksuid_now, idgen_ksuid_random)
