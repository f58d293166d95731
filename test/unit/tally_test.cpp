// idgen_status's counters: counted per thread (per backend in the server),
// added to the generator's shared counters in batches and on a flush.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "generator.h"
#include "sequencer.hpp"

namespace {

// Each test's generators live on its own stack: counts a test left pending
// must not land in the next test's generator at the same address.
struct DiscardPendingCounts : testing::EmptyTestEventListener {
    void OnTestStart(const testing::TestInfo&) override { idgen_generator_discard_counts(); }
};
const bool kListening = [] {
    testing::UnitTest::GetInstance()->listeners().Append(new DiscardPendingCounts);
    return true;
}();

const idgen::Tick kPlain{1, 0, false, false};

TEST(Tally, CountsReachTheSharedCountersInBatchesAndOnFlush) {
    idgen_generator gen{};
    for (int i = 0; i < 1023; ++i) idgen::count_tick(gen, kPlain);
    EXPECT_EQ(gen.issued, 0u) << "below a batch, nothing written to the shared line";
    idgen::count_tick(gen, kPlain);
    EXPECT_EQ(gen.issued, 1024u) << "a batch of 1,024 is added at once";
    idgen::count_tick(gen, {1, 1, true, true});
    idgen_generator_flush_counts();
    EXPECT_EQ(gen.issued, 1025u);
    EXPECT_EQ(gen.ahead, 1u);
    EXPECT_EQ(gen.waits, 1u);
    idgen_generator_flush_counts();
    EXPECT_EQ(gen.issued, 1025u) << "a flush adds each count once";
}

TEST(Tally, AnotherGeneratorInTheSameSlotFlushesTheFirst) {
    // 128-byte generators 8 apart share a slot of the 8-entry table
    static idgen_generator gens[9];
    idgen::count_tick(gens[0], kPlain);
    idgen::count_tick(gens[8], kPlain);
    EXPECT_EQ(gens[0].issued, 1u) << "evicted: its count was added";
    EXPECT_EQ(gens[8].issued, 0u);
    idgen_generator_flush_counts();
    EXPECT_EQ(gens[8].issued, 1u);
}

TEST(Tally, DiscardDropsPendingCounts) {
    idgen_generator gen{};
    idgen::count_tick(gen, kPlain);
    idgen_generator_discard_counts();
    idgen_generator_flush_counts();
    EXPECT_EQ(gen.issued, 0u);
}

TEST(Tally, ThreadsFlushWhenTheyEnd) {
    idgen_generator gen{};
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&gen] {
            for (int n = 0; n < 1500; ++n) idgen::count_tick(gen, kPlain);
        });
    for (auto& t : threads) t.join();
    EXPECT_EQ(gen.issued, 6000u);
}

}  // namespace
