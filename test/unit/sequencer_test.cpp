// The clock policy of the shared generators, with a fake clock in ms.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "sequencer.hpp"

namespace {

using idgen::SequencerSpec;
using idgen::Tick;

constexpr SequencerSpec kSpec{12, (int64_t{1} << 41) - 1};  // Snowflake's
constexpr int64_t kSeqMax = 4095;
constexpr int64_t kNoLimit = INT64_MAX / 2;

// Reads `now`; after `move_after` further reads it jumps to `then` (a clock
// that ticks while the generator waits on it).
struct FakeClock {
    int64_t now = 0;
    int64_t reads = 0;
    int64_t move_after = -1;
    int64_t then = 0;
    int64_t operator()() {
        ++reads;
        if (move_after >= 0 && reads > move_after) now = then;
        return now;
    }
};

struct Generator {
    uint64_t word = 0;
    FakeClock clock;
    idgen_clock_bounds bounds{kNoLimit, INT64_MAX};

    Tick next() {
        Tick tick{-1, -1, false, false};
        idgen_fault f = idgen::sequencer_next(word, kSpec, 0, bounds, std::ref(clock), &tick);
        EXPECT_EQ(f.code, IDGEN_OK);
        return tick;
    }
    idgen_fault fault() {
        Tick tick{-1, -1, false, false};
        idgen_fault f = idgen::sequencer_next(word, kSpec, 0, bounds, std::ref(clock), &tick);
        EXPECT_EQ(tick.ms, -1) << "a refused call must not hand out a tick";
        return f;
    }
    void exhaust(int64_t ms) {
        for (int64_t seq = 0; seq <= kSeqMax; ++seq) {
            Tick t = next();
            ASSERT_EQ(t.ms, ms);
            ASSERT_EQ(t.seq, seq);
        }
    }
};

TEST(Sequencer, NewMillisecondStartsAtSequenceZero) {
    Generator g;
    g.clock.now = 100;
    Tick t = g.next();
    EXPECT_EQ(t.ms, 100);
    EXPECT_EQ(t.seq, 0);
    g.clock.now = 101;
    t = g.next();
    EXPECT_EQ(t.ms, 101);
    EXPECT_EQ(t.seq, 0);
}

TEST(Sequencer, SameMillisecondCountsUp) {
    Generator g;
    g.clock.now = 100;
    g.exhaust(100);
}

TEST(Sequencer, ExhaustedMillisecondWaitsForTheClock) {
    Generator g;
    g.clock.now = 100;
    g.exhaust(100);
    int64_t reads_before = g.clock.reads;
    g.clock.move_after = reads_before + 50;  // the clock moves after 50 more reads
    g.clock.then = 101;
    Tick t = g.next();
    EXPECT_EQ(t.ms, 101) << "the timestamp stays true: it waited for 101";
    EXPECT_EQ(t.seq, 0);
    EXPECT_GE(g.clock.reads - reads_before, 50) << "it polled the clock while waiting";
    EXPECT_TRUE(t.waited);
    EXPECT_FALSE(t.ahead);
}

TEST(Sequencer, StoppedClockDoesNotHangForever) {
    Generator g;
    g.clock.now = 100;
    g.exhaust(100);
    Tick t = g.next();  // the clock never moves
    EXPECT_EQ(t.ms, 101);
    EXPECT_EQ(t.seq, 0);
    EXPECT_GE(g.clock.reads, idgen::kMaxClockPolls);
}

TEST(Sequencer, ClockSteppingBackNeitherRepeatsNorDecreases) {
    Generator g;
    g.clock.now = 1000;
    Tick a = g.next();
    g.clock.now = 900;  // stepped back 100 ms
    Tick b = g.next();
    EXPECT_EQ(b.ms, 1000) << "goes on from the mark";
    EXPECT_EQ(b.seq, a.seq + 1);
    EXPECT_FALSE(a.ahead);
    EXPECT_TRUE(b.ahead) << "handed out ahead of the clock";
    EXPECT_FALSE(b.waited);
}

TEST(Sequencer, ClockBehindMovesTheMarkWithoutWaiting) {
    Generator g;
    g.clock.now = 1000;
    g.exhaust(1000);
    g.clock.now = 900;
    int64_t reads_before = g.clock.reads;
    Tick t = g.next();
    EXPECT_EQ(t.ms, 1001);
    EXPECT_EQ(t.seq, 0);
    EXPECT_EQ(g.clock.reads - reads_before, 1) << "no waiting for a clock that is behind";
    // and catches up with the clock once it passes the mark
    g.clock.now = 1005;
    t = g.next();
    EXPECT_EQ(t.ms, 1005);
    EXPECT_EQ(t.seq, 0);
}

TEST(Sequencer, LeadOverTheClockIsBounded) {
    Generator g;
    g.bounds.max_lead_ms = 50;
    g.clock.now = 1000;
    g.next();
    g.clock.now = 951;  // 49 ms behind: allowed
    EXPECT_EQ(g.next().ms, 1000);
    g.clock.now = 940;  // 60 ms behind
    uint64_t word_before = g.word;
    idgen_fault f = g.fault();
    EXPECT_EQ(f.code, IDGEN_CLOCK_LEAD_EXCEEDED);
    EXPECT_EQ(f.value, 60);
    EXPECT_EQ(f.max, 50);
    EXPECT_EQ(g.word, word_before) << "a refused call leaves the mark alone";
}

// The limit's edges: a lead exactly at the limit is allowed, one more is not;
// at 0 the mark may sit on the clock's millisecond but never pass it.
TEST(Sequencer, LeadLimitBoundaries) {
    for (int64_t lead : {49, 50, 51}) {
        Generator g;
        g.bounds.max_lead_ms = 50;
        g.clock.now = 1000 - lead;
        g.word = static_cast<uint64_t>(1000 - 1) << 12 | kSeqMax;  // 999 used up
        Tick tick{-1, -1, false, false};
        idgen_fault f = idgen::sequencer_next(g.word, kSpec, 0, g.bounds, std::ref(g.clock), &tick);
        if (lead <= 50) {
            EXPECT_EQ(f.code, IDGEN_OK) << "lead " << lead;
            EXPECT_EQ(tick.ms, 1000) << "lead " << lead;
        } else {
            EXPECT_EQ(f.code, IDGEN_CLOCK_LEAD_EXCEEDED);
            EXPECT_EQ(f.value, 51);
            EXPECT_EQ(f.max, 50);
        }
    }
    Generator g;
    g.bounds.max_lead_ms = 0;
    g.clock.now = 1000;
    g.exhaust(1000);  // lead 0 all the way through the millisecond
    g.word = static_cast<uint64_t>(1000) << 12 | 5;
    g.clock.now = 999;  // the clock one behind the mark: a lead of 1
    idgen_fault f = g.fault();
    EXPECT_EQ(f.code, IDGEN_CLOCK_LEAD_EXCEEDED);
    EXPECT_EQ(f.value, 1);
    EXPECT_EQ(f.max, 0);
}

// idgen_status's counters: one issued per call, one wait per call that
// waited for the clock, one ahead per call handed out ahead of it.
TEST(Sequencer, CountTickCountsWaitsAndLeadsExactly) {
    Generator g;
    idgen_generator gen{};
    g.clock.now = 100;
    for (int64_t seq = 0; seq <= kSeqMax; ++seq) idgen::count_tick(gen, g.next());
    EXPECT_EQ(gen.issued, 4096u);
    EXPECT_EQ(gen.waits, 0u);
    g.clock.move_after = g.clock.reads + 10;  // 100 used up: the next call waits
    g.clock.then = 101;
    idgen::count_tick(gen, g.next());
    idgen::count_tick(gen, g.next());  // 101 has room: no wait
    EXPECT_EQ(gen.waits, 1u);
    EXPECT_EQ(gen.ahead, 0u);
    g.clock.move_after = -1;
    g.clock.now = 50;  // stepped back: two calls ahead of the clock
    idgen::count_tick(gen, g.next());
    idgen::count_tick(gen, g.next());
    EXPECT_EQ(gen.issued, 4100u);
    EXPECT_EQ(gen.waits, 1u);
    EXPECT_EQ(gen.ahead, 2u);
}

TEST(Sequencer, NeverPassesTheReservation) {
    Generator g;
    g.bounds.reserved_unix_ms = 1000;
    g.clock.now = 999;
    g.exhaust(999);
    g.exhaust(1000);  // the reserved millisecond itself is usable
    uint64_t word_before = g.word;
    g.clock.now = 1001;
    idgen_fault f = g.fault();
    EXPECT_EQ(f.code, IDGEN_RESERVATION_NEEDED);
    EXPECT_EQ(f.value, 1001) << "names the Unix ms it needs reserved";
    EXPECT_EQ(f.max, 1000);
    EXPECT_EQ(g.word, word_before) << "nothing handed out past the reservation";
    g.bounds.reserved_unix_ms = 2000;  // the caller reserved further
    Tick t = g.next();
    EXPECT_EQ(t.ms, 1001);
    EXPECT_EQ(t.seq, 0);
}

TEST(Sequencer, ReservationIsInUnixMsWhateverTheEpoch) {
    uint64_t word = 0;
    Tick tick;
    const int64_t epoch = 1288834974657;
    auto clock = [] { return int64_t{5}; };  // 5 ms after the epoch
    idgen_fault f = idgen::sequencer_next(word, kSpec, epoch, {kNoLimit, epoch + 4}, clock, &tick);
    EXPECT_EQ(f.code, IDGEN_RESERVATION_NEEDED);
    EXPECT_EQ(f.value, epoch + 5);
    ASSERT_EQ(idgen::sequencer_next(word, kSpec, epoch, {kNoLimit, epoch + 5}, clock, &tick).code,
              IDGEN_OK);
    EXPECT_EQ(tick.ms, 5);
}

TEST(Sequencer, RefusesClockOutsideTheLayout) {
    Generator g;
    g.clock.now = -1;
    EXPECT_EQ(g.fault().code, IDGEN_TIME_OUT_OF_RANGE);
    g.clock.now = kSpec.max_ms + 1;
    EXPECT_EQ(g.fault().code, IDGEN_TIME_OUT_OF_RANGE);
    // The last millisecond works; once used up there is none after it.
    g.clock.now = kSpec.max_ms;
    g.exhaust(kSpec.max_ms);
    g.clock.now = kSpec.max_ms - 1;
    idgen_fault f = g.fault();
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(f.value, kSpec.max_ms + 1);
}

TEST(Sequencer, EveryCallIsLargerThanTheLast) {
    // a clock that wanders back and forth
    Generator g;
    uint64_t last = 0;
    const int64_t walk[] = {10, 10, 12, 11, 9, 30, 29, 29, 31, 5, 31, 32};
    for (int round = 0; round < 3000; ++round) {
        g.clock.now = walk[round % 12] + round / 12;
        Tick t = g.next();
        uint64_t packed = static_cast<uint64_t>(t.ms) << 12 | static_cast<uint64_t>(t.seq);
        ASSERT_GT(packed, last) << "round " << round;
        last = packed;
    }
}

TEST(Sequencer, ThreadsHammeringOneWordNeverCollide) {
    constexpr int kThreads = 4;
    constexpr int kPerThread = 200000;
    uint64_t word = 0;
    std::vector<std::vector<uint64_t>> seen(kThreads);
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i) {
        threads.emplace_back([&, i] {
            seen[i].reserve(kPerThread);
            // a real, coarse clock: 1 ms steps every ~1000 reads, so
            // sequences run out and the wait path is hammered too
            int64_t reads = 0;
            auto clock = [&reads] { return 1000 + (reads++ / 1000); };
            for (int n = 0; n < kPerThread; ++n) {
                Tick t;
                idgen_fault f = idgen::sequencer_next(word, kSpec, 0, {kNoLimit, INT64_MAX}, clock, &t);
                ASSERT_EQ(f.code, IDGEN_OK);
                seen[i].push_back(static_cast<uint64_t>(t.ms) << 12 | static_cast<uint64_t>(t.seq));
            }
        });
    }
    for (auto& t : threads) t.join();
    std::vector<uint64_t> all;
    for (auto& s : seen) {
        EXPECT_TRUE(std::is_sorted(s.begin(), s.end()));
        EXPECT_EQ(std::adjacent_find(s.begin(), s.end()), s.end()) << "strictly increasing";
        all.insert(all.end(), s.begin(), s.end());
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end()) << "a value was handed out twice";
    EXPECT_EQ(all.size(), size_t{kThreads} * kPerThread);
}

// A real clock under contention: with more threads than cores, a thread is
// often descheduled between reading the clock and swapping the word. No tick
// may be ahead of the clock (read again once the call returned), and every
// used-up millisecond must be waited out, not skipped.
TEST(Sequencer, ContendedRealClockNeverRunsAhead) {
    constexpr int kThreads = 4;
    constexpr auto kRunFor = std::chrono::milliseconds(400);
    const auto start = std::chrono::steady_clock::now();
    auto clock = [start] {
        return 1000 + std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
    };
    uint64_t word = 0;
    std::atomic<int64_t> worst_lead{0}, ahead_ticks{0}, issued{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i) {
        threads.emplace_back([&] {
            int64_t lead = 0, ahead = 0, n = 0;
            while (std::chrono::steady_clock::now() - start < kRunFor) {
                Tick t;
                idgen_fault f =
                    idgen::sequencer_next(word, kSpec, 0, {kNoLimit, INT64_MAX}, clock, &t);
                ASSERT_EQ(f.code, IDGEN_OK);
                lead = std::max(lead, t.ms - clock());
                ahead += t.ahead;
                ++n;
            }
            int64_t seen = worst_lead.load();
            while (lead > seen && !worst_lead.compare_exchange_weak(seen, lead)) {
            }
            ahead_ticks += ahead;
            issued += n;
        });
    }
    for (auto& t : threads) t.join();
    EXPECT_LE(worst_lead.load(), 0) << "ms ahead of the clock, over " << issued.load() << " ticks";
    EXPECT_EQ(ahead_ticks.load(), 0);
    EXPECT_GT(issued.load(), 4096) << "the run must use up some milliseconds";
}

}  // namespace
