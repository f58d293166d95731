// cuid2.hpp: the pieces of cuid2 that the tests check against the
// reference's own outputs. No heap: fixed buffers (the core never throws,
// and an allocation failure would abort the backend).
#pragma once

#include <cstddef>
#include <cstdint>

#include "cuid2.h"

namespace idgen {

// Text built in a fixed buffer; appends past its capacity are dropped
// (every input here is far shorter).
struct Cuid2Text {
    static constexpr size_t kCapacity = 384;
    char chars[kCapacity];
    size_t len = 0;
    void append(const char* s, size_t n) {
        for (size_t i = 0; i < n && len < kCapacity; ++i) chars[len++] = s[i];
    }
    void append(char c) { append(&c, 1); }
};

// The reference's hash(input): SHA3-512 of input as a big-endian number, in
// base36 (lower case, no leading zeros), without its first digit (which is
// biased). Returns its length (99 at most), 0 if OpenSSL has no SHA3-512;
// out holds 100 characters.
size_t cuid2_hash(const char* input, size_t len, char* out);

// JavaScript's Number.prototype.toString(36) of v, appended to out.
void append_base36(uint64_t v, Cuid2Text& out);

}  // namespace idgen
