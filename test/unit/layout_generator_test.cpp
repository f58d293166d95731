// layout_id()'s generator: a layout as data on the shared step, strictly
// increasing, its node field, the reservation, and the layouts it refuses.
#include <gtest/gtest.h>

#include <cstring>

#include "generator.h"
#include "layout_generator.h"
#include "wall_clock.h"

namespace {

const idgen_layout_def& named(const char* name) {
    return idgen_named_layout_find(name, strlen(name))->def;
}

idgen_clock_bounds open_bounds() { return {INT64_C(60000), INT64_MAX, 0}; }

TEST(LayoutGenerator, DiscordIdsIncreaseAndCarryTheNode) {
    const idgen_layout_def& d = named("discord");
    idgen_generator gen{};
    const idgen_clock_bounds bounds = open_bounds();
    int64_t last = 0;
    for (int i = 0; i < 10000; ++i) {
        int64_t id;
        ASSERT_EQ(idgen_layout_next(&d, &gen, 33, &bounds, &id).code, IDGEN_OK);
        ASSERT_GT(id, last);
        last = id;
        idgen_layout_parts p;
        ASSERT_EQ(idgen_layout_decode(&d, id, &p).code, IDGEN_OK);
        ASSERT_EQ(p.node, 33);
    }
    idgen_layout_parts p;
    ASSERT_EQ(idgen_layout_decode(&d, last, &p).code, IDGEN_OK);
    EXPECT_NEAR(static_cast<double>(p.unix_us / 1000), static_cast<double>(idgen_wall_clock_ms()),
                5000.0);
    idgen_generator_flush_counts();  // each process counts apart until it flushes
    EXPECT_EQ(gen.issued, 10000u);
}

// Sonyflake's sequence sits above its machine id, and counts 10 ms units.
TEST(LayoutGenerator, SonyflakeV2SequenceAboveMachine) {
    const idgen_layout_def& d = named("sonyflake_v2");
    idgen_generator gen{};
    const idgen_clock_bounds bounds = open_bounds();
    int64_t a, b;
    ASSERT_EQ(idgen_layout_next(&d, &gen, 65535, &bounds, &a).code, IDGEN_OK);
    ASSERT_EQ(idgen_layout_next(&d, &gen, 65535, &bounds, &b).code, IDGEN_OK);
    EXPECT_LT(a, b);
    EXPECT_EQ(a & 0xffff, 65535);
    EXPECT_EQ(b & 0xffff, 65535);
}

TEST(LayoutGenerator, NodeMustFitTheLayout) {
    idgen_generator gen{};
    const idgen_clock_bounds bounds = open_bounds();
    int64_t id;
    idgen_fault f = idgen_layout_next(&named("twitter"), &gen, 1024, &bounds, &id);
    EXPECT_EQ(f.code, IDGEN_NODE_OUT_OF_RANGE);
    EXPECT_EQ(f.value, 1024);
    EXPECT_EQ(f.max, 1023);
    EXPECT_EQ(idgen_layout_next(&named("twitter"), &gen, 1023, &bounds, &id).code, IDGEN_OK);
    // Mastodon's IDs have no node field: only node 0 fits
    f = idgen_layout_next(&named("mastodon"), &gen, 1, &bounds, &id);
    EXPECT_EQ(f.code, IDGEN_NODE_OUT_OF_RANGE);
    EXPECT_EQ(f.max, 0);
    EXPECT_EQ(idgen_layout_next(&named("mastodon"), &gen, -1, &bounds, &id).code,
              IDGEN_NODE_OUT_OF_RANGE);
}

// No ID past the reservation: the generator asks for it, as snowflake_id()'s does.
TEST(LayoutGenerator, StopsAtTheReservation) {
    idgen_generator gen{};
    const int64_t now = idgen_wall_clock_ms();
    const idgen_clock_bounds bounds{INT64_C(60000), now - 1000, 0};
    int64_t id;
    idgen_fault f = idgen_layout_next(&named("tsid"), &gen, 1, &bounds, &id);
    EXPECT_EQ(f.code, IDGEN_RESERVATION_NEEDED);
    EXPECT_GE(f.value, now);
    EXPECT_EQ(gen.issued, 0u);
}

// After a restart the word resumes past the reservation's last unit: the
// unit above a counter at the sequence's last value. The word's counter takes
// every bit the time leaves (sequencer.hpp): Sonyflake's 39-bit time leaves 25.
TEST(LayoutGenerator, ResumesAfterAUsedUpUnit) {
    const idgen_layout_def& d = named("sonyflake");
    const int64_t epoch_ms = d.epoch_us / 1000;
    const uint64_t word = idgen_layout_mark_used_up(&d, epoch_ms + 12345);
    EXPECT_EQ(word, (uint64_t{1234} << 25) | 255);
    EXPECT_EQ(idgen_layout_mark_used_up(&d, epoch_ms - 1), 0u);
    EXPECT_EQ(idgen_layout_mark_used_up(&d, INT64_MAX / 2) >> 25, (uint64_t{1} << 39) - 1);
}

// layout_resume_after(): an ID of this node is passed in its sequence; one
// of another node (within a unit, node orders before sequence) by its unit
// used up; the next ID of the generator raised there is above it.
TEST(LayoutGenerator, WordAfterAnIdPassesIt) {
    const idgen_layout_def& d = named("twitter");
    const int64_t epoch_ms = d.epoch_us / 1000;
    const int64_t mine = (int64_t{5000} << 22) | (33 << 12) | 7;
    uint64_t word;
    int64_t unit_ms;
    ASSERT_EQ(idgen_layout_word_after(&d, mine, 33, &word, &unit_ms).code, IDGEN_OK);
    EXPECT_EQ(unit_ms, epoch_ms + 5000);
    EXPECT_EQ(word, idgen_layout_mark_used_up(&d, epoch_ms + 5000) - 4095 + 7) << "in its sequence";
    uint64_t theirs;
    ASSERT_EQ(idgen_layout_word_after(&d, mine, 34, &theirs, &unit_ms).code, IDGEN_OK);
    EXPECT_EQ(theirs, idgen_layout_mark_used_up(&d, epoch_ms + 5000)) << "another node's: its unit used up";

    for (int32_t node : {33, 34}) {
        idgen_generator gen{};
        ASSERT_EQ(idgen_layout_word_after(&d, mine, node, &word, &unit_ms).code, IDGEN_OK);
        idgen_generator_raise(&gen, word);
        const idgen_clock_bounds bounds = open_bounds();
        int64_t next;
        ASSERT_EQ(idgen_layout_next(&d, &gen, node, &bounds, &next).code, IDGEN_OK);
        EXPECT_GT(next, mine) << "node " << node;
    }
    EXPECT_EQ(idgen_layout_word_after(&d, -1, 33, &word, &unit_ms).code, IDGEN_ID_OUT_OF_RANGE);
    EXPECT_EQ(idgen_layout_word_after(&d, 0, 0, &word, &unit_ms).code, IDGEN_OK);
    EXPECT_EQ(word, 0u) << "the epoch's first ID: nothing to pass";
    // TSID's time reaches the sign bit: a negative ID is one of its own
    EXPECT_EQ(idgen_layout_word_after(&named("tsid"), -1, 0, &word, &unit_ms).code, IDGEN_OK);
}

TEST(LayoutGenerator, RunsWholeMillisecondUnitsOnly) {
    EXPECT_TRUE(idgen_layout_generates(&named("twitter")));
    EXPECT_TRUE(idgen_layout_generates(&named("sonyflake")));
    EXPECT_FALSE(idgen_layout_generates(&named("cockroachdb")));  // 10 µs
    idgen_layout_def d = named("twitter");
    d.epoch_us += 1;
    EXPECT_FALSE(idgen_layout_generates(&d));
}

}  // namespace
