// permute.cpp: the Feistel network of permute.h.
#include "permute.h"

namespace {

constexpr int kRounds = 8;  // FF3-1's count; an even count ends with the halves in place

uint64_t low_bits(int n) { return (uint64_t{1} << n) - 1; }

// Round r's function of a part of `from` bits, cut to `to` bits.
uint64_t round_function(const idgen_sip_key& key, int bits, int r, uint64_t part, int to) {
    const uint64_t block = part | (static_cast<uint64_t>(r) << 32) | (static_cast<uint64_t>(bits) << 40);
    uint8_t msg[8];
    for (int i = 0; i < 8; ++i) msg[i] = static_cast<uint8_t>(block >> (8 * i));
    return idgen_siphash24(&key, msg, sizeof msg) & low_bits(to);
}

idgen_permute_status check(int64_t id, int32_t bits) {
    if (bits < IDGEN_PERMUTE_MIN_BITS || bits > IDGEN_PERMUTE_MAX_BITS) return IDGEN_PERMUTE_BITS_OUT_OF_RANGE;
    if (id < 0) return IDGEN_PERMUTE_NEGATIVE;
    if (static_cast<uint64_t>(id) > low_bits(bits)) return IDGEN_PERMUTE_BEYOND_WIDTH;
    return IDGEN_PERMUTE_OK;
}

// Round r maps (left of a bits, right of b bits) to (right, left ^ F(right)),
// which has b and a bits; a = ceil(bits / 2) on even rounds, floor on odd ones.
int left_width(int bits, int r) { return r % 2 == 0 ? (bits + 1) / 2 : bits / 2; }

}  // namespace

extern "C" idgen_permute_status idgen_permute(int64_t id, const idgen_sip_key* key, int32_t bits, int64_t* out) {
    const idgen_permute_status status = check(id, bits);
    if (status != IDGEN_PERMUTE_OK) return status;
    const int a0 = left_width(bits, 0), b0 = bits - a0;
    uint64_t left = static_cast<uint64_t>(id) >> b0, right = static_cast<uint64_t>(id) & low_bits(b0);
    for (int r = 0; r < kRounds; ++r) {
        const int a = left_width(bits, r);
        const uint64_t next_right = left ^ round_function(*key, bits, r, right, a);
        left = right;
        right = next_right;
    }
    *out = static_cast<int64_t>((left << b0) | right);
    return IDGEN_PERMUTE_OK;
}

extern "C" idgen_permute_status idgen_unpermute(int64_t id, const idgen_sip_key* key, int32_t bits, int64_t* out) {
    const idgen_permute_status status = check(id, bits);
    if (status != IDGEN_PERMUTE_OK) return status;
    const int a0 = left_width(bits, 0), b0 = bits - a0;
    uint64_t left = static_cast<uint64_t>(id) >> b0, right = static_cast<uint64_t>(id) & low_bits(b0);
    for (int r = kRounds - 1; r >= 0; --r) {
        const int a = left_width(bits, r);
        const uint64_t prev_left = right ^ round_function(*key, bits, r, left, a);
        right = left;
        left = prev_left;
    }
    *out = static_cast<int64_t>((left << b0) | right);
    return IDGEN_PERMUTE_OK;
}
