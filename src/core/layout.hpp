// layout.hpp: the bit layouts of the bigint ID families.
//
// An ID is  [time: units since an epoch][mid field][sequence], packed into an
// int64 (Sonyflake puts the sequence above the mid field instead). The
// families share this shape and differ only in what their rows of the family
// table say (widths, time unit, field order, sign bit), so one constexpr
// description serves them all.
#pragma once

#include <array>
#include <cstdint>

#include "families.hpp"

namespace idgen {

struct Layout {
    int mid_bits;    // shard (13), node (10) or machine (16)
    int low_bits;    // sequence: 8, 10 or 12
    int64_t max_ms;  // largest time field (in units) that the ID holds
    int64_t unit_ms = 1;         // one unit of the time field
    bool seq_above_mid = false;  // time | seq | mid (Sonyflake)
    bool sign_bit = false;       // the time field's top bit is the sign bit (TSID)

    constexpr int time_shift() const { return mid_bits + low_bits; }
    constexpr int mid_shift() const { return seq_above_mid ? 0 : low_bits; }
    constexpr int low_shift() const { return seq_above_mid ? mid_bits : 0; }
    constexpr int64_t max_mid() const { return (int64_t{1} << mid_bits) - 1; }
    constexpr int64_t max_low() const { return (int64_t{1} << low_bits) - 1; }

    // In unsigned arithmetic: TSID's time field reaches the sign bit.
    constexpr int64_t compose(int64_t ms, int64_t mid, int64_t low) const {
        return static_cast<int64_t>((static_cast<uint64_t>(ms) << time_shift()) |
                                    (static_cast<uint64_t>(mid) << mid_shift()) |
                                    (static_cast<uint64_t>(low) << low_shift()));
    }
    constexpr int64_t ms_of(int64_t id) const {
        return static_cast<int64_t>(static_cast<uint64_t>(id) >> time_shift());
    }
    constexpr int64_t mid_of(int64_t id) const {
        return static_cast<int64_t>(static_cast<uint64_t>(id) >> mid_shift()) & max_mid();
    }
    constexpr int64_t low_of(int64_t id) const {
        return static_cast<int64_t>(static_cast<uint64_t>(id) >> low_shift()) & max_low();
    }
    // The Unix ms a time field starts at, and the last one a field of max_ms covers.
    constexpr int64_t unix_ms(int64_t epoch_ms, int64_t ms) const { return epoch_ms + ms * unit_ms; }
    constexpr int64_t last_unix_ms(int64_t epoch_ms) const {
        return unix_ms(epoch_ms, max_ms) + unit_ms - 1;
    }
};

constexpr Layout layout_from(const idgen_family_info& f) {
    const int64_t unit = f.time_unit_ms > 0 ? f.time_unit_ms : 1;
    return {f.mid_bits, f.seq_bits, f.max_time_ms / unit, unit, f.seq_above_mid != 0,
            f.time_in_sign_bit != 0};
}

// Every row's layout: a bigint family's from its row (a row with no mid
// field is no bigint family: Snowflake's stands in, as for any other caller).
inline constexpr auto kLayouts = [] {
    std::array<Layout, IDGEN_FAMILY_ROWS> layouts{};
    for (int f = 0; f < IDGEN_FAMILY_ROWS; ++f)
        layouts[f] = layout_from(kFamilies[f].mid_name != nullptr ? kFamilies[f]
                                                                   : family_info(IDGEN_FAMILY_SNOWFLAKE));
    return layouts;
}();

// The layout of a bigint family.
constexpr const Layout& layout_of(idgen_family family) { return kLayouts[family]; }

// Instagram: 41-bit ms | 13-bit shard | 10-bit sequence.
inline constexpr const Layout& kShardLayout = layout_of(IDGEN_FAMILY_SHARD_ID);
// Twitter Snowflake: sign 0 | 41-bit ms | 10-bit node | 12-bit sequence.
inline constexpr const Layout& kSnowflakeLayout = layout_of(IDGEN_FAMILY_SNOWFLAKE);
// TSID: 42-bit ms (the sign bit its top one) | 10-bit node | 12-bit counter.
inline constexpr const Layout& kTsidLayout = layout_of(IDGEN_FAMILY_TSID);
// Sonyflake v1: sign 0 | 39-bit 10 ms units | 8-bit sequence | 16-bit machine.
inline constexpr const Layout& kSonyflakeLayout = layout_of(IDGEN_FAMILY_SONYFLAKE);

static_assert(kShardLayout.compose(kShardLayout.max_ms, 8191, 1023) == INT64_MAX);
static_assert(kSnowflakeLayout.compose(kSnowflakeLayout.max_ms, 1023, 4095) == INT64_MAX);
static_assert(kTsidLayout.compose(kTsidLayout.max_ms, 1023, 4095) == -1);
static_assert(kSonyflakeLayout.compose(kSonyflakeLayout.max_ms, 65535, 255) == INT64_MAX);
static_assert(kSonyflakeLayout.compose(0, 1, 0) == 1 && kSonyflakeLayout.compose(0, 0, 1) == 1 << 16);

// Epochs are Unix milliseconds from 1970 up to 2^42 ms (year 2109): every
// epoch in use lies there, and epoch + time field then fits any timestamp.
inline constexpr int64_t kMaxEpochMs = IDGEN_MAX_EPOCH_MS;
static_assert(kMaxEpochMs == (int64_t{1} << 42) - 1);

}  // namespace idgen
