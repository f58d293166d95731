// cuid2.cpp: @paralleldrive/cuid2's createId, step by step as its
// src/index.js does it (version 3.3.0):
//   firstLetter + hash(time + salt + count + fingerprint).substring(1, length)
// with time = Date.now() in base36, salt = `length` random base36 digits,
// count = a per-process counter that starts at a random value below
// 476782367, and fingerprint = hash(host entropy + 32 random base36
// digits).substring(0, 32), drawn once per process. The reference's
// fingerprint hashes the names of its JavaScript globals with random digits;
// here it hashes the host name and the process id with them: either way it
// is random per process, and uniqueness rests on the hash of the random salt.
#include "cuid2.hpp"

#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include "fork_reset.hpp"
#include "random_pool.h"
#include "wall_clock.h"

using namespace idgen;

namespace {

constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
constexpr uint32_t kInitialCountMax = 476782367;
constexpr size_t kDigestLen = 64;
// 36^6, the most base36 digits whose value fits a 32-bit limb
constexpr uint64_t kChunk = 2176782336;

// n random 32-bit draws; the random pool gives 64 bytes at a time
idgen_fault draw(uint32_t* out, size_t n) {
    for (size_t done = 0; done < n; done += 16)
        if (idgen_fault f = idgen_random_bytes(out + done, sizeof(uint32_t) * (n - done < 16 ? n - done : 16));
            f.code != IDGEN_OK)
            return f;
    return {IDGEN_OK, 0, 0, 0};
}

// createEntropy(n): n base36 digits, each floor(rand() * 36)
void append_entropy(const uint32_t* draws, size_t n, Cuid2Text& out) {
    for (size_t i = 0; i < n; ++i) out.append(kDigits[cuid2_scale(draws[i], 36)]);
}

// One SHA3-512 context per process, fetched once: OpenSSL 3 looks a
// digest up by name on every EVP_sha3_512() init otherwise. OpenSSL 1.1
// (Debian 11's, for PostgreSQL 13's package) has no fetch: its
// EVP_sha3_512() is a static table.
struct Sha3 {
    EVP_MD_CTX* ctx = nullptr;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    EVP_MD* md = nullptr;
#else
    const EVP_MD* md = nullptr;
#endif
    bool digest(const char* input, size_t len, uint8_t out[kDigestLen]) {
        if (ctx == nullptr && (ctx = EVP_MD_CTX_new()) == nullptr) return false;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
        if (md == nullptr && (md = EVP_MD_fetch(nullptr, "SHA3-512", nullptr)) == nullptr) return false;
#else
        if (md == nullptr && (md = EVP_sha3_512()) == nullptr) return false;
#endif
        unsigned int n = 0;
        return EVP_DigestInit_ex(ctx, md, nullptr) == 1 && EVP_DigestUpdate(ctx, input, len) == 1 &&
               EVP_DigestFinal_ex(ctx, out, &n) == 1 && n == kDigestLen;
    }
};
Sha3 sha3;

// The per-process state the reference keeps in its closure; drawn again
// in a forked child.
struct Session {
    DrawnHere drawn;
    uint64_t counter = 0;
    char fingerprint[IDGEN_CUID2_MAX_LEN];
};
Session session;

idgen_fault start_session() {
    uint32_t draws[33];
    if (idgen_fault f = draw(draws, 33); f.code != IDGEN_OK) return f;
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    Cuid2Text source;
    source.append(host, strlen(host));
    source.append(':');
    append_base36(static_cast<uint64_t>(getpid()), source);
    if (!cuid2_fingerprint(source.chars, source.len, draws + 1, session.fingerprint))
        return {IDGEN_HASH_UNAVAILABLE, 512, 0, 0};
    session.counter = cuid2_scale(draws[0], kInitialCountMax);
    session.drawn.mark_drawn();
    return {IDGEN_OK, 0, 0, 0};
}

}  // namespace

void idgen::append_base36(uint64_t v, Cuid2Text& out) {
    char buf[16];
    size_t at = sizeof buf;
    do {
        buf[--at] = kDigits[v % 36];
        v /= 36;
    } while (v != 0);
    out.append(buf + at, sizeof buf - at);
}

size_t idgen::cuid2_hash(const char* input, size_t len, char* out) {
    uint8_t digest[kDigestLen];
    if (!sha3.digest(input, len, digest)) return 0;
    uint32_t limbs[kDigestLen / 4];
    for (size_t i = 0; i < kDigestLen / 4; ++i)
        limbs[i] = uint32_t{digest[4 * i]} << 24 | uint32_t{digest[4 * i + 1]} << 16 |
                   uint32_t{digest[4 * i + 2]} << 8 | digest[4 * i + 3];
    // 512 bits are at most 100 base36 digits: 17 chunks of 6, least significant first
    char digits[17 * 6];
    size_t at = sizeof digits;
    // each pass divides by 36^6 (31 bits): skipping the limbs that are zero
    // by then halves the work
    size_t top = 0;  // the first limb not yet zero
    for (int chunk = 0; chunk < 17; ++chunk) {
        uint64_t remainder = 0;
        for (size_t l = top; l < kDigestLen / 4; ++l) {
            const uint64_t acc = remainder << 32 | limbs[l];
            limbs[l] = static_cast<uint32_t>(acc / kChunk);
            remainder = acc % kChunk;
        }
        while (top < kDigestLen / 4 && limbs[top] == 0) ++top;
        for (int d = 0; d < 6; ++d) {
            digits[--at] = kDigits[remainder % 36];
            remainder /= 36;
        }
    }
    size_t first = 0;
    while (first + 1 < sizeof digits && digits[first] == '0') ++first;
    const size_t n = sizeof digits - first - 1;  // .slice(1)
    memcpy(out, digits + first + 1, n);
    return n;
}

bool idgen::cuid2_fingerprint(const char* source, size_t len, const uint32_t draws[32],
                              char out[IDGEN_CUID2_MAX_LEN]) {
    Cuid2Text input;
    input.append(source, len);
    append_entropy(draws, IDGEN_CUID2_MAX_LEN, input);
    char hash[100];
    if (cuid2_hash(input.chars, input.len, hash) < IDGEN_CUID2_MAX_LEN) return false;
    memcpy(out, hash, IDGEN_CUID2_MAX_LEN);  // .substring(0, 32)
    return true;
}

idgen_fault idgen::cuid2_compose(int length, int64_t unix_ms, uint32_t letter_draw, const uint32_t* salt_draws,
                                 uint64_t count, const char fingerprint[IDGEN_CUID2_MAX_LEN], char* out) {
    Cuid2Text input;
    append_base36(static_cast<uint64_t>(unix_ms), input);
    append_entropy(salt_draws, static_cast<size_t>(length), input);
    append_base36(count, input);
    input.append(fingerprint, IDGEN_CUID2_MAX_LEN);
    char hash[100];
    if (cuid2_hash(input.chars, input.len, hash) < static_cast<size_t>(length))
        return {IDGEN_HASH_UNAVAILABLE, 512, 0, 0};
    out[0] = static_cast<char>('a' + cuid2_scale(letter_draw, 26));
    memcpy(out + 1, hash + 1, static_cast<size_t>(length) - 1);  // .substring(1, length)
    out[length] = '\0';
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_cuid2_check_length(int64_t length) {
    if (length < IDGEN_CUID2_MIN_LEN || length > IDGEN_CUID2_MAX_LEN)
        return {IDGEN_SIZE_OUT_OF_RANGE, length, IDGEN_CUID2_MIN_LEN, IDGEN_CUID2_MAX_LEN};
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_cuid2(int length, char* out) {
    if (idgen_fault f = idgen_cuid2_check_length(length); f.code != IDGEN_OK) return f;
    if (!session.drawn.drawn())
        if (idgen_fault f = start_session(); f.code != IDGEN_OK) return f;
    // the letter's draw, then the salt's
    uint32_t draws[1 + IDGEN_CUID2_MAX_LEN];
    if (idgen_fault f = draw(draws, 1 + static_cast<size_t>(length)); f.code != IDGEN_OK) return f;
    return cuid2_compose(length, idgen_wall_clock_ms(), draws[0], draws + 1, session.counter++,
                         session.fingerprint, out);
}

extern "C" bool idgen_cuid2_is_valid(const char* text, size_t len) {
    if (len < IDGEN_CUID2_MIN_LEN || len > IDGEN_CUID2_MAX_LEN) return false;
    if (text[0] < 'a' || text[0] > 'z') return false;
    for (size_t i = 1; i < len; ++i) {
        const char c = text[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))) return false;
    }
    return true;
}
