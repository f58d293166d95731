// Layout packing at the bit edges, and the seeds' worked numbers.
#include <gtest/gtest.h>

#include <cstdint>

#include "id_codec.h"
#include "layout.hpp"

namespace {

constexpr int64_t kInstagramEpoch = 1314220021721;  // idgen.shard_epoch default
constexpr int64_t kSeed004Epoch = 1325376000000;    // 2012-01-01 UTC
constexpr int64_t k20461101 = 2424643200000;         // 2046-11-01 00:00 UTC
constexpr int64_t k20461201 = 2427235200000;         // 2046-12-01 00:00 UTC
constexpr int64_t kTwoPow40 = int64_t{1} << 40;

int64_t shard_id(int64_t unix_ms, int64_t epoch, int32_t shard, int64_t seq) {
    int64_t id = -1;
    idgen_fault f = idgen_shard_id_compose(unix_ms, epoch, shard, seq, &id);
    EXPECT_EQ(f.code, IDGEN_OK);
    return id;
}

idgen_fault_code shard_fault(int64_t unix_ms, int64_t epoch, int32_t shard, int64_t seq) {
    int64_t id = 12345;
    idgen_fault f = idgen_shard_id_compose(unix_ms, epoch, shard, seq, &id);
    EXPECT_EQ(id, 12345) << "a refused input must not write the ID";
    return f.code;
}

TEST(ShardIdCompose, Seed004PositiveVector) {
    // seed 004: shard 5, nextval 112345 at 2046-11-01 with epoch 2012-01-01
    EXPECT_EQ(shard_id(k20461101, kSeed004Epoch, 5, 112345), 9221321628057605849);
}

TEST(ShardIdCompose, Seed004NegativeVectorIsAnError) {
    // The original prints -9203679173715945767 here: its time field passed 2^40 ms.
    int64_t id = 0;
    idgen_fault f = idgen_shard_id_compose(k20461201, kSeed004Epoch, 5, 112345, &id);
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(f.value, k20461201);
    EXPECT_EQ(f.min, kSeed004Epoch);
    EXPECT_EQ(f.max, kSeed004Epoch + kTwoPow40 - 1);
}

TEST(ShardIdCompose, Seed001SixtyFourBitShift) {
    // seed 001: 1992325551 << 23 is -679477248 in 32 bits, 16712838055723008 in 64.
    EXPECT_EQ(shard_id(kInstagramEpoch + 1992325551, kInstagramEpoch, 0, 0), 16712838055723008);
}

TEST(ShardIdCompose, BitEdges) {
    EXPECT_EQ(shard_id(kInstagramEpoch, kInstagramEpoch, 0, 0), 0);
    EXPECT_EQ(shard_id(kInstagramEpoch + kTwoPow40 - 1, kInstagramEpoch, 8191, 1023), INT64_MAX);
    EXPECT_EQ(shard_id(kInstagramEpoch, kInstagramEpoch, 8191, 0), 8191 << 10);
    EXPECT_EQ(shard_id(kInstagramEpoch, kInstagramEpoch, 0, 1023), 1023);
    EXPECT_EQ(shard_id(kInstagramEpoch + 1, kInstagramEpoch, 0, 0), int64_t{1} << 23);
    // the sequence is taken modulo 1024, as the original's nextval() % 1024
    EXPECT_EQ(shard_id(kInstagramEpoch, kInstagramEpoch, 0, 1024), 0);
    EXPECT_EQ(shard_id(kInstagramEpoch, kInstagramEpoch, 0, INT64_MAX), 1023);
}

TEST(ShardIdCompose, RefusesWhatTheOriginalGetsWrong) {
    EXPECT_EQ(shard_fault(kInstagramEpoch, kInstagramEpoch, 8192, 0), IDGEN_SHARD_OUT_OF_RANGE);
    EXPECT_EQ(shard_fault(kInstagramEpoch, kInstagramEpoch, -1, 0), IDGEN_SHARD_OUT_OF_RANGE);
    EXPECT_EQ(shard_fault(kInstagramEpoch, kInstagramEpoch, 0, -1), IDGEN_SEQ_OUT_OF_RANGE);
    EXPECT_EQ(shard_fault(kInstagramEpoch - 1, kInstagramEpoch, 0, 0), IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(shard_fault(kInstagramEpoch + kTwoPow40, kInstagramEpoch, 0, 0),
              IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(shard_fault(INT64_MIN, kInstagramEpoch, 0, 0), IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(shard_fault(INT64_MAX, kInstagramEpoch, 0, 0), IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(shard_fault(kInstagramEpoch, -1, 0, 0), IDGEN_EPOCH_OUT_OF_RANGE);
    EXPECT_EQ(shard_fault(kInstagramEpoch, idgen::kMaxEpochMs + 1, 0, 0), IDGEN_EPOCH_OUT_OF_RANGE);
}

TEST(ShardIdDecode, Seed004Vector) {
    idgen_id_parts parts;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SHARD_ID, 9221321628057605849, kSeed004Epoch, &parts).code,
              IDGEN_OK);
    EXPECT_EQ(parts.unix_ms, k20461101);
    EXPECT_EQ(parts.mid, 5);
    EXPECT_EQ(parts.seq, 729);  // 112345 % 1024
}

TEST(SnowflakeDecode, Seed001ExampleCarriesSequenceZero) {
    // seed 001 composes 2018-06-09 10:00 UTC, node 786, sequence 3450 with
    // epoch 2015-01-01 and prints 454947766275219456: that number has sequence 0.
    idgen_id_parts parts;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SNOWFLAKE, 454947766275219456, 1420070400000, &parts).code,
              IDGEN_OK);
    EXPECT_EQ(parts.unix_ms, 1528538400000);
    EXPECT_EQ(parts.mid, 786);
    EXPECT_EQ(parts.seq, 0);
    // With the sequence it claims, the ID is 454947766275222906.
    EXPECT_EQ(idgen::kSnowflakeLayout.compose(1528538400000 - 1420070400000, 786, 3450),
              454947766275222906);
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SNOWFLAKE, 454947766275222906, 1420070400000, &parts).code,
              IDGEN_OK);
    EXPECT_EQ(parts.seq, 3450);
}

TEST(SnowflakeDecode, BitEdges) {
    idgen_id_parts parts;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SNOWFLAKE, INT64_MAX, 0, &parts).code, IDGEN_OK);
    EXPECT_EQ(parts.unix_ms, (int64_t{1} << 41) - 1);
    EXPECT_EQ(parts.mid, 1023);
    EXPECT_EQ(parts.seq, 4095);
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SNOWFLAKE, 0, 7, &parts).code, IDGEN_OK);
    EXPECT_EQ(parts.unix_ms, 7);
    EXPECT_EQ(parts.mid, 0);
    EXPECT_EQ(parts.seq, 0);
}

TEST(Decode, RefusesNegativeIdsAndBadEpochs) {
    idgen_id_parts parts{};
    for (idgen_family family : {IDGEN_FAMILY_SHARD_ID, IDGEN_FAMILY_SNOWFLAKE}) {
        for (int64_t id : {int64_t{-1}, INT64_MIN, int64_t{-9203679173715945767}}) {
            idgen_fault f = idgen_id_decode(family, id, 0, &parts);
            EXPECT_EQ(f.code, IDGEN_ID_OUT_OF_RANGE);
            EXPECT_EQ(f.value, id);
        }
        EXPECT_EQ(idgen_id_decode(family, 1, -1, &parts).code, IDGEN_EPOCH_OUT_OF_RANGE);
    }
}

TEST(FromTime, IsTheSmallestIdOfTheMillisecond) {
    int64_t id = 0;
    ASSERT_EQ(idgen_id_from_time(IDGEN_FAMILY_SHARD_ID, k20461101, kSeed004Epoch, &id).code, IDGEN_OK);
    EXPECT_EQ(id, 9221321628057605849 & ~int64_t{(1 << 23) - 1});
    ASSERT_EQ(idgen_id_from_time(IDGEN_FAMILY_SNOWFLAKE, 1528538400000, 1420070400000, &id).code,
              IDGEN_OK);
    EXPECT_EQ(id, 454947766275219456 & ~int64_t{(1 << 22) - 1});
    EXPECT_EQ(idgen_id_from_time(IDGEN_FAMILY_SNOWFLAKE, 1420070400000 - 1, 1420070400000, &id).code,
              IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_id_from_time(IDGEN_FAMILY_SNOWFLAKE, (int64_t{1} << 41), 0, &id).code,
              IDGEN_TIME_OUT_OF_RANGE);
    ASSERT_EQ(idgen_id_from_time(IDGEN_FAMILY_SNOWFLAKE, (int64_t{1} << 41) - 1, 0, &id).code,
              IDGEN_OK);
    EXPECT_EQ(id, INT64_MAX & ~int64_t{(1 << 22) - 1});
}

TEST(FamilyRange, DefaultShardEpochRunsOutOn20460627) {
    // 2^40 ms after 1314220021721 is 2046-06-27 17:00:49.497 UTC.
    EXPECT_EQ(idgen_family_last_ms(IDGEN_FAMILY_SHARD_ID, kInstagramEpoch) + 1, 2413731649497);
}

}  // namespace
