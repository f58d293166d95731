// TypeIDs: the spec's valid and invalid vectors (test/vectors/typeid_*.tsv),
// each refusal's fault and position, the prefix rule at its edges, random
// round trips, and the order of the stored form (prefix, then UUID).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "typeid.h"
#include "uuid_text.hpp"

namespace {

std::vector<std::vector<std::string>> tsv(const std::string& name) {
    std::ifstream in(std::string(IDGEN_VECTORS_DIR) + "/" + name);
    EXPECT_TRUE(in.good()) << name;
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields;
        std::stringstream s(line);
        for (std::string f; std::getline(s, f, '\t');) fields.push_back(f);
        rows.push_back(fields);
    }
    return rows;
}

struct Parsed {
    idgen_fault fault;
    std::string prefix;
    idgen_uuid uuid;
    int in_prefix;
};

Parsed parse(const std::string& text) {
    Parsed p{};
    size_t prefix_len = 0;
    p.fault = idgen_typeid_from_text(text.data(), text.size(), &prefix_len, &p.uuid, &p.in_prefix);
    if (p.fault.code == IDGEN_OK) p.prefix = text.substr(0, prefix_len);
    return p;
}

std::string text_of(const std::string& prefix, const idgen_uuid& u) {
    char out[IDGEN_TYPEID_TEXT_MAX + 1];
    size_t n = idgen_typeid_to_text(prefix.data(), prefix.size(), &u, out);
    EXPECT_EQ(n, strlen(out));
    return out;
}

std::vector<uint8_t> stored(const std::string& prefix, const idgen_uuid& u) {
    std::vector<uint8_t> v(prefix.begin(), prefix.end());
    v.insert(v.end(), u.bytes, u.bytes + 16);
    return v;
}

int compare(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
    return idgen_typeid_compare(a.data(), a.size(), b.data(), b.size());
}

TEST(TypeidSpec, ValidVectors) {
    auto rows = tsv("typeid_valid.tsv");
    ASSERT_EQ(rows.size(), 9u);
    for (const auto& r : rows) {
        const std::string prefix = r[2] == "-" ? "" : r[2];
        Parsed p = parse(r[1]);
        ASSERT_EQ(p.fault.code, IDGEN_OK) << r[0];
        EXPECT_EQ(p.prefix, prefix) << r[0];
        EXPECT_EQ(uuid_hex(p.uuid), r[3]) << r[0];
        EXPECT_EQ(text_of(prefix, parse_uuid(r[3].c_str())), r[1]) << r[0];
    }
}

TEST(TypeidSpec, InvalidVectors) {
    auto rows = tsv("typeid_invalid.tsv");
    ASSERT_EQ(rows.size(), 19u);
    for (const auto& r : rows) EXPECT_NE(parse(r[1]).fault.code, IDGEN_OK) << r[0];
}

// what each refusal says: the fault, where, and which part
TEST(TypeidText, Refusals) {
    struct Case {
        std::string text;
        idgen_fault_code code;
        int64_t value;
        int in_prefix;
    } cases[] = {
        {"PREFIX_00000000000000000000000000", IDGEN_TEXT_CHARACTER, 0, 1},
        {"pre.fix_00000000000000000000000000", IDGEN_TEXT_CHARACTER, 3, 1},
        {"_00000000000000000000000000", IDGEN_TEXT_CHARACTER, 0, 1},
        {"_", IDGEN_TEXT_CHARACTER, 0, 1},
        {"_prefix_00000000000000000000000000", IDGEN_TEXT_CHARACTER, 0, 1},
        {"prefix__00000000000000000000000000", IDGEN_TEXT_CHARACTER, 6, 1},
        {std::string(64, 'a') + "_00000000000000000000000000", IDGEN_TEXT_LENGTH, 64, 1},
        {"prefix_1234567890123456789012345", IDGEN_TEXT_LENGTH, 25, 0},
        {"prefix_123456789012345678901234567", IDGEN_TEXT_LENGTH, 27, 0},
        {"", IDGEN_TEXT_LENGTH, 0, 0},
        {"prefix_0123456789ABCDEFGHJKMNPQRS", IDGEN_TEXT_CHARACTER, 17, 0},
        {"0123456789ABCDEFGHJKMNPQRS", IDGEN_TEXT_CHARACTER, 10, 0},
        {"prefix_i23456789ol23456789oi23456", IDGEN_TEXT_CHARACTER, 7, 0},
        {"prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", IDGEN_TEXT_OVERFLOW, 0, 0},
        {"80000000000000000000000000", IDGEN_TEXT_OVERFLOW, 0, 0},
    };
    for (const Case& c : cases) {
        Parsed p = parse(c.text);
        EXPECT_EQ(p.fault.code, c.code) << c.text;
        EXPECT_EQ(p.fault.value, c.value) << c.text;
        EXPECT_EQ(p.in_prefix, c.in_prefix) << c.text;
    }
    // the suffix's length is one, the prefix's a range
    Parsed shortp = parse("prefix_1234567890123456789012345");
    EXPECT_EQ(shortp.fault.min, 26);
    EXPECT_EQ(shortp.fault.max, 26);
    Parsed longp = parse(std::string(64, 'a') + "_00000000000000000000000000");
    EXPECT_EQ(longp.fault.min, 0);
    EXPECT_EQ(longp.fault.max, 63);
}

TEST(TypeidText, LargestAndSmallest) {
    EXPECT_EQ(parse("7zzzzzzzzzzzzzzzzzzzzzzzzz").fault.code, IDGEN_OK);
    EXPECT_EQ(parse("a_7zzzzzzzzzzzzzzzzzzzzzzzzz").fault.code, IDGEN_OK);
    EXPECT_EQ(parse("a_80000000000000000000000000").fault.code, IDGEN_TEXT_OVERFLOW);
    EXPECT_EQ(uuid_hex(parse("00000000000000000000000000").uuid), "00000000-0000-0000-0000-000000000000");
}

TEST(TypeidPrefix, Edges) {
    auto check = [](const std::string& p) { return idgen_typeid_check_prefix(p.data(), p.size()); };
    EXPECT_EQ(check("").code, IDGEN_OK);
    EXPECT_EQ(check("a").code, IDGEN_OK);
    EXPECT_EQ(check("a_b").code, IDGEN_OK);
    EXPECT_EQ(check("a__b").code, IDGEN_OK);
    EXPECT_EQ(check("z" + std::string(61, '_') + "a").code, IDGEN_OK);
    EXPECT_EQ(check(std::string(63, 'q')).code, IDGEN_OK);
    idgen_fault f = check(std::string(64, 'q'));
    EXPECT_EQ(f.code, IDGEN_TEXT_LENGTH);
    EXPECT_EQ(f.value, 64);
    EXPECT_EQ(f.max, 63);
    for (const char* bad : {"_", "_a", "a_", "A", "a1", "a-b", "a b", "`", "{", "aé"}) {
        f = check(bad);
        EXPECT_EQ(f.code, IDGEN_TEXT_CHARACTER) << bad;
    }
    EXPECT_EQ(check("ab_").value, 2);
    EXPECT_EQ(check("abC").value, 2);
    // a bad character before a wrong length
    EXPECT_EQ(check(std::string(70, 'a') + "A").code, IDGEN_TEXT_CHARACTER);
}

std::string random_prefix(std::mt19937_64& rng) {
    const int len = static_cast<int>(rng() % 64);
    std::string p;
    for (int i = 0; i < len; ++i) {
        const bool inside = i > 0 && i + 1 < len;
        p += inside && rng() % 4 == 0 ? '_' : static_cast<char>('a' + rng() % 26);
    }
    return p;
}

TEST(TypeidText, RandomRoundTrips) {
    std::mt19937_64 rng(20240410);
    for (int i = 0; i < 20000; ++i) {
        const std::string prefix = random_prefix(rng);
        ASSERT_EQ(idgen_typeid_check_prefix(prefix.data(), prefix.size()).code, IDGEN_OK) << prefix;
        idgen_uuid u;
        for (auto& b : u.bytes) b = static_cast<uint8_t>(rng());
        const std::string t = text_of(prefix, u);
        EXPECT_EQ(t.size(), prefix.size() + (prefix.empty() ? 0 : 1) + 26);
        EXPECT_EQ(t.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZilou", prefix.size()), std::string::npos) << t;
        Parsed p = parse(t);
        ASSERT_EQ(p.fault.code, IDGEN_OK) << t;
        EXPECT_EQ(p.prefix, prefix);
        EXPECT_EQ(memcmp(p.uuid.bytes, u.bytes, 16), 0) << t;
    }
}

TEST(TypeidOrder, PrefixThenUuid) {
    const idgen_uuid lo = parse_uuid("00000000-0000-0000-0000-000000000000");
    const idgen_uuid one = parse_uuid("00000000-0000-0000-0000-000000000001");
    const idgen_uuid hi = parse_uuid("ffffffff-ffff-ffff-ffff-ffffffffffff");
    // ascending: the empty prefix, a prefix before its extensions, bytes order
    const std::vector<std::vector<uint8_t>> sorted = {
        stored("", lo), stored("", hi), stored("a", lo), stored("a", one), stored("a", hi),
        stored("a_b", lo), stored("aa", lo), stored("ab", hi), stored("b", lo)};
    for (size_t i = 0; i < sorted.size(); ++i)
        for (size_t j = 0; j < sorted.size(); ++j) {
            const int want = i < j ? -1 : i > j ? 1 : 0;
            EXPECT_EQ(compare(sorted[i], sorted[j]), want) << i << " vs " << j;
        }
}

TEST(TypeidOrder, RandomAgainstPairs) {
    // the order of (prefix, uuid) pairs, by std::pair's lexicographic compare
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20000; ++i) {
        std::string pa = random_prefix(rng).substr(0, rng() % 4), pb = random_prefix(rng).substr(0, rng() % 4);
        idgen_uuid ua, ub;
        for (int k = 0; k < 16; ++k) ua.bytes[k] = static_cast<uint8_t>(rng() % 3), ub.bytes[k] = static_cast<uint8_t>(rng() % 3);
        const auto ka = std::make_pair(pa, std::string(ua.bytes, ua.bytes + 16));
        const auto kb = std::make_pair(pb, std::string(ub.bytes, ub.bytes + 16));
        const int want = ka < kb ? -1 : kb < ka ? 1 : 0;
        EXPECT_EQ(compare(stored(pa, ua), stored(pb, ub)), want);
    }
}

}  // namespace
