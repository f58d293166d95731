// Sqids: the specification's tests (sqids-spec tests/encoding, alphabet,
// minlength, blocklist), value for value, plus what idgen adds: bigints up
// to 2^63 - 1, decoding only canonical text, and refusals with their values.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sqids.hpp"
#include "sqids_blocklist.hpp"

namespace {

constexpr int64_t kMaxSafe = 9007199254740991;  // JavaScript's Number.MAX_SAFE_INTEGER
const std::string kDefaultAlphabet = IDGEN_SQIDS_DEFAULT_ALPHABET;

std::vector<std::string> default_words() {
    size_t count;
    const char* const* words = idgen_sqids_default_blocklist(&count);
    return {words, words + count};
}

// One set of options, set up as the shim does it.
class Codec {
  public:
    explicit Codec(const std::string& alphabet = kDefaultAlphabet, int64_t min_length = 0,
                   std::vector<std::string> words = default_words()) : words_(std::move(words)) {
        std::vector<const char*> texts;
        std::vector<size_t> lens;
        size_t total = 0;
        for (const auto& w : words_) {
            texts.push_back(w.data());
            lens.push_back(w.size());
            total += w.size();
        }
        arena_.resize(idgen_sqids_arena_size(words_.size(), total) / 8 + 1);
        fault_ = idgen_sqids_setup(&s_, alphabet.data(), alphabet.size(), min_length, texts.data(), lens.data(),
                                   texts.size(), arena_.data());
    }
    idgen_sqids_fault fault() const { return fault_; }
    const idgen_sqids& setup() const { return s_; }

    std::string encode(const std::vector<int64_t>& numbers, idgen_sqids_fault* fault = nullptr) const {
        std::string out(idgen_sqids_encoded_max(&s_, numbers.size()), '\0');
        size_t len = 0;
        idgen_sqids_fault f = idgen_sqids_encode(&s_, numbers.data(), numbers.size(), out.data(), &len);
        if (fault) *fault = f;
        EXPECT_TRUE(fault || f.status == IDGEN_SQIDS_OK) << "status " << f.status;
        out.resize(len);
        return out;
    }
    std::vector<int64_t> decode(const std::string& id) const {
        std::vector<int64_t> numbers(id.size() / 2 + 1);  // the room the API asks, no more
        std::string scratch(id.size() + 1, '\0');
        numbers.resize(idgen_sqids_decode(&s_, id.data(), id.size(), numbers.data(), scratch.data()));
        return numbers;
    }
    // the specification's decode, without the canonical check
    std::vector<int64_t> decode_raw(const std::string& id, bool* overflow = nullptr) const {
        std::vector<int64_t> numbers(id.size() / 2 + 1);  // the room the API asks, no more
        bool over;
        numbers.resize(idgen::sqids_decode_raw(s_, id.data(), id.size(), numbers.data(), &over));
        if (overflow) *overflow = over;
        return numbers;
    }

  private:
    std::vector<std::string> words_;
    std::vector<uint64_t> arena_;
    idgen_sqids s_{};
    idgen_sqids_fault fault_{};
};

using Numbers = std::vector<int64_t>;

void expect_pairs(const Codec& c, const std::vector<std::pair<std::string, Numbers>>& pairs) {
    for (const auto& [id, numbers] : pairs) {
        EXPECT_EQ(c.encode(numbers), id);
        EXPECT_EQ(c.decode(id), numbers) << id;
    }
}

// ---- encoding.test.ts

TEST(SqidsEncoding, Simple) { expect_pairs(Codec(), {{"86Rf07", {1, 2, 3}}}); }

TEST(SqidsEncoding, DifferentInputs) {
    Codec c;
    Numbers numbers{0, 0, 0, 1, 2, 3, 100, 1000, 100000, 1000000, kMaxSafe};
    EXPECT_EQ(c.decode(c.encode(numbers)), numbers);
}

TEST(SqidsEncoding, IncrementalNumbers) {
    expect_pairs(Codec(), {{"bM", {0}}, {"Uk", {1}}, {"gb", {2}}, {"Ef", {3}}, {"Vq", {4}},
                           {"uw", {5}}, {"OI", {6}}, {"AX", {7}}, {"p6", {8}}, {"nJ", {9}}});
}

TEST(SqidsEncoding, IncrementalNumbersSameIndex0) {
    expect_pairs(Codec(), {{"SvIz", {0, 0}}, {"n3qa", {0, 1}}, {"tryF", {0, 2}}, {"eg6q", {0, 3}},
                           {"rSCF", {0, 4}}, {"sR8x", {0, 5}}, {"uY2M", {0, 6}}, {"74dI", {0, 7}},
                           {"30WX", {0, 8}}, {"moxr", {0, 9}}});
}

TEST(SqidsEncoding, IncrementalNumbersSameIndex1) {
    expect_pairs(Codec(), {{"SvIz", {0, 0}}, {"nWqP", {1, 0}}, {"tSyw", {2, 0}}, {"eX68", {3, 0}},
                           {"rxCY", {4, 0}}, {"sV8a", {5, 0}}, {"uf2K", {6, 0}}, {"7Cdk", {7, 0}},
                           {"3aWP", {8, 0}}, {"m2xn", {9, 0}}});
}

TEST(SqidsEncoding, MultiInput) {
    Codec c;
    Numbers numbers;
    for (int64_t i = 0; i < 100; ++i) numbers.push_back(i);
    EXPECT_EQ(c.decode(c.encode(numbers)), numbers);
}

TEST(SqidsEncoding, NoNumbersAndEmptyText) {
    Codec c;
    EXPECT_EQ(c.encode({}), "");
    EXPECT_EQ(c.decode(""), Numbers{});
    EXPECT_EQ(c.decode("*"), Numbers{});  // a character outside the alphabet
}

TEST(SqidsEncoding, NegativeRefusedWithValueAndIndex) {
    Codec c;
    idgen_sqids_fault f;
    c.encode({5, -1}, &f);
    EXPECT_EQ(f.status, IDGEN_SQIDS_NEGATIVE);
    EXPECT_EQ(f.value, -1);
    EXPECT_EQ(f.at, 1);
    c.encode({INT64_MIN}, &f);
    EXPECT_EQ(f.status, IDGEN_SQIDS_NEGATIVE);
    EXPECT_EQ(f.value, INT64_MIN);
    c.encode({0}, &f);
    EXPECT_EQ(f.status, IDGEN_SQIDS_OK);
}

// Past JavaScript's safe integers (the reference stops there): every bigint.
TEST(SqidsEncoding, FullBigintRange) {
    for (const auto& alphabet : {kDefaultAlphabet, std::string("abc"), std::string("0123456789abcdef")}) {
        Codec c(alphabet);
        for (Numbers numbers : {Numbers{INT64_MAX}, Numbers{kMaxSafe + 1}, Numbers{INT64_MAX, 0, INT64_MAX},
                                Numbers{INT64_MAX - 1}, Numbers{int64_t{1} << 62}}) {
            std::string id = c.encode(numbers);
            EXPECT_LE(id.size(), idgen_sqids_encoded_max(&c.setup(), numbers.size()));
            EXPECT_EQ(c.decode(id), numbers) << alphabet << " " << id;
        }
    }
    // base 2 (alphabet "abc"): 63 digits for 2^63 - 1, the bound
    Codec abc("abc");
    EXPECT_EQ(abc.encode({INT64_MAX}).size(), 64u);
}

TEST(SqidsEncoding, PastInt64DecodesToNothing) {
    Codec c("abc", 0, {});
    // every text of a prefix and 64 digits is past 2^63 - 1 in base 2
    int overflowed = 0;
    for (char prefix : std::string("abc"))
        for (char digit : std::string("abc")) {
            std::string id = std::string(1, prefix) + std::string(64, digit);
            bool overflow = false;
            Numbers raw = c.decode_raw(id, &overflow);
            overflowed += overflow;
            EXPECT_EQ(c.decode(id), Numbers{}) << id;
        }
    EXPECT_GT(overflowed, 0);
}

// ---- alphabet.test.ts

TEST(SqidsAlphabet, Simple) { expect_pairs(Codec("0123456789abcdef"), {{"489158", {1, 2, 3}}}); }

TEST(SqidsAlphabet, ShortAndLong) {
    for (const std::string alphabet :
         {"abc", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-_+|{}[];:'\"/?.>,<`~"}) {
        Codec c(alphabet);
        EXPECT_EQ(c.decode(c.encode({1, 2, 3})), (Numbers{1, 2, 3})) << alphabet;
    }
}

TEST(SqidsAlphabet, RepeatedCharacters) {
    idgen_sqids_fault f = Codec("aabcdefg").fault();
    EXPECT_EQ(f.status, IDGEN_SQIDS_ALPHABET_REPEAT);
    EXPECT_EQ(f.value, 1);
    EXPECT_EQ(f.at, 0);
    f = Codec("abcdefgc").fault();
    EXPECT_EQ(f.status, IDGEN_SQIDS_ALPHABET_REPEAT);
    EXPECT_EQ(f.value, 7);
    EXPECT_EQ(f.at, 2);
}

TEST(SqidsAlphabet, LengthAtTheEdges) {
    idgen_sqids_fault f = Codec("ab").fault();
    EXPECT_EQ(f.status, IDGEN_SQIDS_ALPHABET_LENGTH);
    EXPECT_EQ(f.value, 2);
    EXPECT_EQ(Codec("").fault().status, IDGEN_SQIDS_ALPHABET_LENGTH);
    EXPECT_EQ(Codec("abc").fault().status, IDGEN_SQIDS_OK);
    // every byte but NUL: 255, the most
    std::string all;
    for (int b = 1; b < 256; ++b) all += static_cast<char>(b);
    Codec widest(all, 0, {});
    EXPECT_EQ(widest.fault().status, IDGEN_SQIDS_OK);
    EXPECT_EQ(widest.decode(widest.encode({INT64_MAX, 7})), (Numbers{INT64_MAX, 7}));
}

// ---- minlength.test.ts

TEST(SqidsMinLength, Simple) {
    expect_pairs(Codec(kDefaultAlphabet, 62),
                 {{"86Rf07xd4zBmiJXQG6otHEbew02c3PWsUOLZxADhCpKj7aVFv9I8RquYrNlSTM", {1, 2, 3}}});
}

TEST(SqidsMinLength, Incremental) {
    const std::vector<std::pair<int, std::string>> map{
        {6, "86Rf07"},
        {7, "86Rf07x"},
        {8, "86Rf07xd"},
        {9, "86Rf07xd4"},
        {10, "86Rf07xd4z"},
        {11, "86Rf07xd4zB"},
        {12, "86Rf07xd4zBm"},
        {13, "86Rf07xd4zBmi"},
        {62, "86Rf07xd4zBmiJXQG6otHEbew02c3PWsUOLZxADhCpKj7aVFv9I8RquYrNlSTM"},
        {63, "86Rf07xd4zBmiJXQG6otHEbew02c3PWsUOLZxADhCpKj7aVFv9I8RquYrNlSTMy"},
        {64, "86Rf07xd4zBmiJXQG6otHEbew02c3PWsUOLZxADhCpKj7aVFv9I8RquYrNlSTMyf"},
        {65, "86Rf07xd4zBmiJXQG6otHEbew02c3PWsUOLZxADhCpKj7aVFv9I8RquYrNlSTMyf1"},
    };
    for (const auto& [min_length, id] : map) {
        Codec c(kDefaultAlphabet, min_length);
        EXPECT_EQ(c.encode({1, 2, 3}), id);
        EXPECT_EQ(c.encode({1, 2, 3}).size(), static_cast<size_t>(min_length));
        EXPECT_EQ(c.decode(id), (Numbers{1, 2, 3}));
    }
}

// Padding longer than the alphabet: taken an alphabet's length at a time
// (the reference's output for these options).
TEST(SqidsMinLength, PaddingPastTheAlphabet) {
    expect_pairs(Codec(kDefaultAlphabet, 255), {{"86Rf07xd4zBmiJXQG6otHEbew02c3PWsUOLZxADhCpKj7aVFv9I8RquYrNlSTMyf15kngGjqB9KxuSsQ1tvrCU6LOgdeEoXAInmPHfaJVkWYi2FzyNR7MpDZ4l83wh0Tb5cGgOrESNkXR8I6Uxeqn2pidKJLtZyDQPwWubBAVT5zfo01Mh3sHCY79j4lFvmacL6NH5VZTd3BkWPRO7EnK8IxrQwUoMq2SACJipDu10s4jaYGehFXytgbfzml9vc",
                                                 {1, 2, 3}}});
    expect_pairs(Codec("abcdefghij", 130), {{"jehgaebcidfhjjgfdihbecabhjeadfcgieaifcdgbhjijdgaefbhcahbeigfdjcfjbahgedcidaegcbhfjibjhdfgciaeehdcgfjbiaihbefjgdcabheacgfjdifecdjia", {7}}});
}

TEST(SqidsMinLength, IncrementalNumbers) {
    expect_pairs(Codec(kDefaultAlphabet, 62),
                 {{"SvIzsqYMyQwI3GWgJAe17URxX8V924Co0DaTZLtFjHriEn5bPhcSkfmvOslpBu", {0, 0}},
                  {"n3qafPOLKdfHpuNw3M61r95svbeJGk7aAEgYn4WlSjXURmF8IDqZBy0CT2VxQc", {0, 1}},
                  {"tryFJbWcFMiYPg8sASm51uIV93GXTnvRzyfLleh06CpodJD42B7OraKtkQNxUZ", {0, 2}},
                  {"eg6ql0A3XmvPoCzMlB6DraNGcWSIy5VR8iYup2Qk4tjZFKe1hbwfgHdUTsnLqE", {0, 3}},
                  {"rSCFlp0rB2inEljaRdxKt7FkIbODSf8wYgTsZM1HL9JzN35cyoqueUvVWCm4hX", {0, 4}},
                  {"sR8xjC8WQkOwo74PnglH1YFdTI0eaf56RGVSitzbjuZ3shNUXBrqLxEJyAmKv2", {0, 5}},
                  {"uY2MYFqCLpgx5XQcjdtZK286AwWV7IBGEfuS9yTmbJvkzoUPeYRHr4iDs3naN0", {0, 6}},
                  {"74dID7X28VLQhBlnGmjZrec5wTA1fqpWtK4YkaoEIM9SRNiC3gUJH0OFvsPDdy", {0, 7}},
                  {"30WXpesPhgKiEI5RHTY7xbB1GnytJvXOl2p0AcUjdF6waZDo9Qk8VLzMuWrqCS", {0, 8}},
                  {"moxr3HqLAK0GsTND6jowfZz3SUx7cQ8aC54Pl1RbIvFXmEJuBMYVeW9yrdOtin", {0, 9}}});
}

TEST(SqidsMinLength, MinLengths) {
    for (int min_length : {0, 1, 5, 10, 62, 255}) {
        Codec c(kDefaultAlphabet, min_length);
        for (const Numbers& numbers : {Numbers{0}, Numbers{0, 0, 0, 0, 0}, Numbers{1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
                                       Numbers{100, 200, 300}, Numbers{1000, 2000, 3000}, Numbers{1000000},
                                       Numbers{kMaxSafe}, Numbers{INT64_MAX}}) {
            std::string id = c.encode(numbers);
            EXPECT_GE(id.size(), static_cast<size_t>(min_length));
            EXPECT_EQ(c.decode(id), numbers) << id;
        }
    }
}

TEST(SqidsMinLength, RangeAtTheEdges) {
    idgen_sqids_fault f = Codec(kDefaultAlphabet, -1).fault();
    EXPECT_EQ(f.status, IDGEN_SQIDS_MIN_LENGTH_RANGE);
    EXPECT_EQ(f.value, -1);
    f = Codec(kDefaultAlphabet, 256).fault();
    EXPECT_EQ(f.status, IDGEN_SQIDS_MIN_LENGTH_RANGE);
    EXPECT_EQ(f.value, 256);
    EXPECT_EQ(Codec(kDefaultAlphabet, 0).fault().status, IDGEN_SQIDS_OK);
    EXPECT_EQ(Codec(kDefaultAlphabet, 255).fault().status, IDGEN_SQIDS_OK);
    EXPECT_EQ(Codec(kDefaultAlphabet, 255).encode({1}).size(), 255u);
}

// ---- blocklist.test.ts

TEST(SqidsBlocklist, DefaultBlocklist) {
    EXPECT_EQ(default_words().size(), 560u);
    Codec c;
    EXPECT_EQ(c.decode_raw("aho1e"), Numbers{4572721});
    EXPECT_EQ(c.encode({4572721}), "JExTR");
    EXPECT_EQ(c.decode("JExTR"), Numbers{4572721});
    // the blocked text is not what the encoder gives: not canonical
    EXPECT_EQ(c.decode("aho1e"), Numbers{});
}

// the words are the generated text's, split at its spaces: none empty, none run together
TEST(SqidsBlocklist, DefaultWordsAreTheGeneratedText) {
    std::string joined;
    for (const auto& w : default_words()) joined += (joined.empty() ? "" : " ") + w;
    EXPECT_EQ(joined, idgen::kSqidsDefaultBlocklistWords);
    EXPECT_EQ(default_words().front(), "0rgasm");
    EXPECT_EQ(default_words().back(), "zoccola");
}

TEST(SqidsBlocklist, EmptyBlocklist) {
    Codec c(kDefaultAlphabet, 0, {});
    expect_pairs(c, {{"aho1e", {4572721}}});
}

TEST(SqidsBlocklist, OnlyTheGivenWords) {
    Codec c(kDefaultAlphabet, 0, {"ArUO"});  // originally encoded [100000]
    expect_pairs(c, {{"aho1e", {4572721}}, {"QyG4", {100000}}});
    EXPECT_EQ(c.decode_raw("ArUO"), Numbers{100000});
    EXPECT_EQ(c.decode("ArUO"), Numbers{});
}

TEST(SqidsBlocklist, Blocklist) {
    Codec c(kDefaultAlphabet, 0, {"JSwXFaosAN", "OCjV9JK64o", "rBHf", "79SM", "7tE6"});
    expect_pairs(c, {{"1aYeB7bRUt", {1000000, 2000000}}});
}

TEST(SqidsBlocklist, DecodingBlocklistWordsStillWorks) {
    Codec c(kDefaultAlphabet, 0, {"86Rf07", "se8ojk", "ARsz1p", "Q8AI49", "5sQRZO"});
    for (const char* id : {"86Rf07", "se8ojk", "ARsz1p", "Q8AI49", "5sQRZO"}) {
        EXPECT_EQ(c.decode_raw(id), (Numbers{1, 2, 3})) << id;
        EXPECT_EQ(c.decode(id), Numbers{}) << id << ": blocked, so not canonical";
    }
    std::string id = c.encode({1, 2, 3});
    EXPECT_EQ(c.decode(id), (Numbers{1, 2, 3})) << id;
}

TEST(SqidsBlocklist, ShortWord) {
    Codec c(kDefaultAlphabet, 0, {"pnd"});
    EXPECT_EQ(c.decode(c.encode({1000})), Numbers{1000});
}

TEST(SqidsBlocklist, FilteredByTheAlphabet) {
    // a lower-case word in an upper-case alphabet: compared case-blind
    Codec c("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 0, {"sxnzkl"});
    expect_pairs(c, {{"IBSHOZ", {1, 2, 3}}});  // "SXNZKL" without the blocklist
    expect_pairs(Codec("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 0, {}), {{"SXNZKL", {1, 2, 3}}});
}

TEST(SqidsBlocklist, MaxEncodingAttempts) {
    Codec c("abc", 3, {"cab", "abc", "bca"});
    idgen_sqids_fault f;
    c.encode({0}, &f);
    EXPECT_EQ(f.status, IDGEN_SQIDS_ALL_BLOCKED);
    EXPECT_EQ(f.value, 4);
    // nothing is canonical then
    EXPECT_EQ(c.decode("cab"), Numbers{});
}

// The rule's three cases, word by word, at their edges.
TEST(SqidsBlocklist, Rule) {
    Codec c(kDefaultAlphabet, 0, {"abcd", "ab1d", "xyz"});
    const idgen_sqids& s = c.setup();
    auto blocked = [&](const char* id) { return idgen::sqids_blocked(s, id, std::char_traits<char>::length(id)); };
    EXPECT_TRUE(blocked("zzABCDzz"));   // no digit: anywhere, any case
    EXPECT_FALSE(blocked("zzABCzz"));
    EXPECT_TRUE(blocked("ab1dzzzz"));   // a digit: at the start
    EXPECT_TRUE(blocked("zzzzab1d"));   // or the end
    EXPECT_FALSE(blocked("zzab1dzz"));  // not inside
    EXPECT_TRUE(blocked("xyz"));        // 3 characters: the whole ID only
    EXPECT_FALSE(blocked("xyzz"));
    EXPECT_FALSE(blocked("zxyz"));
    EXPECT_FALSE(blocked("abc"));       // a word longer than the ID
    EXPECT_FALSE(blocked(""));
}

// Words shorter than 3 characters are dropped: "bM" (the text of 0) stays.
TEST(SqidsBlocklist, ShortWordsDropped) {
    EXPECT_EQ(Codec(kDefaultAlphabet, 0, {"bm", "b"}).encode({0}), "bM");
    EXPECT_EQ(Codec(kDefaultAlphabet, 0, {"bm"}).setup().first[256], 0u);
    EXPECT_EQ(Codec(kDefaultAlphabet, 0, {"bma"}).setup().first[256], 1u);
    // and words with a character outside the alphabet
    EXPECT_EQ(Codec("abcdef", 0, {"abg", "ABC"}).setup().first[256], 1u);
}

// ---- canonical text only

TEST(SqidsCanonical, PaddingAndTrailingText) {
    Codec c(kDefaultAlphabet, 10);
    ASSERT_EQ(c.encode({1, 2, 3}), "86Rf07xd4z");
    EXPECT_EQ(c.decode("86Rf07xd4z"), (Numbers{1, 2, 3}));
    EXPECT_EQ(c.decode_raw("86Rf07xd4a"), (Numbers{1, 2, 3}));  // the specification reads past padding
    EXPECT_EQ(c.decode("86Rf07xd4a"), Numbers{});               // another padding character
    EXPECT_EQ(c.decode("86Rf07xd4zB"), Numbers{});              // one more
    EXPECT_EQ(c.decode("86Rf07"), Numbers{});                   // shorter than min_length
    Codec plain;
    EXPECT_EQ(plain.decode("86Rf07"), (Numbers{1, 2, 3}));
    EXPECT_EQ(plain.decode("86Rf07x"), Numbers{});
}

TEST(SqidsCanonical, RepeatedCharacter) {
    Codec c;
    EXPECT_EQ(c.decode_raw("fff"), Numbers{3720});  // as the reference reads it
    EXPECT_EQ(c.encode({3720}), "bbb");
    EXPECT_EQ(c.decode("fff"), Numbers{});
    EXPECT_EQ(c.decode("bbb"), Numbers{3720});
}

TEST(SqidsCanonical, EveryTextOfTwoCharacters) {
    // each number below 61 has one canonical text of 2 characters
    Codec c;
    int canonical = 0;
    for (char a : kDefaultAlphabet)
        for (char b : kDefaultAlphabet) {
            std::string id{a, b};
            Numbers numbers = c.decode(id);
            if (numbers.empty()) continue;
            ++canonical;
            EXPECT_EQ(c.encode(numbers), id);
        }
    EXPECT_EQ(canonical, 61);
}

}  // namespace
