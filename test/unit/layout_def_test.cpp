// Layouts as data: the named layouts against their owners' published
// examples, a declared layout's checks at, below and above each bound,
// decode and the smallest ID of a time.
#include <gtest/gtest.h>

#include <cstring>

#include "id_codec.h"
#include "layout_def.h"
#include "tsid.h"

namespace {

constexpr int64_t kMs = 1000;
// 2026-01-01 00:00 UTC: "now" for the checks of a declared layout
constexpr int64_t kNow = INT64_C(1767225600000000);

const idgen_layout_def& named(const char* name) {
    const idgen_named_layout* n = idgen_named_layout_find(name, strlen(name));
    EXPECT_NE(n, nullptr) << name;
    return n->def;
}

idgen_layout_parts decode(const char* name, int64_t id) {
    idgen_layout_parts p{};
    EXPECT_EQ(idgen_layout_decode(&named(name), id, &p).code, IDGEN_OK);
    return p;
}

TEST(NamedLayouts, TheIssueNamesEach) {
    for (const char* name : {"twitter", "instagram", "discord", "mastodon", "cockroachdb",
                             "sonyflake", "sonyflake_v2", "tsid"})
        EXPECT_NE(idgen_named_layout_find(name, strlen(name)), nullptr) << name;
    EXPECT_EQ(idgen_named_layout_find("Twitter", 7), nullptr);
    EXPECT_EQ(idgen_named_layout_find("twitte", 6), nullptr);
    EXPECT_EQ(idgen_named_layout_count(), 8);
    EXPECT_EQ(idgen_named_layout_at(8), nullptr);
    EXPECT_EQ(idgen_named_layout_at(-1), nullptr);
}

// Discord's API reference breaks 175928847299117063 down: 41944705796 ms
// since 2015 (2016-04-30 11:18:25.796 UTC), worker 1, process 0, increment 7.
TEST(NamedLayouts, DiscordsDocumentedSnowflake) {
    idgen_layout_parts p = decode("discord", INT64_C(175928847299117063));
    EXPECT_EQ(p.unix_us, INT64_C(1462015105796) * kMs);
    EXPECT_EQ(p.node, (1 << 5) | 0);  // worker << 5 | process
    EXPECT_EQ(p.seq, 7);
    int64_t id;
    ASSERT_EQ(idgen_layout_from_time(&named("discord"), INT64_C(1462015105796) * kMs, &id).code,
              IDGEN_OK);
    EXPECT_EQ(id, INT64_C(175928847299117063) & ~INT64_C(0x3fffff));
}

// Mastodon's timestamp_id(): Unix ms << 16 | 16 bits; id_at(t, with_random:
// false) is the ms shifted alone.
TEST(NamedLayouts, MastodonTimestampId) {
    const int64_t ms = INT64_C(1700000000123);
    int64_t id;
    ASSERT_EQ(idgen_layout_from_time(&named("mastodon"), ms * kMs + 999, &id).code, IDGEN_OK);
    EXPECT_EQ(id, ms << 16);
    idgen_layout_parts p = decode("mastodon", (ms << 16) | 65535);
    EXPECT_EQ(p.unix_us, ms * kMs);
    EXPECT_EQ(p.node, 0);
    EXPECT_EQ(p.seq, 65535);
}

// CockroachDB's SERIAL page shows three unique_rowid() values of one insert
// on node 1: 10 µs units since 2015-01-01, then the 15-bit node id.
TEST(NamedLayouts, CockroachDbDocumentedUniqueRowids) {
    const int64_t ids[] = {INT64_C(148656994422095873), INT64_C(148656994422161409),
                           INT64_C(148656994422194177)};
    const int64_t units[] = {INT64_C(4536651441104), INT64_C(4536651441106),
                             INT64_C(4536651441107)};
    for (int i = 0; i < 3; ++i) {
        idgen_layout_parts p = decode("cockroachdb", ids[i]);
        EXPECT_EQ(p.unix_us, INT64_C(1420070400000000) + units[i] * 10);
        EXPECT_EQ(p.node, 1);
        EXPECT_EQ(p.seq, 0);
    }
    // 2016-06-09 01:48:34.41104 UTC: the docs were written then
    EXPECT_EQ(decode("cockroachdb", ids[0]).unix_us, INT64_C(1465436914411040));
}

// sony/sonyflake's Decompose: time = id >> 24, sequence = id >> 16 & 0xff,
// machine = id & 0xffff; v1 and v2 (default Settings) differ in the epoch.
TEST(NamedLayouts, SonyflakeDecompose) {
    const int64_t id = (INT64_C(1000) << 24) | (7 << 16) | 48879;
    idgen_layout_parts p = decode("sonyflake", id);
    EXPECT_EQ(p.unix_us, (IDGEN_SONYFLAKE_EPOCH_MS + 10000) * kMs);
    EXPECT_EQ(p.seq, 7);
    EXPECT_EQ(p.node, 48879);
    p = decode("sonyflake_v2", id);
    EXPECT_EQ(p.unix_us, (INT64_C(1735689600000) + 10000) * kMs);
    EXPECT_EQ(p.seq, 7);
    EXPECT_EQ(p.node, 48879);
}

// The named layouts that are a family's, with that family.
struct FamilyLayout {
    const char* name;
    idgen_family family;
};
constexpr FamilyLayout kFamilyLayouts[] = {{"twitter", IDGEN_FAMILY_SNOWFLAKE},
                                           {"instagram", IDGEN_FAMILY_SHARD_ID},
                                           {"sonyflake", IDGEN_FAMILY_SONYFLAKE},
                                           {"tsid", IDGEN_FAMILY_TSID}};

// The family-table layouts decode as their families' own decoders do.
TEST(NamedLayouts, AgreeWithTheFamilyDecoders) {
    for (const FamilyLayout& c : kFamilyLayouts) {
        for (int64_t id : {INT64_C(0), INT64_C(1), INT64_C(454947766275219456), INT64_MAX,
                           INT64_C(1) << 40, INT64_C(123456789012345)}) {
            idgen_id_parts want;
            ASSERT_EQ(idgen_id_decode(c.family, id, idgen_family_of(c.family)->default_epoch_ms,
                                      &want).code,
                      IDGEN_OK);
            idgen_layout_parts got = decode(c.name, id);
            EXPECT_EQ(got.unix_us, want.unix_ms * kMs) << c.name << " " << id;
            EXPECT_EQ(got.node, want.mid) << c.name << " " << id;
            EXPECT_EQ(got.seq, want.seq) << c.name << " " << id;
        }
    }
}

TEST(NamedLayouts, NegativeIdsOnlyWhereTheSignBitIsTime) {
    idgen_layout_parts p;
    for (const char* name : {"twitter", "instagram", "mastodon", "cockroachdb", "sonyflake"}) {
        idgen_fault f = idgen_layout_decode(&named(name), -1, &p);
        EXPECT_EQ(f.code, IDGEN_ID_OUT_OF_RANGE) << name;
        EXPECT_EQ(f.value, -1);
        EXPECT_EQ(idgen_layout_decode(&named(name), 0, &p).code, IDGEN_OK);
    }
    // TSID and Discord are unsigned 64-bit: past 2^41 ms the bigint is negative
    p = decode("discord", -1);
    EXPECT_EQ(p.unix_us, (INT64_C(1420070400000) + (INT64_C(1) << 42) - 1) * kMs);
    EXPECT_EQ(p.node, 1023);
    EXPECT_EQ(p.seq, 4095);
    EXPECT_EQ(decode("tsid", INT64_MIN).unix_us, (IDGEN_TSID_EPOCH_MS + (INT64_C(1) << 41)) * kMs);
}

TEST(LayoutFromTime, BoundsAtBelowAndAbove) {
    const idgen_layout_def& d = named("sonyflake");
    int64_t id;
    ASSERT_EQ(idgen_layout_from_time(&d, d.epoch_us, &id).code, IDGEN_OK);
    EXPECT_EQ(id, 0);
    idgen_fault f = idgen_layout_from_time(&d, d.epoch_us - 1, &id);
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(f.value, d.epoch_us - 1);
    EXPECT_EQ(f.min, d.epoch_us);
    const int64_t last = idgen_layout_last_us(&d) + d.unit_us - 1;
    EXPECT_EQ(f.max, last);
    ASSERT_EQ(idgen_layout_from_time(&d, last, &id).code, IDGEN_OK);
    EXPECT_EQ(id, INT64_MAX & ~INT64_C(0xffffff));
    EXPECT_EQ(idgen_layout_from_time(&d, last + 1, &id).code, IDGEN_TIME_OUT_OF_RANGE);
    // a time within a unit gives the unit's first ID
    ASSERT_EQ(idgen_layout_from_time(&d, d.epoch_us + 19999, &id).code, IDGEN_OK);
    EXPECT_EQ(id, INT64_C(1) << 24);
    // Instagram's time keeps the sign bit 0: 40 of its 41 bits
    EXPECT_EQ(idgen_layout_max_time(&named("instagram")), (INT64_C(1) << 40) - 1);
    EXPECT_EQ(idgen_layout_max_time(&named("tsid")), (INT64_C(1) << 42) - 1);
}

idgen_layout_check_result declare(int64_t epoch_us, int64_t unit_us, int node, int seq,
                                  idgen_layout_def* d = nullptr) {
    idgen_layout_def scratch;
    return idgen_layout_declare(epoch_us, unit_us, node, seq, kNow, d ? d : &scratch);
}

TEST(DeclaredLayout, TheTimeGetsTheRestOf63Bits) {
    idgen_layout_def d{};
    ASSERT_EQ(declare(INT64_C(1704067200000000), kMs, 12, 10, &d).problem, IDGEN_LAYOUT_OK);
    EXPECT_EQ(d.time_bits, 41);
    EXPECT_EQ(d.node_bits, 12);
    EXPECT_EQ(d.seq_bits, 10);
    EXPECT_FALSE(d.seq_above_node);
    EXPECT_FALSE(d.time_in_sign_bit);
    idgen_layout_parts p;
    ASSERT_EQ(idgen_layout_decode(&d, INT64_MAX, &p).code, IDGEN_OK);
    EXPECT_EQ(p.node, 4095);
    EXPECT_EQ(p.seq, 1023);
    EXPECT_EQ(p.unix_us, INT64_C(1704067200000000) + ((INT64_C(1) << 41) - 1) * kMs);
}

TEST(DeclaredLayout, WidthsThatLeaveTheTimeNoBitAreRefused) {
    idgen_layout_check_result r = declare(0, kMs, 40, 23);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_WIDTHS);
    EXPECT_EQ(r.value, 63);
    EXPECT_EQ(r.max, 62);
    EXPECT_EQ(declare(0, kMs, 32, 31).problem, IDGEN_LAYOUT_WIDTHS);
    EXPECT_NE(declare(0, INT64_C(86400000000), 31, 31).problem, IDGEN_LAYOUT_WIDTHS);  // 1 bit of time
    r = declare(0, kMs, 0, 32);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_SEQ_BITS);
    EXPECT_EQ(r.value, 32);
    EXPECT_EQ(r.max, 31);
    r = declare(0, kMs, -1, 12);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_NODE_BITS);
    EXPECT_EQ(r.min, 0);
    EXPECT_EQ(declare(0, kMs, 32, 0).problem, IDGEN_LAYOUT_NODE_BITS);
    EXPECT_EQ(declare(0, kMs, 0, -1).problem, IDGEN_LAYOUT_SEQ_BITS);
}

TEST(DeclaredLayout, TimeUnitAtBelowAndAbove) {
    idgen_layout_check_result r = declare(0, 0, 10, 12);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_UNIT);
    EXPECT_EQ(r.value, 0);
    EXPECT_EQ(r.min, 1);
    EXPECT_EQ(declare(0, -5, 10, 12).problem, IDGEN_LAYOUT_UNIT);
    const int64_t y2015 = INT64_C(1420070400000000);
    EXPECT_EQ(declare(y2015, 1, 0, 10).problem, IDGEN_LAYOUT_OK);    // 53 bits of µs: 2300
    EXPECT_EQ(declare(y2015, 10, 15, 0).problem, IDGEN_LAYOUT_OK);   // CockroachDB's: 2104
    EXPECT_EQ(declare(0, INT64_C(86400000000), 21, 21).problem, IDGEN_LAYOUT_OK);
    r = declare(0, INT64_C(86400000001), 21, 21);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_UNIT);
    EXPECT_EQ(r.max, INT64_C(86400000000));
}

TEST(DeclaredLayout, EpochAtBelowAndAboveNow) {
    EXPECT_EQ(declare(kNow, kMs, 10, 12).problem, IDGEN_LAYOUT_OK);
    idgen_layout_check_result r = declare(kNow + 1, kMs, 10, 12);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_EPOCH);
    EXPECT_EQ(r.value, kNow + 1);
    EXPECT_EQ(r.max, kNow);
    EXPECT_EQ(declare(-1, kMs, 10, 12).problem, IDGEN_LAYOUT_EPOCH);
    // whole milliseconds: the generator counts them from the epoch
    r = declare(kNow - 1, kMs, 10, 12);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_EPOCH_FRACTION);
    EXPECT_EQ(r.value, kNow - 1);
    EXPECT_EQ(declare(kNow - 1000, kMs, 10, 12).problem, IDGEN_LAYOUT_OK);
    EXPECT_EQ(declare(kNow - 1000, 10, 15, 0).problem, IDGEN_LAYOUT_OK);
    EXPECT_EQ(declare(0, kMs, 10, 12).problem, IDGEN_LAYOUT_TOO_SHORT);  // 2039
    EXPECT_EQ(declare(0, kMs, 10, 11).problem, IDGEN_LAYOUT_OK);         // 2109
}

// 2^k units from the epoch must reach 2070-01-01: with 1 ms units from
// 2000-01-01 41 bits end in 2069 (refused), 42 bits in 2139.
TEST(DeclaredLayout, MustLastUntil2070) {
    const int64_t y2000 = INT64_C(946684800000000);
    idgen_layout_check_result r = declare(y2000, kMs, 10, 12);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_TOO_SHORT);
    EXPECT_EQ(r.value, y2000 + ((INT64_C(1) << 41) - 1) * kMs);
    EXPECT_EQ(r.min, IDGEN_LAYOUT_MIN_LAST_US);
    EXPECT_EQ(declare(y2000, kMs, 10, 11).problem, IDGEN_LAYOUT_OK);
    // the bound exactly: the last unit starts at 2070-01-01
    const int64_t epoch = IDGEN_LAYOUT_MIN_LAST_US - ((INT64_C(1) << 41) - 1) * kMs;
    EXPECT_EQ(declare(epoch, kMs, 10, 12).problem, IDGEN_LAYOUT_OK);
    EXPECT_EQ(declare(epoch - kMs, kMs, 10, 12).problem, IDGEN_LAYOUT_TOO_SHORT);  // epochs are whole ms
}

// 2^21 days from 1970 end in year 7711; 2^22 days would pass year 9999
TEST(DeclaredLayout, MustEndBeforeYear10000) {
    const int64_t day = INT64_C(86400000000);
    idgen_layout_check_result r = declare(0, day, 0, 0);
    EXPECT_EQ(r.problem, IDGEN_LAYOUT_TOO_LONG);
    EXPECT_EQ(r.value, 63);
    EXPECT_EQ(r.max, 21);
    EXPECT_EQ(declare(0, day, 21, 21).problem, IDGEN_LAYOUT_OK);
    EXPECT_EQ(declare(0, day, 21, 20).problem, IDGEN_LAYOUT_TOO_LONG);
    EXPECT_EQ(declare(0, 1, 0, 0).problem, IDGEN_LAYOUT_TOO_LONG);  // 2^63 µs overflows
}

}  // namespace

namespace {

int64_t span(const char* name, int64_t span_us) {
    int64_t ids = -1;
    EXPECT_EQ(idgen_layout_span(&named(name), span_us, &ids).code, IDGEN_OK) << name << " " << span_us;
    return ids;
}

idgen_fault span_refused(const char* name, int64_t span_us) {
    int64_t ids = -1;
    idgen_fault f = idgen_layout_span(&named(name), span_us, &ids);
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE) << name << " " << span_us;
    EXPECT_EQ(ids, -1);
    return f;
}

}  // namespace

// A span in IDs: its units above the node and sequence fields, whatever
// their order; one unit to the whole field, and nothing off the unit.
TEST(LayoutSpan, OneUnitAndBelow) {
    EXPECT_EQ(span("twitter", kMs), INT64_C(1) << 22);
    EXPECT_EQ(span("cockroachdb", 10), INT64_C(1) << 15);
    EXPECT_EQ(span("sonyflake_v2", 10 * kMs), INT64_C(1) << 24);  // sequence above node: still 24
    EXPECT_EQ(span_refused("twitter", kMs - 1).min, kMs);
    EXPECT_EQ(span_refused("cockroachdb", 9).min, 10);
    span_refused("cockroachdb", 15);
    span_refused("sonyflake_v2", 15 * kMs);
    span_refused("twitter", 0);
    span_refused("twitter", -kMs);
}

TEST(LayoutSpan, WholeFieldAndAbove) {
    const int64_t twitter_units = (INT64_C(1) << 41) - 1;
    EXPECT_EQ(span("twitter", twitter_units * kMs), twitter_units << 22);
    EXPECT_EQ(span_refused("twitter", (twitter_units + 1) * kMs).max, twitter_units * kMs);
    // Instagram's 41 published bits keep 40 below the sign
    const int64_t instagram_units = (INT64_C(1) << 40) - 1;
    EXPECT_EQ(span("instagram", instagram_units * kMs), instagram_units << 23);
    span_refused("instagram", (instagram_units + 1) * kMs);
    // TSID's 42 reach the sign bit: a positive interval is its lower half
    const int64_t tsid_units = (INT64_C(1) << 41) - 1;
    EXPECT_EQ(span("tsid", tsid_units * kMs), tsid_units << 22);
    span_refused("tsid", (tsid_units + 1) * kMs);
    span_refused("tsid", INT64_MAX);
}

// The family-table layouts span as their families do.
TEST(LayoutSpan, AgreesWithTheFamilies) {
    for (const FamilyLayout& c : kFamilyLayouts)
        for (int64_t ms : {INT64_C(10), INT64_C(86400000), INT64_C(3600000) * 24 * 365}) {
            int64_t want;
            ASSERT_EQ(idgen_id_span(c.family, ms, &want).code, IDGEN_OK);
            EXPECT_EQ(span(c.name, ms * kMs), want) << c.name;
        }
}
