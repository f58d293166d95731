// brin_distance.cpp: the distance of two byte strings in memcmp order.
#include "brin_distance.h"

double idgen_brin_distance(const uint8_t *lo, const uint8_t *hi, size_t len) {
    // From the last byte to the first, so each byte's difference is added
    // before the division that scales it: a borrow from a lower byte (hi's
    // byte smaller than lo's) then comes out right in the higher ones.
    double d = 0;
    for (size_t i = len; i-- > 0;) {
        d += static_cast<int>(hi[i]) - static_cast<int>(lo[i]);
        d /= 256;
    }
    return d;
}
