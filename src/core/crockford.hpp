// crockford.hpp: Crockford's base32 for 128-bit values in 26 characters
// (130 bits: the first character carries only 3).
#pragma once

#include <cstddef>
#include <cstdint>

#include "bytes.hpp"
#include "fault.h"

namespace idgen {

inline constexpr char kCrockfordAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

inline void crockford_encode(u128 value, char out[26]) {
    for (int i = 25; i >= 0; --i) {
        out[i] = kCrockfordAlphabet[static_cast<unsigned>(value & 31)];
        value >>= 5;
    }
}

// Decoding table: 0..31 for the alphabet in either case, -1 otherwise (the
// spec's alphabet leaves out I, L, O and U).
struct CrockfordTable {
    int8_t value[256];
    constexpr CrockfordTable() : value{} {
        for (int c = 0; c < 256; ++c) value[c] = -1;
        for (int v = 0; v < 32; ++v) {
            const char c = kCrockfordAlphabet[v];
            value[static_cast<unsigned char>(c)] = static_cast<int8_t>(v);
            if (c >= 'A' && c <= 'Z') value[static_cast<unsigned char>(c - 'A' + 'a')] = static_cast<int8_t>(v);
        }
    }
};
inline constexpr CrockfordTable kCrockfordTable{};

// Reports the first character outside the alphabet before a wrong length, so
// that text with multibyte characters is named by its bad character.
inline idgen_fault crockford_decode(const char* text, size_t len, u128* value) {
    u128 v = 0;
    for (size_t i = 0; i < len; ++i) {
        const int8_t digit = kCrockfordTable.value[static_cast<unsigned char>(text[i])];
        if (digit < 0) return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(i), 0, 25};
        v = (v << 5) | static_cast<unsigned>(digit);
    }
    if (len != 26) return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), 26, 26};
    // 26 characters hold 130 bits: a first character above 7 needs more than 128.
    if (kCrockfordTable.value[static_cast<unsigned char>(text[0])] > 7)
        return {IDGEN_TEXT_OVERFLOW, 0, 0, 0};
    *value = v;
    return {IDGEN_OK, 0, 0, 0};
}

}  // namespace idgen
