// RFC 9562 UUIDs: the RFC's vectors, version and variant bits, v7 order.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <set>
#include <utility>
#include <string>

#include "uuid.h"
#include "uuid_text.hpp"

namespace {

const idgen_uuid kDns = parse_uuid("6ba7b810-9dad-11d1-80b4-00c04fd430c8");

TEST(UuidNameBased, Rfc9562Vectors) {
    idgen_uuid u;
    const char name[] = "www.example.com";
    ASSERT_EQ(idgen_uuid_v5(&kDns, name, strlen(name), &u).code, IDGEN_OK);
    EXPECT_EQ(uuid_hex(u), "2ed6657d-e927-568b-95e1-2665a8aea6a2");
    ASSERT_EQ(idgen_uuid_v3(&kDns, name, strlen(name), &u).code, IDGEN_OK);
    EXPECT_EQ(uuid_hex(u), "5df41881-3aed-3515-88a7-2f4a814cf09e");
}

TEST(UuidVersion, Rfc9562Examples) {
    EXPECT_EQ(idgen_uuid_version(&kDns), 1);
    idgen_uuid examples[] = {parse_uuid("C232AB00-9414-11EC-B3C8-9F6BDECED846"),
                             parse_uuid("5df41881-3aed-3515-88a7-2f4a814cf09e"),
                             parse_uuid("919108f7-52d1-4320-9bac-f847db4148a8"),
                             parse_uuid("2ed6657d-e927-568b-95e1-2665a8aea6a2"),
                             parse_uuid("1EC9414C-232A-6B00-B3C8-9F6BDECED846"),
                             parse_uuid("017F22E2-79B0-7CC3-98C4-DC0C0C07398F"),
                             parse_uuid("2489E9AD-2EE2-8E00-8EC9-32D5F69181C0")};
    const int versions[] = {1, 3, 4, 5, 6, 7, 8};
    for (size_t i = 0; i < std::size(versions); ++i)
        EXPECT_EQ(idgen_uuid_version(&examples[i]), versions[i]) << uuid_hex(examples[i]);
    // Nil and Max have no RFC variant
    idgen_uuid nil{}, max;
    memset(max.bytes, 0xff, 16);
    EXPECT_EQ(idgen_uuid_version(&nil), -1);
    EXPECT_EQ(idgen_uuid_version(&max), -1);
}

TEST(UuidV7, Rfc9562ExampleTime) {
    // 2022-02-22 14:22:22 -05:00 is Unix ms 1645557742000 = 0x017F22E279B0
    idgen_uuid u;
    ASSERT_EQ(idgen_uuid_v7_from_time(1645557742000, &u).code, IDGEN_OK);
    EXPECT_EQ(uuid_hex(u), "017f22e2-79b0-7000-8000-000000000000");
    ASSERT_EQ(idgen_uuid_v7_at(1645557742000, 0xCC3, &u).code, IDGEN_OK);
    EXPECT_EQ(uuid_hex(u).substr(0, 19), "017f22e2-79b0-7cc3-");
    EXPECT_EQ(idgen_uuid_version(&u), 7);
    int64_t ms = 0;
    idgen_uuid example = parse_uuid("017F22E2-79B0-7CC3-98C4-DC0C0C07398F");
    ASSERT_TRUE(idgen_uuid_v7_unix_ms(&example, &ms));
    EXPECT_EQ(ms, 1645557742000);
    idgen_uuid v4 = parse_uuid("919108f7-52d1-4320-9bac-f847db4148a8");
    EXPECT_FALSE(idgen_uuid_v7_unix_ms(&v4, &ms));
}

TEST(UuidV7, TimeRange) {
    idgen_uuid u;
    EXPECT_EQ(idgen_uuid_v7_at(-1, 0, &u).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_uuid_v7_from_time(IDGEN_UUID_V7_MAX_MS + 1, &u).code, IDGEN_TIME_OUT_OF_RANGE);
    ASSERT_EQ(idgen_uuid_v7_from_time(IDGEN_UUID_V7_MAX_MS, &u).code, IDGEN_OK);
    EXPECT_EQ(uuid_hex(u), "ffffffff-ffff-7000-8000-000000000000");
}

TEST(UuidV7, StrictlyIncreasingInOneProcessWithVersionAndVariant) {
    idgen_uuid prev{};
    for (int i = 0; i < 100000; ++i) {
        idgen_uuid u;
        ASSERT_EQ(idgen_uuid_v7_now(&u).code, IDGEN_OK);
        ASSERT_GT(memcmp(u.bytes, prev.bytes, 16), 0) << i;
        ASSERT_EQ(u.bytes[6] >> 4, 7);
        ASSERT_EQ(u.bytes[8] & 0xc0, 0x80);
        prev = u;
    }
}

// uuid_v7_ms(): the clock's millisecond, rand_a as random as rand_b. Its
// rand_a values, in the order made, are no more often ascending than
// random ones (about half the pairs), where uuid_v7()'s always ascend.
TEST(UuidV7Ms, RandomRandAWithVersionVariantAndTime) {
    idgen_uuid before, after;
    ASSERT_EQ(idgen_uuid_v7_now(&before).code, IDGEN_OK);
    int ascending = 0, pairs = 0;
    uint32_t prev_rand_a = 0;
    bool seen[4096] = {};
    for (int i = 0; i < 20000; ++i) {
        idgen_uuid u;
        ASSERT_EQ(idgen_uuid_v7_ms_now(&u).code, IDGEN_OK);
        ASSERT_EQ(u.bytes[6] >> 4, 7);
        ASSERT_EQ(u.bytes[8] & 0xc0, 0x80);
        ASSERT_GE(memcmp(u.bytes, before.bytes, 6), 0) << i;
        const uint32_t rand_a = (u.bytes[6] & 0x0f) << 8 | u.bytes[7];
        seen[rand_a] = true;
        if (i > 0) { ++pairs; ascending += rand_a > prev_rand_a; }
        prev_rand_a = rand_a;
    }
    // made before uuid_v7()'s next reading: never a later millisecond
    idgen_uuid last;
    ASSERT_EQ(idgen_uuid_v7_ms_now(&last).code, IDGEN_OK);
    ASSERT_EQ(idgen_uuid_v7_now(&after).code, IDGEN_OK);
    EXPECT_LE(memcmp(last.bytes, after.bytes, 6), 0);
    int distinct = 0;
    for (bool s : seen) distinct += s;
    EXPECT_GT(distinct, 3900);          // 20000 draws of 4096: all but ~30 expected
    EXPECT_GT(ascending, pairs * 45 / 100);
    EXPECT_LT(ascending, pairs * 55 / 100);
}

// uuid_timestamp_us: rand_a read as the sub-millisecond fraction.
TEST(UuidV7Microseconds, EveryMicrosecondOfAMillisecondReadsBack) {
    const int64_t ms = 1645557742000;
    for (int64_t us = 0; us < 1000; ++us) {
        idgen_uuid u;
        ASSERT_EQ(idgen_uuid_v7_at(ms, static_cast<int32_t>(us * 4096 / 1000), &u).code, IDGEN_OK);
        int64_t unix_us = 0;
        ASSERT_TRUE(idgen_uuid_unix_us_with_fraction(&u, &unix_us));
        ASSERT_EQ(unix_us, ms * 1000 + us) << "microsecond " << us;
    }
}

TEST(UuidV7Microseconds, FractionEdgesAndOtherVersions) {
    int64_t unix_us = 0;
    // RFC 9562's v7 example: rand_a 0xCC3 = 3267, 797.6 us: the first whole
    // microsecond of that fraction is 798
    const idgen_uuid rfc = parse_uuid("017F22E2-79B0-7CC3-98C4-DC0C0C07398F");
    ASSERT_TRUE(idgen_uuid_unix_us_with_fraction(&rfc, &unix_us));
    EXPECT_EQ(unix_us, 1645557742000798);
    idgen_uuid u;
    for (auto [fraction, us] : {std::pair{0, 0}, {1, 1}, {4091, 999}, {4092, 999}, {4095, 999}}) {
        ASSERT_EQ(idgen_uuid_v7_at(1000, fraction, &u).code, IDGEN_OK);
        ASSERT_TRUE(idgen_uuid_unix_us_with_fraction(&u, &unix_us));
        EXPECT_EQ(unix_us, 1000 * 1000 + us) << "fraction " << fraction << ": never the next ms";
    }
    // v1: as idgen_uuid_unix_us reads it; v4: no time
    ASSERT_TRUE(idgen_uuid_unix_us_with_fraction(&kDns, &unix_us));
    int64_t plain = 0;
    idgen_uuid_unix_us(&kDns, &plain);
    EXPECT_EQ(unix_us, plain);
    const idgen_uuid v4 = parse_uuid("919108f7-52d1-4320-9bac-f847db4148a8");
    EXPECT_FALSE(idgen_uuid_unix_us_with_fraction(&v4, &unix_us));
}

// uuid_v7(shift): the shifted microsecond and the reading's own sub-
// microsecond ns; refused outside 1970 to 2^48 - 1 ms, at the edges exactly.
TEST(UuidV7Shifted, TimeAndRangeEdges) {
    idgen_uuid u;
    const int64_t clock_ns = idgen_uuid_v7_clock_ns();
    ASSERT_EQ(idgen_uuid_v7_shifted(clock_ns, 1645557742000797, &u).code, IDGEN_OK);
    int64_t unix_ms = 0, unix_us = 0;
    idgen_uuid_v7_unix_ms(&u, &unix_ms);
    EXPECT_EQ(unix_ms, 1645557742000);
    idgen_uuid_unix_us_with_fraction(&u, &unix_us);
    EXPECT_GE(unix_us, 1645557742000797);
    EXPECT_LE(unix_us, 1645557742000798) << "the microsecond, or the next: the ns add up to 999";
    EXPECT_EQ(idgen_uuid_v7_shifted(clock_ns, 0, &u).code, IDGEN_OK);
    idgen_fault f = idgen_uuid_v7_shifted(clock_ns, -1, &u);
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(f.value, -1) << "in Unix ms, floored";
    EXPECT_EQ(idgen_uuid_v7_shifted(clock_ns, IDGEN_UUID_V7_MAX_MS * 1000 + 999, &u).code, IDGEN_OK);
    f = idgen_uuid_v7_shifted(clock_ns, (IDGEN_UUID_V7_MAX_MS + 1) * 1000, &u);
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(f.max, IDGEN_UUID_V7_MAX_MS);
}

// A shifted v7 uses its clock reading: uuid_v7() after it goes on above it
// (PostgreSQL 18's uuidv7(interval) reads the same ascending clock).
TEST(UuidV7Shifted, UsesTheReadingOfUuidV7sClock) {
    const int64_t clock_ns = idgen_uuid_v7_clock_ns() + 2'000'000;  // a reading 2 ms ahead
    idgen_uuid shifted, next;
    ASSERT_EQ(idgen_uuid_v7_shifted(clock_ns, clock_ns / 1000, &shifted).code, IDGEN_OK);
    ASSERT_EQ(idgen_uuid_v7_now(&next).code, IDGEN_OK);
    EXPECT_GT(memcmp(next.bytes, shifted.bytes, 16), 0);
}

TEST(UuidV4, VersionVariantAndUniqueness) {
    std::set<std::string> seen;
    for (int i = 0; i < 20000; ++i) {
        idgen_uuid u;
        ASSERT_EQ(idgen_uuid_v4(&u).code, IDGEN_OK);
        ASSERT_EQ(idgen_uuid_version(&u), 4);
        seen.insert(uuid_hex(u));
    }
    EXPECT_EQ(seen.size(), 20000u);
}

}  // namespace
