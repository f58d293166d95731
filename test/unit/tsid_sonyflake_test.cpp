// TSID and Sonyflake: their layouts in the family table, TSID's text against
// tsid-creator's published tests (TsidTest.java), and their generators on
// the shared sequencer.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "generator.h"
#include "id_codec.h"
#include "tsid.h"
#include "wall_clock.h"

namespace {

constexpr idgen_clock_bounds kBounds{60000, INT64_MAX, 0};

std::string tsid_text(int64_t id) {
    char out[IDGEN_TSID_TEXT_LEN];
    idgen_tsid_to_text(id, out);
    return std::string(out, IDGEN_TSID_TEXT_LEN);
}

idgen_fault tsid_parse(const std::string& text, int64_t* id) {
    return idgen_tsid_from_text(text.data(), text.size(), id);
}

// tsid-creator's TsidTest.testFromString2 / testToString2
TEST(TsidText, PublishedValues) {
    EXPECT_EQ(tsid_text(-1), "FZZZZZZZZZZZZ");
    EXPECT_EQ(tsid_text(10), "000000000000A");
    EXPECT_EQ(tsid_text(0), "0000000000000");
    EXPECT_EQ(tsid_text(INT64_MAX), "7ZZZZZZZZZZZZ");
    EXPECT_EQ(tsid_text(INT64_MIN), "8000000000000");
    int64_t id = 0;
    ASSERT_EQ(tsid_parse("FZZZZZZZZZZZZ", &id).code, IDGEN_OK);
    EXPECT_EQ(id, -1);
    ASSERT_EQ(tsid_parse("000000000000A", &id).code, IDGEN_OK);
    EXPECT_EQ(id, 10);
    ASSERT_EQ(tsid_parse("fzzzzzzzzzzzz", &id).code, IDGEN_OK);
    EXPECT_EQ(id, -1);
}

// tsid-creator's TsidTest.testIsValid, and the first character's extra bit
TEST(TsidText, PublishedValidity) {
    int64_t id = 0, upper = 0;
    ASSERT_EQ(tsid_parse("0123456789ABC", &upper).code, IDGEN_OK);
    for (const char* same : {"0123456789abc", "0123456789AbC"}) {
        ASSERT_EQ(tsid_parse(same, &id).code, IDGEN_OK) << same;
        EXPECT_EQ(id, upper) << same;
    }
    // Crockford's decoding rule: I and L are 1, O is 0
    int64_t one = 0, zero = 0;
    ASSERT_EQ(tsid_parse("0123456789AB1", &one).code, IDGEN_OK);
    ASSERT_EQ(tsid_parse("0123456789AB0", &zero).code, IDGEN_OK);
    for (const char* c : {"0123456789ABi", "0123456789ABI", "0123456789ABl", "0123456789ABL"}) {
        ASSERT_EQ(tsid_parse(c, &id).code, IDGEN_OK) << c;
        EXPECT_EQ(id, one) << c;
    }
    for (const char* c : {"0123456789ABo", "0123456789ABO"}) {
        ASSERT_EQ(tsid_parse(c, &id).code, IDGEN_OK) << c;
        EXPECT_EQ(id, zero) << c;
    }
    idgen_fault f = tsid_parse("0123456789ABu", &id);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(f.value, 12);
    EXPECT_EQ(tsid_parse("0123456789ABU", &id).code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(tsid_parse("0123456789AB#", &id).code, IDGEN_TEXT_CHARACTER);
    f = tsid_parse("0123456789AB", &id);
    EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(f.value, 12);
    EXPECT_EQ(f.min, 13);
    EXPECT_EQ(tsid_parse("0123456789ABCC", &id).code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(tsid_parse("", &id).code, IDGEN_TEXT_LENGTH);
    // first character: F is the largest, G the first with the 65th bit
    EXPECT_EQ(tsid_parse("F000000000000", &id).code, IDGEN_OK);
    EXPECT_EQ(tsid_parse("G000000000000", &id).code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(tsid_parse("g000000000000", &id).code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(tsid_parse("Z000000000000", &id).code, IDGEN_TEXT_OVERFLOW);
}

TEST(TsidText, RoundTripsEveryBitPattern) {
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 100000; ++i) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int64_t back = 0;
        ASSERT_EQ(tsid_parse(tsid_text(static_cast<int64_t>(x)), &back).code, IDGEN_OK);
        ASSERT_EQ(back, static_cast<int64_t>(x));
    }
}

// tsid-creator's testGetUnixMillisecondsMinimum/Maximum: the time field is the
// top 42 bits, unsigned (2159-05-15T07:35:11.103Z at its largest)
TEST(TsidLayout, FieldsAsTsidCreatorReadsThem) {
    idgen_id_parts p;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_TSID, 0, IDGEN_TSID_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.unix_ms, 1577836800000);
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_TSID, static_cast<int64_t>(~uint64_t{0} << 22),
                              IDGEN_TSID_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.unix_ms, 1577836800000 + (int64_t{1} << 42) - 1);
    EXPECT_EQ(p.unix_ms, 5975883311103);  // 2159-05-15T07:35:11.103Z
    EXPECT_EQ(p.mid, 0);
    EXPECT_EQ(p.seq, 0);
    const int64_t id = (int64_t{123456789} << 22) | (int64_t{1000} << 12) | 4001;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_TSID, id, IDGEN_TSID_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.unix_ms, 1577836800000 + 123456789);
    EXPECT_EQ(p.mid, 1000);
    EXPECT_EQ(p.seq, 4001);
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_TSID, -1, IDGEN_TSID_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.mid, 1023);
    EXPECT_EQ(p.seq, 4095);
}

// sonyflake.go's toID: time << 24 | sequence << 16 | machine, time in 10 ms
TEST(SonyflakeLayout, FieldsAsSonyflakeGoWritesThem) {
    idgen_id_parts p;
    const int64_t id = (int64_t{1000} << 24) | (int64_t{7} << 16) | 0xBEEF;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SONYFLAKE, id, IDGEN_SONYFLAKE_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.unix_ms, 1409529600000 + 10000);
    EXPECT_EQ(p.seq, 7);
    EXPECT_EQ(p.mid, 0xBEEF);
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SONYFLAKE, INT64_MAX, IDGEN_SONYFLAKE_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.unix_ms, 1409529600000 + ((int64_t{1} << 39) - 1) * 10);
    EXPECT_EQ(p.seq, 255);
    EXPECT_EQ(p.mid, 65535);
    idgen_fault f = idgen_id_decode(IDGEN_FAMILY_SONYFLAKE, -1, IDGEN_SONYFLAKE_EPOCH_MS, &p);
    EXPECT_EQ(f.code, IDGEN_ID_OUT_OF_RANGE);
    EXPECT_EQ(f.value, -1);
    EXPECT_EQ(idgen_id_decode(IDGEN_FAMILY_SONYFLAKE, INT64_MIN, IDGEN_SONYFLAKE_EPOCH_MS, &p).code,
              IDGEN_ID_OUT_OF_RANGE);
}

TEST(NodeIdNext, TsidCarriesNodeCounterAndWallClock) {
    idgen_generator gen{};
    const int64_t before = idgen_wall_clock_ms();
    int64_t last = INT64_MIN;
    for (int i = 0; i < 10000; ++i) {
        int64_t id = 0;
        ASSERT_EQ(idgen_node_id_next(IDGEN_FAMILY_TSID, &gen, 1023, &kBounds, &id).code, IDGEN_OK);
        ASSERT_GT(id, last);
        last = id;
    }
    const int64_t after = idgen_wall_clock_ms();
    idgen_id_parts p;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_TSID, last, IDGEN_TSID_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.mid, 1023);
    EXPECT_GE(p.unix_ms, before);
    EXPECT_LE(p.unix_ms, after);
    idgen_generator_flush_counts();
    EXPECT_EQ(gen.issued, 10000u);
}

TEST(NodeIdNext, SonyflakeCountsTenMillisecondUnitsOf256) {
    idgen_generator gen{};
    const int64_t before = idgen_wall_clock_ms();
    int64_t last = -1, first = 0;
    for (int i = 0; i < 1000; ++i) {
        int64_t id = 0;
        ASSERT_EQ(idgen_node_id_next(IDGEN_FAMILY_SONYFLAKE, &gen, 5, &kBounds, &id).code, IDGEN_OK);
        ASSERT_GT(id, last);
        if (i == 0) first = id;
        last = id;
    }
    const int64_t after = idgen_wall_clock_ms();
    idgen_id_parts p;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SONYFLAKE, first, IDGEN_SONYFLAKE_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.seq, 0) << "a new unit starts at sequence 0";
    EXPECT_GE(p.unix_ms, before - 9);
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SONYFLAKE, last, IDGEN_SONYFLAKE_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.mid, 5);
    EXPECT_LE(p.unix_ms, after);
    EXPECT_EQ(p.unix_ms % 10, 0) << "a time in whole 10 ms units";
    // 1000 IDs at 256 per unit: at least 4 units (a used-up one waits)
    EXPECT_GE((last >> 24) - (first >> 24), 3);
    idgen_generator_flush_counts();
    EXPECT_GE(gen.waits, 3u);
}

TEST(NodeIdNext, RefusesNodeOutOfRangeBeforeTouchingState) {
    for (idgen_family family : {IDGEN_FAMILY_TSID, IDGEN_FAMILY_SONYFLAKE}) {
        idgen_generator gen{};
        int64_t id = 0;
        idgen_fault f = idgen_node_id_next(family, &gen, 1024, &kBounds, &id);
        EXPECT_EQ(f.code, IDGEN_NODE_OUT_OF_RANGE);
        EXPECT_EQ(f.max, 1023);
        EXPECT_EQ(idgen_node_id_next(family, &gen, -1, &kBounds, &id).code, IDGEN_NODE_OUT_OF_RANGE);
        EXPECT_EQ(gen.word, 0u);
        EXPECT_EQ(idgen_node_id_next(family, &gen, 0, &kBounds, &id).code, IDGEN_OK);
    }
}

// The reservation counts a Sonyflake unit by its first ms; resuming after the
// reservation's last ms passes the unit it falls in.
TEST(NodeIdNext, SonyflakeReservationAndResumeInUnits) {
    idgen_generator gen{};
    const int64_t now = idgen_wall_clock_ms();
    const int64_t unit_start = now - (now - IDGEN_SONYFLAKE_EPOCH_MS) % 10;
    // reserved up to this unit's first ms: the unit itself is usable
    idgen_clock_bounds bounds{60000, unit_start - 10, 0};
    int64_t id = 0;
    idgen_fault f = idgen_node_id_next(IDGEN_FAMILY_SONYFLAKE, &gen, 1, &bounds, &id);
    ASSERT_EQ(f.code, IDGEN_RESERVATION_NEEDED);
    EXPECT_GE(f.value, unit_start);
    EXPECT_EQ((f.value - IDGEN_SONYFLAKE_EPOCH_MS) % 10, 0);
    // after a crash: every unit up to the reservation's last ms is used up
    const int64_t reserved = now + 1000;
    const int64_t reserved_unit = reserved - (reserved - IDGEN_SONYFLAKE_EPOCH_MS) % 10;
    idgen_generator_raise(&gen, idgen_mark_used_up(IDGEN_FAMILY_SONYFLAKE,
                                                   reserved - IDGEN_SONYFLAKE_EPOCH_MS));
    EXPECT_EQ(idgen_word_unix_ms(IDGEN_FAMILY_SONYFLAKE, gen.word, IDGEN_SONYFLAKE_EPOCH_MS),
              reserved_unit);
    bounds.reserved_unix_ms = INT64_MAX;
    ASSERT_EQ(idgen_node_id_next(IDGEN_FAMILY_SONYFLAKE, &gen, 1, &bounds, &id).code, IDGEN_OK);
    idgen_id_parts p;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_SONYFLAKE, id, IDGEN_SONYFLAKE_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.unix_ms, reserved_unit + 10) << "the next unit after the reserved one";
    EXPECT_EQ(p.seq, 0);
}

TEST(NodeIdNext, TsidResumesAfterTheReservationsMillisecond) {
    idgen_generator gen{};
    const int64_t reserved = idgen_wall_clock_ms() + 500;
    idgen_generator_raise(&gen, idgen_mark_used_up(IDGEN_FAMILY_TSID, reserved - IDGEN_TSID_EPOCH_MS));
    int64_t id = 0;
    ASSERT_EQ(idgen_node_id_next(IDGEN_FAMILY_TSID, &gen, 3, &kBounds, &id).code, IDGEN_OK);
    idgen_id_parts p;
    ASSERT_EQ(idgen_id_decode(IDGEN_FAMILY_TSID, id, IDGEN_TSID_EPOCH_MS, &p).code, IDGEN_OK);
    EXPECT_EQ(p.unix_ms, reserved + 1);
    EXPECT_EQ(p.seq, 0);
    EXPECT_EQ(p.mid, 3);
}

}  // namespace
