// Alphabets and bounds against the numbers their specifications publish,
// written out here rather than read from the core's constants: a constant
// tested against itself passes whatever it says.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "id_codec.h"
#include "ksuid.h"
#include "objectid.h"
#include "ulid.h"
#include "uuid.h"

namespace {

// Crockford's base32 (crockford.com/base32.html; the ULID spec's alphabet):
// digit value v is this string's v-th character; I, L, O and U are left out.
constexpr char kPublishedCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

TEST(PublishedBounds, CrockfordAlphabetDigitByDigit) {
    for (int v = 0; v < 32; ++v) {
        idgen_ulid u{};
        u.bytes[15] = static_cast<uint8_t>(v);
        char text[IDGEN_ULID_TEXT_LEN + 1];
        idgen_ulid_to_text(&u, text);
        EXPECT_EQ(text, std::string(25, '0') + kPublishedCrockford[v]) << "digit " << v;

        const std::string lower = std::string(25, '0') + static_cast<char>(tolower(kPublishedCrockford[v]));
        idgen_ulid back{};
        ASSERT_EQ(idgen_ulid_from_text(lower.data(), lower.size(), &back).code, IDGEN_OK) << lower;
        EXPECT_EQ(back.bytes[15], v) << lower;
    }
    for (char c : std::string("ILOUilou")) {
        const std::string s = std::string(25, '0') + c;
        idgen_ulid u{};
        EXPECT_EQ(idgen_ulid_from_text(s.data(), s.size(), &u).code, IDGEN_TEXT_CHARACTER) << c;
    }
}

// ULIDs and UUIDv7 carry 48 bits of Unix ms: the last is 2^48 - 1
// = 281474976710655 (the ULID spec's "until 10889 AD").
TEST(PublishedBounds, FortyEightBitMilliseconds) {
    idgen_ulid u;
    EXPECT_EQ(idgen_ulid_from_time(INT64_C(281474976710655), &u).code, IDGEN_OK);
    idgen_fault f = idgen_ulid_from_time(INT64_C(281474976710656), &u);
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(f.max, INT64_C(281474976710655));
    EXPECT_EQ(idgen_ulid_from_time(-1, &u).code, IDGEN_TIME_OUT_OF_RANGE);

    idgen_uuid v7;
    EXPECT_EQ(idgen_uuid_v7_from_time(INT64_C(281474976710655), &v7).code, IDGEN_OK);
    f = idgen_uuid_v7_from_time(INT64_C(281474976710656), &v7);
    EXPECT_EQ(f.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(f.max, INT64_C(281474976710655));
    EXPECT_EQ(idgen_uuid_v7_from_time(-1, &v7).code, IDGEN_TIME_OUT_OF_RANGE);
}

// Epochs: Unix ms 0 .. 2^42 - 1 = 4398046511103 (README's SQLSTATE table).
TEST(PublishedBounds, EpochRange) {
    EXPECT_EQ(idgen_check_epoch(0).code, IDGEN_OK);
    EXPECT_EQ(idgen_check_epoch(INT64_C(4398046511103)).code, IDGEN_OK);
    idgen_fault f = idgen_check_epoch(INT64_C(4398046511104));
    EXPECT_EQ(f.code, IDGEN_EPOCH_OUT_OF_RANGE);
    EXPECT_EQ(f.max, INT64_C(4398046511103));
    EXPECT_EQ(idgen_check_epoch(-1).code, IDGEN_EPOCH_OUT_OF_RANGE);
}

// Snowflake: 41 bits of ms; Instagram: 41 bits of which 2^40 stay positive.
TEST(PublishedBounds, BigintLayoutsLastMillisecond) {
    EXPECT_EQ(idgen_family_last_ms(IDGEN_FAMILY_SNOWFLAKE, 0), INT64_C(2199023255551));
    EXPECT_EQ(idgen_family_last_ms(IDGEN_FAMILY_SHARD_ID, 0), INT64_C(1099511627775));
    int64_t id;
    EXPECT_EQ(idgen_id_from_time(IDGEN_FAMILY_SNOWFLAKE, INT64_C(2199023255551), 0, &id).code, IDGEN_OK);
    EXPECT_EQ(id, INT64_C(2199023255551) << 22);
    EXPECT_EQ(idgen_id_from_time(IDGEN_FAMILY_SNOWFLAKE, INT64_C(2199023255552), 0, &id).code,
              IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_id_from_time(IDGEN_FAMILY_SHARD_ID, INT64_C(1099511627775), 0, &id).code, IDGEN_OK);
    EXPECT_EQ(id, INT64_C(1099511627775) << 23);
    EXPECT_EQ(idgen_id_from_time(IDGEN_FAMILY_SHARD_ID, INT64_C(1099511627776), 0, &id).code,
              IDGEN_TIME_OUT_OF_RANGE);
}

// KSUID: 32 bits of seconds since 1400000000 (segmentio/ksuid): the last is
// 1400000000 + 2^32 - 1 = 5694967295. ObjectId: 32 bits of Unix seconds.
TEST(PublishedBounds, ThirtyTwoBitSeconds) {
    idgen_ksuid k;
    EXPECT_EQ(idgen_ksuid_from_time(INT64_C(1400000000), &k).code, IDGEN_OK);
    EXPECT_EQ(idgen_ksuid_from_time(INT64_C(1399999999), &k).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_ksuid_from_time(INT64_C(5694967295), &k).code, IDGEN_OK);
    EXPECT_EQ(idgen_ksuid_from_time(INT64_C(5694967296), &k).code, IDGEN_TIME_OUT_OF_RANGE);

    idgen_objectid o;
    EXPECT_EQ(idgen_objectid_from_time(0, &o).code, IDGEN_OK);
    EXPECT_EQ(idgen_objectid_from_time(INT64_C(4294967295), &o).code, IDGEN_OK);
    EXPECT_EQ(idgen_objectid_from_time(INT64_C(4294967296), &o).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_objectid_from_time(-1, &o).code, IDGEN_TIME_OUT_OF_RANGE);
}

// UUIDv6: 60 bits of 100 ns since 1582-10-15, i.e. Unix us up to
// (2^60 - 1 - 122192928000000000) / 10 = 103072857660684697.
TEST(PublishedBounds, UuidV6Ticks) {
    idgen_uuid u;
    EXPECT_EQ(idgen_uuid_v6_from_time(INT64_C(103072857660684697), &u).code, IDGEN_OK);
    EXPECT_EQ(idgen_uuid_v6_from_time(INT64_C(103072857660684698), &u).code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(idgen_uuid_v6_from_time(INT64_C(-12219292800000000), &u).code, IDGEN_OK);  // 1582-10-15
    EXPECT_EQ(idgen_uuid_v6_from_time(INT64_C(-12219292800000001), &u).code, IDGEN_TIME_OUT_OF_RANGE);
}

}  // namespace
