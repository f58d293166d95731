// ascending_clock.hpp: the wall clock in ns as uuid_v7() and ulid() read it:
// a millisecond and a sub-millisecond fraction of `fraction_bits` (RFC 9562
// section 6.2, method 3), each reading at least one fraction step after the
// last one this process used, so that its IDs strictly increase.
#pragma once

#include <cstdint>

#include "wall_clock.h"

namespace idgen {

class AscendingClock {
  public:
    struct Reading {
        int64_t ns;
        int64_t unix_ms;
        int32_t fraction;
    };

    explicit constexpr AscendingClock(int fraction_bits)
        : fraction_bits_(fraction_bits), min_step_ns_(kNsPerMs / (int64_t{1} << fraction_bits) + 1) {}

    // The next reading; it counts as used once the ID is made (use()).
    Reading read() const {
        int64_t ns = idgen_wall_clock_ns();
        if (ns < previous_ns_ + min_step_ns_) ns = previous_ns_ + min_step_ns_;
        return {ns, ns / kNsPerMs,
                static_cast<int32_t>((ns % kNsPerMs) * (int64_t{1} << fraction_bits_) / kNsPerMs)};
    }

    void use(const Reading& r) { previous_ns_ = r.ns; }

  private:
    static constexpr int64_t kNsPerMs = 1000000;
    int fraction_bits_;
    // the smallest ns step that moves the fraction: 10^6 / 2^bits + 1
    int64_t min_step_ns_;
    // This process's last reading; inherited by a forked child, which is
    // fine: order is per process, uniqueness comes from the random bits.
    int64_t previous_ns_ = 0;
};

}  // namespace idgen
