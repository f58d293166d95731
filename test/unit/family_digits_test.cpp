// The family table's digits are the codecs' own: the SQL edition and the
// clients write and read text from the table's copy (make family-constants),
// the C edition from its codec. Each digit's value, written by the codec as
// the last character of a text, is that digit's place in the row.
#include <gtest/gtest.h>

#include <string>

#include "family.h"
#include "ksuid.h"
#include "objectid.h"
#include "pushid.h"
#include "tsid.h"
#include "typeid.h"
#include "ulid.h"

namespace {

// text_of(v) is the codec's text of a value whose last digit is v: each
// digit of the family's row, by its place.
template <typename TextOf>
void expect_last_digits(idgen_family family, size_t base, TextOf text_of) {
    const std::string digits = idgen_family_of(family)->digits;
    ASSERT_EQ(digits.size(), base);
    for (size_t v = 0; v < base; ++v) {
        const std::string text = text_of(static_cast<uint8_t>(v));
        ASSERT_FALSE(text.empty());
        EXPECT_EQ(text.back(), digits[v]) << v;
    }
}

TEST(FamilyDigits, UlidTextIsTheRowsDigits) {
    expect_last_digits(IDGEN_FAMILY_ULID, 32, [](uint8_t v) {
        idgen_ulid ulid{};
        ulid.bytes[15] = v;
        char out[IDGEN_ULID_TEXT_LEN + 1] = {};
        idgen_ulid_to_text(&ulid, out);
        return std::string(out, IDGEN_ULID_TEXT_LEN);
    });
}

TEST(FamilyDigits, KsuidTextIsTheRowsDigits) {
    expect_last_digits(IDGEN_FAMILY_KSUID, 62, [](uint8_t v) {
        idgen_ksuid ksuid{};
        ksuid.bytes[IDGEN_KSUID_LEN - 1] = v;
        char out[IDGEN_KSUID_TEXT_LEN + 1] = {};
        idgen_ksuid_to_text(&ksuid, out);
        return std::string(out, IDGEN_KSUID_TEXT_LEN);
    });
}

TEST(FamilyDigits, ObjectIdTextIsTheRowsDigits) {
    expect_last_digits(IDGEN_FAMILY_OBJECTID, 16, [](uint8_t v) {
        idgen_objectid oid{};
        oid.bytes[IDGEN_OBJECTID_LEN - 1] = v;
        char out[IDGEN_OBJECTID_TEXT_LEN + 1] = {};
        idgen_objectid_to_text(&oid, out);
        return std::string(out, IDGEN_OBJECTID_TEXT_LEN);
    });
}

TEST(FamilyDigits, TsidTextIsTheRowsDigits) {
    expect_last_digits(IDGEN_FAMILY_TSID, 32, [](uint8_t v) {
        char out[IDGEN_TSID_TEXT_LEN] = {};
        idgen_tsid_to_text(v, out);
        return std::string(out, IDGEN_TSID_TEXT_LEN);
    });
}

TEST(FamilyDigits, TypeidSuffixIsTheRowsDigits) {
    expect_last_digits(IDGEN_FAMILY_TYPEID, 32, [](uint8_t v) {
        idgen_uuid uuid{};
        uuid.bytes[15] = v;
        char out[1 + IDGEN_TYPEID_SUFFIX_LEN + 1] = {};
        return std::string(out, idgen_typeid_to_text("", 0, &uuid, out));
    });
}

// A push ID's text has no codec that writes a given value: its time is
// read back instead, from 7 zero digits and then each digit.
TEST(FamilyDigits, PushIdTimeIsTheRowsDigits) {
    const std::string digits = idgen_family_of(IDGEN_FAMILY_PUSHID)->digits;
    ASSERT_EQ(digits.size(), 64u);
    for (size_t v = 0; v < digits.size(); ++v) {
        std::string text = std::string(IDGEN_PUSHID_TIME_CHARS - 1, digits[0]) + digits[v];
        text += std::string(IDGEN_PUSHID_TEXT_LEN - IDGEN_PUSHID_TIME_CHARS, digits[0]);
        int64_t unix_ms = -1;
        ASSERT_EQ(idgen_pushid_unix_ms(text.data(), text.size(), &unix_ms).code, IDGEN_OK) << text;
        EXPECT_EQ(unix_ms, static_cast<int64_t>(v)) << text;
    }
}

}  // namespace
