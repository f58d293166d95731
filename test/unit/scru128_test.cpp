// SCRU128: its text against the spec's vectors (base36_128.c), the codec's
// refusals, and the spec's generator step by step.
#include <gtest/gtest.h>

#include <string>

#include "published_vectors.hpp"
#include "scru128.h"
#include "scru128_generator.hpp"

namespace {

using idgen::Scru128Generator;

idgen_fault parse(const std::string& text, idgen_scru128* s) {
    return idgen_scru128_from_text(text.data(), text.size(), s);
}

std::string text_of(const idgen_scru128& s) {
    char out[IDGEN_SCRU128_TEXT_LEN + 1];
    idgen_scru128_to_text(&s, out);
    return out;
}

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

TEST(Scru128, PublishedVectors) {
    int valid = 0, invalid = 0;
    for (const auto& row : published_vectors("scru128_published.tsv")) {
        idgen_scru128 s;
        if (row[0] == "invalid") {
            EXPECT_NE(parse(row[1], &s).code, IDGEN_OK) << row[1];
            EXPECT_NE(parse(lower(row[1]), &s).code, IDGEN_OK) << row[1];
            ++invalid;
            continue;
        }
        ASSERT_EQ(parse(row[0], &s).code, IDGEN_OK) << row[0];
        EXPECT_EQ(hex_of(s.bytes, IDGEN_SCRU128_LEN), row[1]);
        EXPECT_EQ(text_of(s), lower(row[0]));  // lower case out, as scru128 3.x
        ASSERT_EQ(parse(lower(row[0]), &s).code, IDGEN_OK);  // either case in
        EXPECT_EQ(hex_of(s.bytes, IDGEN_SCRU128_LEN), row[1]);
        ++valid;
    }
    EXPECT_EQ(valid, 5);
    EXPECT_EQ(invalid, 5);
}

TEST(Scru128, Refusals) {
    idgen_scru128 s;
    EXPECT_EQ(parse("f5lxx1zz5pnorynqglhzmsp33", &s).code, IDGEN_OK);  // at the largest
    EXPECT_EQ(parse("f5lxx1zz5pnorynqglhzmsp34", &s).code, IDGEN_TEXT_OVERFLOW);  // one above
    EXPECT_EQ(parse("f5lxx1zz5pnorynqglhzmsp32", &s).code, IDGEN_OK);  // one below
    EXPECT_EQ(parse("f5lxx1zz5pnorynqglhzmsq00", &s).code, IDGEN_TEXT_OVERFLOW);
    idgen_fault f = parse("0372hg16csmsm50l8dikcvuk_", &s);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(f.value, 24);
    f = parse("0372hg16csmsm50l8dikcvuk", &s);
    EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(f.value, 24);
}

uint32_t counting_random_value = 0;
uint32_t counting_random() { return counting_random_value++; }

TEST(Scru128Generator, FollowsTheSpec) {
    Scru128Generator g;
    idgen_scru128 a, b;
    counting_random_value = 100;
    ASSERT_EQ(g.next(1000, 10000, counting_random, &a).code, IDGEN_OK);
    // new timestamp: counter_lo random (100), then counter_hi renewed (101), entropy (102)
    EXPECT_EQ(g.timestamp, 1000);
    EXPECT_EQ(g.counter_lo, 100u);
    EXPECT_EQ(g.counter_hi, 101u);
    EXPECT_EQ(hex_of(a.bytes, 16), "0000000003e8" "000065" "000064" "00000066");
    // same ms: counter_lo + 1, counter_hi kept (renewed only each second)
    ASSERT_EQ(g.next(1000, 10000, counting_random, &b).code, IDGEN_OK);
    EXPECT_EQ(g.counter_lo, 101u);
    EXPECT_EQ(g.counter_hi, 101u);
    EXPECT_LT(text_of(a), text_of(b));
    // the next ms: counter_lo random again, counter_hi kept within the second
    ASSERT_EQ(g.next(1001, 10000, counting_random, &b).code, IDGEN_OK);
    EXPECT_EQ(g.counter_hi, 101u);
    // a second after counter_hi's renewal: renewed
    ASSERT_EQ(g.next(2000, 10000, counting_random, &b).code, IDGEN_OK);
    EXPECT_NE(g.counter_hi, 101u);
}

TEST(Scru128Generator, CounterOverflowMovesTheTimestamp) {
    Scru128Generator g;
    g.timestamp = 5000;
    g.ts_counter_hi = 5000;
    g.counter_hi = idgen::kScru128MaxCounter;
    g.counter_lo = idgen::kScru128MaxCounter;
    idgen_scru128 s;
    counting_random_value = 7;
    ASSERT_EQ(g.next(5000, 10000, counting_random, &s).code, IDGEN_OK);
    EXPECT_EQ(g.timestamp, 5001);  // counter_hi past 24 bits: the next ms
    EXPECT_EQ(g.counter_hi, 0u);
    EXPECT_EQ(g.counter_lo, 7u);
    EXPECT_EQ(idgen_scru128_unix_ms(&s), 5001);
    // counter_lo alone overflowing carries into counter_hi
    g.counter_lo = idgen::kScru128MaxCounter;
    ASSERT_EQ(g.next(5001, 10000, counting_random, &s).code, IDGEN_OK);
    EXPECT_EQ(g.counter_hi, 1u);
    EXPECT_EQ(g.counter_lo, 0u);
    EXPECT_EQ(g.timestamp, 5001);
}

TEST(Scru128Generator, RollbackWithinTheAllowanceGoesOnBeyondIsRefused) {
    Scru128Generator g;
    idgen_scru128 a, b;
    ASSERT_EQ(g.next(100000, 10000, counting_random, &a).code, IDGEN_OK);
    // 10 s back: at the allowance, goes on from the last timestamp
    ASSERT_EQ(g.next(90000, 10000, counting_random, &b).code, IDGEN_OK);
    EXPECT_EQ(idgen_scru128_unix_ms(&b), 100000);
    EXPECT_LT(text_of(a), text_of(b));
    // 1 ms further: refused, and the state is untouched
    const Scru128Generator before = g;
    const idgen_fault f = g.next(89999, 10000, counting_random, &b);
    EXPECT_EQ(f.code, IDGEN_CLOCK_LEAD_EXCEEDED);
    EXPECT_EQ(f.value, 10001);
    EXPECT_EQ(f.max, 10000);
    EXPECT_EQ(g.timestamp, before.timestamp);
    EXPECT_EQ(g.counter_lo, before.counter_lo);
}

TEST(Scru128Generator, TimeRange) {
    Scru128Generator g;
    idgen_scru128 s;
    EXPECT_EQ(g.next(0, 10000, counting_random, &s).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(g.next(idgen::kScru128MaxTimestamp + 1, 10000, counting_random, &s).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(g.next(idgen::kScru128MaxTimestamp, 10000, counting_random, &s).code, IDGEN_OK);
}

TEST(Scru128, NowIncreases) {
    std::string last;
    for (int i = 0; i < 100000; ++i) {
        idgen_scru128 s;
        ASSERT_EQ(idgen_scru128_now(600000, &s).code, IDGEN_OK);
        const std::string t = text_of(s);
        ASSERT_GT(t, last);
        last = t;
    }
}

}  // namespace
