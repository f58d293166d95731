// ulid_monotonic.cpp: the monotonic ULID on the wall clock, with AES-128 as
// the keyed function of the millisecond.
#include <string.h>

#include <openssl/evp.h>

#include "ulid.h"
#include "ulid_monotonic.hpp"
#include "wall_clock.h"

using namespace idgen;

namespace {

// One AES context per process, set up on first use (after the fork), and the
// last millisecond's R: a backend computes R once per millisecond it sees.
struct AesPrf {
    EVP_CIPHER_CTX* ctx = nullptr;
    uint8_t key[16];
    int64_t cached_ms = -1;
    u128 cached_r = 0;

    bool set_key(const uint8_t new_key[16]) {
        if (ctx != nullptr && memcmp(key, new_key, 16) == 0) return true;
        if (ctx == nullptr && (ctx = EVP_CIPHER_CTX_new()) == nullptr) return false;
        if (EVP_EncryptInit_ex(ctx, EVP_aes_128_ecb(), nullptr, new_key, nullptr) != 1) return false;
        EVP_CIPHER_CTX_set_padding(ctx, 0);
        memcpy(key, new_key, 16);
        cached_ms = -1;
        return true;
    }

    // AES is a permutation: one block per millisecond, its first 80 bits.
    u128 operator()(int64_t ms) {
        if (ms == cached_ms) return cached_r;
        uint8_t in[16] = {0}, out[32];
        put_be(in + 8, 8, static_cast<uint64_t>(ms));
        int len = 0;
        EVP_EncryptUpdate(ctx, out, &len, in, 16);
        const u128 r = get_be<u128>(out, 10);
        cached_ms = ms;
        cached_r = r;
        return r;
    }
};

AesPrf aes_prf;

}  // namespace

extern "C" uint64_t idgen_ulid_mark_used_up(int64_t unix_ms) {
    if (unix_ms > IDGEN_ULID_MAX_MS) unix_ms = IDGEN_ULID_MAX_MS;
    return kUlidSequencer.word(unix_ms, kUlidSequencer.seq_mask());
}

extern "C" int64_t idgen_ulid_word_unix_ms(uint64_t word) {
    return kUlidSequencer.ms_of(word);
}

extern "C" idgen_fault idgen_ulid_monotonic_next(idgen_generator* gen, const uint8_t key[16],
                                                 const idgen_clock_bounds* bounds,
                                                 idgen_ulid* ulid) {
    if (!aes_prf.set_key(key)) return {IDGEN_RANDOM_UNAVAILABLE, 0, 0, 0};
    return ulid_monotonic_next(*gen, *bounds, [] { return idgen_wall_clock_ms(); },
                               aes_prf, ulid);
}
