// nanoid: the size and alphabet ranges at their edges, repeated symbols
// (multibyte ones too), and symbols that are all in range and equally likely
// (a chi-square test, of the default alphabet's too; the pg_regress test
// checks the server's the same way).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "nanoid.h"

namespace {

// bounds of single-byte symbols
std::vector<size_t> bytes_bounds(size_t n) {
    std::vector<size_t> b(n + 1);
    for (size_t i = 0; i <= n; ++i) b[i] = i;
    return b;
}

TEST(Nanoid, SizeRange) {
    EXPECT_EQ(idgen_nanoid_check_size(0).code, IDGEN_SIZE_OUT_OF_RANGE);
    EXPECT_EQ(idgen_nanoid_check_size(1).code, IDGEN_OK);
    EXPECT_EQ(idgen_nanoid_check_size(1024).code, IDGEN_OK);
    idgen_fault f = idgen_nanoid_check_size(1025);
    EXPECT_EQ(f.code, IDGEN_SIZE_OUT_OF_RANGE);
    EXPECT_EQ(f.value, 1025);
    EXPECT_EQ(f.min, 1);
    EXPECT_EQ(f.max, 1024);
    EXPECT_EQ(idgen_nanoid_check_size(-1).code, IDGEN_SIZE_OUT_OF_RANGE);
}

TEST(Nanoid, AlphabetSymbolCount) {
    std::string all(257, 'x');
    for (int i = 0; i < 256; ++i) all[i] = static_cast<char>(i);
    const auto b = bytes_bounds(257);
    EXPECT_EQ(idgen_nanoid_check_alphabet(all.data(), b.data(), 0).code, IDGEN_ALPHABET_SIZE);
    EXPECT_EQ(idgen_nanoid_check_alphabet(all.data(), b.data(), 1).code, IDGEN_ALPHABET_SIZE);
    EXPECT_EQ(idgen_nanoid_check_alphabet(all.data(), b.data(), 2).code, IDGEN_OK);
    EXPECT_EQ(idgen_nanoid_check_alphabet(all.data(), b.data(), 256).code, IDGEN_OK);
    idgen_fault f = idgen_nanoid_check_alphabet(all.data(), b.data(), 257);
    EXPECT_EQ(f.code, IDGEN_ALPHABET_SIZE);
    EXPECT_EQ(f.value, 257);
    EXPECT_EQ(f.min, 2);
    EXPECT_EQ(f.max, 256);
}

TEST(Nanoid, AlphabetRepeats) {
    const auto b = bytes_bounds(4);
    idgen_fault f = idgen_nanoid_check_alphabet("abcb", b.data(), 4);
    EXPECT_EQ(f.code, IDGEN_ALPHABET_REPEAT);
    EXPECT_EQ(f.value, 3);
    EXPECT_EQ(f.min, 1);
    EXPECT_EQ(idgen_nanoid_check_alphabet("abcd", b.data(), 4).code, IDGEN_OK);
    // multibyte: "ä" (c3 a4) and "ã" (c3 a3) differ in their last byte; "a" is a prefix of neither
    const char* s = "\xc3\xa4" "a" "\xc3\xa3";
    const size_t mb[] = {0, 2, 3, 5};
    EXPECT_EQ(idgen_nanoid_check_alphabet(s, mb, 3).code, IDGEN_OK);
    const char* r = "\xc3\xa4" "a" "\xc3\xa4";
    f = idgen_nanoid_check_alphabet(r, mb, 3);
    EXPECT_EQ(f.code, IDGEN_ALPHABET_REPEAT);
    EXPECT_EQ(f.value, 2);
    EXPECT_EQ(f.min, 0);
}

TEST(Nanoid, DefaultAlphabet) {
    std::string s(1024, '\0');
    ASSERT_EQ(idgen_nanoid_default(1024, s.data()).code, IDGEN_OK);
    for (char c : s) EXPECT_NE(strchr(IDGEN_NANOID_ALPHABET, c), nullptr) << c;
}

// Pearson's chi-square of counts against equal expectations.
double chi_square(const std::vector<long>& counts, double total) {
    const double expected = total / counts.size();
    double x = 0;
    for (long c : counts) x += (c - expected) * (c - expected) / expected;
    return x;
}

// The chi-square quantile for a tail probability of 1e-9 with k degrees of
// freedom, by the Wilson-Hilferty approximation (z = 5.998 for 1e-9).
double chi_square_limit(int k) {
    const double z = 5.998, h = 2.0 / (9.0 * k);
    return k * std::pow(1 - h + z * std::sqrt(h), 3);
}

TEST(Nanoid, DefaultUsesEverySymbolEqually) {
    const size_t symbols = strlen(IDGEN_NANOID_ALPHABET);
    ASSERT_EQ(symbols, 64u);
    std::vector<long> counts(symbols, 0);
    std::string s(1024, '\0');
    const int rounds = 100;
    for (int r = 0; r < rounds; ++r) {
        ASSERT_EQ(idgen_nanoid_default(1024, s.data()).code, IDGEN_OK);
        for (char c : s) ++counts[strchr(IDGEN_NANOID_ALPHABET, c) - IDGEN_NANOID_ALPHABET];
    }
    EXPECT_LT(chi_square(counts, 1024.0 * rounds), chi_square_limit(static_cast<int>(symbols) - 1));
}

TEST(Nanoid, IndicesAreInRangeAndUniform) {
    // 3 and 255: the rejection's worst cases (256 % 3 = 1, 256 % 255 = 1);
    // 37: a mid case; 2, 64 and 256: no rejection at all
    for (int len : {2, 3, 37, 64, 255, 256}) {
        std::vector<long> counts(len, 0);
        std::vector<uint8_t> out(1024);
        const int rounds = 400;
        for (int r = 0; r < rounds; ++r) {
            ASSERT_EQ(idgen_nanoid_indices(1024, len, out.data()).code, IDGEN_OK);
            for (uint8_t i : out) {
                ASSERT_LT(i, len);
                ++counts[i];
            }
        }
        EXPECT_LT(chi_square(counts, 1024.0 * rounds), chi_square_limit(len - 1)) << "alphabet of " << len;
    }
}

}  // namespace
