// sqids.cpp: Sqids by its specification (sqids-spec's src/index.ts): the
// alphabet shuffled once, a rotating prefix and separators, base (n - 1)
// digits, padding to a minimum length, and a new attempt whenever the
// text holds a blocklist word.
#include "sqids.hpp"

#include <cstring>

#include "sqids_blocklist.hpp"

namespace idgen {

namespace {

constexpr unsigned char lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }

// Text written into a buffer of fixed capacity; past it, only counted
// (the decoder's canonical check then knows the text is longer than the ID).
struct Text {
    char* chars;
    size_t capacity;
    size_t len = 0;
    void append(const unsigned char* s, size_t n) {
        for (size_t i = 0; i < n; ++i, ++len)
            if (len < capacity) chars[len] = static_cast<char>(s[i]);
    }
    bool fits() const { return len <= capacity; }
};

// The alphabet rotated to start at offset, then reversed: the encoder's and
// the decoder's working alphabet for a prefix.
void rotated_reversed(const idgen_sqids& s, int offset, unsigned char* out) {
    for (int k = 0; k < s.len; ++k) out[s.len - 1 - k] = s.alphabet[(offset + k) % s.len];
}

// toId: num in base (n - 1) over digits, most significant first.
void append_digits(uint64_t num, const unsigned char* digits, int base, Text& out) {
    unsigned char buf[64];
    int at = 64;
    do {
        buf[--at] = digits[num % base];
        num /= base;
    } while (num > 0);
    out.append(buf + at, 64 - at);
}

// One attempt of encodeNumbers(numbers, increment), without the blocklist.
void encode_attempt(const idgen_sqids& s, const int64_t* numbers, size_t count, int increment, Text& out) {
    const int n = s.len;
    // reduce((a, v, i) => alphabet[v % n] + i + a, count) % n, taken mod n as it goes
    uint64_t offset = count % n;
    for (size_t i = 0; i < count; ++i)
        offset = (offset + s.alphabet[static_cast<uint64_t>(numbers[i]) % n] + i % n) % n;
    offset = (offset + increment) % n;

    unsigned char work[IDGEN_SQIDS_MAX_ALPHABET];
    out.append(&s.alphabet[offset], 1);  // the prefix
    rotated_reversed(s, static_cast<int>(offset), work);
    for (size_t i = 0; i < count; ++i) {
        append_digits(static_cast<uint64_t>(numbers[i]), work + 1, n - 1, out);
        if (i + 1 < count) {
            out.append(work, 1);  // the separator
            sqids_shuffle(work, n);
        }
    }
    if (static_cast<size_t>(s.min_length) > out.len) {
        out.append(work, 1);
        while (static_cast<size_t>(s.min_length) > out.len) {
            sqids_shuffle(work, n);
            size_t missing = s.min_length - out.len;
            out.append(work, missing < static_cast<size_t>(n) ? missing : n);
        }
    }
}

// w at `at` of raw, compared in lower case
bool word_at(const idgen_sqids_word& w, const unsigned char* raw, size_t at) {
    for (uint32_t i = 0; i < w.len; ++i)
        if (static_cast<unsigned char>(w.text[i]) != lower(raw[at + i])) return false;
    return true;
}

}  // namespace

void sqids_shuffle(unsigned char* chars, int n) {
    for (int i = 0, j = n - 1; j > 0; ++i, --j) {
        int r = (i * j + chars[i] + chars[j]) % n;
        unsigned char t = chars[i];
        chars[i] = chars[r];
        chars[r] = t;
    }
}

bool sqids_blocked(const idgen_sqids& s, const char* id, size_t len) {
    const unsigned char* raw = reinterpret_cast<const unsigned char*>(id);
    // each word is tried where its first byte occurs, and only where its rule looks
    for (size_t at = 0; at < len; ++at) {
        unsigned char c = lower(raw[at]);
        for (uint32_t k = s.first[c]; k < s.first[c + 1]; ++k) {
            const idgen_sqids_word& w = s.words[k];
            if (at + w.len > len) continue;
            bool placed = len <= 3 || w.len <= 3 ? at == 0 && w.len == len  // the whole ID
                          : w.has_digit          ? at == 0 || at + w.len == len  // either end
                                                 : true;                         // anywhere
            if (placed && word_at(w, raw, at)) return true;
        }
    }
    return false;
}

size_t sqids_decode_raw(const idgen_sqids& s, const char* id, size_t len, int64_t* numbers, bool* overflow) {
    const unsigned char* raw = reinterpret_cast<const unsigned char*>(id);
    *overflow = false;
    if (len == 0) return 0;
    for (size_t i = 0; i < len; ++i)
        if (s.index[raw[i]] < 0) return 0;

    const int n = s.len;
    unsigned char work[IDGEN_SQIDS_MAX_ALPHABET];
    rotated_reversed(s, s.index[raw[0]], work);
    size_t count = 0;
    size_t at = 1;
    while (at < len) {
        const unsigned char separator = work[0];
        size_t end = at;
        while (end < len && raw[end] != separator) ++end;
        if (end == at) return count;  // an empty chunk: the padding, or no number
        uint64_t num = 0;
        for (size_t i = at; i < end; ++i) {
            uint64_t digit = 0;
            while (work[1 + digit] != raw[i]) ++digit;  // found: only the separator is missing
            if (num > (static_cast<uint64_t>(INT64_MAX) - digit) / (n - 1)) {
                *overflow = true;
                return 0;
            }
            num = num * (n - 1) + digit;
        }
        numbers[count++] = static_cast<int64_t>(num);
        if (end < len) sqids_shuffle(work, n);
        at = end < len ? end + 1 : len;
    }
    return count;
}

}  // namespace idgen

namespace {

using idgen::kSqidsDefaultBlocklistWords;

constexpr bool starts_word(size_t at) {
    return kSqidsDefaultBlocklistWords[at] != ' ' && kSqidsDefaultBlocklistWords[at] != '\0' &&
           (at == 0 || kSqidsDefaultBlocklistWords[at - 1] == ' ');
}

constexpr size_t default_word_count() {
    size_t count = 0;
    for (size_t at = 0; at < sizeof kSqidsDefaultBlocklistWords; ++at) count += starts_word(at);
    return count;
}

// The generated words as C strings, split at compile time: each space
// becomes the end of a word.
struct DefaultBlocklist {
    char text[sizeof kSqidsDefaultBlocklistWords];
    const char* words[default_word_count()];

    constexpr DefaultBlocklist() : text{}, words{} {
        size_t count = 0;
        for (size_t at = 0; at < sizeof text; ++at) {
            text[at] = kSqidsDefaultBlocklistWords[at] == ' ' ? '\0' : kSqidsDefaultBlocklistWords[at];
            if (starts_word(at)) words[count++] = &text[at];
        }
    }
};

constexpr DefaultBlocklist kDefaultBlocklist;

}  // namespace

extern "C" const char* const* idgen_sqids_default_blocklist(size_t* count) {
    *count = sizeof kDefaultBlocklist.words / sizeof kDefaultBlocklist.words[0];
    return kDefaultBlocklist.words;
}

extern "C" size_t idgen_sqids_arena_size(size_t count, size_t total_len) {
    return count * sizeof(idgen_sqids_word) + total_len;
}

extern "C" idgen_sqids_fault idgen_sqids_setup(idgen_sqids* s, const char* alphabet, size_t alphabet_len,
                                               int64_t min_length, const char* const* words,
                                               const size_t* word_lens, size_t count, void* arena) {
    if (alphabet_len < IDGEN_SQIDS_MIN_ALPHABET)
        return {IDGEN_SQIDS_ALPHABET_LENGTH, static_cast<int64_t>(alphabet_len), 0};
    std::memset(s->index, -1, sizeof s->index);
    for (size_t i = 0; i < alphabet_len; ++i) {
        unsigned char c = static_cast<unsigned char>(alphabet[i]);
        if (s->index[c] >= 0) return {IDGEN_SQIDS_ALPHABET_REPEAT, static_cast<int64_t>(i), s->index[c]};
        s->index[c] = static_cast<int16_t>(i);
    }
    // distinct bytes: at most 255 of them (text has no NUL)
    if (alphabet_len > IDGEN_SQIDS_MAX_ALPHABET)
        return {IDGEN_SQIDS_ALPHABET_LENGTH, static_cast<int64_t>(alphabet_len), 0};
    if (min_length < 0 || min_length > IDGEN_SQIDS_MAX_MIN_LENGTH)
        return {IDGEN_SQIDS_MIN_LENGTH_RANGE, min_length, 0};

    s->len = static_cast<int>(alphabet_len);
    s->min_length = static_cast<int>(min_length);
    std::memcpy(s->alphabet, alphabet, alphabet_len);

    // The words kept: 3 bytes or more, each of whose bytes (lowered) is one
    // of the alphabet's (lowered); placed by first byte.
    bool in_alphabet[256] = {};
    for (size_t i = 0; i < alphabet_len; ++i) in_alphabet[idgen::lower(s->alphabet[i])] = true;
    auto kept = [&](size_t w) {
        if (word_lens[w] < 3) return false;
        for (size_t i = 0; i < word_lens[w]; ++i)
            if (!in_alphabet[idgen::lower(static_cast<unsigned char>(words[w][i]))]) return false;
        return true;
    };
    std::memset(s->first, 0, sizeof s->first);
    for (size_t w = 0; w < count; ++w)
        if (kept(w)) ++s->first[idgen::lower(static_cast<unsigned char>(words[w][0])) + 1];
    for (int b = 0; b < 256; ++b) s->first[b + 1] += s->first[b];

    idgen_sqids_word* placed = static_cast<idgen_sqids_word*>(arena);
    char* bytes = reinterpret_cast<char*>(placed + s->first[256]);
    uint32_t next[256];
    std::memcpy(next, s->first, sizeof next);
    for (size_t w = 0; w < count; ++w) {
        if (!kept(w)) continue;
        idgen_sqids_word& to = placed[next[idgen::lower(static_cast<unsigned char>(words[w][0]))]++];
        to.text = bytes;
        to.len = static_cast<uint32_t>(word_lens[w]);
        to.has_digit = false;
        for (size_t i = 0; i < word_lens[w]; ++i) {
            bytes[i] = static_cast<char>(idgen::lower(static_cast<unsigned char>(words[w][i])));
            to.has_digit |= bytes[i] >= '0' && bytes[i] <= '9';
        }
        bytes += word_lens[w];
    }
    s->words = placed;

    idgen::sqids_shuffle(s->alphabet, s->len);
    for (int i = 0; i < s->len; ++i) s->index[s->alphabet[i]] = static_cast<int16_t>(i);
    return {IDGEN_SQIDS_OK, 0, 0};
}

extern "C" size_t idgen_sqids_encoded_max(const idgen_sqids* s, size_t count) {
    // the prefix, then per number 63 digits at most (base 2) and a separator
    size_t most = 1 + count * 64;
    return most > static_cast<size_t>(s->min_length) ? most : s->min_length;
}

extern "C" idgen_sqids_fault idgen_sqids_encode(const idgen_sqids* s, const int64_t* numbers, size_t count,
                                                char* out, size_t* out_len) {
    *out_len = 0;
    if (count == 0) return {IDGEN_SQIDS_OK, 0, 0};
    for (size_t i = 0; i < count; ++i)
        if (numbers[i] < 0) return {IDGEN_SQIDS_NEGATIVE, numbers[i], static_cast<int64_t>(i)};
    for (int increment = 0; increment <= s->len; ++increment) {
        idgen::Text text{out, idgen_sqids_encoded_max(s, count)};
        idgen::encode_attempt(*s, numbers, count, increment, text);
        if (!idgen::sqids_blocked(*s, out, text.len)) {
            *out_len = text.len;
            return {IDGEN_SQIDS_OK, 0, 0};
        }
    }
    return {IDGEN_SQIDS_ALL_BLOCKED, s->len + 1, 0};
}

extern "C" size_t idgen_sqids_decode(const idgen_sqids* s, const char* id, size_t len, int64_t* numbers,
                                     char* scratch) {
    bool overflow;
    size_t count = idgen::sqids_decode_raw(*s, id, len, numbers, &overflow);
    if (count == 0) return 0;
    // canonical: the encoder, with these options, gives exactly id back
    for (int increment = 0; increment <= s->len; ++increment) {
        idgen::Text text{scratch, len};
        idgen::encode_attempt(*s, numbers, count, increment, text);
        // every attempt has the same length: one longer than id is none of them
        if (!text.fits() || text.len != len) return 0;
        if (idgen::sqids_blocked(*s, scratch, len)) continue;
        return text.len == len && std::memcmp(scratch, id, len) == 0 ? count : 0;
    }
    return 0;
}
