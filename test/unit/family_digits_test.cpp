// The family table's digits are the codecs' own: the SQL edition and the
// clients write and read text from the table's copy (make family-constants),
// the C edition from its codec. Each digit's value, written by the codec as
// the last character of a text, is that digit's place in the row.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "family.h"
#include "ksuid.h"
#include "objectid.h"
#include "pushid.h"
#include "tsid.h"
#include "typeid.h"
#include "ulid.h"

namespace {

std::string digits_of(idgen_family family) { return idgen_family_of(family)->digits; }

TEST(FamilyDigits, UlidTextIsTheRowsDigits) {
    const std::string digits = digits_of(IDGEN_FAMILY_ULID);
    ASSERT_EQ(digits.size(), 32u);
    for (size_t v = 0; v < digits.size(); ++v) {
        idgen_ulid ulid{};
        ulid.bytes[15] = static_cast<uint8_t>(v);
        char out[IDGEN_ULID_TEXT_LEN + 1] = {};
        idgen_ulid_to_text(&ulid, out);
        EXPECT_EQ(out[IDGEN_ULID_TEXT_LEN - 1], digits[v]) << v;
    }
}

TEST(FamilyDigits, KsuidTextIsTheRowsDigits) {
    const std::string digits = digits_of(IDGEN_FAMILY_KSUID);
    ASSERT_EQ(digits.size(), 62u);
    for (size_t v = 0; v < digits.size(); ++v) {
        idgen_ksuid ksuid{};
        ksuid.bytes[IDGEN_KSUID_LEN - 1] = static_cast<uint8_t>(v);
        char out[IDGEN_KSUID_TEXT_LEN + 1] = {};
        idgen_ksuid_to_text(&ksuid, out);
        EXPECT_EQ(out[IDGEN_KSUID_TEXT_LEN - 1], digits[v]) << v;
    }
}

TEST(FamilyDigits, ObjectIdTextIsTheRowsDigits) {
    const std::string digits = digits_of(IDGEN_FAMILY_OBJECTID);
    ASSERT_EQ(digits.size(), 16u);
    for (size_t v = 0; v < digits.size(); ++v) {
        idgen_objectid oid{};
        oid.bytes[IDGEN_OBJECTID_LEN - 1] = static_cast<uint8_t>(v);
        char out[IDGEN_OBJECTID_TEXT_LEN + 1] = {};
        idgen_objectid_to_text(&oid, out);
        EXPECT_EQ(out[IDGEN_OBJECTID_TEXT_LEN - 1], digits[v]) << v;
    }
}

TEST(FamilyDigits, TsidTextIsTheRowsDigits) {
    const std::string digits = digits_of(IDGEN_FAMILY_TSID);
    ASSERT_EQ(digits.size(), 32u);
    for (size_t v = 0; v < digits.size(); ++v) {
        char out[IDGEN_TSID_TEXT_LEN] = {};
        idgen_tsid_to_text(static_cast<int64_t>(v), out);
        EXPECT_EQ(out[IDGEN_TSID_TEXT_LEN - 1], digits[v]) << v;
    }
}

TEST(FamilyDigits, TypeidSuffixIsTheRowsDigits) {
    const std::string digits = digits_of(IDGEN_FAMILY_TYPEID);
    ASSERT_EQ(digits.size(), 32u);
    for (size_t v = 0; v < digits.size(); ++v) {
        idgen_uuid uuid{};
        uuid.bytes[15] = static_cast<uint8_t>(v);
        char out[1 + IDGEN_TYPEID_SUFFIX_LEN + 1] = {};
        const size_t len = idgen_typeid_to_text("", 0, &uuid, out);
        ASSERT_EQ(len, static_cast<size_t>(IDGEN_TYPEID_SUFFIX_LEN));
        EXPECT_EQ(out[len - 1], digits[v]) << v;
    }
}

TEST(FamilyDigits, PushIdTimeIsTheRowsDigits) {
    const std::string digits = digits_of(IDGEN_FAMILY_PUSHID);
    ASSERT_EQ(digits.size(), 64u);
    for (size_t v = 0; v < digits.size(); ++v) {
        // the time's 8 characters: 7 zero digits, then v; 12 random ones
        std::string text = std::string(IDGEN_PUSHID_TIME_CHARS - 1, digits[0]) + digits[v];
        text += std::string(IDGEN_PUSHID_TEXT_LEN - IDGEN_PUSHID_TIME_CHARS, digits[0]);
        int64_t unix_ms = -1;
        ASSERT_EQ(idgen_pushid_unix_ms(text.data(), text.size(), &unix_ms).code, IDGEN_OK) << text;
        EXPECT_EQ(unix_ms, static_cast<int64_t>(v)) << text;
    }
}

}  // namespace
