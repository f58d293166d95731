// The shared generators on the real clock: fields land where they belong.
#include <gtest/gtest.h>

#include <cstdint>

#include "generator.h"
#include "id_codec.h"
#include "wall_clock.h"

namespace {

constexpr int64_t kTwitterEpoch = 1288834974657;
constexpr int64_t kInstagramEpoch = 1314220021721;
// a minute of lead, nothing reserved in the way
constexpr idgen_clock_bounds kBounds{60000, INT64_MAX, 0};

TEST(SnowflakeNext, CarriesNodeAndWallClock) {
    idgen_generator gen{};
    int64_t before = idgen_wall_clock_ms();
    int64_t last = -1;
    for (int i = 0; i < 10000; ++i) {
        int64_t id = 0;
        ASSERT_EQ(idgen_snowflake_next(&gen, kTwitterEpoch, 1023, &kBounds, &id).code, IDGEN_OK);
        ASSERT_GT(id, last);
        last = id;
    }
    int64_t after = idgen_wall_clock_ms();
    idgen_generator_flush_counts();
    EXPECT_EQ(gen.issued, 10000u);
    EXPECT_LE(gen.waits + gen.ahead, 10000u);
    idgen_id_parts parts;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SNOWFLAKE, last, kTwitterEpoch, &parts).code, IDGEN_OK);
    EXPECT_EQ(parts.mid, 1023);
    EXPECT_GE(parts.unix_ms, before);
    EXPECT_LE(parts.unix_ms, after);
}

TEST(SnowflakeNext, RefusesNodeAndEpochOutOfRange) {
    idgen_generator gen{};
    int64_t id = 0;
    EXPECT_EQ(idgen_snowflake_next(&gen, kTwitterEpoch, 1024, &kBounds, &id).code,
              IDGEN_NODE_OUT_OF_RANGE);
    EXPECT_EQ(idgen_snowflake_next(&gen, kTwitterEpoch, -1, &kBounds, &id).code,
              IDGEN_NODE_OUT_OF_RANGE);
    EXPECT_EQ(idgen_snowflake_next(&gen, -5, 0, &kBounds, &id).code, IDGEN_EPOCH_OUT_OF_RANGE);
    // an epoch in the future: the clock is before it
    EXPECT_EQ(idgen_snowflake_next(&gen, idgen_wall_clock_ms() + 3600000, 0, &kBounds, &id).code,
              IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(gen.word, 0u);
    idgen_generator_flush_counts();
    EXPECT_EQ(gen.issued, 0u);
}

TEST(ShardIdNext, EachShardHasItsOwnSequence) {
    static idgen_generator words[IDGEN_SHARD_COUNT];
    int64_t a = 0, b = 0, c = 0;
    ASSERT_EQ(idgen_shard_id_next(words, kInstagramEpoch, 5, &kBounds, &a).code, IDGEN_OK);
    ASSERT_EQ(idgen_shard_id_next(words, kInstagramEpoch, 8191, &kBounds, &b).code, IDGEN_OK);
    ASSERT_EQ(idgen_shard_id_next(words, kInstagramEpoch, 5, &kBounds, &c).code, IDGEN_OK);
    idgen_id_parts pa, pb, pc;
    idgen_id_decode(IDGEN_FAMILY_SHARD_ID, a, kInstagramEpoch, &pa);
    idgen_id_decode(IDGEN_FAMILY_SHARD_ID, b, kInstagramEpoch, &pb);
    idgen_id_decode(IDGEN_FAMILY_SHARD_ID, c, kInstagramEpoch, &pc);
    EXPECT_EQ(pa.mid, 5);
    EXPECT_EQ(pb.mid, 8191);
    EXPECT_EQ(pc.mid, 5);
    EXPECT_GT(c, a);
    EXPECT_NE(words[5].word, 0u);
    EXPECT_NE(words[8191].word, 0u);
    EXPECT_EQ(words[6].word, 0u);
    idgen_generator_flush_counts();
    EXPECT_EQ(words[5].issued, 2u) << "each shard counts what it handed out";
    EXPECT_EQ(words[8191].issued, 1u);
}

TEST(ShardIdNext, RefusesShardOutOfRangeBeforeTouchingState) {
    static idgen_generator words[IDGEN_SHARD_COUNT];
    int64_t id = 0;
    idgen_fault f = idgen_shard_id_next(words, kInstagramEpoch, 8192, &kBounds, &id);
    EXPECT_EQ(f.code, IDGEN_SHARD_OUT_OF_RANGE);
    EXPECT_EQ(f.value, 8192);
    EXPECT_EQ(f.max, 8191);
    EXPECT_EQ(idgen_shard_id_next(words, kInstagramEpoch, -1, &kBounds, &id).code,
              IDGEN_SHARD_OUT_OF_RANGE);
}

TEST(GeneratorRaise, ResumesAfterAnotherServersIdAndNeverGoesBack) {
    idgen_generator shards[IDGEN_SHARD_COUNT] = {};
    const int64_t now_ms = idgen_wall_clock_ms() - kInstagramEpoch;
    // an ID another server issued 30 s from now, sequence 700: far enough
    // ahead that the clock is still behind it when the next ID is drawn,
    // even if the test stalls (half a second might not be), within kBounds'
    // lead of 60 s
    const uint64_t theirs = idgen_mark_at(IDGEN_FAMILY_SHARD_ID, now_ms + 30000, 700);
    EXPECT_TRUE(idgen_generator_raise(&shards[3], theirs));
    EXPECT_FALSE(idgen_generator_raise(&shards[3], theirs - 1)) << "a raise never lowers";
    int64_t id = 0;
    ASSERT_EQ(idgen_shard_id_next(shards, kInstagramEpoch, 3, &kBounds, &id).code, IDGEN_OK);
    idgen_id_parts parts;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SHARD_ID, id, kInstagramEpoch, &parts).code, IDGEN_OK);
    EXPECT_EQ(parts.unix_ms - kInstagramEpoch, now_ms + 30000);
    EXPECT_EQ(parts.seq, 701);
    EXPECT_EQ(shards[4].word, 0u) << "only that shard moved";
    EXPECT_EQ(idgen_mark_used_up(IDGEN_FAMILY_SHARD_ID, 9),
              idgen_mark_at(IDGEN_FAMILY_SHARD_ID, 9, 1023));
}

}  // namespace
