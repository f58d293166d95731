// The keyed permutation: a bijection of 0 to 2^bits - 1 for every width
// (exhaustively up to 16 bits), its inverse on millions of values of the full
// non-negative bigint range, and its refusals at the edges.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "permute.h"

namespace {

const idgen_sip_key kKey{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};

int64_t permute(int64_t id, int bits, const idgen_sip_key& key = kKey) {
    int64_t out = -1;
    EXPECT_EQ(idgen_permute(id, &key, bits, &out), IDGEN_PERMUTE_OK) << id << " at " << bits << " bits";
    return out;
}

int64_t unpermute(int64_t id, int bits, const idgen_sip_key& key = kKey) {
    int64_t out = -1;
    EXPECT_EQ(idgen_unpermute(id, &key, bits, &out), IDGEN_PERMUTE_OK) << id << " at " << bits << " bits";
    return out;
}

// expected/public_ids.out's values (the SQL edition's too) under its key
// 'uuidv47 tests', as the server reads a stored key's bytes
TEST(Permute, FixedValuesOfTheRegressionTest) {
    const uint8_t bytes[IDGEN_SIP_KEY_BYTES] = {0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01,
                                                0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe};
    const idgen_sip_key key = idgen_sip_key_from_bytes(bytes);
    const struct {
        int64_t id;
        int bits;
        int64_t permuted;
    } fixed[] = {{0, 63, 4721616906557270384}, {1, 63, 5226717900618051591},
                 {12345, 63, 2454795121982668434}, {INT64_MAX, 63, 2343287883621663188},
                 {0, 53, 1999591624904930}, {9007199254740991, 53, 12102907825178},
                 {0, 1, 1}, {1, 1, 0}, {5, 3, 3}, {4294967295, 32, 171696996}};
    for (const auto& f : fixed) {
        EXPECT_EQ(permute(f.id, f.bits, key), f.permuted) << f.id << " at " << f.bits << " bits";
        EXPECT_EQ(unpermute(f.permuted, f.bits, key), f.id) << f.permuted << " at " << f.bits << " bits";
    }
}

TEST(Permute, BijectiveOnEverySmallDomainExhaustively) {
    for (int bits = 1; bits <= 16; ++bits) {
        const int64_t size = int64_t{1} << bits;
        std::vector<bool> seen(static_cast<size_t>(size));
        int64_t fixed_points = 0;
        for (int64_t x = 0; x < size; ++x) {
            const int64_t y = permute(x, bits);
            ASSERT_GE(y, 0);
            ASSERT_LT(y, size) << "bits " << bits;
            ASSERT_FALSE(seen[static_cast<size_t>(y)]) << "bits " << bits << ": " << y << " twice";
            seen[static_cast<size_t>(y)] = true;
            ASSERT_EQ(unpermute(y, bits), x);
            fixed_points += y == x;
        }
        // a random permutation has about one fixed point; the identity has them all
        if (bits >= 8) {
            EXPECT_LT(fixed_points, 12) << "bits " << bits;
        }
    }
}

TEST(Permute, RoundTripsMillionsOnTheFullRange) {
    std::mt19937_64 rng(2026);
    int64_t unchanged = 0;
    for (int n = 0; n < 3000000; ++n) {
        const int64_t x = static_cast<int64_t>(rng() >> 1);
        const int64_t y = permute(x, 63);
        ASSERT_GE(y, 0);
        ASSERT_EQ(unpermute(y, 63), x);
        unchanged += y == x;
    }
    EXPECT_EQ(unchanged, 0);
    for (int64_t x : {int64_t{0}, int64_t{1}, INT64_MAX, INT64_MAX - 1}) ASSERT_EQ(unpermute(permute(x, 63), 63), x);
}

TEST(Permute, RoundTripsAtEveryWidth) {
    std::mt19937_64 rng(53);
    for (int bits = 1; bits <= 63; ++bits) {
        const uint64_t mask = (uint64_t{1} << bits) - 1;
        for (int n = 0; n < 20000; ++n) {
            const int64_t x = static_cast<int64_t>(rng() & mask);
            const int64_t y = permute(x, bits);
            ASSERT_LE(static_cast<uint64_t>(y), mask);
            ASSERT_EQ(unpermute(y, bits), x);
        }
        ASSERT_EQ(unpermute(permute(static_cast<int64_t>(mask), bits), bits), static_cast<int64_t>(mask));
    }
}

TEST(Permute, KeyAndWidthEachGiveAnotherPermutation) {
    const idgen_sip_key other{kKey.k0, kKey.k1 ^ 1};
    int same_key = 0, same_width = 0;
    for (int64_t x = 0; x < 1000; ++x) {
        same_key += permute(x, 63) == permute(x, 63, other);
        same_width += permute(x, 53) == permute(x, 63);
    }
    EXPECT_EQ(same_key, 0);
    EXPECT_EQ(same_width, 0);
}

TEST(Permute, RefusesNegativeBeyondWidthAndWidthOutOfRange) {
    for (auto f : {idgen_permute, idgen_unpermute}) {
        int64_t out = 42;
        EXPECT_EQ(f(-1, &kKey, 63, &out), IDGEN_PERMUTE_NEGATIVE);
        EXPECT_EQ(f(INT64_MIN, &kKey, 63, &out), IDGEN_PERMUTE_NEGATIVE);
        EXPECT_EQ(f(0, &kKey, 0, &out), IDGEN_PERMUTE_BITS_OUT_OF_RANGE);
        EXPECT_EQ(f(0, &kKey, 64, &out), IDGEN_PERMUTE_BITS_OUT_OF_RANGE);
        EXPECT_EQ(f(0, &kKey, -1, &out), IDGEN_PERMUTE_BITS_OUT_OF_RANGE);
        EXPECT_EQ(f(int64_t{1} << 53, &kKey, 53, &out), IDGEN_PERMUTE_BEYOND_WIDTH);
        EXPECT_EQ(f(2, &kKey, 1, &out), IDGEN_PERMUTE_BEYOND_WIDTH);
        EXPECT_EQ(out, 42);
        EXPECT_EQ(f((int64_t{1} << 53) - 1, &kKey, 53, &out), IDGEN_PERMUTE_OK);
        EXPECT_EQ(f(1, &kKey, 1, &out), IDGEN_PERMUTE_OK);
        EXPECT_EQ(f(INT64_MAX, &kKey, 63, &out), IDGEN_PERMUTE_OK);
    }
}

}  // namespace
