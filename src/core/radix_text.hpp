// radix_text.hpp: the text of a fixed-size ID written as one number in a
// positional alphabet, zero-padded to a fixed length (xid's base32hex,
// SCRU128's base36, Timeflake's base62). The family table (families.hpp)
// says which: its digits, text length, value bytes, padding bits and case
// rule; this is the one codec that reads them, so a new family of this kind
// is a row of the table.
//
// The number is the value's big-endian bytes followed by pad_bits zero bits
// (xid's 96 bits and 4 zero bits make its 20 five-bit characters): at most
// 128 bits, held in one unsigned __int128.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "bytes.hpp"
#include "families.hpp"
#include "fault.h"
#include "text_check.hpp"

namespace idgen {

template <idgen_family F>
class RadixText {
    static constexpr const idgen_family_info& kInfo = family_info(F);
    static constexpr int kLen = kInfo.text_len;

    static constexpr int base() {
        int n = 0;
        while (kInfo.digits[n] != '\0') ++n;
        return n;
    }
    static constexpr int kBase = base();
    static constexpr int kBits = kInfo.value_bytes * 8 + kInfo.pad_bits;
    static_assert(kBits <= 128, "the number fits in 128 bits");

    // a character's digit value, or -1
    static constexpr std::array<int8_t, 256> make_values() {
        std::array<int8_t, 256> v{};
        for (auto& x : v) x = -1;
        for (int d = 0; d < kBase; ++d) {
            const auto c = static_cast<unsigned char>(kInfo.digits[d]);
            v[c] = static_cast<int8_t>(d);
            if (kInfo.either_case && c >= 'a' && c <= 'z') v[c - 'a' + 'A'] = static_cast<int8_t>(d);
            if (kInfo.either_case && c >= 'A' && c <= 'Z') v[c - 'A' + 'a'] = static_cast<int8_t>(d);
        }
        return v;
    }
    static constexpr std::array<int8_t, 256> kValues = make_values();

  public:
    static constexpr bool in_alphabet(unsigned char c) { return kValues[c] >= 0; }

    // out holds text_len + 1 characters; NUL-terminated.
    static void encode(const uint8_t* bytes, char* out) {
        u128 v = get_be<u128>(bytes, kInfo.value_bytes) << kInfo.pad_bits;
        for (int pos = kLen - 1; pos >= 0; --pos) {
            out[pos] = kInfo.digits[static_cast<int>(v % kBase)];
            v /= kBase;
        }
        out[kLen] = '\0';
    }

    // Strict: the alphabet (in the order of text_check.hpp), the length, a
    // number past the value's bits, padding bits set.
    static idgen_fault decode(const char* text, size_t len, uint8_t* bytes) {
        if (idgen_fault f = check_text(text, len, kLen, in_alphabet); f.code != IDGEN_OK) return f;
        u128 v = 0;
        for (int i = 0; i < kLen; ++i) {
            const int d = kValues[static_cast<unsigned char>(text[i])];
            if (__builtin_mul_overflow(v, static_cast<u128>(kBase), &v) ||
                __builtin_add_overflow(v, static_cast<u128>(d), &v))
                return {IDGEN_TEXT_OVERFLOW, 0, 0, 0};
        }
        if constexpr (kBits < 128) {
            if ((v >> kBits) != 0) return {IDGEN_TEXT_OVERFLOW, 0, 0, 0};
        }
        if constexpr (kInfo.pad_bits > 0) {
            if ((v & ((u128{1} << kInfo.pad_bits) - 1)) != 0) return {IDGEN_TEXT_PADDING, kLen - 1, 0, 0};
        }
        put_be(bytes, kInfo.value_bytes, v >> kInfo.pad_bits);
        return {IDGEN_OK, 0, 0, 0};
    }
};

}  // namespace idgen
