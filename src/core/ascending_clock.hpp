// ascending_clock.hpp: the wall clock in ns as uuid_v7(), ulid() and ksuid()
// read it: whole units (a millisecond, or for KSUID a second) and a fraction
// of the unit in `fraction_bits` (RFC 9562 section 6.2, method 3), each
// reading at least one fraction step after the last one this process used,
// so that its IDs strictly increase.
#pragma once

#include <cstdint>

#include "wall_clock.h"

namespace idgen {

inline constexpr int64_t kNsPerMs = 1000000;
inline constexpr int64_t kNsPerS = 1000000000;

// UnitNs and FractionBits are constants so that the divisions are
// multiplications: this runs on every ID.
template <int64_t UnitNs, int FractionBits>
class AscendingClock {
  public:
    struct Reading {
        int64_t ns;
        int64_t units;      // since the Unix epoch: ms, or s
        uint32_t fraction;  // of the unit, in FractionBits
    };

    // The next reading; it counts as used once the ID is made (use()).
    Reading read() const { return read(idgen_wall_clock_ns()); }

    // The same, for a clock that said wall_ns (tests give their own).
    Reading read(int64_t wall_ns) const {
        int64_t ns = wall_ns;
        if (ns < previous_ns_ + kMinStepNs) ns = previous_ns_ + kMinStepNs;
        return {ns, ns / UnitNs, static_cast<uint32_t>((ns % UnitNs) * (int64_t{1} << FractionBits) / UnitNs)};
    }

    void use(const Reading& r) { previous_ns_ = r.ns; }

  private:
    // the smallest ns step that moves the fraction: unit / 2^bits + 1
    static constexpr int64_t kMinStepNs = UnitNs / (int64_t{1} << FractionBits) + 1;
    // This process's last reading; inherited by a forked child, which is
    // fine: order is per process, uniqueness comes from the random bits.
    int64_t previous_ns_ = 0;
};

}  // namespace idgen
