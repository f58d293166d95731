// siphash.cpp: SipHash-2-4 as its paper defines it. Written out rather than
// taken from OpenSSL: EVP_MAC's SipHash is OpenSSL 3 only (bullseye's
// PostgreSQL 13 package links 1.1), and its per-call context costs more than
// the whole face (docs/public-ids.md gives the measurement).
#include "siphash.h"

namespace {

constexpr uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

uint64_t read_le64(const uint8_t* p, size_t n) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(p[i]) << (8 * i);
    return v;
}

struct State {
    uint64_t v0, v1, v2, v3;

    void round() {
        v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32);
        v2 += v3; v3 = rotl(v3, 16); v3 ^= v2;
        v0 += v3; v3 = rotl(v3, 21); v3 ^= v0;
        v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32);
    }
    void absorb(uint64_t m) {
        v3 ^= m;
        round();
        round();
        v0 ^= m;
    }
};

}  // namespace

extern "C" idgen_sip_key idgen_sip_key_from_bytes(const uint8_t bytes[IDGEN_SIP_KEY_BYTES]) {
    return {read_le64(bytes, 8), read_le64(bytes + 8, 8)};
}

extern "C" uint64_t idgen_siphash24(const idgen_sip_key* key, const uint8_t* in, size_t len) {
    State s{0x736f6d6570736575ULL ^ key->k0, 0x646f72616e646f6dULL ^ key->k1,
            0x6c7967656e657261ULL ^ key->k0, 0x7465646279746573ULL ^ key->k1};
    const size_t whole = len & ~static_cast<size_t>(7);
    for (size_t at = 0; at < whole; at += 8) s.absorb(read_le64(in + at, 8));
    // the last block: the remaining bytes, the length's low byte on top
    s.absorb(read_le64(in + whole, len - whole) | (static_cast<uint64_t>(len) << 56));
    s.v2 ^= 0xff;
    for (int i = 0; i < 4; ++i) s.round();
    return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}
