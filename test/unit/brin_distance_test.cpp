// The distance BRIN's minmax-multi opclasses use for ksuid and objectid:
// zero for equal values, the byte order's direction, and additive, so the
// closest values of a range are the ones merged first.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <random>
#include <vector>

#include "brin_distance.h"

namespace {

using Ksuid = std::array<uint8_t, 20>;

double distance(const Ksuid& lo, const Ksuid& hi) {
    return idgen_brin_distance(lo.data(), hi.data(), lo.size());
}

TEST(ByteDistance, EqualIsZero) {
    Ksuid a{};
    a.fill(0xA5);
    EXPECT_EQ(distance(a, a), 0.0);
}

TEST(ByteDistance, TopByteIsOne256th) {
    Ksuid lo{}, hi{};
    hi[0] = 1;
    EXPECT_DOUBLE_EQ(distance(lo, hi), 1.0 / 256);
    hi[0] = 0xFF;
    EXPECT_DOUBLE_EQ(distance(lo, hi), 255.0 / 256);
}

TEST(ByteDistance, BorrowFromLowerBytes) {
    // 00 FF .. FF and 01 00 .. 00 are one unit of the last byte apart: the
    // borrow cancels the top byte's 1/256, leaving at most rounding, and
    // never a negative distance
    Ksuid lo{}, hi{};
    std::fill(lo.begin() + 1, lo.end(), 0xFF);
    hi[0] = 1;
    double d = distance(lo, hi);
    EXPECT_GE(d, 0.0);
    EXPECT_LT(d, 1e-15);
    // and a borrow inside a small difference: 02 00 .. minus 00 FF .. is 1/256 and a unit
    hi[0] = 2;
    EXPECT_NEAR(distance(lo, hi), 1.0 / 256, 1e-15);
}

TEST(ByteDistance, LastByteStillCounts) {
    // the smallest step of a 12-byte ObjectId is 256^-12: far above double's
    // smallest normal number, so it is never lost to zero
    std::array<uint8_t, 12> lo{}, hi{};
    hi[11] = 1;
    EXPECT_GT(idgen_brin_distance(lo.data(), hi.data(), 12), 0.0);
}

TEST(ByteDistance, FollowsOrderAndAdds) {
    std::mt19937_64 rng(42);
    std::vector<Ksuid> ids(200);
    for (auto& id : ids)
        for (auto& b : id) b = static_cast<uint8_t>(rng());
    std::sort(ids.begin(), ids.end());
    for (size_t i = 0; i + 2 < ids.size(); ++i) {
        double ab = distance(ids[i], ids[i + 1]);
        double bc = distance(ids[i + 1], ids[i + 2]);
        double ac = distance(ids[i], ids[i + 2]);
        EXPECT_GE(ab, 0.0);
        EXPECT_GE(ac, ab);
        EXPECT_GE(ac, bc);
        EXPECT_NEAR(ac, ab + bc, 1e-15);
    }
}

TEST(ByteDistance, KsuidSeconds) {
    // KSUIDs with the same payload a second apart are 2^-32 apart, and the
    // payload's own differences stay below that
    Ksuid lo{}, hi{};
    std::mt19937_64 rng(7);
    for (size_t i = 4; i < lo.size(); ++i) lo[i] = hi[i] = static_cast<uint8_t>(rng());
    lo[3] = 7;
    hi[3] = 8;
    EXPECT_NEAR(distance(lo, hi), 1.0 / 4294967296.0, 1e-25);
    Ksuid same_second = lo;
    std::fill(same_second.begin() + 4, same_second.end(), 0xFF);
    EXPECT_LT(distance(lo, same_second), 1.0 / 4294967296.0);
}

}  // namespace
