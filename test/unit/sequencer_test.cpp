// The clock policy of the shared generators, with a fake clock in ms.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <cstdint>
#include <thread>
#include <vector>

#include "generator.h"
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
    idgen_clock_bounds bounds{kNoLimit, INT64_MAX, 0};

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
    // one reading, and one more to tell a clock behind the mark from a
    // reading older than it: no waiting for a clock that is behind
    EXPECT_LE(g.clock.reads - reads_before, 2) << "no waiting for a clock that is behind";
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
        g.word = kSpec.word(1000 - 1, kSeqMax);  // 999 used up
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
    g.word = kSpec.word(1000, 5);
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
    idgen_generator_flush_counts();
    EXPECT_EQ(gen.issued, 4096u);
    EXPECT_EQ(gen.waits, 0u);
    g.clock.move_after = g.clock.reads + 10;  // 100 used up: the next call waits
    g.clock.then = 101;
    idgen::count_tick(gen, g.next());
    idgen::count_tick(gen, g.next());  // 101 has room: no wait
    idgen_generator_flush_counts();
    EXPECT_EQ(gen.waits, 1u);
    EXPECT_EQ(gen.ahead, 0u);
    g.clock.move_after = -1;
    g.clock.now = 50;  // stepped back: two calls ahead of the clock
    idgen::count_tick(gen, g.next());
    idgen::count_tick(gen, g.next());
    idgen_generator_flush_counts();
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

// A coarse layout's bound is a word: the ms reservation no longer applies,
// and the fast path stops at the word too.
TEST(Sequencer, NeverPassesTheWordReservation) {
    Generator g;
    g.bounds.reserved_unix_ms = 0;  // ignored once words are reserved
    g.clock.now = 5;
    g.bounds.reserved_word_end = kSpec.word(5, 3);  // words up to (5, 2)
    for (int64_t seq = 0; seq <= 2; ++seq) EXPECT_EQ(g.next().seq, seq);
    const uint64_t before = g.word;
    idgen_fault f = g.fault();
    EXPECT_EQ(f.code, IDGEN_RESERVATION_NEEDED);
    EXPECT_EQ(static_cast<uint64_t>(f.min), kSpec.word(5, 3)) << "names the word it needs";
    EXPECT_EQ(f.value, 5);
    EXPECT_EQ(g.fault().code, IDGEN_RESERVATION_NEEDED) << "again: nothing taken past it";
    EXPECT_EQ(kSpec.ms_of(g.word), 5);
    EXPECT_GE(g.word, before);
    g.bounds.reserved_word_end = kSpec.word(5, 100);
    Tick t = g.next();
    EXPECT_EQ(t.ms, 5);
    EXPECT_GE(t.seq, 3);
    EXPECT_LT(kSpec.word(t.ms, static_cast<uint64_t>(t.seq)), g.bounds.reserved_word_end);
}

// An add that this process's sight let through, but that lands past the word
// reservation (another process took the words between), takes nothing.
TEST(Sequencer, AnAddPastTheWordReservationTakesNothing) {
    Generator g;
    g.clock.now = 5;
    g.bounds.reserved_word_end = kSpec.word(5, 3);  // words up to (5, 2)
    EXPECT_EQ(g.next().seq, 0);
    EXPECT_EQ(g.next().seq, 1);  // this process saw (5, 1): room below the end
    g.word = kSpec.word(5, 2);   // another process took (5, 2)
    EXPECT_EQ(g.fault().code, IDGEN_RESERVATION_NEEDED);
}

// After a restart the word is the reserved one: the next ID stays in its unit.
TEST(Sequencer, ResumesInsideTheReservedUnit) {
    Generator g;
    g.clock.now = 7;
    g.word = kSpec.word(7, 40);  // the last word reserved before the restart
    g.bounds.reserved_word_end = kSpec.word(7, 60);
    Tick t = g.next();
    EXPECT_EQ(t.ms, 7);
    EXPECT_EQ(t.seq, 41);
    EXPECT_FALSE(t.ahead);
}

TEST(Sequencer, ReservationIsInUnixMsWhateverTheEpoch) {
    uint64_t word = 0;
    Tick tick{};
    const int64_t epoch = 1288834974657;
    auto clock = [] { return int64_t{5}; };  // 5 ms after the epoch
    idgen_fault f = idgen::sequencer_next(word, kSpec, epoch, {kNoLimit, epoch + 4, 0}, clock, &tick);
    EXPECT_EQ(f.code, IDGEN_RESERVATION_NEEDED);
    EXPECT_EQ(f.value, epoch + 5);
    ASSERT_EQ(idgen::sequencer_next(word, kSpec, epoch, {kNoLimit, epoch + 5, 0}, clock, &tick).code,
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
                Tick t{};
                idgen_fault f = idgen::sequencer_next(word, kSpec, 0, {kNoLimit, INT64_MAX, 0}, clock, &t);
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

// The fast path (one fetch-and-add while the clock stays in the mark's
// millisecond with room): an add that lands past a used-up millisecond, or
// in another millisecond, takes nothing; the call then follows the policy.
TEST(SequencerFastPath, AnAddPastTheEndTakesNothing) {
    Generator g;
    g.clock.now = 100;
    EXPECT_EQ(g.next().seq, 0);          // this thread has seen 100 with room
    g.word = kSpec.word(100, kSeqMax);   // another process used 100 up
    g.clock.move_after = g.clock.reads + 20;
    g.clock.then = 101;
    Tick t = g.next();
    EXPECT_EQ(t.ms, 101) << "waited for the clock: 100 is used up";
    EXPECT_EQ(t.seq, 0);
    EXPECT_TRUE(t.waited);
}

// A process adds past the end at most once: it then knows the millisecond is
// used up. Refusals and retries cannot push the counter further (a counter
// pushed past its room would carry into the millisecond).
TEST(SequencerFastPath, RefusedCallsAddPastTheEndOnlyOnce) {
    Generator g;
    g.bounds.reserved_unix_ms = 100;  // 101 needs a reservation
    g.clock.now = 100;
    g.next();
    g.word = kSpec.word(100, kSeqMax);
    for (int i = 0; i < 3; ++i)  // the clock stays on 100: stopped, then refused
        EXPECT_EQ(g.fault().code, IDGEN_RESERVATION_NEEDED);
    EXPECT_EQ(kSpec.ms_of(g.word), 100);
    EXPECT_EQ(kSpec.counter_of(g.word), uint64_t{kSeqMax} + 1) << "one add past the end, not three";
}

// Without room above the sequence for every process's stray add, a word runs
// on compare-and-swap alone: an add on a used-up millisecond would carry into
// the next one, ahead of the clock.
TEST(SequencerFastPath, AWordWithoutHeadroomNeverAdds) {
    constexpr SequencerSpec kFull{16, (int64_t{1} << 48) - 1};  // 48 + 16 bits
    static_assert(kFull.headroom() == 0);
    uint64_t word = 0;
    FakeClock clock{100};
    Tick t{};
    const idgen_clock_bounds bounds{kNoLimit, INT64_MAX, 0};
    ASSERT_EQ(idgen::sequencer_next(word, kFull, 0, bounds, std::ref(clock), &t).code, IDGEN_OK);
    word = kFull.word(100, 0xFFFF);
    clock.move_after = clock.reads + 20;
    clock.then = 101;
    ASSERT_EQ(idgen::sequencer_next(word, kFull, 0, bounds, std::ref(clock), &t).code, IDGEN_OK);
    EXPECT_EQ(t.ms, 101);
    EXPECT_EQ(t.seq, 0);
    EXPECT_FALSE(t.ahead) << "a carry would have put the mark ahead of the clock";
}

TEST(SequencerFastPath, OpensWhereTheHeadroomHoldsEveryProcess) {
    constexpr SequencerSpec kUlidLike{15, (int64_t{1} << 48) - 1};
    static_assert(kUlidLike.headroom() == 32768);
    idgen::set_max_adders(32768);
    EXPECT_TRUE(idgen::fast_path_open(kUlidLike));
    idgen::set_max_adders(32769);
    EXPECT_FALSE(idgen::fast_path_open(kUlidLike));
    EXPECT_TRUE(idgen::fast_path_open(kSpec)) << "Snowflake's counter has 23 bits";
    idgen::set_max_adders(int64_t{1} << 19);
}

// Threads hammering a word on the fast path, where the headroom is just what
// the threads need: every millisecond is used up (a clock that moves only
// every 40,000 reads), and the clock steps back now and then.
TEST(SequencerFastPath, ThreadsHammeringWithLittleHeadroomNeverCollide) {
    constexpr SequencerSpec kSmall{12, (int64_t{1} << 51) - 1};  // 13-bit counter
    static_assert(kSmall.headroom() == 4096);
    constexpr int kThreads = 8;
    constexpr int kPerThread = 100000;
    idgen::set_max_adders(kThreads);
    uint64_t word = 0;
    std::atomic<int64_t> reads{0};
    auto clock = [&reads] {
        const int64_t r = reads.fetch_add(1, std::memory_order_relaxed);
        return 1000 + r / 40000 - ((r / 1000) % 50 == 49 ? 2 : 0);
    };
    std::vector<std::vector<uint64_t>> seen(kThreads);
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i)
        threads.emplace_back([&, i] {
            seen[i].reserve(kPerThread);
            for (int n = 0; n < kPerThread; ++n) {
                Tick t{};
                idgen_fault f = idgen::sequencer_next(word, kSmall, 0, {kNoLimit, INT64_MAX, 0}, clock, &t);
                ASSERT_EQ(f.code, IDGEN_OK);
                ASSERT_LE(t.seq, kSeqMax);
                seen[i].push_back(static_cast<uint64_t>(t.ms) << 12 | static_cast<uint64_t>(t.seq));
            }
        });
    for (auto& t : threads) t.join();
    idgen::set_max_adders(int64_t{1} << 19);
    std::vector<uint64_t> all;
    for (auto& s : seen) {
        EXPECT_EQ(std::adjacent_find(s.begin(), s.end(), std::greater_equal<>()), s.end())
            << "strictly increasing in each thread";
        all.insert(all.end(), s.begin(), s.end());
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end()) << "a value was handed out twice";
    EXPECT_LE(kSmall.counter_of(word), uint64_t{kSeqMax} + kThreads)
        << "at most one add past the end from each thread: the counter never carries";
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
                Tick t{};
                idgen_fault f =
                    idgen::sequencer_next(word, kSpec, 0, {kNoLimit, INT64_MAX, 0}, clock, &t);
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
