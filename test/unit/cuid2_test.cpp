// cuid2: the core's createId and createFingerprint against the reference's
// own outputs for the same draws (test/vectors/cuid2_reference.tsv, from
// @paralleldrive/cuid2 3.3.0), isCuid's rules at their edges, and the
// generator's shape, length range and uniqueness.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cuid2.h"
#include "cuid2.hpp"

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(s);
    while (std::getline(in, field, sep)) out.push_back(field);
    if (!s.empty() && s.back() == sep) out.push_back("");
    return out;
}

std::vector<uint32_t> draws_of(const std::string& s) {
    std::vector<uint32_t> out;
    for (const std::string& d : split(s, ',')) out.push_back(static_cast<uint32_t>(std::stoul(d)));
    return out;
}

std::vector<std::vector<std::string>> vectors(const std::string& kind) {
    std::ifstream in(IDGEN_VECTORS_DIR "/cuid2_reference.tsv");
    EXPECT_TRUE(in.good()) << "cannot read cuid2_reference.tsv";
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> row = split(line, '\t');
        if (row[0] == kind) rows.push_back(row);
    }
    return rows;
}

TEST(Cuid2, ComposeMatchesTheReference) {
    const auto rows = vectors("id");
    ASSERT_EQ(rows.size(), 4u);
    for (const auto& row : rows) {
        const int length = std::stoi(row[1]);
        const std::vector<uint32_t> draws = draws_of(row[5]);
        ASSERT_EQ(draws.size(), static_cast<size_t>(length) + 1);
        char out[IDGEN_CUID2_MAX_LEN + 1];
        ASSERT_EQ(idgen::cuid2_compose(length, std::stoll(row[2]), draws[0], draws.data() + 1,
                                       std::stoull(row[3]), row[4].data(), out)
                      .code,
                  IDGEN_OK);
        EXPECT_EQ(std::string(out), row[6]) << "length " << length;
    }
}

TEST(Cuid2, FingerprintMatchesTheReference) {
    const auto rows = vectors("fingerprint");
    ASSERT_EQ(rows.size(), 2u);
    for (const auto& row : rows) {
        const std::vector<uint32_t> draws = draws_of(row[2]);
        ASSERT_EQ(draws.size(), 32u);
        char out[IDGEN_CUID2_MAX_LEN];
        ASSERT_TRUE(idgen::cuid2_fingerprint(row[1].data(), row[1].size(), draws.data(), out));
        EXPECT_EQ(std::string(out, IDGEN_CUID2_MAX_LEN), row[3]);
    }
}

TEST(Cuid2, HashIsBase36OfSha3WithoutItsFirstDigit) {
    // SHA3-512("") is a69f73cca23a9ac5...; in base36 it has 99 digits, so 98 remain
    char out[100];
    const size_t n = idgen::cuid2_hash("", 0, out);
    EXPECT_EQ(n, 98u);
    for (size_t i = 0; i < n; ++i) EXPECT_TRUE((out[i] >= '0' && out[i] <= '9') || (out[i] >= 'a' && out[i] <= 'z'));
}

TEST(Cuid2, ScaleIsFloorOfRandTimesN) {
    EXPECT_EQ(idgen::cuid2_scale(0, 36), 0u);
    EXPECT_EQ(idgen::cuid2_scale(0xFFFFFFFFu, 36), 35u);
    EXPECT_EQ(idgen::cuid2_scale(0x80000000u, 26), 13u);
    EXPECT_EQ(idgen::cuid2_scale(0x80000000u - 1, 26), 12u);
}

bool valid(const std::string& s) { return idgen_cuid2_is_valid(s.data(), s.size()); }

TEST(Cuid2, IsValidFollowsIsCuid) {
    EXPECT_FALSE(valid(""));
    EXPECT_FALSE(valid("a"));                       // 1: below the minimum
    EXPECT_TRUE(valid("a0"));                       // 2: the minimum
    EXPECT_TRUE(valid(std::string(32, 'z')));       // 32: the maximum
    EXPECT_FALSE(valid(std::string(33, 'z')));      // 33: above it
    EXPECT_FALSE(valid("0abc"));                    // a digit first
    EXPECT_FALSE(valid("Abc"));                     // upper case
    EXPECT_FALSE(valid("abC"));
    EXPECT_FALSE(valid("ab-c"));
    EXPECT_FALSE(valid("ab c"));
    EXPECT_FALSE(valid(std::string("ab\0c", 4)));
    EXPECT_TRUE(valid("z9"));
    EXPECT_TRUE(valid("a09az"));
    EXPECT_FALSE(valid("`a"));                      // the characters either side of a-z and 0-9
    EXPECT_FALSE(valid("{a"));
    EXPECT_FALSE(valid("a/"));
    EXPECT_FALSE(valid("a:"));
}

TEST(Cuid2, LengthRange) {
    EXPECT_EQ(idgen_cuid2_check_length(1).code, IDGEN_SIZE_OUT_OF_RANGE);
    EXPECT_EQ(idgen_cuid2_check_length(2).code, IDGEN_OK);
    EXPECT_EQ(idgen_cuid2_check_length(32).code, IDGEN_OK);
    idgen_fault f = idgen_cuid2_check_length(33);
    EXPECT_EQ(f.code, IDGEN_SIZE_OUT_OF_RANGE);
    EXPECT_EQ(f.value, 33);
    EXPECT_EQ(f.min, 2);
    EXPECT_EQ(f.max, 32);
    char out[40];
    EXPECT_EQ(idgen_cuid2(33, out).code, IDGEN_SIZE_OUT_OF_RANGE);
}

TEST(Cuid2, GeneratesValidUniqueIds) {
    std::set<std::string> seen;
    for (int length = 2; length <= 32; ++length) {
        for (int i = 0; i < 200; ++i) {
            char out[IDGEN_CUID2_MAX_LEN + 1];
            ASSERT_EQ(idgen_cuid2(length, out).code, IDGEN_OK);
            ASSERT_EQ(std::string(out).size(), static_cast<size_t>(length));
            ASSERT_TRUE(valid(out)) << out;
            if (length >= 10) {
                EXPECT_TRUE(seen.insert(out).second) << out;
            }
        }
    }
}

}  // namespace
