// A row's fields string (family.h's fields): each named field is read from
// its bits, a time counts its units from its epoch, and a time past the row's
// last millisecond is refused, never wrapped.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "family_fields.hpp"

namespace {

// Boundary's Flake: 64-bit Unix ms | 48-bit worker | 16-bit sequence
idgen_family_info flake() {
    idgen_family_info f{};
    f.name = "flake";
    f.fields = "ts:64 worker:48 seq:16";
    f.value_bytes = 16;
    f.max_time_ms = (int64_t{1} << 48) - 1;
    return f;
}

TEST(FamilyFields, NamedFieldsInOrderWithTheirBits) {
    const idgen_family_info f = flake();
    idgen_family_field field;
    ASSERT_TRUE(idgen::field_at(f, 1, &field));
    EXPECT_EQ(std::string(field.name, field.name_len), "worker");
    EXPECT_EQ(field.first_bit, 64);
    EXPECT_EQ(field.bits, 48);
    EXPECT_FALSE(field.is_time);
    ASSERT_TRUE(idgen::field_at(f, 0, &field));
    EXPECT_TRUE(field.is_time);
    EXPECT_FALSE(idgen::field_at(f, 3, &field));
    idgen_family_info skipped = flake();
    skipped.fields = "ts:48 -:64 seq:16";  // "-": read by no decoder
    ASSERT_TRUE(idgen::field_at(skipped, 1, &field));
    EXPECT_EQ(std::string(field.name, field.name_len), "seq");
    EXPECT_EQ(field.first_bit, 112);
    EXPECT_FALSE(idgen::field_at(skipped, 2, &field));
}

TEST(FamilyFields, ValuesFromTheirBits) {
    const idgen_family_info f = flake();
    // ms 1586830537033 (0x0171 7678 7149), worker 0xA1B2C3D4E5F6, seq 0xFFFF
    const uint8_t bytes[16] = {0x00, 0x00, 0x01, 0x71, 0x76, 0x78, 0x71, 0x49,
                               0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6, 0xFF, 0xFF};
    int64_t v = 0;
    idgen_family_field field;
    const int64_t expected[] = {INT64_C(1586830537033), INT64_C(0xA1B2C3D4E5F6), 0xFFFF};
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(idgen::field_at(f, i, &field));
        ASSERT_EQ(idgen::read_field(f, field, bytes, &v).code, IDGEN_OK);
        EXPECT_EQ(v, expected[i]) << i;
    }
    // a field across bytes, not on a byte's edge
    idgen_family_info odd = flake();
    odd.fields = "-:3 x:10 -:115";
    ASSERT_TRUE(idgen::field_at(odd, 0, &field));
    const uint8_t ones[16] = {0x1F, 0xFF, 0xF8};  // bits 3 to 20 set
    ASSERT_EQ(idgen::read_field(odd, field, ones, &v).code, IDGEN_OK);
    EXPECT_EQ(v, 0x3FF);
}

TEST(FamilyFields, TimeFromItsEpochInItsUnitsAndNoFurther) {
    idgen_family_info f = flake();
    f.fields = "ts:40 -:88";
    f.default_epoch_ms = 1000;
    f.time_unit_ms = 10;
    f.max_time_ms = 1000 + 10 * 99 + 9;  // units 0 to 99
    idgen_family_field field;
    ASSERT_TRUE(idgen::field_at(f, 0, &field));
    uint8_t bytes[16] = {0, 0, 0, 0, 99};
    int64_t v = 0;
    ASSERT_EQ(idgen::read_field(f, field, bytes, &v).code, IDGEN_OK);
    EXPECT_EQ(v, 1000 + 990);
    bytes[4] = 100;  // one unit past the last
    const idgen_fault past = idgen::read_field(f, field, bytes, &v);
    EXPECT_EQ(past.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(past.value, 1000 + 1000);
    EXPECT_EQ(past.min, 1000);
    EXPECT_EQ(past.max, f.max_time_ms);
    // a 64-bit time past any int64 ms: refused, never wrapped to a negative
    idgen_family_info wide = flake();
    ASSERT_TRUE(idgen::field_at(wide, 0, &field));
    const uint8_t all[16] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    const idgen_fault beyond = idgen::read_field(wide, field, all, &v);
    EXPECT_EQ(beyond.code, IDGEN_TIME_OUT_OF_RANGE);
    EXPECT_EQ(beyond.value, INT64_MAX);
}

TEST(FamilyFields, OnlyNameColonBitsIsAFieldsString) {
    auto ok = [](const char* s) { return idgen::each_field(s, [](std::string_view, int, int) {}); };
    EXPECT_TRUE(ok("ts:64 worker:48 seq:16"));
    EXPECT_TRUE(ok(""));
    EXPECT_FALSE(ok("ts"));
    EXPECT_FALSE(ok(":8"));
    EXPECT_FALSE(ok("ts:0"));
    EXPECT_FALSE(ok("ts:65"));
    EXPECT_FALSE(ok("a_name_longer_than_thirty_one_chars:8"));
}

}  // namespace
