// nanoid.cpp: nanoid's symbols from the per-process random pool.
#include "nanoid.h"

#include <string.h>

#include "random_pool.h"

namespace {

constexpr size_t kChunk = 64;  // the random pool's largest draw

}  // namespace

extern "C" idgen_fault idgen_nanoid_check_size(int64_t size) {
    if (size < IDGEN_NANOID_MIN_SIZE || size > IDGEN_NANOID_MAX_SIZE)
        return {IDGEN_SIZE_OUT_OF_RANGE, size, IDGEN_NANOID_MIN_SIZE, IDGEN_NANOID_MAX_SIZE};
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_nanoid_check_alphabet(const char* text, const size_t* bounds, size_t symbols) {
    if (symbols < IDGEN_NANOID_MIN_SYMBOLS || symbols > IDGEN_NANOID_MAX_SYMBOLS)
        return {IDGEN_ALPHABET_SIZE, static_cast<int64_t>(symbols), IDGEN_NANOID_MIN_SYMBOLS,
                IDGEN_NANOID_MAX_SYMBOLS};
    // at most 256 * 255 / 2 short comparisons; the shim checks an alphabet
    // once per query, not once per ID
    for (size_t i = 1; i < symbols; ++i) {
        const size_t len = bounds[i + 1] - bounds[i];
        for (size_t j = 0; j < i; ++j)
            if (bounds[j + 1] - bounds[j] == len && memcmp(text + bounds[i], text + bounds[j], len) == 0)
                return {IDGEN_ALPHABET_REPEAT, static_cast<int64_t>(i), static_cast<int64_t>(j), 0};
    }
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_nanoid_indices(int size, int alphabet_len, uint8_t* out) {
    // the largest multiple of alphabet_len that fits a byte's 256 values
    const unsigned cutoff = 256 - 256 % static_cast<unsigned>(alphabet_len);
    uint8_t bytes[kChunk];
    int filled = 0;
    while (filled < size) {
        if (idgen_fault f = idgen_random_bytes(bytes, kChunk); f.code != IDGEN_OK) return f;
        for (size_t i = 0; i < kChunk && filled < size; ++i)
            if (bytes[i] < cutoff) out[filled++] = static_cast<uint8_t>(bytes[i] % alphabet_len);
    }
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_nanoid_default(int size, char* out) {
    static constexpr char kAlphabet[] = IDGEN_NANOID_ALPHABET;
    static_assert(sizeof kAlphabet - 1 == 64, "64 symbols: a byte's low 6 bits pick one");
    uint8_t bytes[kChunk];
    for (int done = 0; done < size;) {
        const size_t n = size - done < static_cast<int>(kChunk) ? static_cast<size_t>(size - done) : kChunk;
        if (idgen_fault f = idgen_random_bytes(bytes, n); f.code != IDGEN_OK) return f;
        for (size_t i = 0; i < n; ++i) out[done++] = kAlphabet[bytes[i] & 63];
    }
    return {IDGEN_OK, 0, 0, 0};
}
