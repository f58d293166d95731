// xid (rs/xid): its text against id_test.go's vectors, the codec's refusals,
// and the server-wide generator on a word of its own.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "published_vectors.hpp"
#include "ulid.h"
#include "wall_clock.h"
#include "xid12.h"

namespace {

idgen_fault parse(const std::string& text, idgen_xid12* x) {
    return idgen_xid12_from_text(text.data(), text.size(), x);
}

std::string text_of(const idgen_xid12& x) {
    char out[IDGEN_XID12_TEXT_LEN + 1];
    idgen_xid12_to_text(&x, out);
    return out;
}

TEST(Xid12, PublishedVectors) {
    int valid = 0, invalid = 0;
    for (const auto& row : published_vectors("xid12_published.tsv")) {
        idgen_xid12 x;
        if (row[0] == "invalid") {
            EXPECT_NE(parse(row[1], &x).code, IDGEN_OK) << row[1];
            ++invalid;
            continue;
        }
        ASSERT_EQ(parse(row[0], &x).code, IDGEN_OK) << row[0];
        EXPECT_EQ(hex_of(x.bytes, IDGEN_XID12_LEN), row[1]);
        EXPECT_EQ(idgen_xid12_unix_s(&x), std::stoll(row[2]));
        EXPECT_EQ(idgen_xid12_machine(&x), std::stoi(row[3]));
        EXPECT_EQ(idgen_xid12_pid(&x), std::stoi(row[4]));
        EXPECT_EQ(idgen_xid12_counter(&x), std::stoi(row[5]));
        EXPECT_EQ(text_of(x), row[0]);
        ++valid;
    }
    EXPECT_EQ(valid, 3);
    EXPECT_EQ(invalid, 6);
}

TEST(Xid12, Refusals) {
    idgen_xid12 x;
    // the padding bits: the last character is 0 or g, nothing between
    EXPECT_EQ(parse("9m4e2mr0ui3e8a215n4g", &x).code, IDGEN_OK);
    EXPECT_EQ(parse("9m4e2mr0ui3e8a215n40", &x).code, IDGEN_OK);
    for (char c : std::string("123456789abcdefhijklmnopqrstuv")) {
        const idgen_fault f = parse(std::string("9m4e2mr0ui3e8a215n4") + c, &x);
        EXPECT_EQ(f.code, IDGEN_TEXT_PADDING) << c;
        EXPECT_EQ(f.value, 19);
    }
    // the alphabet: w is the first letter past it; upper case is refused (rs/xid)
    idgen_fault f = parse("9m4e2mr0ui3e8a215n4w", &x);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(f.value, 19);
    f = parse("9M4e2mr0ui3e8a215n4g", &x);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(f.value, 1);
    // the length: 19 and 21 around 20
    f = parse("9m4e2mr0ui3e8a215n4", &x);
    EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(f.value, 19);
    EXPECT_EQ(parse("9m4e2mr0ui3e8a215n4g0", &x).code, IDGEN_TEXT_LENGTH);
    // the largest: every byte 0xff
    ASSERT_EQ(parse("vvvvvvvvvvvvvvvvvvvg", &x).code, IDGEN_OK);
    EXPECT_EQ(hex_of(x.bytes, IDGEN_XID12_LEN), "ffffffffffffffffffffffff");
}

TEST(Xid12, MakeChecksTheSeconds) {
    idgen_xid12 x;
    EXPECT_EQ(idgen_xid12_make(0, 1, 2, 3, &x).code, IDGEN_OK);
    EXPECT_EQ(idgen_xid12_make(4294967295, 1, 2, 3, &x).code, IDGEN_OK);
    EXPECT_EQ(idgen_xid12_make(4294967296, 1, 2, 3, &x).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_xid12_make(-1, 1, 2, 3, &x).code, IDGEN_TIME_OUT_OF_RANGE);
}

// The counter rides the word: (ms % 1000) * 16384 + n, distinct and
// increasing; a millisecond's 16,384th xid moves the word to the next one.
TEST(Xid12, SharedGeneratorNeverRepeats) {
    idgen_generator gen{};
    const idgen_clock_bounds bounds{60000, INT64_MAX, 0};
    std::set<std::string> seen;
    std::string last;
    for (int i = 0; i < 40000; ++i) {
        idgen_xid12 x;
        ASSERT_EQ(idgen_xid12_shared_next(&gen, &bounds, 42, 7, 0, &x).code, IDGEN_OK);
        const std::string t = text_of(x);
        EXPECT_GT(t, last);
        last = t;
        seen.insert(t);
        EXPECT_EQ(idgen_xid12_machine(&x), 42);
        EXPECT_EQ(idgen_xid12_pid(&x), 7);
        EXPECT_LT(idgen_xid12_counter(&x), 1000 * IDGEN_XID12_PER_MS);
    }
    EXPECT_EQ(seen.size(), 40000u);
}

TEST(Xid12, MillisecondUsedUpMovesOn) {
    const int64_t now = idgen_wall_clock_ms();
    // the word's n at 16383 in a millisecond well ahead of the clock
    idgen_generator gen{};
    gen.word = (static_cast<uint64_t>(now + 5000) << 16) | (IDGEN_XID12_PER_MS - 1);
    const idgen_clock_bounds bounds{60000, INT64_MAX, 0};
    idgen_xid12 x;
    ASSERT_EQ(idgen_xid12_shared_next(&gen, &bounds, 1, 1, 0, &x).code, IDGEN_OK);
    const int64_t ms = now + 5001;
    EXPECT_EQ(idgen_xid12_unix_s(&x), ms / 1000);
    EXPECT_EQ(idgen_xid12_counter(&x), (ms % 1000) * IDGEN_XID12_PER_MS);
    // the 16,384th xid of a millisecond is its last: the next one takes the
    // next millisecond, whose first counter an n of 16,384 would repeat
    gen.word = (static_cast<uint64_t>(now + 7000) << 16) | (IDGEN_XID12_PER_MS - 2);
    std::set<std::string> three;
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(idgen_xid12_shared_next(&gen, &bounds, 1, 1, 0, &x).code, IDGEN_OK);
        three.insert(text_of(x));
        if (i == 1) {
            EXPECT_EQ(gen.word, static_cast<uint64_t>(now + 7001) << 16);
        }
    }
    EXPECT_EQ(three.size(), 3u);
    // a lead past the bound is refused, and hands out nothing
    const idgen_clock_bounds tight{1000, INT64_MAX, 0};
    const uint64_t before = gen.word;
    EXPECT_EQ(idgen_xid12_shared_next(&gen, &tight, 1, 1, 0, &x).code, IDGEN_CLOCK_LEAD_EXCEEDED);
    EXPECT_EQ(gen.word, before);
}

// A full restart within the second: the new postmaster's pid (0x0456) is
// below the old one's (0xf123), and the generator resumes 400 ms after the
// old one's last xid, in its second. The first xid after must still be
// above the last one before (the resume point's second takes the top pid).
TEST(Xid12, RestartWithinTheSecondUnderALowerPid) {
    const int64_t second = idgen_wall_clock_ms() / 1000 + 5;  // ahead: the clock plays no part
    const idgen_clock_bounds bounds{60000, INT64_MAX, 0};
    idgen_generator before{};
    before.word = idgen_ulid_mark_used_up(second * 1000 + 100);
    idgen_xid12 last;
    ASSERT_EQ(idgen_xid12_shared_next(&before, &bounds, 3, 0xf123, 0, &last).code, IDGEN_OK);
    EXPECT_EQ(idgen_xid12_pid(&last), 0xf123);

    const int64_t resumed_after = second * 1000 + 500;
    idgen_generator after{};
    after.word = idgen_ulid_mark_used_up(resumed_after);
    idgen_xid12 first, next;
    ASSERT_EQ(idgen_xid12_shared_next(&after, &bounds, 3, 0x0456, resumed_after, &first).code, IDGEN_OK);
    ASSERT_EQ(idgen_xid12_unix_s(&first), idgen_xid12_unix_s(&last));
    EXPECT_GT(text_of(first), text_of(last));
    EXPECT_EQ(idgen_xid12_pid(&first), IDGEN_XID12_RESUMED_PID);
    // the next second is this server's alone: its own pid again
    after.word = idgen_ulid_mark_used_up(second * 1000 + 999);
    ASSERT_EQ(idgen_xid12_shared_next(&after, &bounds, 3, 0x0456, resumed_after, &next).code, IDGEN_OK);
    EXPECT_EQ(idgen_xid12_unix_s(&next), second + 1);
    EXPECT_EQ(idgen_xid12_pid(&next), 0x0456);
    EXPECT_GT(text_of(next), text_of(first));
}

}  // namespace
