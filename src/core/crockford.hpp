// crockford.hpp: Crockford's base32 for 128-bit values in 26 characters
// (130 bits: the first character carries only 3). ULID writes it in upper
// case and reads either; TypeID's suffix is the same codec in lower case only
// (the family table's lower_case_only).
#pragma once

#include <cstddef>
#include <cstdint>

#include "bytes.hpp"
#include "fault.h"

namespace idgen {

inline constexpr char kCrockfordAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
inline constexpr char kCrockfordLowerAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";

inline void crockford_encode(u128 value, char out[26], const char* alphabet = kCrockfordAlphabet) {
    for (int i = 25; i >= 0; --i) {
        out[i] = alphabet[static_cast<unsigned>(value & 31)];
        value >>= 5;
    }
}

// Decoding table: 0..31 for the alphabet (in either case, or in lower case
// only), -1 otherwise (the spec's alphabet leaves out I, L, O and U).
struct CrockfordTable {
    int8_t value[256];
    constexpr explicit CrockfordTable(bool lower_only) : value{} {
        for (int c = 0; c < 256; ++c) value[c] = -1;
        for (int v = 0; v < 32; ++v) {
            const char c = kCrockfordAlphabet[v];
            if (!lower_only || !(c >= 'A' && c <= 'Z')) value[static_cast<unsigned char>(c)] = static_cast<int8_t>(v);
            if (c >= 'A' && c <= 'Z') value[static_cast<unsigned char>(c - 'A' + 'a')] = static_cast<int8_t>(v);
        }
    }
};
inline constexpr CrockfordTable kCrockfordTable{false};
inline constexpr CrockfordTable kCrockfordLowerTable{true};

// Reports the first character outside the alphabet before a wrong length, so
// that text with multibyte characters is named by its bad character.
inline idgen_fault crockford_decode(const char* text, size_t len, u128* value,
                                    const CrockfordTable& table = kCrockfordTable) {
    u128 v = 0;
    for (size_t i = 0; i < len; ++i) {
        const int8_t digit = table.value[static_cast<unsigned char>(text[i])];
        if (digit < 0) return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(i), 0, 25};
        v = (v << 5) | static_cast<unsigned>(digit);
    }
    if (len != 26) return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), 26, 26};
    // 26 characters hold 130 bits: a first character above 7 needs more than 128.
    if (table.value[static_cast<unsigned char>(text[0])] > 7)
        return {IDGEN_TEXT_OVERFLOW, 0, 0, 0};
    *value = v;
    return {IDGEN_OK, 0, 0, 0};
}

}  // namespace idgen
