// The core's readers of bigint and UUID text, and the UUID variant: what
// idgen-decode parses with instead of PostgreSQL's input functions.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "id_codec.h"
#include "uuid.h"
#include "uuid_text.hpp"

namespace {

idgen_fault id_of(const std::string& text, int64_t* id) {
    return idgen_id_from_text(text.data(), text.size(), id);
}

TEST(IdFromText, DecimalIdsAndTheInt64Edges) {
    int64_t id = 0;
    ASSERT_EQ(id_of("454947766275222906", &id).code, IDGEN_OK);
    EXPECT_EQ(id, 454947766275222906);
    ASSERT_EQ(id_of("0", &id).code, IDGEN_OK);
    EXPECT_EQ(id, 0);
    ASSERT_EQ(id_of("9223372036854775807", &id).code, IDGEN_OK);
    EXPECT_EQ(id, INT64_MAX);
    ASSERT_EQ(id_of("-9223372036854775808", &id).code, IDGEN_OK);
    EXPECT_EQ(id, INT64_MIN);
    ASSERT_EQ(id_of("-9203679173715945767", &id).code, IDGEN_OK);  // seed 004's overflowed ID
    EXPECT_EQ(id, -9203679173715945767);
    ASSERT_EQ(id_of("007", &id).code, IDGEN_OK);
    EXPECT_EQ(id, 7);
}

TEST(IdFromText, Refusals) {
    int64_t id = 12345;
    EXPECT_EQ(id_of("9223372036854775808", &id).code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(id_of("-9223372036854775809", &id).code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(id_of("99999999999999999999999", &id).code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(id_of("", &id).code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(id_of("-", &id).code, IDGEN_TEXT_LENGTH);
    for (const char* bad : {"+5", " 5", "5 ", "12x", "0x1F", "1_000", "--1", "5-"}) {
        idgen_fault f = id_of(bad, &id);
        EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER) << bad;
    }
    EXPECT_EQ(id_of("12x4", &id).value, 2) << "the position of the first bad character";
    EXPECT_EQ(id, 12345) << "a refused text must not write the ID";
}

idgen_fault uuid_of(const std::string& text, idgen_uuid* u) {
    return idgen_uuid_from_text(text.data(), text.size(), u);
}

TEST(UuidFromText, BothFormsEitherCase) {
    idgen_uuid u;
    ASSERT_EQ(uuid_of("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", &u).code, IDGEN_OK);
    EXPECT_EQ(uuid_hex(u), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    ASSERT_EQ(uuid_of("017f22e279b07cc398c4dc0c0c07398f", &u).code, IDGEN_OK);
    EXPECT_EQ(uuid_hex(u), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    ASSERT_EQ(uuid_of("ffffffff-ffff-ffff-ffff-ffffffffffff", &u).code, IDGEN_OK);
    for (uint8_t b : u.bytes) EXPECT_EQ(b, 0xff);
}

TEST(UuidFromText, Refusals) {
    idgen_uuid u;
    idgen_fault f = uuid_of("017f22e2-79b0-7cc3-98c4-dc0c0c07398", &u);
    EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH) << "hyphenated but short: a length, not a hyphen";
    EXPECT_EQ(f.value, 35);
    EXPECT_EQ(uuid_of("017f22e279b07cc398c4dc0c0c07398", &u).code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(uuid_of("", &u).code, IDGEN_TEXT_LENGTH);
    f = uuid_of("017f22e2-79b0-7cc3-98c4-dc0c0c07398g", &u);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(f.value, 35);
    f = uuid_of("017f22e2-79b07cc3-98c4-dc0c0c07398f0", &u);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER) << "a hyphen missing";
    EXPECT_EQ(f.value, 13);
    EXPECT_EQ(uuid_of("{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}", &u).code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(uuid_of("017f22e279b0-7cc3-98c4-dc0c0c07398f", &u).code, IDGEN_TEXT_CHARACTER);
}

TEST(UuidVariant, EachPatternOfTheVariantBits) {
    const struct {
        const char* text;
        idgen_uuid_variant variant;
    } cases[] = {
        {"00000000-0000-0000-0000-000000000000", IDGEN_UUID_VARIANT_NCS},        // Nil
        {"00000000-0000-0000-7fff-000000000000", IDGEN_UUID_VARIANT_NCS},
        {"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", IDGEN_UUID_VARIANT_RFC9562},
        {"00000000-0000-0000-bfff-000000000000", IDGEN_UUID_VARIANT_RFC9562},
        {"00000000-0000-0000-c000-000000000000", IDGEN_UUID_VARIANT_MICROSOFT},
        {"00000000-0000-0000-dfff-000000000000", IDGEN_UUID_VARIANT_MICROSOFT},
        {"00000000-0000-0000-e000-000000000000", IDGEN_UUID_VARIANT_FUTURE},
        {"ffffffff-ffff-ffff-ffff-ffffffffffff", IDGEN_UUID_VARIANT_FUTURE},     // Max
    };
    for (const auto& c : cases) {
        idgen_uuid u = parse_uuid(c.text);
        EXPECT_EQ(idgen_uuid_variant_of(&u), c.variant) << c.text;
        // the version is read only under the RFC variant
        EXPECT_EQ(idgen_uuid_version(&u) >= 0, c.variant == IDGEN_UUID_VARIANT_RFC9562) << c.text;
    }
}

}  // namespace
