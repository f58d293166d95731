// ksuid.cpp: KSUID base62 codec and generation. The 160-bit value is divided
// by 62 in five 32-bit limbs, as Segment's reference implementation does.
#include "ksuid.h"

#include <string.h>

#include "bytes.hpp"
#include "ksuid_now.hpp"
#include "random_pool.h"
#include "text_check.hpp"
#include "time_field.hpp"

using namespace idgen;

namespace {

constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

int digit_of(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    if (c >= 'a' && c <= 'z') return c - 'a' + 36;
    return -1;
}

bool is_base62(unsigned char c) { return digit_of(c) >= 0; }

idgen_fault check_seconds(int64_t unix_s) { return check_time_s(IDGEN_FAMILY_KSUID, unix_s); }

void put_seconds(int64_t unix_s, idgen_ksuid* k) { put_be(k->bytes, 4, unix_s - IDGEN_KSUID_EPOCH); }

KsuidClock ksuid_clock;

}  // namespace

idgen_fault idgen::ksuid_next(KsuidClock& clock, int64_t wall_ns, idgen_ksuid* ksuid) {
    const KsuidClock::Reading now = clock.read(wall_ns);
    if (idgen_fault f = check_seconds(now.units); f.code != IDGEN_OK) return f;
    idgen_ksuid k;
    put_seconds(now.units, &k);
    put_be(k.bytes + 4, 4, now.fraction);
    if (idgen_fault f = idgen_random_bytes(k.bytes + 8, 12); f.code != IDGEN_OK) return f;
    clock.use(now);
    *ksuid = k;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_ksuid_now(idgen_ksuid* ksuid) {
    return ksuid_next(ksuid_clock, idgen_wall_clock_ns(), ksuid);
}

extern "C" void idgen_ksuid_to_text(const idgen_ksuid* ksuid, char* out) {
    uint32_t limbs[5];
    for (int i = 0; i < 5; ++i) limbs[i] = get_be<uint32_t>(ksuid->bytes + 4 * i, 4);
    for (int pos = IDGEN_KSUID_TEXT_LEN - 1; pos >= 0; --pos) {
        uint64_t remainder = 0;
        for (uint32_t& limb : limbs) {
            const uint64_t acc = (remainder << 32) | limb;
            limb = static_cast<uint32_t>(acc / 62);
            remainder = acc % 62;
        }
        out[pos] = kAlphabet[remainder];
    }
    out[IDGEN_KSUID_TEXT_LEN] = '\0';
}

extern "C" idgen_fault idgen_ksuid_from_text(const char* text, size_t len, idgen_ksuid* ksuid) {
    if (idgen_fault f = check_text(text, len, IDGEN_KSUID_TEXT_LEN, is_base62); f.code != IDGEN_OK) return f;
    uint32_t limbs[5] = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < len; ++i) {
        uint64_t carry = static_cast<uint64_t>(digit_of(static_cast<unsigned char>(text[i])));
        for (int l = 4; l >= 0; --l) {
            const uint64_t acc = uint64_t{limbs[l]} * 62 + carry;
            limbs[l] = static_cast<uint32_t>(acc);
            carry = acc >> 32;
        }
        if (carry != 0) return {IDGEN_TEXT_OVERFLOW, 0, 0, 0};  // above 2^160 - 1
    }
    for (int l = 0; l < 5; ++l) put_be(ksuid->bytes + 4 * l, 4, limbs[l]);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_ksuid_random(int64_t unix_s, idgen_ksuid* ksuid) {
    if (idgen_fault f = check_seconds(unix_s); f.code != IDGEN_OK) return f;
    idgen_ksuid k;
    put_seconds(unix_s, &k);
    if (idgen_fault f = idgen_random_bytes(k.bytes + 4, 16); f.code != IDGEN_OK) return f;
    *ksuid = k;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_ksuid_from_time(int64_t unix_s, idgen_ksuid* ksuid) {
    if (idgen_fault f = check_seconds(unix_s); f.code != IDGEN_OK) return f;
    idgen_ksuid k;
    memset(&k, 0, sizeof k);
    put_seconds(unix_s, &k);
    *ksuid = k;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" int64_t idgen_ksuid_unix_s(const idgen_ksuid* ksuid) {
    return IDGEN_KSUID_EPOCH + get_be<int64_t>(ksuid->bytes, 4);
}
