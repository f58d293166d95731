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

// The reference's draws are rand() = u32 / 2^32: floor(rand() * n) is then
// (u32 * n) >> 32, exactly.
constexpr uint32_t cuid2_scale(uint32_t draw, uint32_t n) {
    return static_cast<uint32_t>((uint64_t{draw} * n) >> 32);
}

// createFingerprint: hash(source + 32 random base36 digits).substring(0, 32),
// from 32 draws; false if OpenSSL has no SHA3-512.
bool cuid2_fingerprint(const char* source, size_t len, const uint32_t draws[32], char out[IDGEN_CUID2_MAX_LEN]);

// createId's body for its draws: the letter's, then `length` for the salt;
// count is the counter's value, fingerprint 32 characters. out gets length
// characters and a NUL.
idgen_fault cuid2_compose(int length, int64_t unix_ms, uint32_t letter_draw, const uint32_t* salt_draws,
                          uint64_t count, const char fingerprint[IDGEN_CUID2_MAX_LEN], char* out);

}  // namespace idgen
