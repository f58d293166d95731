// Rebinds racing the calls in flight, as deterministic interleavings: an
// epoch moved later while a call that checked the old one still steps, and
// a declared layout's slot rebound while a call claims it.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>

#include "generator.h"
#include "sequencer.hpp"
#include "slot_claim.h"

namespace {

using idgen::SequencerSpec;
using idgen::Tick;

constexpr SequencerSpec kSnowflake{12, (int64_t{1} << 41) - 1};
constexpr int64_t kNoLimit = INT64_MAX / 2;

uint64_t pair_of(const Tick& t) { return kSnowflake.word(t.ms, static_cast<uint64_t>(t.seq)); }

// Backend B checks the binding (old epoch) and reads the reservation; A
// reloads an epoch a minute later, finds the generator idle longer than
// that, and rebinds; B then steps under the epoch it checked; the server
// crashes and resumes from the reservation under the new epoch. B's ID must
// lie below everything after the crash.
TEST(EpochRace, ACallOnTheOldEpochStaysBelowTheResume) {
    constexpr int64_t kOld = 1288834974657;  // Twitter's
    constexpr int64_t kShift = 60'000;
    constexpr int64_t kNew = kOld + kShift;
    constexpr int64_t kNow = 1'800'000'000'000;  // Unix ms: 2027
    const int64_t last_issued = kNow - 2 * kShift;  // idle two minutes: the rebind is taken

    uint64_t word = kSnowflake.word(last_issued - kOld, 7);
    const int64_t reserved = kNow + 1000;  // 1. B: the binding holds; B reads this

    // 2. A rebinds (the words stay: under the new epoch the clock is past them)
    ASSERT_LT(last_issued + kShift, kNow) << "the rebind's own condition";
    const int64_t rebound = idgen_reservation_after_rebind(reserved, kOld, kNew);

    // 3. B steps under the old epoch, within what it read
    Tick b{-1, -1, false, false};
    auto old_clock = [] { return kNow - kOld; };
    ASSERT_EQ(idgen::sequencer_next(word, kSnowflake, kOld, {kNoLimit, reserved, 0}, old_clock, &b).code,
              IDGEN_OK);

    // 4. a crash: the word resumes past the reservation, counted from the new epoch
    uint64_t resumed = kSnowflake.word(rebound - kNew, kSnowflake.seq_mask());
    Tick after{-1, -1, false, false};
    auto new_clock = [] { return kNow - kNew; };
    const idgen_clock_bounds bounds{kNoLimit, INT64_MAX, 0};
    ASSERT_EQ(idgen::sequencer_next(resumed, kSnowflake, kNew, bounds, new_clock, &after).code,
              IDGEN_OK);
    EXPECT_GT(pair_of(after), pair_of(b))
        << "B's ID, handed out under the old epoch, repeats after the crash";
}

TEST(EpochRace, AnEarlierOrTheSameEpochNeedsNoMore) {
    EXPECT_EQ(idgen_reservation_after_rebind(5000, 100, 100), 5000);
    EXPECT_EQ(idgen_reservation_after_rebind(5000, 100, 40), 5000);
    EXPECT_EQ(idgen_reservation_after_rebind(5000, 100, 101), 5001);
}

// A slot as the shim keeps it: bound to a definition, claimed by calls.
struct Slot {
    bool bound = true;
    bool claimed = false;
};

// The call claims before it steps; the rebind then finds it claimed.
TEST(SlotClaim, AClaimBeforeTheRebindRefusesIt) {
    Slot slot;
    idgen_slot_claim(&slot.claimed);
    ASSERT_TRUE(idgen_slot_bound(&slot.bound)) << "the call steps";
    EXPECT_FALSE(idgen_slot_unbind_unclaimed(&slot.bound, &slot.claimed))
        << "a rebind under a call in flight";
    EXPECT_TRUE(slot.bound) << "the refused rebind leaves the slot bound";
}

// The rebind unbinds first; the call then finds the slot unbound.
TEST(SlotClaim, ARebindBeforeTheClaimSendsTheCallBack) {
    Slot slot;
    ASSERT_TRUE(idgen_slot_unbind_unclaimed(&slot.bound, &slot.claimed));
    idgen_slot_claim(&slot.claimed);
    EXPECT_FALSE(idgen_slot_bound(&slot.bound)) << "the call must look the slot up again";
    EXPECT_TRUE(slot.claimed) << "its claim stays: the next binding is refused a rebind too";
}

// A claim is never cleared: a slot that a call ran keeps its definition.
TEST(SlotClaim, LaterCallsKeepTheSlot) {
    Slot slot;
    for (int i = 0; i < 3; ++i) {
        idgen_slot_claim(&slot.claimed);
        EXPECT_TRUE(idgen_slot_bound(&slot.bound));
    }
    EXPECT_FALSE(idgen_slot_unbind_unclaimed(&slot.bound, &slot.claimed));
}

// Both at once, many times: never does the call step while the rebind goes
// ahead (at least one of them sees the other).
TEST(SlotClaim, ACallAndARebindAtOnceNeverBothGoAhead) {
    constexpr int kRounds = 300;
    int both = 0;
    for (int round = 0; round < kRounds; ++round) {
        Slot slot;
        std::atomic<int> ready{0};
        bool stepped = false, rebound = false;
        std::thread call([&] {
            ready.fetch_add(1);
            while (ready.load() < 2) std::this_thread::yield();
            idgen_slot_claim(&slot.claimed);
            stepped = idgen_slot_bound(&slot.bound);
        });
        ready.fetch_add(1);
        while (ready.load() < 2) std::this_thread::yield();
        rebound = idgen_slot_unbind_unclaimed(&slot.bound, &slot.claimed);
        call.join();
        both += stepped && rebound;
    }
    EXPECT_EQ(both, 0) << "a call stepped on a slot rebound under it";
}

}  // namespace
