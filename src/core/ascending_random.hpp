// ascending_random.hpp: "within one tick the random part is the last one's
// plus one", the monotonic rule of ULID's spec, Firebase's push IDs and
// KSUID-ms here. A tick is the time field's unit (a push ID's millisecond, a
// KSUID-ms's 4 ms). A new tick draws fresh random bytes; the same tick, or a
// clock behind the last tick, keeps the last tick and adds one to the last
// random part, so that one process's IDs strictly increase. The random part
// is Bytes bytes, big-endian; if adding one carries out of it (2^-72 or
// rarer), the next tick begins.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fault.h"
#include "fork_reset.hpp"
#include "random_pool.h"

namespace idgen {

template <size_t Bytes>
class AscendingRandom {
  public:
    struct Next {
        int64_t tick;
        uint8_t random[Bytes];
    };

    // The next (tick, random) for a clock reading now_tick.
    idgen_fault next(int64_t now_tick, Next* out) {
        Next n;
        // a forked child starts afresh: its parent's last random part is not its own
        if (last_.drawn() && now_tick <= tick_ && increment(random_)) {
            n.tick = tick_;
        } else {
            n.tick = (last_.drawn() && now_tick <= tick_) ? tick_ + 1 : now_tick;
            if (idgen_fault f = idgen_random_bytes(random_, Bytes); f.code != IDGEN_OK) return f;
        }
        tick_ = n.tick;
        last_.mark_drawn();
        memcpy(n.random, random_, Bytes);
        *out = n;
        return {IDGEN_OK, 0, 0, 0};
    }

  private:
    // random + 1 in place; false when it carried out (it is then all zero)
    static bool increment(uint8_t* random) {
        for (size_t i = Bytes; i-- > 0;)
            if (++random[i] != 0) return true;
        return false;
    }

    int64_t tick_ = 0;
    uint8_t random_[Bytes] = {};
    DrawnHere last_;
};

}  // namespace idgen
