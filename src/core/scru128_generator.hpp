// scru128_generator.hpp: the SCRU128 spec's generator (v2.0.1, "Counter
// overflow handling" and "Clock rollback handling"), as its JavaScript
// reference's generateOrAbortCore runs it, over a clock reading and a random
// source the caller gives (tests give their own).
#pragma once

#include <cstdint>

#include "bytes.hpp"
#include "fault.h"
#include "scru128.h"

namespace idgen {

inline constexpr uint32_t kScru128MaxCounter = 0xFFFFFF;  // counter_hi and counter_lo: 24 bits
inline constexpr int64_t kScru128MaxTimestamp = (int64_t{1} << 48) - 1;

inline idgen_scru128 scru128_of(int64_t unix_ms, uint32_t counter_hi, uint32_t counter_lo, uint32_t entropy) {
    idgen_scru128 id;
    put_be(id.bytes, 6, unix_ms);
    put_be(id.bytes + 6, 3, counter_hi);
    put_be(id.bytes + 9, 3, counter_lo);
    put_be(id.bytes + 12, 4, entropy);
    return id;
}

struct Scru128Generator {
    int64_t timestamp = 0;
    uint32_t counter_hi = 0;
    uint32_t counter_lo = 0;
    int64_t ts_counter_hi = 0;  // the timestamp at counter_hi's last renewal

    // Random: callable () -> uint32_t (all 32 bits random). The state moves
    // only when an ID is made: a refused call leaves it as it was.
    template <class Random>
    idgen_fault next(int64_t unix_ms, int64_t max_rollback_ms, Random&& random, idgen_scru128* out) {
        if (unix_ms < 1 || unix_ms > kScru128MaxTimestamp)
            return {IDGEN_TIME_OUT_OF_RANGE, unix_ms, 1, kScru128MaxTimestamp};
        Scru128Generator s = *this;
        if (unix_ms > s.timestamp) {
            s.timestamp = unix_ms;
            s.counter_lo = random() & kScru128MaxCounter;
        } else if (unix_ms + max_rollback_ms >= s.timestamp) {
            // the clock at or a little behind the last timestamp: go on from it
            if (++s.counter_lo > kScru128MaxCounter) {
                s.counter_lo = 0;
                if (++s.counter_hi > kScru128MaxCounter) {
                    s.counter_hi = 0;
                    ++s.timestamp;  // counter overflow: the next millisecond
                    s.counter_lo = random() & kScru128MaxCounter;
                }
            }
        } else {
            // further behind: the spec's "raise an error if [order] is" critical
            return {IDGEN_CLOCK_LEAD_EXCEEDED, s.timestamp - unix_ms, 0, max_rollback_ms};
        }
        if (s.timestamp > kScru128MaxTimestamp)
            return {IDGEN_TIME_OUT_OF_RANGE, s.timestamp, 1, kScru128MaxTimestamp};
        if (s.timestamp - s.ts_counter_hi >= 1000 || s.ts_counter_hi < 1) {
            s.ts_counter_hi = s.timestamp;
            s.counter_hi = random() & kScru128MaxCounter;
        }
        *out = scru128_of(s.timestamp, s.counter_hi, s.counter_lo, random());
        *this = s;
        return {IDGEN_OK, 0, 0, 0};
    }
};

}  // namespace idgen
