// partition_bounds_test.cpp: the range bounds and spans partitioning uses
// (idgen_id_span, the *_from_time of SCRU128, Timeflake, xid and push IDs):
// the numbers are written out here, never read from the core's constants.
#include <gtest/gtest.h>

#include <cstring>

#include "id_codec.h"
#include "pushid.h"
#include "scru128.h"
#include "timeflake.h"
#include "xid12.h"

namespace {

TEST(IdSpan, ADayOfEachFamily) {
    int64_t ids = 0;
    ASSERT_EQ(idgen_id_span(IDGEN_FAMILY_SNOWFLAKE, 86400000, &ids).code, IDGEN_OK);
    EXPECT_EQ(ids, 362387865600000);  // 86400000 << 22
    ASSERT_EQ(idgen_id_span(IDGEN_FAMILY_SHARD_ID, 86400000, &ids).code, IDGEN_OK);
    EXPECT_EQ(ids, 724775731200000);  // << 23
    ASSERT_EQ(idgen_id_span(IDGEN_FAMILY_SONYFLAKE, 86400000, &ids).code, IDGEN_OK);
    EXPECT_EQ(ids, 144955146240000);  // 8640000 units of 10 ms << 24
}

TEST(IdSpan, SmallestAndLongest) {
    int64_t ids = 0;
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_SNOWFLAKE, 1, &ids).code, IDGEN_OK);
    EXPECT_EQ(ids, 4194304);
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_SNOWFLAKE, 0, &ids).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_SNOWFLAKE, -1, &ids).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_SNOWFLAKE, 2199023255551, &ids).code, IDGEN_OK);  // 2^41 - 1
    EXPECT_EQ(ids, 9223372036850581504);
    idgen_fault f = idgen_id_span(IDGEN_FAMILY_SNOWFLAKE, 2199023255552, &ids);
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(f.min, 1);
    EXPECT_EQ(f.max, 2199023255551);
    // TSID's 42-bit field reaches the sign bit: its longest positive span is 2^41 - 1 ms
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_TSID, 2199023255551, &ids).code, IDGEN_OK);
    EXPECT_GT(ids, 0);
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_TSID, 2199023255552, &ids).code, IDGEN_TIME_OUT_OF_RANGE);
}

TEST(IdSpan, SonyflakeCountsTenMilliseconds) {
    int64_t ids = 0;
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_SONYFLAKE, 10, &ids).code, IDGEN_OK);
    EXPECT_EQ(ids, 16777216);  // 1 << 24
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_SONYFLAKE, 9, &ids).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_id_span(IDGEN_FAMILY_SONYFLAKE, 15, &ids).code, IDGEN_TIME_OUT_OF_RANGE);
}

TEST(FromTime, SmallestOfTheirTime) {
    // 2026-01-01T00:00:00Z = 1767225600000 ms = 0x019B76DAA800
    const uint8_t ms[6] = {0x01, 0x9B, 0x76, 0xDA, 0xA8, 0x00};
    idgen_scru128 s;
    ASSERT_EQ(idgen_scru128_from_time(1767225600000, &s).code, IDGEN_OK);
    EXPECT_EQ(std::memcmp(s.bytes, ms, 6), 0);
    for (int i = 6; i < 16; ++i) EXPECT_EQ(s.bytes[i], 0) << i;
    idgen_timeflake t;
    ASSERT_EQ(idgen_timeflake_from_time(1767225600000, &t).code, IDGEN_OK);
    EXPECT_EQ(std::memcmp(t.bytes, s.bytes, 16), 0);
    idgen_xid12 x;
    ASSERT_EQ(idgen_xid12_from_time(1767225600, &x).code, IDGEN_OK);
    const uint8_t s32[4] = {0x69, 0x55, 0xB9, 0x00};
    EXPECT_EQ(std::memcmp(x.bytes, s32, 4), 0);
    for (int i = 4; i < 12; ++i) EXPECT_EQ(x.bytes[i], 0) << i;
    char p[IDGEN_PUSHID_TEXT_LEN + 1];
    ASSERT_EQ(idgen_pushid_from_time(1767225600000, p).code, IDGEN_OK);
    EXPECT_STREQ(p, "-OhqqeV-------------");
}

TEST(FromTime, RangeEnds) {
    idgen_scru128 s;
    EXPECT_EQ(idgen_scru128_from_time(0, &s).code, IDGEN_OK);
    EXPECT_EQ(idgen_scru128_from_time(281474976710655, &s).code, IDGEN_OK);  // 2^48 - 1
    EXPECT_EQ(idgen_scru128_from_time(281474976710656, &s).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_scru128_from_time(-1, &s).code, IDGEN_TIME_OUT_OF_RANGE);
    char p[IDGEN_PUSHID_TEXT_LEN + 1];
    EXPECT_EQ(idgen_pushid_from_time(281474976710655, p).code, IDGEN_OK);
    EXPECT_STREQ(p, "zzzzzzzz------------");
    EXPECT_EQ(idgen_pushid_from_time(281474976710656, p).code, IDGEN_TIME_OUT_OF_RANGE);
}

}  // namespace
