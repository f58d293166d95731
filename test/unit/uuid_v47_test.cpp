// uuidv47's faces: its own test's crafted v7s (round trip, version and
// variant, the wrong key decodes to another UUID), and faces that its
// reference header (uuidv47.h) computes for them, byte for byte.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "uuid_v47.h"
#include "uuid_text.hpp"

namespace {

const idgen_sip_key kKey{0x0123456789abcdefULL, 0xfedcba9876543210ULL};

// uuidv47's tests.c craft_v7(): 48-bit time, 12-bit rand_a, 62-bit rand_b.
idgen_uuid craft_v7(uint64_t ts, uint16_t rand_a, uint64_t rand_b) {
    idgen_uuid u{};
    for (int i = 0; i < 6; ++i) u.bytes[i] = static_cast<uint8_t>(ts >> (8 * (5 - i)));
    u.bytes[6] = static_cast<uint8_t>(0x70 | ((rand_a >> 8) & 0x0F));
    u.bytes[7] = static_cast<uint8_t>(rand_a);
    u.bytes[8] = static_cast<uint8_t>(0x80 | ((rand_b >> 56) & 0x3F));
    for (int i = 0; i < 7; ++i) u.bytes[9 + i] = static_cast<uint8_t>(rand_b >> (8 * (6 - i)));
    return u;
}

idgen_uuid crafted(int i) {
    return craft_v7(0x100000ULL * i + 123, static_cast<uint16_t>((0x0AAA ^ (i * 7)) & 0x0FFF),
                    (0x0123456789ABCDEFULL ^ (0x1111111111111111ULL * i)) & ((1ULL << 62) - 1));
}

// The faces uuidv47.h's uuidv47_encode_v4facade() gives for crafted(i) under kKey.
const char* const kReferenceFaces[16] = {
    "b108050e-46b6-4aaa-8123-456789abcdef", "bc75bd50-97ef-4aad-9032-547698badcfe",
    "a3e09c87-bf85-4aa4-a301-6745ab89efcd", "4a643a79-6975-4abf-b210-7654ba98fedc",
    "ba071f02-23bd-4ab6-8567-0123cdef89ab", "b215242c-6fb1-4a89-9476-1032dcfe98ba",
    "e8e788cf-ded6-4a80-a745-2301efcdab89", "3d4b88de-ece3-4a9b-b654-3210fedcba98",
    "9d9bd354-51fe-4a92-89ab-cdef01234567", "f261fb3c-8b2e-4a95-98ba-dcfe10325476",
    "31c34e74-1771-4aec-ab89-efcd23016745", "928f4297-9c9b-4ae7-ba98-fedc32107654",
    "b8c1b1f0-8831-4afe-8def-89ab45670123", "3994c161-2a72-4af1-9cfe-98ba54761032",
    "fae6e510-f8b5-4ac8-afcd-ab8967452301", "ce171cbd-d0f1-4ac3-bedc-ba9876543210",
};

TEST(UuidV47, FacesAreTheReferenceImplementations) {
    for (int i = 0; i < 16; ++i) {
        const idgen_uuid v7 = crafted(i);
        idgen_uuid face, back;
        ASSERT_TRUE(idgen_uuid_v47_encode(&v7, &kKey, &face));
        EXPECT_EQ(uuid_hex(face), kReferenceFaces[i]) << "crafted v7 " << i;
        ASSERT_TRUE(idgen_uuid_v47_decode(&face, &kKey, &back));
        EXPECT_EQ(uuid_hex(back), uuid_hex(crafted(i)));
    }
}

TEST(UuidV47, RoundTripKeepsRandomBitsAndSetsVersionAndVariant) {
    std::mt19937_64 rng(7);
    for (int n = 0; n < 100000; ++n) {
        const idgen_uuid v7 = craft_v7(rng() & ((1ULL << 48) - 1), static_cast<uint16_t>(rng() & 0xFFF),
                                       rng() & ((1ULL << 62) - 1));
        idgen_uuid face, back;
        ASSERT_TRUE(idgen_uuid_v47_encode(&v7, &kKey, &face));
        ASSERT_EQ(face.bytes[6] >> 4, 4);
        ASSERT_EQ(face.bytes[8] & 0xC0, 0x80);
        ASSERT_EQ(std::memcmp(face.bytes + 7, v7.bytes + 7, 9), 0);
        ASSERT_EQ(face.bytes[6] & 0x0F, v7.bytes[6] & 0x0F);
        ASSERT_TRUE(idgen_uuid_v47_decode(&face, &kKey, &back));
        ASSERT_EQ(std::memcmp(&back, &v7, sizeof v7), 0);
    }
}

TEST(UuidV47, WrongKeyDoesNotDecode) {
    const idgen_sip_key wrong{kKey.k0 ^ 0xdeadbeefULL, kKey.k1 ^ 0x1337ULL};
    for (int i = 0; i < 16; ++i) {
        const idgen_uuid v7 = crafted(i);
        idgen_uuid face, back;
        ASSERT_TRUE(idgen_uuid_v47_encode(&v7, &kKey, &face));
        ASSERT_TRUE(idgen_uuid_v47_decode(&face, &wrong, &back));
        EXPECT_NE(uuid_hex(back), uuid_hex(crafted(i)));
    }
    // one bit of either half of the key changes the time
    for (int bit = 0; bit < 128; ++bit) {
        idgen_sip_key other = kKey;
        (bit < 64 ? other.k0 : other.k1) ^= 1ULL << (bit % 64);
        const idgen_uuid v7 = crafted(3);
        idgen_uuid face, back;
        ASSERT_TRUE(idgen_uuid_v47_encode(&v7, &kKey, &face));
        ASSERT_TRUE(idgen_uuid_v47_decode(&face, &other, &back));
        EXPECT_NE(uuid_hex(back), uuid_hex(crafted(3))) << "key bit " << bit;
    }
}

TEST(UuidV47, EncodesOnlyV7AndDecodesOnlyV4WithTheRfcVariant) {
    for (int version = 0; version < 16; ++version) {
        for (int variant : {0x00, 0x40, 0x80, 0xC0}) {
            idgen_uuid u = crafted(5);
            u.bytes[6] = static_cast<uint8_t>((u.bytes[6] & 0x0F) | (version << 4));
            u.bytes[8] = static_cast<uint8_t>((u.bytes[8] & 0x3F) | variant);
            idgen_uuid out{};
            const idgen_uuid untouched{};
            EXPECT_EQ(idgen_uuid_v47_encode(&u, &kKey, &out), version == 7 && variant == 0x80);
            if (!(version == 7 && variant == 0x80)) {
                EXPECT_EQ(std::memcmp(&out, &untouched, sizeof out), 0);
            }
            EXPECT_EQ(idgen_uuid_v47_decode(&u, &kKey, &out), version == 4 && variant == 0x80);
        }
    }
}

}  // namespace
