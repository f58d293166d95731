// The coarse layouts' word reservations: blocks, the table's rules (records
// never move down, room only by a floor that covers what it drops), where a
// layout resumes, and the file's text.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "layout_generator.h"
#include "layout_reservations.h"

namespace {

constexpr int64_t kDayUs = INT64_C(86400000000);
constexpr int64_t kEpochUs = INT64_C(1767225600000000);  // 2026-01-01 UTC
constexpr int64_t kEpochMs = kEpochUs / 1000;
constexpr int64_t kDayMs = kDayUs / 1000;

// 20 time bits: a daily layout that ends before year 10000
idgen_layout_def daily(int seq_bits = 12) {
    idgen_layout_def d{};
    EXPECT_EQ(idgen_layout_declare(kEpochUs, kDayUs, 43 - seq_bits, seq_bits, kEpochUs + 100 * kDayUs, &d).problem,
              IDGEN_LAYOUT_OK);
    return d;
}

// the word of (day since the epoch, sequence)
uint64_t word(const idgen_layout_def& d, int64_t day, uint64_t seq) {
    return idgen_layout_mark_used_up(&d, kEpochMs + day * kDayMs) - ((uint64_t{1} << d.seq_bits) - 1) + seq;
}

TEST(LayoutReservations, OnlyUnitsLongerThanASecondAreCoarse) {
    idgen_layout_def d = daily();
    EXPECT_TRUE(idgen_layout_coarse(&d));
    d.unit_us = 1000000;
    EXPECT_FALSE(idgen_layout_coarse(&d));
    d.unit_us = 1001000;
    EXPECT_TRUE(idgen_layout_coarse(&d));
}

TEST(LayoutReservations, BlocksStayInTheUnitAndDoubleWhileItHolds) {
    const idgen_layout_def d = daily(12);
    EXPECT_EQ(idgen_layout_reserve_through(&d, word(d, 3, 10), 1), word(d, 3, 10));
    EXPECT_EQ(idgen_layout_reserve_through(&d, word(d, 3, 10), 8), word(d, 3, 17));
    EXPECT_EQ(idgen_layout_reserve_through(&d, word(d, 3, 4090), 64), word(d, 3, 4095))
        << "never into the next unit";
    EXPECT_EQ(idgen_layout_next_block(&d, 0, true), 1u);
    EXPECT_EQ(idgen_layout_next_block(&d, 4, true), 8u);
    EXPECT_EQ(idgen_layout_next_block(&d, 8, false), 1u) << "a new unit starts small";
    EXPECT_EQ(idgen_layout_next_block(&d, 64, true), 64u) << "a 64th of 4096 at most";
    EXPECT_EQ(idgen_layout_next_block(&d, 32, true), 64u);
    const idgen_layout_def wider = daily(13);
    EXPECT_EQ(idgen_layout_next_block(&wider, 64, true), 128u);
    EXPECT_TRUE(idgen_layout_same_unit(&d, word(d, 3, 0), word(d, 3, 4095)));
    EXPECT_FALSE(idgen_layout_same_unit(&d, word(d, 3, 4095), word(d, 4, 0)));
    EXPECT_EQ(idgen_layout_word_last_ms(&d, word(d, 3, 7)), kEpochMs + 4 * kDayMs - 1);
}

TEST(LayoutReservations, AFoundRecordIsWhereTheLayoutResumes) {
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    t.floor_unix_ms = kEpochMs + 5 * kDayMs + 1000;
    idgen_layout_reservation r = idgen_layout_reservation_of(16384, "d", &d, kEpochUs, word(d, 5, 40));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &r, 0));
    EXPECT_EQ(idgen_layout_resume_word(&t, 16384, "d", &d, kEpochUs), word(d, 5, 40))
        << "the same unit, past the block: not the floor's unit used up";
    // another database, name or layout has no record
    EXPECT_EQ(idgen_layout_resume_word(&t, 16385, "d", &d, kEpochUs), word(d, 5, 4095));
    EXPECT_EQ(idgen_layout_resume_word(&t, 16384, "e", &d, kEpochUs), word(d, 5, 4095));
    idgen_layout_def other = d;
    other.seq_bits = 11;
    other.time_bits = d.time_bits + 1;
    EXPECT_EQ(idgen_layout_reservations_find(&t, 16384, "d", &other), -1);
    // declared after the floor: it handed out nothing without a record
    EXPECT_EQ(idgen_layout_resume_word(&t, 16384, "e", &d, (t.floor_unix_ms + 1) * 1000), 0u);
    EXPECT_EQ(idgen_layout_resume_word(&t, 16384, "e", &d, t.floor_unix_ms * 1000), word(d, 5, 4095));
}

TEST(LayoutReservations, ARecordNeverMovesDown) {
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    idgen_layout_reservation r = idgen_layout_reservation_of(1, "d", &d, kEpochUs, word(d, 5, 40));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &r, 0));
    r.word = word(d, 5, 20);
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &r, 0));
    EXPECT_EQ(t.count, 1);
    EXPECT_EQ(t.records[0].word, word(d, 5, 40));
    idgen_layout_reservations_merge(&t, 0, &r);  // an older record replayed
    EXPECT_EQ(t.records[0].word, word(d, 5, 40));
    r.word = word(d, 6, 1);
    idgen_layout_reservations_merge(&t, 0, &r);
    EXPECT_EQ(t.records[0].word, word(d, 6, 1));
}

// A full table drops only a record whose unit has ended, raising the floor over it.
TEST(LayoutReservations, RoomComesFromAFloorOverTheDroppedRecord) {
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    for (int i = 0; i < IDGEN_LAYOUT_RESERVATION_COUNT; ++i) {
        idgen_layout_reservation r = idgen_layout_reservation_of(
            1, std::to_string(i).c_str(), &d, kEpochUs, word(d, i == 7 ? 2 : 9, 5));
        ASSERT_TRUE(idgen_layout_reservations_put(&t, &r, 0));
    }
    idgen_layout_reservation extra = idgen_layout_reservation_of(1, "x", &d, kEpochUs, word(d, 9, 0));
    const int64_t day3 = kEpochMs + 3 * kDayMs;
    EXPECT_FALSE(idgen_layout_reservations_put(&t, &extra, day3 - 1)) << "day 2 has not ended";
    EXPECT_EQ(t.count, IDGEN_LAYOUT_RESERVATION_COUNT);
    EXPECT_EQ(t.floor_unix_ms, 0);
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &extra, day3));
    EXPECT_EQ(t.count, IDGEN_LAYOUT_RESERVATION_COUNT);
    EXPECT_EQ(t.floor_unix_ms, day3 - 1);
    EXPECT_EQ(idgen_layout_reservations_find(&t, 1, "7", &d), -1);
    EXPECT_GE(idgen_layout_resume_word(&t, 1, "7", &d, kEpochUs), word(d, 2, 5))
        << "the dropped layout resumes past what it reserved";
    EXPECT_GE(idgen_layout_reservations_find(&t, 1, "x", &d), 0);
}

TEST(LayoutReservations, AFloorDropsOnlyWhatItCovers) {
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    idgen_layout_reservation before = idgen_layout_reservation_of(1, "a", &d, kEpochUs, word(d, 4, 9));
    idgen_layout_reservation ahead = idgen_layout_reservation_of(1, "b", &d, kEpochUs, word(d, 6, 9));
    idgen_layout_reservation late =
        idgen_layout_reservation_of(1, "c", &d, (kEpochMs + 5 * kDayMs + 10) * 1000, word(d, 5, 9));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &before, 0));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &ahead, 0));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &late, 0));
    idgen_layout_reservations_raise_floor(&t, kEpochMs + 5 * kDayMs);  // a promotion's, in day 5
    EXPECT_EQ(idgen_layout_reservations_find(&t, 1, "a", &d), -1);
    EXPECT_GE(idgen_layout_reservations_find(&t, 1, "b", &d), 0) << "ahead of the floor's unit";
    EXPECT_GE(idgen_layout_reservations_find(&t, 1, "c", &d), 0) << "declared after the floor";
    idgen_layout_reservations_raise_floor(&t, kEpochMs);
    EXPECT_EQ(t.floor_unix_ms, kEpochMs + 5 * kDayMs) << "a floor never moves down";
}

TEST(LayoutReservations, APromotionCountsEachReceivedRecordsUnitUsedUp) {
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    // ran ahead of the clock (its sequence ran out): day 6, past the floor's day 5
    idgen_layout_reservation ahead = idgen_layout_reservation_of(1, "b", &d, kEpochUs, word(d, 6, 9));
    idgen_layout_reservation behind = idgen_layout_reservation_of(1, "a", &d, kEpochUs, word(d, 4, 9));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &ahead, 0));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &behind, 0));
    idgen_layout_reservations_promote(&t, kEpochMs + 5 * kDayMs);
    EXPECT_EQ(t.floor_unix_ms, kEpochMs + 5 * kDayMs);
    EXPECT_EQ(idgen_layout_reservations_find(&t, 1, "a", &d), -1) << "covered by the floor";
    const uint64_t resume = idgen_layout_resume_word(&t, 1, "b", &d, kEpochUs);
    EXPECT_EQ(resume, idgen_layout_mark_used_up(&d, kEpochMs + 6 * kDayMs))
        << "the old primary may have gone on in day 6 past the block received";
    EXPECT_EQ(resume, word(d, 6, 4095)) << "day 6's last sequence: the next word is day 7's";
    idgen_layout_reservations_promote(&t, kEpochMs);
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "b", &d, kEpochUs), resume) << "a used-up unit stays so";
    EXPECT_EQ(t.floor_unix_ms, kEpochMs + 5 * kDayMs) << "a floor never moves down";
}

TEST(LayoutReservations, TextRoundTripsAndRefusesAnythingElse) {
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    t.floor_unix_ms = 1764000000000;
    idgen_layout_reservation a = idgen_layout_reservation_of(16384, "daily", &d, kEpochUs, word(d, 5, 40));
    idgen_layout_reservation b = idgen_layout_reservation_of(5, "x y\"\n", &d, kEpochUs + 1, word(d, 6, 0));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &a, 0));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &b, 0));
    char text[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX];
    const size_t n = idgen_layout_reservations_to_text(&t, text);
    EXPECT_EQ(std::strncmp(text, "idgen layout reservations 1 floor=00000001764000000000 count=02\n", 64), 0)
        << text;
    idgen_layout_reservations back{};
    ASSERT_EQ(idgen_layout_reservations_from_text(text, n, &back), IDGEN_LAYOUT_RESERVATIONS_OK);
    EXPECT_EQ(std::memcmp(&back, &t, sizeof t), 0);

    for (size_t cut : {n - 1, n / 2, size_t{20}}) {
        EXPECT_EQ(idgen_layout_reservations_from_text(text, cut, &back), IDGEN_LAYOUT_RESERVATIONS_DAMAGED)
            << "a torn write at " << cut;
    }
    std::string flipped(text, n);
    flipped[flipped.find("word=") + 20] ^= 1;
    EXPECT_EQ(idgen_layout_reservations_from_text(flipped.data(), n, &back), IDGEN_LAYOUT_RESERVATIONS_DAMAGED);
    EXPECT_EQ(idgen_layout_reservations_from_text("", 0, &back), IDGEN_LAYOUT_RESERVATIONS_MISSING);
    EXPECT_EQ(idgen_layout_reservations_from_text("0000\n", 5, &back), IDGEN_LAYOUT_RESERVATIONS_MISSING);
    const char later[] = "idgen layout reservations 2 floor=00000000000000000000 count=00 more\ncrc=00000000\n";
    EXPECT_EQ(idgen_layout_reservations_from_text(later, sizeof later - 1, &back), IDGEN_LAYOUT_RESERVATIONS_LATER);
    EXPECT_EQ(std::memcmp(&back, &t, sizeof t), 0) << "a refused text changes nothing";
}

}  // namespace
