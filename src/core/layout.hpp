// layout.hpp: the bit layouts of the two bigint ID families.
//
// An ID is  [time: ms since an epoch][mid field][low field], packed into a
// non-negative int64. Both families share this shape and differ only in the
// widths (the family table's), so one constexpr description serves both.
#pragma once

#include <cstdint>

#include "families.hpp"

namespace idgen {

struct Layout {
    int mid_bits;   // shard (13) or node (10)
    int low_bits;   // sequence: 10 or 12
    int64_t max_ms;  // largest time field that keeps the sign bit 0

    constexpr int time_shift() const { return mid_bits + low_bits; }
    constexpr int64_t max_mid() const { return (int64_t{1} << mid_bits) - 1; }
    constexpr int64_t max_low() const { return (int64_t{1} << low_bits) - 1; }

    constexpr int64_t compose(int64_t ms, int64_t mid, int64_t low) const {
        return (ms << time_shift()) | (mid << low_bits) | low;
    }
    constexpr int64_t ms_of(int64_t id) const { return id >> time_shift(); }
    constexpr int64_t mid_of(int64_t id) const { return (id >> low_bits) & max_mid(); }
    constexpr int64_t low_of(int64_t id) const { return id & max_low(); }
};

constexpr Layout layout_from(const idgen_family_info& f) { return {f.mid_bits, f.seq_bits, f.max_time_ms}; }

// Instagram: 41-bit ms | 13-bit shard | 10-bit sequence.
inline constexpr Layout kShardLayout = layout_from(family_info(IDGEN_FAMILY_SHARD_ID));
// Twitter Snowflake: sign 0 | 41-bit ms | 10-bit node | 12-bit sequence.
inline constexpr Layout kSnowflakeLayout = layout_from(family_info(IDGEN_FAMILY_SNOWFLAKE));

// The layout of a bigint family.
constexpr const Layout& layout_of(idgen_family family) {
    return family == IDGEN_FAMILY_SHARD_ID ? kShardLayout : kSnowflakeLayout;
}

static_assert(kShardLayout.compose(kShardLayout.max_ms, 8191, 1023) == INT64_MAX);
static_assert(kSnowflakeLayout.compose(kSnowflakeLayout.max_ms, 1023, 4095) == INT64_MAX);

// Epochs are Unix milliseconds from 1970 up to 2^42 ms (year 2109): every
// epoch in use lies there, and epoch + time field then fits any timestamp.
inline constexpr int64_t kMaxEpochMs = IDGEN_MAX_EPOCH_MS;
static_assert(kMaxEpochMs == (int64_t{1} << 42) - 1);

}  // namespace idgen
