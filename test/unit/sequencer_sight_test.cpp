// What a process last saw of each shared word (its sight), and the headroom
// the fast path counts on: a tight counter, resets, and a clock in unit 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <set>
#include <thread>
#include <vector>

#include "sequencer.hpp"

namespace {

using idgen::SequencerSpec;
using idgen::Tick;

// 3 sequence bits in a 4-bit counter: room past the sequence for 8 adds
constexpr SequencerSpec kTight{3, (int64_t{1} << 60) - 1};
static_assert(kTight.headroom() == 8);
constexpr int64_t kNoLimit = INT64_MAX / 2;
// More words than the sight table has slots: two of them always share one,
// so a thread that goes round them resets a sight at every turn.
constexpr int kWords = 9;
constexpr int64_t kDefaultAdders = int64_t{1} << 19;

struct Adders {
    explicit Adders(int64_t n) { idgen::set_max_adders(n); }
    ~Adders() { idgen::set_max_adders(kDefaultAdders); }
};

// A clock frozen at the layout's epoch (faketime, or a coarse unit's first
// one): a reset sight read as "unit 0 with room" added once per reset, each
// refused call once more, until the counter carried past the reservation.
TEST(SequencerSight, AResetSightNeverHasRoom) {
    Adders adders(1);
    idgen_generator gens[kWords] = {};
    const idgen_clock_bounds bounds{kNoLimit, 5, 0};  // reserved through unit 5
    auto frozen = [] { return int64_t{0}; };
    for (int round = 0; round < 200; ++round)
        for (idgen_generator& gen : gens) {
            Tick t{-1, -1, false, false};
            idgen_fault f = idgen::sequencer_next(gen.word, kTight, 0, bounds, frozen, &t);
            if (f.code == IDGEN_OK) {
                ASSERT_LE(t.ms, 5) << "round " << round << ": handed out past the reservation";
            } else {
                ASSERT_EQ(f.code, IDGEN_RESERVATION_NEEDED) << "round " << round;
                ASSERT_EQ(f.value, 6);
            }
        }
    for (const idgen_generator& gen : gens) {
        EXPECT_EQ(kTight.ms_of(gen.word), 5) << "the counter carried into the time";
        EXPECT_LE(kTight.counter_of(gen.word), kTight.seq_mask() + 1)
            << "one thread adds past the end at most once";
    }
    // the clock reaches the unit after the reservation: still nothing there
    auto moved = [] { return int64_t{6}; };
    for (idgen_generator& gen : gens) {
        Tick t{-1, -1, false, false};
        EXPECT_EQ(idgen::sequencer_next(gen.word, kTight, 0, bounds, moved, &t).code,
                  IDGEN_RESERVATION_NEEDED);
    }
}

TEST(SequencerSight, ANewSightIsNoRoomForAnySpec) {
    for (const SequencerSpec& spec : {kTight, SequencerSpec{12, (int64_t{1} << 41) - 1},
                                      SequencerSpec{16, (int64_t{1} << 48) - 1}}) {
        EXPECT_GE(spec.counter_of(idgen::kNoSight), spec.seq_mask())
            << "a sight of nothing must show a used-up sequence";
    }
}

// Generators lie IDGEN_GENERATOR_SIZE apart: each takes its own slot.
TEST(SequencerSight, NeighbouringGeneratorsUseEverySlot) {
    idgen_generator gens[std::size(idgen::word_sights)] = {};
    std::set<size_t> slots;
    for (const idgen_generator& gen : gens) slots.insert(idgen::sight_slot(gen.word));
    EXPECT_EQ(slots.size(), std::size(idgen::word_sights));
}

// Threads going round words whose counters have room for exactly one stray
// add from each: a clock that starts in unit 0 and steps back to it now and
// then, and a reservation every word reaches, so most calls are refused.
// Nothing is handed out past the reservation, nothing twice, and no word's
// counter carries into its time.
void hammer_tight(int threads) {
    constexpr int64_t kReserved = 30;
    constexpr int kRounds = 2000;
    idgen_generator gens[kWords] = {};
    std::atomic<int64_t> reads{0};
    auto clock = [&reads] {
        const int64_t r = reads.fetch_add(1, std::memory_order_relaxed);
        return (r / 1000) % 7 == 6 ? 0 : std::min<int64_t>(r / 4000, kReserved + 5);
    };
    const idgen_clock_bounds bounds{kNoLimit, kReserved, 0};
    std::vector<std::vector<std::vector<uint64_t>>> seen(
        threads, std::vector<std::vector<uint64_t>>(kWords));
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i)
        pool.emplace_back([&, i] {
            for (int round = 0; round < kRounds; ++round)
                for (int w = 0; w < kWords; ++w) {
                    Tick t{-1, -1, false, false};
                    idgen_fault f =
                        idgen::sequencer_next(gens[w].word, kTight, 0, bounds, clock, &t);
                    if (f.code != IDGEN_OK) {
                        ASSERT_EQ(f.code, IDGEN_RESERVATION_NEEDED);
                        continue;
                    }
                    ASSERT_LE(t.ms, kReserved) << "handed out past the reservation";
                    ASSERT_LE(static_cast<uint64_t>(t.seq), kTight.seq_mask());
                    seen[i][w].push_back(kTight.word(t.ms, static_cast<uint64_t>(t.seq)));
                }
        });
    for (auto& t : pool) t.join();
    for (int w = 0; w < kWords; ++w) {
        std::vector<uint64_t> all;
        for (int i = 0; i < threads; ++i) {
            const auto& s = seen[i][w];
            EXPECT_EQ(std::adjacent_find(s.begin(), s.end(), std::greater_equal<>()), s.end())
                << "strictly increasing in each thread";
            all.insert(all.end(), s.begin(), s.end());
        }
        std::sort(all.begin(), all.end());
        EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end()) << "handed out twice";
        EXPECT_EQ(kTight.ms_of(gens[w].word), kReserved) << "word " << w << " carried";
    }
}

TEST(SequencerSight, AsManyThreadsAsHeadroomNeverCarry) {
    Adders adders(kTight.headroom());
    ASSERT_TRUE(idgen::fast_path_open(kTight));
    hammer_tight(static_cast<int>(kTight.headroom()));
}

// One process more than the headroom holds: the fast path closes, and the
// word runs on compare-and-swap alone (waits or refusals, never a carry).
TEST(SequencerSight, OneThreadMoreThanHeadroomNeverCarries) {
    Adders adders(kTight.headroom() + 1);
    ASSERT_FALSE(idgen::fast_path_open(kTight));
    hammer_tight(static_cast<int>(kTight.headroom()) + 1);
}

}  // namespace
