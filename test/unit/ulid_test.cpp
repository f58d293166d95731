// ULIDs: the spec's and seed 003's vectors, every rejection rule, the
// monotonic order with a fake clock and a fake keyed function, fork safety.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <set>
#include <string>

#include "generator.h"
#include "random_pool.h"
#include "ulid.h"
#include "ulid_bytes.hpp"
#include "ulid_monotonic.hpp"
#include "wall_clock.h"

namespace {

using idgen::u128;

std::string text_of(const idgen_ulid& u) {
    char buf[IDGEN_ULID_TEXT_LEN + 1];
    idgen_ulid_to_text(&u, buf);
    return buf;
}

idgen_ulid parse(const std::string& s) {
    idgen_ulid u{};
    idgen_fault f = idgen_ulid_from_text(s.data(), s.size(), &u);
    EXPECT_EQ(f.code, IDGEN_OK) << s;
    return u;
}

idgen_fault parse_fault(const std::string& s) {
    idgen_ulid u{};
    return idgen_ulid_from_text(s.data(), s.size(), &u);
}

TEST(UlidText, SpecTimeEncoding) {
    // the spec's reference test: time 1469918176385 encodes as 01ARYZ6S41
    idgen_ulid u;
    ASSERT_EQ(idgen_ulid_from_time(1469918176385, &u).code, IDGEN_OK);
    EXPECT_EQ(text_of(u), "01ARYZ6S410000000000000000");
    EXPECT_EQ(idgen_ulid_unix_ms(&u), 1469918176385);
}

TEST(UlidText, Seed003Vector) {
    // seed 003: u.str, u.bytes and u.int of one ULID (its u.uuid line comes
    // from another call and does not match)
    idgen_ulid u = parse("01E5V7GWA9CHP337PB8SR18ZP4");
    const uint8_t bytes[16] = {0x01, 0x71, 0x76, 0x78, 0x71, 0x49, 0x64, 0x6c,
                               0x31, 0x9e, 0xcb, 0x46, 0x70, 0x14, 0x7e, 0xc4};
    EXPECT_EQ(memcmp(u.bytes, bytes, 16), 0);
    u128 expected_int = 0;
    for (char c : std::string("1918360407572615930874316424782053060"))
        expected_int = expected_int * 10 + static_cast<unsigned>(c - '0');
    EXPECT_TRUE(idgen::ulid_value(u) == expected_int);
    EXPECT_EQ(text_of(u), "01E5V7GWA9CHP337PB8SR18ZP4");
}

TEST(UlidText, CaseInsensitiveInUpperCaseOut) {
    EXPECT_EQ(text_of(parse("01arz3ndektsv4rrffq69g5fav")), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    EXPECT_EQ(text_of(parse("01ArZ3nDeKtSv4RrFfQ69G5fAv")), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
}

TEST(UlidText, Extremes) {
    idgen_ulid max = parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    for (uint8_t b : max.bytes) EXPECT_EQ(b, 0xff);
    idgen_ulid zero = parse("00000000000000000000000000");
    for (uint8_t b : zero.bytes) EXPECT_EQ(b, 0);
}

TEST(UlidText, RoundTripsEveryCharacterInEveryPlace) {
    const std::string alphabet = idgen::kCrockfordAlphabet;
    for (size_t pos = 1; pos < 26; ++pos) {
        for (char c : alphabet) {
            std::string s(26, '0');
            s[pos] = c;
            EXPECT_EQ(text_of(parse(s)), s);
        }
    }
}

TEST(UlidText, RejectsWrongLengths) {
    for (const std::string& s : {std::string(""), std::string(25, '0'), std::string(27, '0'),
                                 std::string(100, '1')}) {
        idgen_fault f = parse_fault(s);
        EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH) << s;
        EXPECT_EQ(f.value, static_cast<int64_t>(s.size()));
    }
}

TEST(UlidText, RejectsCharactersOutsideTheAlphabet) {
    for (char bad : {'I', 'L', 'O', 'U', 'i', 'l', 'o', 'u', '-', ' ', '*', '\x7f', '\xc3'}) {
        for (size_t pos : {size_t{0}, size_t{13}, size_t{25}}) {
            std::string s(26, '0');
            s[pos] = bad;
            idgen_fault f = parse_fault(s);
            EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER) << s;
            EXPECT_EQ(f.value, static_cast<int64_t>(pos));
        }
    }
    // a bad character is named before a wrong length ("é" is 2 bytes)
    EXPECT_EQ(parse_fault("01E5V7GWA9CHP337PB8SR18Z\xc3\xa9").code, IDGEN_TEXT_CHARACTER);
}

TEST(UlidText, RejectsValuesAbove128Bits) {
    for (char first : {'8', '9', 'A', 'Z', 'z'}) {
        std::string s(26, '0');
        s[0] = first;
        EXPECT_EQ(parse_fault(s).code, IDGEN_TEXT_OVERFLOW) << s;
    }
}

TEST(UlidRandom, CarriesTheTimeAndFreshBits) {
    std::set<std::string> seen;
    for (int i = 0; i < 10000; ++i) {
        idgen_ulid u;
        ASSERT_EQ(idgen_ulid_random(1586872590191, &u).code, IDGEN_OK);
        EXPECT_EQ(idgen_ulid_unix_ms(&u), 1586872590191);
        seen.insert(text_of(u));
    }
    EXPECT_EQ(seen.size(), 10000u);
}

TEST(UlidRandom, TimeRange) {
    idgen_ulid u;
    EXPECT_EQ(idgen_ulid_random(-1, &u).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_ulid_random(IDGEN_ULID_MAX_MS + 1, &u).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_ulid_from_time(IDGEN_ULID_MAX_MS + 1, &u).code, IDGEN_TIME_OUT_OF_RANGE);
    ASSERT_EQ(idgen_ulid_from_time(IDGEN_ULID_MAX_MS, &u).code, IDGEN_OK);
    EXPECT_EQ(text_of(u), "7ZZZZZZZZZ0000000000000000");
}

TEST(UlidNow, StrictlyIncreasingWithTheClocksMillisecond) {
    idgen_ulid prev{};
    std::set<std::string> tails;
    for (int i = 0; i < 200000; ++i) {
        const int64_t before = idgen_wall_clock_ms();
        idgen_ulid u;
        ASSERT_EQ(idgen_ulid_now(&u).code, IDGEN_OK);
        const int64_t after = idgen_wall_clock_ms();
        ASSERT_GT(memcmp(u.bytes, prev.bytes, 16), 0) << i;
        // one call per 16 ns at most, so it never runs past the clock's next ms
        ASSERT_GE(idgen_ulid_unix_ms(&u), before) << i;
        ASSERT_LE(idgen_ulid_unix_ms(&u), after + 1) << i;
        if (i < 1000) tails.insert(std::string(reinterpret_cast<const char*>(u.bytes + 8), 8));
        prev = u;
    }
    EXPECT_EQ(tails.size(), 1000u);  // the last 64 bits are fresh each time
}

TEST(UlidNow, FractionFollowsTheClockWithinTheMillisecond) {
    // The fraction is the clock's sub-ms position when read, so a ULID made
    // after a clock reading is never placed before it.
    idgen_ulid b;
    const int64_t ns = idgen_wall_clock_ns();
    ASSERT_EQ(idgen_ulid_now(&b).code, IDGEN_OK);
    const int fraction_b = b.bytes[6] << 8 | b.bytes[7];
    const int64_t expected = (ns % 1000000) * 65536 / 1000000;
    if (idgen_ulid_unix_ms(&b) == ns / 1000000)
        EXPECT_GE(fraction_b, expected);  // read after ns, so not earlier
    else
        EXPECT_GT(idgen_ulid_unix_ms(&b), ns / 1000000);
}

TEST(RandomPool, ParentAndChildNeverShareBytes) {
    uint8_t warm[8];
    ASSERT_EQ(idgen_random_bytes(warm, sizeof warm).code, IDGEN_OK);  // the parent's pool is full
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        uint8_t child[32];
        idgen_random_bytes(child, sizeof child);
        ssize_t written = write(fds[1], child, sizeof child);
        _exit(written == sizeof child ? 0 : 1);
    }
    uint8_t parent[32], child[32];
    ASSERT_EQ(idgen_random_bytes(parent, sizeof parent).code, IDGEN_OK);
    ASSERT_EQ(read(fds[0], child, sizeof child), static_cast<ssize_t>(sizeof child));
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_EQ(status, 0);
    EXPECT_NE(memcmp(parent, child, sizeof parent), 0) << "the child reused the parent's pool";
    close(fds[0]);
    close(fds[1]);
}

// --- the monotonic ULID, with a fake clock and a fake keyed function

struct FakeClock {
    int64_t now;
    int64_t reads = 0;
    int64_t move_after = -1;
    int64_t then = 0;
    int64_t operator()() {
        if (move_after >= 0 && ++reads > move_after) now = then;
        return now;
    }
};

u128 random_part(const idgen_ulid& u) { return idgen::ulid_value(u) & idgen::kRandomMask; }

TEST(UlidMonotonic, Seed003Sequence) {
    // seed 003's monotonicFactory at 1586872590191: five ULIDs, the random
    // part incremented with carry. Give R(ms) the first one's random part.
    const u128 r = random_part(parse("01E5WFM7VFPWCNF4DM76ADV80W"));
    idgen_generator word{};
    FakeClock clock{1586872590191};
    auto prf = [r](int64_t) { return r; };
    const char* expected[] = {"01E5WFM7VFPWCNF4DM76ADV80W", "01E5WFM7VFPWCNF4DM76ADV80X",
                              "01E5WFM7VFPWCNF4DM76ADV80Y", "01E5WFM7VFPWCNF4DM76ADV80Z",
                              "01E5WFM7VFPWCNF4DM76ADV810"};
    for (const char* want : expected) {
        idgen_ulid u;
        ASSERT_EQ(idgen::ulid_monotonic_next(word, {1000, INT64_MAX, 0}, std::ref(clock), prf, &u).code, IDGEN_OK);
        EXPECT_EQ(text_of(u), want);
    }
}

TEST(UlidMonotonic, EightyBitOverflowMovesToTheNextMillisecond) {
    idgen_generator word{};
    FakeClock clock{100};
    const u128 top = idgen::kRandomMask;
    auto prf = [top](int64_t ms) { return ms == 100 ? top - 2 : u128{7}; };
    idgen_ulid u;
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(idgen::ulid_monotonic_next(word, {1000, INT64_MAX, 0}, std::ref(clock), prf, &u).code, IDGEN_OK);
        EXPECT_EQ(idgen_ulid_unix_ms(&u), 100);
        EXPECT_TRUE(random_part(u) == top - 2 + static_cast<unsigned>(i));
    }
    // R + 3 would pass 80 bits: never wrap; wait for the clock's next ms
    clock.move_after = 10;
    clock.then = 101;
    ASSERT_EQ(idgen::ulid_monotonic_next(word, {1000, INT64_MAX, 0}, std::ref(clock), prf, &u).code, IDGEN_OK);
    EXPECT_EQ(idgen_ulid_unix_ms(&u), 101);
    EXPECT_TRUE(random_part(u) == 7);
}

TEST(UlidMonotonic, ClockBehindKeepsIncreasing) {
    idgen_generator word{};
    FakeClock clock{5000};
    auto prf = [](int64_t ms) { return static_cast<u128>(ms) * 0x9E3779B97F4A7C15ull; };
    idgen_ulid prev{};
    for (int i = 0; i < 200000; ++i) {
        clock.now = 5000 - (i % 7);  // wobbling backwards
        idgen_ulid u;
        ASSERT_EQ(idgen::ulid_monotonic_next(word, {60000, INT64_MAX, 0}, std::ref(clock), prf, &u).code, IDGEN_OK);
        ASSERT_GT(memcmp(u.bytes, prev.bytes, 16), 0) << "at " << i;
        prev = u;
    }
    // 200,000 in a stuck millisecond: 32,768 per ms, then the mark moved on
    EXPECT_EQ(idgen_ulid_unix_ms(&prev), 5006);
    idgen_generator_flush_counts();
    EXPECT_EQ(word.issued, 200000u);
    EXPECT_GT(word.ahead, 0u) << "counted as handed out ahead of the clock";
}

TEST(UlidMonotonic, RealKeyAndClock) {
    const idgen_clock_bounds kBounds{60000, INT64_MAX, 0};
    idgen_generator word{};
    const uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    idgen_ulid prev{};
    for (int i = 0; i < 100000; ++i) {
        idgen_ulid u;
        ASSERT_EQ(idgen_ulid_monotonic_next(&word, key, &kBounds, &u).code, IDGEN_OK);
        ASSERT_GT(memcmp(u.bytes, prev.bytes, 16), 0);
        prev = u;
    }
}

}  // namespace
