// KSUID-ms and push IDs: svix's and Firebase's layouts on a fake clock,
// "within one tick the random part is the last one's plus one" (carrying
// across bytes and into the next tick), a clock set back, and svix's
// published timestamp.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "ascending_random.hpp"
#include "bytes.hpp"
#include "ksuid.h"
#include "ksuid_ms.hpp"
#include "pushid.hpp"

namespace {

using idgen::AscendingRandom;

TEST(AscendingRandom, NewTickDrawsSameTickAddsOne) {
    // 8 bytes: a draw of all ones (which would carry) has probability 2^-64
    AscendingRandom<8> state;
    AscendingRandom<8>::Next a, b, c, d;
    ASSERT_EQ(state.next(10, &a).code, IDGEN_OK);
    EXPECT_EQ(a.tick, 10);
    ASSERT_EQ(state.next(10, &b).code, IDGEN_OK);
    EXPECT_EQ(b.tick, 10);
    EXPECT_EQ(idgen::get_be(b.random, 8), idgen::get_be(a.random, 8) + 1);
    // a clock behind the last tick stays on it and adds one
    ASSERT_EQ(state.next(3, &c).code, IDGEN_OK);
    EXPECT_EQ(c.tick, 10);
    EXPECT_EQ(idgen::get_be(c.random, 8), idgen::get_be(b.random, 8) + 1);
    // a new tick draws afresh
    ASSERT_EQ(state.next(11, &d).code, IDGEN_OK);
    EXPECT_EQ(d.tick, 11);
    EXPECT_NE(idgen::get_be(d.random, 8), idgen::get_be(c.random, 8) + 1);
}

TEST(AscendingRandom, CarryEndsTheTick) {
    // two bytes: at most 65536 IDs in one tick; the next one moves on
    AscendingRandom<1> state;
    AscendingRandom<1>::Next n;
    ASSERT_EQ(state.next(5, &n).code, IDGEN_OK);
    int in_tick = 1;
    int last = n.random[0];
    while (true) {
        ASSERT_EQ(state.next(5, &n).code, IDGEN_OK);
        if (n.tick != 5) break;
        EXPECT_EQ(n.random[0], last + 1);  // across the byte: 0x00 0xFF + 1 is 0x01 0x00
        last = n.random[0];
        ++in_tick;
        ASSERT_LE(in_tick, 256);
    }
    EXPECT_EQ(last, 255);
    EXPECT_EQ(n.tick, 6);
}

TEST(AscendingRandom, CarryCrossesBytes) {
    AscendingRandom<3> state;
    AscendingRandom<3>::Next a, b;
    // draw until the low byte is 0xFF, then see the carry into the middle byte
    ASSERT_EQ(state.next(1, &a).code, IDGEN_OK);
    for (int i = 0; i < 300 && a.random[2] != 0xFF; ++i) {
        ASSERT_EQ(state.next(1, &a).code, IDGEN_OK);
    }
    ASSERT_EQ(a.random[2], 0xFF);
    ASSERT_EQ(state.next(1, &b).code, IDGEN_OK);
    const uint32_t va = a.random[0] << 16 | a.random[1] << 8 | a.random[2];
    const uint32_t vb = b.random[0] << 16 | b.random[1] << 8 | b.random[2];
    if (va != 0xFFFFFF) {
        EXPECT_EQ(vb, va + 1);
    }
}

idgen_ksuid ksuid_ms_at(idgen::KsuidMsState& state, int64_t ms) {
    idgen_ksuid k;
    EXPECT_EQ(idgen::ksuid_ms_next(state, ms, &k).code, IDGEN_OK);
    return k;
}

TEST(KsuidMs, SvixLayout) {
    // svix-ksuid's test_systemtime_timestamp: 1776798415_512 reads back exactly
    idgen::KsuidMsState state;
    const idgen_ksuid k = ksuid_ms_at(state, INT64_C(1776798415512));
    EXPECT_EQ(idgen_ksuid_unix_s(&k), 1776798415);  // any KSUID decoder
    EXPECT_EQ(k.bytes[4], 512 >> 2);
    EXPECT_EQ(idgen_ksuid_ms_unix_ms(&k), INT64_C(1776798415512));
    // 4 ms steps: 999 ms is step 249 and reads as 996
    const idgen_ksuid l = ksuid_ms_at(state, INT64_C(1776798416999));
    EXPECT_EQ(l.bytes[4], 249);
    EXPECT_EQ(idgen_ksuid_ms_unix_ms(&l), INT64_C(1776798416996));
    // svix's decoder wraps a byte above 249 (a plain KSUID's random byte): (255 * 4) % 1000
    idgen_ksuid m = l;
    m.bytes[4] = 255;
    EXPECT_EQ(idgen_ksuid_ms_unix_ms(&m), INT64_C(1776798416020));
}

TEST(KsuidMs, IncreasesWithinAStepAndAcrossSeconds) {
    idgen::KsuidMsState state;
    idgen_ksuid prev = ksuid_ms_at(state, INT64_C(1700000000997));
    for (int64_t ms : {INT64_C(1700000000997), INT64_C(1700000000999), INT64_C(1700000000990),
                       INT64_C(1700000001000), INT64_C(1700000001000), INT64_C(1700000000000)}) {
        const idgen_ksuid k = ksuid_ms_at(state, ms);
        EXPECT_GT(memcmp(k.bytes, prev.bytes, IDGEN_KSUID_LEN), 0) << ms;
        prev = k;
    }
    // the clock set back a second: still the last step of 1700000001
    EXPECT_EQ(idgen_ksuid_unix_s(&prev), 1700000001);
    EXPECT_EQ(prev.bytes[4], 0);
}

TEST(KsuidMs, TimeRange) {
    idgen::KsuidMsState state;
    idgen_ksuid k;
    EXPECT_EQ(idgen::ksuid_ms_next(state, INT64_C(1399999999999), &k).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen::ksuid_ms_next(state, INT64_C(1400000000000), &k).code, IDGEN_OK);
    const int64_t last_ms = (IDGEN_KSUID_EPOCH + INT64_C(0xFFFFFFFF)) * 1000 + 999;
    idgen::KsuidMsState late;
    EXPECT_EQ(idgen::ksuid_ms_next(late, last_ms, &k).code, IDGEN_OK);
    EXPECT_EQ(idgen::ksuid_ms_next(late, last_ms + 1, &k).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen::ksuid_ms_next(late, -1, &k).code, IDGEN_TIME_OUT_OF_RANGE);
}

TEST(KsuidMs, NowIsCloseToTheClock) {
    idgen_ksuid k;
    ASSERT_EQ(idgen_ksuid_ms_now(&k).code, IDGEN_OK);
    EXPECT_LT(k.bytes[4], 250);
}

std::string pushid_at(idgen::PushIdState& state, int64_t ms) {
    char out[IDGEN_PUSHID_TEXT_LEN + 1];
    EXPECT_EQ(idgen::pushid_next(state, ms, out).code, IDGEN_OK);
    return out;
}

int64_t pushid_ms(const std::string& s, idgen_fault_code want = IDGEN_OK) {
    int64_t ms = -1;
    EXPECT_EQ(idgen_pushid_unix_ms(s.data(), s.size(), &ms).code, want) << s;
    return ms;
}

TEST(PushId, FirebaseLayout) {
    // Firebase's generatePushID: 8 characters of the ms, most significant first
    idgen::PushIdState state;
    EXPECT_EQ(pushid_at(state, 0).substr(0, 8), "--------");
    EXPECT_EQ(pushid_at(state, 1).substr(0, 8), "-------0");
    EXPECT_EQ(pushid_at(state, 64).substr(0, 8), "------0-");
    EXPECT_EQ(pushid_at(state, IDGEN_PUSHID_MAX_MS).substr(0, 8), "zzzzzzzz");
    // 1700000000000 in the push alphabet (as the gist's loop computes it)
    idgen::PushIdState fresh;
    EXPECT_EQ(pushid_at(fresh, INT64_C(1700000000000)).substr(0, 8), "-NjEtLV-");
    EXPECT_EQ(pushid_ms("-NjEtLV-----------zz"), INT64_C(1700000000000));
    EXPECT_EQ(pushid_ms("zzzzzzzzzzzzzzzzzzzz"), IDGEN_PUSHID_MAX_MS);
}

TEST(PushId, EveryCharacterIsItsDigit) {
    // the alphabet's order is the digits' order: '-' 0, '0'-'9' 1-10, 'A'-'Z' 11-36, '_' 37, 'a'-'z' 38-63
    for (int i = 0; i < 64; ++i) {
        std::string s(20, '-');
        s[7] = idgen::kPushIdAlphabet[i];
        EXPECT_EQ(pushid_ms(s), i) << s;
        s[7] = '-';
        s[0] = idgen::kPushIdAlphabet[i];
        EXPECT_EQ(pushid_ms(s), int64_t{i} << 42) << s;
    }
}

TEST(PushId, TimeRange) {
    idgen::PushIdState state;
    char out[IDGEN_PUSHID_TEXT_LEN + 1];
    EXPECT_EQ(idgen::pushid_next(state, -1, out).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen::pushid_next(state, IDGEN_PUSHID_MAX_MS + 1, out).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen::pushid_next(state, IDGEN_PUSHID_MAX_MS, out).code, IDGEN_OK);
}

TEST(PushId, SameMsAddsOneToTheLastCharacters) {
    idgen::PushIdState state;
    std::string prev = pushid_at(state, 1000);
    for (int i = 0; i < 5000; ++i) {
        const std::string s = pushid_at(state, i % 3 == 0 ? 999 : 1000);  // and a clock set back
        ASSERT_GT(s, prev);  // as bytes: COLLATE "C"
        EXPECT_EQ(s.substr(0, 8), prev.substr(0, 8));
        prev = s;
    }
    const std::string next = pushid_at(state, 1001);
    EXPECT_GT(next, prev);
    EXPECT_EQ(pushid_ms(next), 1001);
}

TEST(PushId, ParseRefuses) {
    int64_t ms;
    idgen_fault f = idgen_pushid_unix_ms("-------------------", 19, &ms);
    EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(f.value, 19);
    EXPECT_EQ(f.min, 20);
    f = idgen_pushid_unix_ms("---------------------", 21, &ms);
    EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(pushid_ms("--------------------"), 0);
    for (const char* bad : {"-------------------.", "+-------------------", "---------/----------",
                            "---------:----------", "---------@----------", "---------[----------",
                            "---------^----------", "---------`----------", "---------{----------",
                            "---------,----------"}) {
        f = idgen_pushid_unix_ms(bad, 20, &ms);
        EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER) << bad;
        EXPECT_EQ(f.value, static_cast<int64_t>(strspn(bad, "-"))) << bad;
    }
}

}  // namespace
