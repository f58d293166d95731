// KSUID, MongoDB ObjectId, UUID v1 and v6: published vectors, rejection
// rules, per-process state across fork.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <set>
#include <string>

#include "ksuid.h"
#include "objectid.h"
#include "uuid.h"
#include "uuid_text.hpp"

namespace {

std::string hex(const uint8_t* bytes, size_t n) {
    static const char digits[] = "0123456789ABCDEF";
    std::string s;
    for (size_t i = 0; i < n; ++i) {
        s += digits[bytes[i] >> 4];
        s += digits[bytes[i] & 15];
    }
    return s;
}

std::string ksuid_text(const idgen_ksuid& k) {
    char buf[IDGEN_KSUID_TEXT_LEN + 1];
    idgen_ksuid_to_text(&k, buf);
    return buf;
}

TEST(Ksuid, SegmentsPublishedExample) {
    // segmentio/ksuid's README: timestamp 107608047, payload B5A1CD34...
    idgen_ksuid k;
    const std::string text = "0ujtsYcgvSTl8PAuAdqWYSMnLOv";
    ASSERT_EQ(idgen_ksuid_from_text(text.data(), text.size(), &k).code, IDGEN_OK);
    EXPECT_EQ(idgen_ksuid_unix_s(&k) - IDGEN_KSUID_EPOCH, 107608047);
    EXPECT_EQ(hex(k.bytes + 4, 16), "B5A1CD34B5F99D1154FB6853345C9735");
    EXPECT_EQ(ksuid_text(k), text);
}

TEST(Ksuid, ExtremesAndRejections) {
    idgen_ksuid k;
    const std::string max = "aWgEPTl1tmebfsQzFP4bxwgy80V", zero(27, '0');
    ASSERT_EQ(idgen_ksuid_from_text(max.data(), max.size(), &k).code, IDGEN_OK);
    for (uint8_t b : k.bytes) EXPECT_EQ(b, 0xff);
    ASSERT_EQ(idgen_ksuid_from_text(zero.data(), zero.size(), &k).code, IDGEN_OK);
    for (uint8_t b : k.bytes) EXPECT_EQ(b, 0);
    EXPECT_EQ(ksuid_text(k), zero);
    const std::string over = "aWgEPTl1tmebfsQzFP4bxwgy80W", zz(27, 'z');
    EXPECT_EQ(idgen_ksuid_from_text(over.data(), over.size(), &k).code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(idgen_ksuid_from_text(zz.data(), zz.size(), &k).code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(idgen_ksuid_from_text(zero.data(), 26, &k).code, IDGEN_TEXT_LENGTH);
    const std::string bad = "0ujtsYcgvSTl8PAuAdqWYSMnLO-";
    idgen_fault f = idgen_ksuid_from_text(bad.data(), bad.size(), &k);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(f.value, 26);
}

TEST(Ksuid, TextSortsLikeBytes) {
    std::set<std::string> by_text;
    std::set<std::string> by_bytes;
    for (int i = 0; i < 2000; ++i) {
        idgen_ksuid k;
        ASSERT_EQ(idgen_ksuid_random(1400000000 + i * 997, &k).code, IDGEN_OK);
        by_text.insert(ksuid_text(k));
        by_bytes.insert(hex(k.bytes, 20));
        idgen_ksuid back;
        std::string t = ksuid_text(k);
        ASSERT_EQ(idgen_ksuid_from_text(t.data(), t.size(), &back).code, IDGEN_OK);
        ASSERT_EQ(memcmp(back.bytes, k.bytes, 20), 0);
    }
    // the n-th smallest text is the text of the n-th smallest bytes
    auto t = by_text.begin();
    for (const std::string& b : by_bytes) {
        idgen_ksuid k;
        ASSERT_EQ(idgen_ksuid_from_text(t->data(), t->size(), &k).code, IDGEN_OK);
        EXPECT_EQ(hex(k.bytes, 20), b);
        ++t;
    }
}

TEST(Ksuid, TimeRange) {
    idgen_ksuid k;
    EXPECT_EQ(idgen_ksuid_random(IDGEN_KSUID_EPOCH - 1, &k).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_ksuid_from_time(IDGEN_KSUID_EPOCH + (int64_t{1} << 32), &k).code,
              IDGEN_TIME_OUT_OF_RANGE);
    ASSERT_EQ(idgen_ksuid_from_time(IDGEN_KSUID_EPOCH, &k).code, IDGEN_OK);
    EXPECT_EQ(ksuid_text(k), std::string(27, '0'));
}

TEST(ObjectId, PublishedExample) {
    // MongoDB's documentation: 507f1f77bcf86cd799439011 was made 2012-10-17 21:13:27 UTC
    idgen_objectid o;
    const std::string text = "507F1F77BCF86CD799439011";
    ASSERT_EQ(idgen_objectid_from_text(text.data(), text.size(), &o).code, IDGEN_OK);
    EXPECT_EQ(idgen_objectid_unix_s(&o), 1350508407);
    EXPECT_EQ(idgen_objectid_counter(&o), 0x439011);
    char buf[IDGEN_OBJECTID_TEXT_LEN + 1];
    idgen_objectid_to_text(&o, buf);
    EXPECT_STREQ(buf, "507f1f77bcf86cd799439011");
    EXPECT_EQ(idgen_objectid_from_text(text.data(), 23, &o).code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(idgen_objectid_from_text("507f1f77bcf86cd79943901g", 24, &o).code, IDGEN_TEXT_CHARACTER);
}

TEST(ObjectId, CounterCountsUpAndProcessesDiffer) {
    idgen_objectid a, b;
    ASSERT_EQ(idgen_objectid_next(1700000000, &a).code, IDGEN_OK);
    ASSERT_EQ(idgen_objectid_next(1700000000, &b).code, IDGEN_OK);
    EXPECT_EQ(memcmp(a.bytes + 4, b.bytes + 4, 5), 0) << "one process, one random part";
    EXPECT_EQ((idgen_objectid_counter(&a) + 1) & 0xFFFFFF, idgen_objectid_counter(&b));
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    pid_t pid = fork();
    if (pid == 0) {
        idgen_objectid c;
        idgen_objectid_next(1700000000, &c);
        _exit(write(fds[1], c.bytes, 12) == 12 ? 0 : 1);
    }
    idgen_objectid child;
    ASSERT_EQ(read(fds[0], child.bytes, 12), 12);
    waitpid(pid, nullptr, 0);
    EXPECT_NE(memcmp(child.bytes + 4, a.bytes + 4, 5), 0) << "a forked child draws its own";
    close(fds[0]);
    close(fds[1]);
}

TEST(UuidV1V6, Rfc9562ExamplesCarryTheirTime) {
    // RFC 9562 appendix A: both made at 2022-02-22 14:22:22 -05:00
    const int64_t expected_us = 1645557742000000;
    for (const char* text : {"C232AB00-9414-11EC-B3C8-9F6BDECED846",
                             "1EC9414C-232A-6B00-B3C8-9F6BDECED846"}) {
        idgen_uuid u = parse_uuid(text);
        int64_t us = 0;
        ASSERT_TRUE(idgen_uuid_unix_us(&u, &us)) << text;
        EXPECT_EQ(us, expected_us) << text;
    }
    idgen_uuid v4 = parse_uuid("919108f7-52d1-4320-9bac-f847db4148a8");
    int64_t us = 0;
    EXPECT_FALSE(idgen_uuid_unix_us(&v4, &us));
}

TEST(UuidV1V6, GeneratedValuesCarryTheClockAndAMulticastNode) {
    idgen_uuid prev6{};
    int64_t prev_us = 0;
    for (int i = 0; i < 20000; ++i) {
        idgen_uuid v1, v6;
        ASSERT_EQ(idgen_uuid_v1_now(&v1).code, IDGEN_OK);
        ASSERT_EQ(idgen_uuid_v6_now(&v6).code, IDGEN_OK);
        ASSERT_EQ(idgen_uuid_version(&v1), 1);
        ASSERT_EQ(idgen_uuid_version(&v6), 6);
        ASSERT_EQ(v1.bytes[10] & 1, 1) << "multicast bit";
        ASSERT_GT(memcmp(v6.bytes, prev6.bytes, 16), 0) << "v6 sorts by time";
        int64_t us1 = 0, us6 = 0;
        ASSERT_TRUE(idgen_uuid_unix_us(&v1, &us1));
        ASSERT_TRUE(idgen_uuid_unix_us(&v6, &us6));
        ASSERT_LE(us1, us6);
        ASSERT_GE(us1, prev_us);
        prev_us = us6;
        prev6 = v6;
    }
}

TEST(UuidV1V6, V6LowerBound) {
    idgen_uuid u;
    ASSERT_EQ(idgen_uuid_v6_from_time(1645557742000000, &u).code, IDGEN_OK);
    EXPECT_EQ(hex(u.bytes, 16), "1EC9414C232A6B008000000000000000");  // the RFC example's time fields
    EXPECT_EQ(idgen_uuid_v6_from_time(INT64_MIN / 2, &u).code, IDGEN_TIME_OUT_OF_RANGE);
}

}  // namespace
