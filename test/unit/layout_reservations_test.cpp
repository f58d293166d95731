// The coarse layouts' word reservations: blocks, the table's rules (records
// never move down, room only by a floor that covers what it drops), where a
// layout resumes, and the file's text.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "layout_generator.h"
#include "layout_reservations.h"
#include "reservation_text.h"

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

TEST(LayoutReservations, ARecordOfTheNameInAnotherShapeBoundsItByValue) {
    const idgen_layout_def a = daily();
    idgen_layout_reservations t{};
    idgen_layout_reservation r = idgen_layout_reservation_of(1, "d", &a, kEpochUs, word(a, 5, 40));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &r, 0));
    // declared again (a rolled-back declaration, or by hand) a day later: its
    // unit 5 holds the same numbers as the old unit 5, a day later in time
    idgen_layout_def b{};
    ASSERT_EQ(idgen_layout_declare(kEpochUs + kDayUs, kDayUs, 31, 12, kEpochUs + 100 * kDayUs, &b).problem,
              IDGEN_LAYOUT_OK);
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "d", &b, kEpochUs + 90 * kDayUs),
              idgen_layout_mark_used_up(&b, kEpochMs + kDayMs + 5 * kDayMs))
        << "past every value of the old unit 5, not past its time (unit 4 of the new epoch)";
    // wider sequences: the same numbers are a smaller unit
    const idgen_layout_def c = daily(13);
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "d", &c, kEpochUs + 90 * kDayUs),
              idgen_layout_mark_used_up(&c, kEpochMs + 5 * kDayMs))
        << "the same 43-bit shift: unit 5 used up";
    // another database's layout of that name, or another name, is not bound
    EXPECT_EQ(idgen_layout_resume_word(&t, 2, "d", &b, kEpochUs + 90 * kDayUs), 0u);
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "e", &b, kEpochUs + 90 * kDayUs), 0u);
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
    const idgen_layout_skip none{};
    idgen_layout_reservations_merge(&t, 0, &none, &r);  // an older record replayed
    EXPECT_EQ(t.records[0].word, word(d, 5, 40));
    r.word = word(d, 6, 1);
    idgen_layout_reservations_merge(&t, 0, &none, &r);
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
    const idgen_layout_skip day5{kEpochMs + 5 * kDayMs, 0};  // no lead: only what was received
    idgen_layout_reservations_promote(&t, &day5);
    EXPECT_EQ(t.floor_unix_ms, kEpochMs + 5 * kDayMs);
    EXPECT_EQ(idgen_layout_reservations_find(&t, 1, "a", &d), -1) << "covered by the floor";
    const uint64_t resume = idgen_layout_resume_word(&t, 1, "b", &d, kEpochUs);
    EXPECT_EQ(resume, idgen_layout_mark_used_up(&d, kEpochMs + 6 * kDayMs))
        << "the old primary may have gone on in day 6 past the block received";
    EXPECT_EQ(resume, word(d, 6, 4095)) << "day 6's last sequence: the next word is day 7's";
    const idgen_layout_skip earlier{kEpochMs, 0};
    idgen_layout_reservations_promote(&t, &earlier);
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "b", &d, kEpochUs), resume) << "a used-up unit stays so";
    EXPECT_EQ(t.floor_unix_ms, kEpochMs + 5 * kDayMs) << "a floor never moves down";
}

TEST(LayoutReservations, TextRoundTripsAndRefusesAnythingElse) {
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    t.floor_unix_ms = 1764000000000;
    t.promoted = {1764000000123, 600000};
    idgen_layout_reservation a = idgen_layout_reservation_of(16384, "daily", &d, kEpochUs, word(d, 5, 40));
    idgen_layout_reservation b = idgen_layout_reservation_of(5, "x y\"\n", &d, kEpochUs + 1, word(d, 6, 0));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &a, 0));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &b, 0));
    char text[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX];
    const size_t n = idgen_layout_reservations_to_text(&t, text);
    const char header[] =
        "idgen layout reservations 2 floor=00000001764000000000 promoted=00000001764000000123 "
        "lead=00000000000000600000 count=02\n";
    EXPECT_EQ(std::strncmp(text, header, sizeof header - 1), 0) << text;
    idgen_layout_reservations back{};
    ASSERT_EQ(idgen_layout_reservations_from_text(text, n, &back), IDGEN_LAYOUT_RESERVATIONS_OK);
    EXPECT_EQ(std::memcmp(&back, &t, sizeof t), 0) << "the promotion's skip kept too";

    for (size_t cut : {n - 1, n / 2, size_t{20}}) {
        EXPECT_EQ(idgen_layout_reservations_from_text(text, cut, &back), IDGEN_LAYOUT_RESERVATIONS_DAMAGED)
            << "a torn write at " << cut;
    }
    std::string flipped(text, n);
    flipped[flipped.find("word=") + 20] ^= 1;
    EXPECT_EQ(idgen_layout_reservations_from_text(flipped.data(), n, &back), IDGEN_LAYOUT_RESERVATIONS_DAMAGED);
    EXPECT_EQ(idgen_layout_reservations_from_text("", 0, &back), IDGEN_LAYOUT_RESERVATIONS_MISSING);
    EXPECT_EQ(idgen_layout_reservations_from_text("0000\n", 5, &back), IDGEN_LAYOUT_RESERVATIONS_MISSING);
    const char later[] = "idgen layout reservations 3 floor=00000000000000000000 count=00 more\ncrc=00000000\n";
    EXPECT_EQ(idgen_layout_reservations_from_text(later, sizeof later - 1, &back), IDGEN_LAYOUT_RESERVATIONS_LATER);
    EXPECT_EQ(std::memcmp(&back, &t, sizeof t), 0) << "a refused text changes nothing";
    // a text without the promotion's fields (an earlier 0.7.0 build): not this format's
    const char without[] = "idgen layout reservations 1 floor=00000000000000000000 count=00\ncrc=00000000\n";
    EXPECT_EQ(idgen_layout_reservations_from_text(without, sizeof without - 1, &back),
              IDGEN_LAYOUT_RESERVATIONS_DAMAGED);
    // a negative lead, as a checksum made for it would carry
    idgen_layout_reservations bad{};
    bad.promoted = {1764000000123, -1};
    const size_t m = idgen_layout_reservations_to_text(&bad, text);
    EXPECT_EQ(idgen_layout_reservations_from_text(text, m, &back), IDGEN_LAYOUT_RESERVATIONS_DAMAGED);
}

// attack5 A4: a record keeps the idgen_declared_layouts table its row was
// read from, in 0.6's spare bytes (the record, also WAL's, stays 120
// bytes); a database refreshed from a dump holds another table, and the
// record is not its layout's own. A file of format 1 reads with catalogs not
// known (0): trusted, as before.
TEST(LayoutReservations, ARecordKeepsItsCatalogAndOlderFilesReadWithoutOne) {
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    idgen_layout_reservation a = idgen_layout_reservation_of(16384, "daily", &d, kEpochUs, word(d, 5, 40));
    EXPECT_EQ(a.catalog, 0u) << "not known until the shim says";
    EXPECT_EQ(a.zero[0] | a.zero[1], 0);
    a.catalog = 24601;
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &a, 0));
    EXPECT_TRUE(idgen_layout_reservation_made_from(&t.records[0], 24601));
    EXPECT_FALSE(idgen_layout_reservation_made_from(&t.records[0], 24602)) << "a refreshed database's table";

    // the layout bound from another table writes its record: that table's now, the word never lower
    idgen_layout_reservation refreshed = a;
    refreshed.catalog = 30000;
    refreshed.word = word(d, 5, 10);
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &refreshed, 0));
    EXPECT_EQ(t.records[0].catalog, 30000u);
    EXPECT_EQ(t.records[0].word, word(d, 5, 40));
    idgen_layout_reservation unknown = a;
    unknown.catalog = 0;  // an older primary's WAL record
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &unknown, 0));
    EXPECT_EQ(t.records[0].catalog, 30000u) << "not known says nothing";

    char text[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX];
    const size_t n = idgen_layout_reservations_to_text(&t, text);
    EXPECT_NE(std::strstr(text, " catalog=0000030000 name="), nullptr) << text;
    idgen_layout_reservations back{};
    ASSERT_EQ(idgen_layout_reservations_from_text(text, n, &back), IDGEN_LAYOUT_RESERVATIONS_OK);
    EXPECT_EQ(back.records[0].catalog, 30000u);
    EXPECT_EQ(std::memcmp(&back, &t, sizeof t), 0);

    // the same table as 0.7.0's development wrote it: format 1, no catalog
    std::string old(text, n);
    old.replace(old.find("reservations 2"), 14, "reservations 1");
    old.erase(old.find(" catalog=0000030000"), 19);
    old.erase(old.find("crc="));
    char crc[32];
    std::snprintf(crc, sizeof crc, "crc=%08X\n", idgen::crc32c(old.data(), old.size()));
    old += crc;
    ASSERT_EQ(idgen_layout_reservations_from_text(old.data(), old.size(), &back), IDGEN_LAYOUT_RESERVATIONS_OK);
    EXPECT_EQ(back.records[0].catalog, 0u);
    EXPECT_EQ(back.records[0].word, word(d, 5, 40));
    EXPECT_TRUE(idgen_layout_reservation_made_from(&back.records[0], 24602)) << "not known: trusted";
    // written again, it is format 2
    const size_t again = idgen_layout_reservations_to_text(&back, text);
    EXPECT_EQ(std::strncmp(text, "idgen layout reservations 2 ", 28), 0);
    EXPECT_EQ(idgen_layout_reservations_from_text(text, again, &t), IDGEN_LAYOUT_RESERVATIONS_OK);
    // a format 1 text with a catalog, or a format 2 one without: damaged
    std::string mixed(text, again);
    mixed.replace(mixed.find("reservations 2"), 14, "reservations 1");
    EXPECT_EQ(idgen_layout_reservations_from_text(mixed.data(), mixed.size(), &back),
              IDGEN_LAYOUT_RESERVATIONS_DAMAGED);
}

// Finding 7: during the lag the old primary may have run a coarse layout into
// later units, up to idgen.max_clock_lead ahead of its clock, with or without
// a record the standby received. Every layout declared at or before the
// promotion resumes past the unit of its time plus the whole units the lead
// holds, and so does one declared after it (it may be one the old primary
// declared in the lag). So does every layout after a start without the file.
constexpr int64_t kMinuteMs = 60000;

idgen_layout_def minutely() {
    idgen_layout_def d{};
    EXPECT_EQ(idgen_layout_declare(kEpochUs, kMinuteMs * 1000, 24, 8, kEpochUs + 100 * kDayUs, &d).problem,
              IDGEN_LAYOUT_OK);
    return d;
}

TEST(LayoutReservations, APromotionSkipsTheUnitsTheLeadReaches) {
    const idgen_layout_def m = minutely();
    const int64_t at = kEpochMs + 1000 * kMinuteMs + 30000;  // half into minute 1000
    const idgen_layout_skip p{at, 10 * kMinuteMs};
    const uint64_t minute1010 = idgen_layout_mark_used_up(&m, kEpochMs + 1010 * kMinuteMs);
    EXPECT_EQ(idgen_layout_skipped_word(&p, &m), minute1010)
        << "10 minutes of lead: the old primary reached minute 1010 at most";
    const idgen_layout_skip odd{at, 10 * kMinuteMs + 59999};
    EXPECT_EQ(idgen_layout_skipped_word(&odd, &m), minute1010) << "whole units of lead only";
    const idgen_layout_skip more{at, 11 * kMinuteMs};
    EXPECT_EQ(idgen_layout_skipped_word(&more, &m),
              idgen_layout_mark_used_up(&m, kEpochMs + 1011 * kMinuteMs));

    // a unit longer than the lead: the old primary never left the clock's day
    const idgen_layout_def d = daily();
    const idgen_layout_skip late_in_day{kEpochMs + 5 * kDayMs + kDayMs - 60000, 10 * kMinuteMs};
    EXPECT_EQ(idgen_layout_skipped_word(&late_in_day, &d), word(d, 5, 4095))
        << "day 5 used up, not day 6: 10 minutes of lead hold no whole day";
    const idgen_layout_skip day_lead{kEpochMs + 5 * kDayMs, kDayMs};
    EXPECT_EQ(idgen_layout_skipped_word(&day_lead, &d), word(d, 6, 4095));

    // a promotion skips a layout declared after it too: the old primary may
    // have declared one of that name and shape in the lag, on a timeline gone
    EXPECT_EQ(idgen_layout_skipped_word(&p, &m), minute1010);
    // before the epoch the old primary handed out nothing
    const idgen_layout_skip before{kEpochMs - 1, 10 * kMinuteMs};
    EXPECT_EQ(idgen_layout_skipped_word(&before, &m), 0u);
    const idgen_layout_skip none{};
    EXPECT_EQ(idgen_layout_skipped_word(&none, &m), 0u) << "no promotion: no skip";
}

TEST(LayoutReservations, APromotedTableResumesEveryLayoutDeclaredBeforePastTheLead) {
    const idgen_layout_def m = minutely();
    const int64_t at = kEpochMs + 1000 * kMinuteMs + 30000;
    const uint64_t minute1010 = idgen_layout_mark_used_up(&m, kEpochMs + 1010 * kMinuteMs);
    idgen_layout_reservations t{};
    // received: a block in minute 1002 (its sequence had run out twice), and one past the lead
    idgen_layout_reservation run = idgen_layout_reservation_of(1, "run", &m, kEpochUs,
                                                               idgen_layout_mark_used_up(&m, kEpochMs + 1002 * kMinuteMs) - 9);
    idgen_layout_reservation far = idgen_layout_reservation_of(
        1, "far", &m, kEpochUs, idgen_layout_mark_used_up(&m, kEpochMs + 1011 * kMinuteMs) - 250);
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &run, 0));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &far, 0));
    const idgen_layout_skip p{at, 10 * kMinuteMs};
    idgen_layout_reservations_promote(&t, &p);
    EXPECT_EQ(t.floor_unix_ms, at);
    EXPECT_EQ(t.promoted.unix_ms, at);
    EXPECT_EQ(t.promoted.lead_ms, 10 * kMinuteMs);
    EXPECT_EQ(idgen_layout_reservations_find(&t, 1, "run", &m), -1) << "covered by the skip: dropped";
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "run", &m, kEpochUs), minute1010)
        << "the old primary may have used minutes 1002 to 1010 during the lag";
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "never-drawn", &m, kEpochUs), minute1010)
        << "a layout with no record received (first drawn in the lag) too";
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "far", &m, kEpochUs),
              idgen_layout_mark_used_up(&m, kEpochMs + 1011 * kMinuteMs))
        << "a record past the lead (an old primary with a longer lead): its unit used up";
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "new", &m, at * 1000), minute1010) << "declared at it";
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "new", &m, (at + 1) * 1000), minute1010)
        << "declared after it: the old primary may have declared it in the lag, and run it";

    // a later floor (a record dropped for room) moves nothing below the skip
    idgen_layout_reservations_raise_floor(&t, at + 5 * kMinuteMs);
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "new", &m, (at + 1) * 1000), minute1010);
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "run", &m, kEpochUs), minute1010);
}

TEST(LayoutReservations, TheSkipSurvivesReplayAndNeverMovesDown) {
    const idgen_layout_def m = minutely();
    const int64_t at = kEpochMs + 1000 * kMinuteMs;
    idgen_layout_reservations standby{};
    // a cascading standby replays the promoted primary's floor record
    const idgen_layout_skip p{at, 10 * kMinuteMs};
    idgen_layout_reservations_merge(&standby, at, &p, nullptr);
    EXPECT_EQ(standby.promoted.unix_ms, at);
    EXPECT_EQ(standby.promoted.lead_ms, 10 * kMinuteMs);
    const uint64_t minute1010 = idgen_layout_mark_used_up(&m, kEpochMs + 1010 * kMinuteMs);
    EXPECT_EQ(idgen_layout_resume_word(&standby, 1, "x", &m, kEpochUs), minute1010);
    // an older record replayed after it (its file was newer): nothing moves down
    const idgen_layout_skip older{at - kMinuteMs, 5 * kMinuteMs};
    idgen_layout_reservation stale = idgen_layout_reservation_of(1, "x", &m, kEpochUs, minute1010 - 3);
    idgen_layout_reservations_merge(&standby, 0, &older, &stale);
    EXPECT_EQ(standby.promoted.unix_ms, at);
    EXPECT_EQ(standby.promoted.lead_ms, 10 * kMinuteMs);
    EXPECT_EQ(idgen_layout_reservations_find(&standby, 1, "x", &m), -1) << "covered by the skip";
    // each field raised on its own: a later promotion with a shorter lead covers both
    const idgen_layout_skip later{at + kMinuteMs, kMinuteMs};
    idgen_layout_reservations_merge(&standby, 0, &later, nullptr);
    EXPECT_EQ(standby.promoted.unix_ms, at + kMinuteMs);
    EXPECT_EQ(standby.promoted.lead_ms, 10 * kMinuteMs);
    // and the file keeps it
    char text[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX];
    const size_t n = idgen_layout_reservations_to_text(&standby, text);
    idgen_layout_reservations back{};
    ASSERT_EQ(idgen_layout_reservations_from_text(text, n, &back), IDGEN_LAYOUT_RESERVATIONS_OK);
    EXPECT_EQ(idgen_layout_resume_word(&back, 1, "x", &m, kEpochUs),
              idgen_layout_mark_used_up(&m, kEpochMs + 1011 * kMinuteMs));
}

// attack4's H0: room made over one layout's ended minute kept a daily
// layout's running day only as the floor's skip, which a layout declared
// again after DROP EXTENSION (declared after the floor) never met
TEST(LayoutReservations, RoomDropsNoRecordWhoseUnitRuns) {
    const idgen_layout_def m = minutely();
    const idgen_layout_def d = daily();
    idgen_layout_reservations t{};
    const uint64_t minute10 = idgen_layout_mark_used_up(&m, kEpochMs + 10 * kMinuteMs) - 7;
    const uint64_t minute30 = idgen_layout_mark_used_up(&m, kEpochMs + 30 * kMinuteMs) - 7;
    for (int i = 0; i < IDGEN_LAYOUT_RESERVATION_COUNT - 1; ++i) {
        idgen_layout_reservation r = idgen_layout_reservation_of(1, std::to_string(i).c_str(), &m, kEpochUs,
                                                                 i == 5 ? minute10 : minute30);
        ASSERT_TRUE(idgen_layout_reservations_put(&t, &r, 0));
    }
    idgen_layout_reservation day = idgen_layout_reservation_of(1, "day", &d, kEpochUs, word(d, 0, 5));
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &day, 0));
    idgen_layout_reservation extra = idgen_layout_reservation_of(1, "x", &m, kEpochUs, minute10);
    ASSERT_TRUE(idgen_layout_reservations_put(&t, &extra, kEpochMs + 11 * kMinuteMs));
    EXPECT_EQ(t.floor_unix_ms, kEpochMs + 11 * kMinuteMs - 1) << "over minute 10, which has ended";
    EXPECT_EQ(idgen_layout_reservations_find(&t, 1, "5", &m), -1) << "its minute ended: dropped";
    EXPECT_GE(idgen_layout_reservations_find(&t, 1, "day", &d), 0) << "its day runs: kept";
    EXPECT_EQ(idgen_layout_resume_word(&t, 1, "day", &d, (kEpochMs + 12 * kMinuteMs) * 1000), word(d, 0, 5))
        << "declared again after the floor, it finds its record";
}

}  // namespace
