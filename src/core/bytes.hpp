// bytes.hpp: big-endian fields in byte arrays, and hex digits. Every ID
// family stores its fields most significant byte first (so the bytes sort
// like the values); this is the one place that packs and reads them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace idgen {

using u128 = unsigned __int128;

// The low n bytes of v at out, most significant first.
template <class T>
constexpr void put_be(uint8_t* out, size_t n, T v) {
    for (size_t i = n; i-- > 0;) {
        out[i] = static_cast<uint8_t>(v);
        v = static_cast<T>(v >> 8);
    }
}

// n bytes at in, most significant first.
template <class T = uint64_t>
constexpr T get_be(const uint8_t* in, size_t n) {
    T v = 0;
    for (size_t i = 0; i < n; ++i) v = static_cast<T>((v << 8) | in[i]);
    return v;
}

inline constexpr char kHexDigits[] = "0123456789abcdef";

// A hex digit's value, either case; -1 for any other character.
constexpr int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

constexpr bool is_hex(unsigned char c) { return hex_value(c) >= 0; }

// The byte two hex digits at text spell (both checked with hex_value).
constexpr uint8_t hex_byte(const char* text) {
    return static_cast<uint8_t>(hex_value(static_cast<unsigned char>(text[0])) << 4 |
                                hex_value(static_cast<unsigned char>(text[1])));
}

}  // namespace idgen
