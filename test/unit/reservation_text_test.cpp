// The reservation's line: what is read back is exactly what was written, and
// nothing else (a changed byte, a torn or truncated line, garbage) reads as a
// reservation, least of all a smaller one.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "reservation_text.h"

namespace {

idgen_reservation sample() {
    idgen_reservation r{};
    r.reserved_unix_ms = 1795525494052;
    r.snowflake_epoch_ms = 1288834974657;
    r.shard_epoch_ms = 1314220021721;
    r.system_identifier = 7711723254963637883ull;
    r.timeline = 1;
    return r;
}

std::string text_of(const idgen_reservation& r, char writer = IDGEN_WRITER_PRIMARY) {
    char out[IDGEN_RESERVATION_TEXT_MAX];
    size_t len = idgen_reservation_to_text(&r, writer, out);
    EXPECT_EQ(len, std::strlen(out));
    return std::string(out, len);
}

idgen_reservation_text_state read(const std::string& text, idgen_reservation* r = nullptr,
                                  char* writer = nullptr) {
    idgen_reservation scratch;
    char w;
    return idgen_reservation_from_text(text.data(), text.size(), 11, 22, r ? r : &scratch,
                                       writer ? writer : &w);
}

TEST(ReservationText, WrittenByPostgresCrc32c) {
    // a line the shim wrote with PostgreSQL's own pg_crc32c
    const std::string line =
        "idgen reservation 2 reserved=00000001795525494052 snowflake_epoch=00000001288834974657 "
        "shard_epoch=00000001314220021721 system=07711723254963637883 timeline=0000000001 "
        "pending=0 promoted_at=00000000000000000000 jump=00000000000000000000 writer=p "
        "crc=9C68BFC4\n";
    EXPECT_EQ(text_of(sample()), line);
    idgen_reservation r;
    char writer;
    ASSERT_EQ(read(line, &r, &writer), IDGEN_RESERVATION_TEXT_OK);
    const idgen_reservation expected = sample();
    EXPECT_EQ(std::memcmp(&r, &expected, sizeof r), 0);
    EXPECT_EQ(writer, IDGEN_WRITER_PRIMARY);
}

TEST(ReservationText, RoundTripsEveryFieldAndWriter) {
    idgen_reservation r = sample();
    r.promoted_at_unix_ms = 1795525499999;
    r.promotion_jump_ms = 60000;
    r.pending = IDGEN_PENDING_SHARD_ID | IDGEN_PENDING_ULID;
    r.timeline = 4294967295u;
    r.system_identifier = 18446744073709551615ull;
    idgen_reservation back;
    char writer;
    ASSERT_EQ(read(text_of(r, IDGEN_WRITER_REPLAY), &back, &writer), IDGEN_RESERVATION_TEXT_OK);
    EXPECT_EQ(std::memcmp(&r, &back, sizeof r), 0);
    EXPECT_EQ(writer, IDGEN_WRITER_REPLAY);
}

TEST(ReservationText, FixedWidthWhateverTheValues) {
    idgen_reservation small{};
    idgen_reservation large = sample();
    large.reserved_unix_ms = 281474976710655;  // the last millisecond a ULID holds
    large.pending = IDGEN_PENDING_ALL;
    EXPECT_EQ(text_of(small).size(), text_of(large).size());
}

TEST(ReservationText, EveryChangedByteIsDamage) {
    const std::string line = text_of(sample());
    for (size_t i = 0; i < line.size(); ++i) {
        for (char c : {'0', '1', '9', 'x', ' ', '\n'}) {
            if (line[i] == c) continue;
            std::string changed = line;
            changed[i] = c;
            EXPECT_EQ(read(changed), IDGEN_RESERVATION_TEXT_DAMAGED) << "byte " << i << " -> " << c;
        }
    }
}

TEST(ReservationText, EveryTruncationIsDamage) {
    const std::string line = text_of(sample());
    for (size_t n = 1; n < line.size(); ++n)
        EXPECT_EQ(read(line.substr(0, n)), IDGEN_RESERVATION_TEXT_DAMAGED) << n << " bytes";
    EXPECT_EQ(read(line + line), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read(line + std::string(1, '\0')), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read(std::string(IDGEN_RESERVATION_TEXT_MAX, 'a')), IDGEN_RESERVATION_TEXT_DAMAGED);
}

TEST(ReservationText, NothingOrZerosIsMissing) {
    EXPECT_EQ(read(""), IDGEN_RESERVATION_TEXT_MISSING);
    EXPECT_EQ(read("0"), IDGEN_RESERVATION_TEXT_MISSING);
    EXPECT_EQ(read("00000000000000000000\n"), IDGEN_RESERVATION_TEXT_MISSING);
    EXPECT_EQ(read(std::string(3, '\0')), IDGEN_RESERVATION_TEXT_DAMAGED);
}

TEST(ReservationText, OutOfRangeWithAValidChecksumIsDamage) {
    idgen_reservation r = sample();
    r.reserved_unix_ms = 281474976710656;  // one past the last millisecond a ULID holds
    EXPECT_EQ(read(text_of(r)), IDGEN_RESERVATION_TEXT_DAMAGED);
    r = sample();
    r.pending = IDGEN_PENDING_ALL + 1;
    EXPECT_EQ(read(text_of(r)), IDGEN_RESERVATION_TEXT_DAMAGED);
    r.pending = IDGEN_PENDING_ALL;  // two digits: every generator waits
    idgen_reservation back{};
    char writer = 0;
    const std::string all = text_of(r);
    ASSERT_EQ(idgen_reservation_from_text(all.data(), all.size(), 0, 0, &back, &writer),
              IDGEN_RESERVATION_TEXT_OK);
    EXPECT_EQ(back.pending, uint32_t{IDGEN_PENDING_ALL});
    r = sample();
    r.promotion_jump_ms = -1;
    EXPECT_EQ(read(text_of(r)), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read(text_of(sample(), 'x')), IDGEN_RESERVATION_TEXT_DAMAGED);
}

// The line with pending= set to `pending` (any text) and `format`, its
// checksum made again: a line as another release would write it.
std::string with_pending(std::string line, const std::string& format, const std::string& pending) {
    line.replace(std::strlen("idgen reservation "), 1, format);
    const size_t at = line.find(" pending=") + std::strlen(" pending=");
    line.replace(at, line.find(' ', at) - at, pending);
    const size_t crc_at = line.find(" crc=");
    uint32_t crc = 0xFFFFFFFFu;  // CRC-32C, bit by bit
    for (size_t i = 0; i < crc_at; ++i) {
        crc ^= static_cast<uint8_t>(line[i]);
        for (int k = 0; k < 8; ++k) crc = (crc & 1) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    char tail[32];
    std::snprintf(tail, sizeof tail, " crc=%08X\n", crc ^ 0xFFFFFFFFu);
    return line.substr(0, crc_at) + tail;
}

TEST(ReservationText, TheFiveOf050InTheLineEveryReleaseReads) {
    idgen_reservation r = sample();
    r.pending = IDGEN_PENDING_SONYFLAKE | IDGEN_PENDING_SNOWFLAKE;
    const std::string line = text_of(r);
    EXPECT_EQ(line.substr(0, 20), "idgen reservation 2 ");
    EXPECT_NE(line.find(" pending=H "), std::string::npos) << line;
    EXPECT_EQ(with_pending(text_of(sample()), "2", "H"), line);  // what 0.5.0 and 0.6.x write
}

TEST(ReservationText, AnyNumberOfGeneratorsPastThem) {
    idgen_reservation r = sample();
    r.pending = 0x1FF;  // nine generators, all waiting
    char out[IDGEN_RESERVATION_TEXT_MAX];
    const std::string nine(out, idgen::reservation_line(r, IDGEN_WRITER_PRIMARY, 9, out));
    EXPECT_EQ(nine, with_pending(text_of(sample()), "3", "1FF"));
    idgen_reservation back{};
    char writer = 0;
    ASSERT_EQ(idgen::read_reservation_line(nine.data(), nine.size(), 0, 0, 9, &back, &writer),
              IDGEN_RESERVATION_TEXT_OK);
    EXPECT_EQ(std::memcmp(&r, &back, sizeof r), 0);
    r.pending = IDGEN_PENDING_SNOWFLAKE | 0x100;  // only the ninth past the first
    const std::string ninth(out, idgen::reservation_line(r, IDGEN_WRITER_REPLAY, 9, out));
    EXPECT_NE(ninth.find(" pending=101 "), std::string::npos) << ninth;
    ASSERT_EQ(idgen::read_reservation_line(ninth.data(), ninth.size(), 0, 0, 9, &back, &writer),
              IDGEN_RESERVATION_TEXT_OK);
    EXPECT_EQ(back.pending, 0x101u);
    EXPECT_EQ(writer, IDGEN_WRITER_REPLAY);
    r.pending = 0x7FFFFFFF;  // the WAL record's 31 bits
    const std::string all(out, idgen::reservation_line(r, IDGEN_WRITER_PRIMARY, 31, out));
    EXPECT_NE(all.find(" pending=7FFFFFFF "), std::string::npos) << all;
    EXPECT_EQ(idgen::read_reservation_line(all.data(), all.size(), 0, 0, 31, &back, &writer),
              IDGEN_RESERVATION_TEXT_OK);
    EXPECT_EQ(back.pending, 0x7FFFFFFFu);
    // every byte of it still counts
    for (size_t i = 0; i < nine.size(); ++i) {
        std::string changed = nine;
        changed[i] = changed[i] == '1' ? '2' : '1';
        EXPECT_EQ(idgen::read_reservation_line(changed.data(), changed.size(), 0, 0, 9, &back, &writer),
                  IDGEN_RESERVATION_TEXT_DAMAGED) << "byte " << i;
    }
}

TEST(ReservationText, ALaterReleasesWaitingGeneratorIsRefusedNotDropped) {
    const std::string base = text_of(sample());
    // this release's five, and a sixth it does not have, waiting
    for (const char* pending : {"20", "3F", "100", "80000000", "1000000000000000000000000000000000000001"}) {
        const std::string later = with_pending(base, "3", pending);
        idgen_reservation r = sample();
        r.reserved_unix_ms = 42;
        EXPECT_EQ(read(later, &r), IDGEN_RESERVATION_TEXT_LATER) << pending;
        EXPECT_EQ(r.reserved_unix_ms, 42) << "nothing is read of it";
    }
    // a later release's line with only this one's generators waiting is read
    idgen_reservation r = sample();
    r.pending = IDGEN_PENDING_ALL;
    char out[IDGEN_RESERVATION_TEXT_MAX];
    const std::string line(out, idgen::reservation_line(r, IDGEN_WRITER_PRIMARY, 12, out));
    EXPECT_EQ(read(line), IDGEN_RESERVATION_TEXT_OK);
}

TEST(ReservationText, OnlyTheLineThatIsWrittenIsRead) {
    const std::string base = text_of(sample());
    EXPECT_EQ(read(with_pending(base, "3", "1F")), IDGEN_RESERVATION_TEXT_DAMAGED);  // format 2's
    EXPECT_EQ(read(with_pending(base, "3", "0")), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read(with_pending(base, "3", "020")), IDGEN_RESERVATION_TEXT_DAMAGED);  // a leading zero
    EXPECT_EQ(read(with_pending(base, "3", "")), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read(with_pending(base, "3", "G0")), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read(with_pending(base, "2", "20")), IDGEN_RESERVATION_TEXT_DAMAGED);  // two digits
    EXPECT_EQ(read(with_pending(base, "2", "W")), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read(with_pending(base, "4", "20")), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read(with_pending(base, "2", "0")), IDGEN_RESERVATION_TEXT_OK);
}

TEST(ReservationText, EarlierVersionsNumberAlone) {
    idgen_reservation r;
    char writer = 0;
    ASSERT_EQ(read("00000001795525494052\n", &r, &writer), IDGEN_RESERVATION_TEXT_OK);  // 0.3.0
    EXPECT_EQ(r.reserved_unix_ms, 1795525494052);
    EXPECT_EQ(r.snowflake_epoch_ms, 11);  // the settings in force, as given
    EXPECT_EQ(r.shard_epoch_ms, 22);
    EXPECT_EQ(r.system_identifier, 0u);
    EXPECT_EQ(r.timeline, 0u);
    EXPECT_EQ(writer, IDGEN_WRITER_PRIMARY);
    ASSERT_EQ(read("1795525494052\n", &r), IDGEN_RESERVATION_TEXT_OK);  // 0.2.0
    EXPECT_EQ(r.reserved_unix_ms, 1795525494052);
    EXPECT_EQ(read("281474976710655\n"), IDGEN_RESERVATION_TEXT_OK);
    EXPECT_EQ(read("281474976710656\n"), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read("99999999999999999999\n"), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read("999999999999999999999\n"), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read("1795525494052"), IDGEN_RESERVATION_TEXT_DAMAGED);  // torn: no newline
    EXPECT_EQ(read("17955x5494052\n"), IDGEN_RESERVATION_TEXT_DAMAGED);
    EXPECT_EQ(read("-1795525494052\n"), IDGEN_RESERVATION_TEXT_DAMAGED);
}

}  // namespace
