/*
 * brin_distance.h: how far apart two IDs that sort like their bytes are, as
 * BRIN's minmax-multi opclasses need it to merge the closest values of a
 * block range first. C API for the shim.
 */
#ifndef IDGEN_CORE_BRIN_DISTANCE_H
#define IDGEN_CORE_BRIN_DISTANCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * hi - lo, both len bytes read as the base-256 fraction 0.b0 b1 b2 ...: in
 * [0, 1) when lo <= hi (memcmp order), 0 when equal. The same measure as
 * PostgreSQL's brin_minmax_multi_distance_uuid, for any length.
 */
extern double idgen_brin_distance(const uint8_t *lo, const uint8_t *hi, size_t len);

#ifdef __cplusplus
}
#endif

#endif
