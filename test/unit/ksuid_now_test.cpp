// ksuid(): strictly increasing within a process, the sub-second fraction in
// the payload's top 32 bits and 96 random bits, on the real clock and on a
// fake one that stalls, steps back and crosses seconds; across fork.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <set>
#include <string>

#include "ksuid.h"
#include "ksuid_now.hpp"
#include "wall_clock.h"

namespace {

using idgen::KsuidClock;

constexpr int64_t kNsPerS = 1000000000;

uint32_t fraction_of(const idgen_ksuid& k) {
    return static_cast<uint32_t>(k.bytes[4]) << 24 | k.bytes[5] << 16 | k.bytes[6] << 8 | k.bytes[7];
}

std::string random_part(const idgen_ksuid& k) {
    return std::string(reinterpret_cast<const char*>(k.bytes + 8), 12);
}

std::string text_of(const idgen_ksuid& k) {
    char buf[IDGEN_KSUID_TEXT_LEN + 1];
    idgen_ksuid_to_text(&k, buf);
    return buf;
}

// A fresh clock per test, as a new backend has.
idgen_ksuid next(KsuidClock& clock, int64_t wall_ns) {
    idgen_ksuid k;
    EXPECT_EQ(idgen::ksuid_next(clock, wall_ns, &k).code, IDGEN_OK);
    return k;
}

TEST(KsuidNow, StrictlyIncreasingOverAMillionCalls) {
    idgen_ksuid prev{};
    std::string prev_text = text_of(prev);
    for (int i = 0; i < 1000000; ++i) {
        const int64_t before = idgen_wall_clock_ms() / 1000;
        idgen_ksuid k;
        ASSERT_EQ(idgen_ksuid_now(&k).code, IDGEN_OK);
        const int64_t after = idgen_wall_clock_ms() / 1000;
        ASSERT_GT(memcmp(k.bytes, prev.bytes, IDGEN_KSUID_LEN), 0) << i;
        ASSERT_GE(idgen_ksuid_unix_s(&k), before) << i;
        ASSERT_LE(idgen_ksuid_unix_s(&k), after) << i;  // never ahead of a steady clock
        if (i % 1000 == 0) {  // and so does the text (27 base62 characters)
            const std::string text = text_of(k);
            ASSERT_EQ(text.size(), 27u);
            ASSERT_GT(text, prev_text) << i;
            prev_text = text;
        }
        prev = k;
    }
}

TEST(KsuidNow, FractionIsTheClocksAndTheRestIsRandom) {
    KsuidClock clock;
    const int64_t second = INT64_C(1700000000);
    for (int64_t ns : {INT64_C(0), INT64_C(1), INT64_C(250000000), INT64_C(500000000),
                       INT64_C(999999999)}) {
        const idgen_ksuid k = next(clock, second * kNsPerS + ns);
        EXPECT_EQ(idgen_ksuid_unix_s(&k), second);
        // floor(ns / 10^9 * 2^32): 0.5 s is 0x80000000, the last ns 0xFFFFFFFB
        EXPECT_EQ(fraction_of(k), static_cast<uint32_t>((ns << 32) / kNsPerS)) << ns;
    }
    EXPECT_EQ(fraction_of(next(clock, (second + 1) * kNsPerS + 500000000)), 0x80000000u);
    std::set<std::string> randoms;
    for (int i = 0; i < 10000; ++i) randoms.insert(random_part(next(clock, (second + 2) * kNsPerS)));
    EXPECT_EQ(randoms.size(), 10000u);
}

TEST(KsuidNow, StalledClockStepsOneNanosecondPerCall) {
    KsuidClock clock;
    const int64_t stalled = INT64_C(1700000000) * kNsPerS + 123456789;
    idgen_ksuid prev = next(clock, stalled);
    for (int i = 1; i <= 100000; ++i) {
        const idgen_ksuid k = next(clock, stalled);
        ASSERT_GT(memcmp(k.bytes, prev.bytes, IDGEN_KSUID_LEN), 0) << i;
        // the reading is the last one plus 1 ns: at most 100 us ahead here
        ASSERT_EQ(fraction_of(k), static_cast<uint32_t>(((INT64_C(123456789) + i) << 32) / kNsPerS)) << i;
        prev = k;
    }
}

TEST(KsuidNow, ClockSetBackAndAcrossTheSecond) {
    KsuidClock clock;
    const int64_t last_ns = INT64_C(1700000000) * kNsPerS + kNsPerS - 3;
    idgen_ksuid prev = next(clock, last_ns);
    // the clock goes back 10 s: the IDs keep to the last reading + 1 ns,
    // passing into the next second, until the clock catches up
    for (int i = 0; i < 10; ++i) {
        const idgen_ksuid k = next(clock, last_ns - 10 * kNsPerS);
        ASSERT_GT(memcmp(k.bytes, prev.bytes, IDGEN_KSUID_LEN), 0) << i;
        prev = k;
    }
    EXPECT_EQ(idgen_ksuid_unix_s(&prev), INT64_C(1700000001));
    EXPECT_EQ(fraction_of(prev), static_cast<uint32_t>((INT64_C(7) << 32) / kNsPerS));
    const idgen_ksuid caught_up = next(clock, last_ns + 2 * kNsPerS);
    EXPECT_GT(memcmp(caught_up.bytes, prev.bytes, IDGEN_KSUID_LEN), 0);
    EXPECT_EQ(idgen_ksuid_unix_s(&caught_up), INT64_C(1700000002));
}

TEST(KsuidNow, TimeRange) {
    KsuidClock clock;
    idgen_ksuid k;
    EXPECT_EQ(idgen::ksuid_next(clock, (IDGEN_KSUID_EPOCH - 1) * kNsPerS, &k).code,
              IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen::ksuid_next(clock, IDGEN_KSUID_EPOCH * kNsPerS, &k).code, IDGEN_OK);
    EXPECT_EQ(text_of(k).substr(0, 1), "0");
}

TEST(KsuidNow, ForkedChildKeepsTheOrderWithItsOwnRandomBits) {
    idgen_ksuid last;
    ASSERT_EQ(idgen_ksuid_now(&last).code, IDGEN_OK);
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        idgen_ksuid k;
        idgen_ksuid_now(&k);
        ssize_t written = write(fds[1], k.bytes, sizeof k.bytes);
        _exit(written == sizeof k.bytes ? 0 : 1);
    }
    idgen_ksuid parent, child;
    ASSERT_EQ(idgen_ksuid_now(&parent).code, IDGEN_OK);
    ASSERT_EQ(read(fds[0], child.bytes, sizeof child.bytes), static_cast<ssize_t>(sizeof child.bytes));
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_EQ(status, 0);
    EXPECT_GT(memcmp(child.bytes, last.bytes, IDGEN_KSUID_LEN), 0);
    EXPECT_GT(memcmp(parent.bytes, last.bytes, IDGEN_KSUID_LEN), 0);
    EXPECT_NE(random_part(parent), random_part(child));
    close(fds[0]);
    close(fds[1]);
}

}  // namespace
