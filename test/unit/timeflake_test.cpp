// Timeflake: its base62 and hex text against the reference's README
// examples, the codec's refusals, and timeflake()'s order.
#include <gtest/gtest.h>

#include <string>

#include "published_vectors.hpp"
#include "timeflake.h"

namespace {

idgen_fault parse(const std::string& text, idgen_timeflake* t) {
    return idgen_timeflake_from_text(text.data(), text.size(), t);
}

std::string text_of(const idgen_timeflake& t) {
    char out[IDGEN_TIMEFLAKE_TEXT_LEN + 1];
    idgen_timeflake_to_text(&t, out);
    return out;
}

TEST(Timeflake, PublishedVectors) {
    int valid = 0, invalid = 0;
    for (const auto& row : published_vectors("timeflake_published.tsv")) {
        idgen_timeflake t;
        if (row[0] == "invalid") {
            EXPECT_NE(parse(row[1], &t).code, IDGEN_OK) << row[1];
            ++invalid;
            continue;
        }
        ASSERT_EQ(parse(row[0], &t).code, IDGEN_OK) << row[0];
        EXPECT_EQ(hex_of(t.bytes, IDGEN_TIMEFLAKE_LEN), row[1]);
        EXPECT_EQ(idgen_timeflake_unix_ms(&t), std::stoll(row[2]));
        EXPECT_EQ(text_of(t), row[0]);
        ASSERT_EQ(parse(row[1], &t).code, IDGEN_OK);  // the hex form
        EXPECT_EQ(text_of(t), row[0]);
        ++valid;
    }
    EXPECT_EQ(valid, 5);
    EXPECT_EQ(invalid, 5);
}

TEST(Timeflake, Refusals) {
    idgen_timeflake t;
    EXPECT_EQ(parse("7n42DGM5Tflk9n8mt7Fhc7", &t).code, IDGEN_OK);
    EXPECT_EQ(parse("7n42DGM5Tflk9n8mt7Fhc6", &t).code, IDGEN_OK);
    EXPECT_EQ(parse("7n42DGM5Tflk9n8mt7Fhc8", &t).code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(parse("7n42DGM5Tflk9n8mt7Fhd7", &t).code, IDGEN_TEXT_OVERFLOW);
    // case is a digit's value: C (12) below c (38), a smaller number
    ASSERT_EQ(parse("7n42DGM5Tflk9n8mt7FhC7", &t).code, IDGEN_OK);
    EXPECT_NE(hex_of(t.bytes, IDGEN_TIMEFLAKE_LEN), "ffffffffffffffffffffffffffffffff");
    idgen_fault f = parse("02i2XhN7hAuaFh3MwztcM-", &t);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(f.value, 21);
    f = parse("02i2XhN7hAuaFh3MwztcM", &t);
    EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(f.value, 21);
    // hex: either case, 32 digits only
    ASSERT_EQ(parse("016FB4209023B444FD07590F81B7B0EB", &t).code, IDGEN_OK);
    EXPECT_EQ(text_of(t), "02i2XhN7hAuaFh3MwztcMd");
    f = parse("016fb4209023b444fd07590f81b7b0eZ", &t);
    EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER);
    EXPECT_EQ(f.value, 31);
    EXPECT_EQ(parse("016fb4209023b444fd07590f81b7b0e", &t).code, IDGEN_TEXT_LENGTH);
}

TEST(Timeflake, NowIncreases) {
    std::string last;
    for (int i = 0; i < 100000; ++i) {
        idgen_timeflake t;
        ASSERT_EQ(idgen_timeflake_now(&t).code, IDGEN_OK);
        const std::string s = text_of(t);
        ASSERT_GT(s, last);  // base62 0-9A-Za-z sorts like the bytes in C order
        last = s;
    }
}

}  // namespace
