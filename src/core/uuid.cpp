// uuid.cpp: RFC 9562 UUID versions 7, 4, 3 and 5.
#include "uuid.h"

#include <string.h>

#include <openssl/evp.h>

#include "ascending_clock.hpp"
#include "bytes.hpp"
#include "fork_reset.hpp"
#include "random_pool.h"
#include "time_field.hpp"
#include "wall_clock.h"

using namespace idgen;

namespace {

constexpr idgen_fault kOk{IDGEN_OK, 0, 0, 0};
constexpr int kFractionBits = 12;
AscendingClock<kNsPerMs, kFractionBits> v7_clock;

void set_version(idgen_uuid* u, int version) {
    u->bytes[6] = static_cast<uint8_t>((u->bytes[6] & 0x0f) | (version << 4));
    u->bytes[8] = static_cast<uint8_t>((u->bytes[8] & 0x3f) | 0x80);  // variant 10
}

idgen_fault v7(int64_t unix_ms, int32_t fraction, idgen_uuid* uuid) {
    if (idgen_fault f = check_time(IDGEN_FAMILY_UUID, unix_ms); f.code != IDGEN_OK) return f;
    idgen_uuid u;
    put_be(u.bytes, 6, unix_ms);
    put_be(u.bytes + 6, 2, fraction);
    if (idgen_fault f = idgen_random_bytes(u.bytes + 8, 8); f.code != IDGEN_OK) return f;
    set_version(&u, 7);
    *uuid = u;
    return kOk;
}

idgen_fault name_based(const EVP_MD* md, int version, const idgen_uuid* ns, const void* name,
                       size_t len, idgen_uuid* uuid) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digest_len = 0;
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    bool ok = ctx != nullptr && md != nullptr && EVP_DigestInit_ex(ctx, md, nullptr) == 1 &&
              EVP_DigestUpdate(ctx, ns->bytes, 16) == 1 &&
              EVP_DigestUpdate(ctx, name, len) == 1 &&
              EVP_DigestFinal_ex(ctx, digest, &digest_len) == 1 && digest_len >= 16;
    EVP_MD_CTX_free(ctx);
    if (!ok) return {IDGEN_HASH_UNAVAILABLE, version, 0, 0};
    memcpy(uuid->bytes, digest, 16);
    set_version(uuid, version);
    return kOk;
}

// --- v1 and v6

// 100 ns intervals from 1582-10-15 (the Gregorian reform) to 1970-01-01
constexpr int64_t kGregorianOffset = 0x01B21DD213814000;
constexpr int64_t kMaxTicks = (int64_t{1} << 60) - 1;

struct TimeBasedState {
    DrawnHere drawn;
    uint8_t clock_seq_and_node[8];  // bytes 8..15 of the UUID
    int64_t last_ticks = 0;
};
TimeBasedState time_based;

idgen_fault next_ticks(int64_t* ticks, const uint8_t** tail) {
    TimeBasedState& s = time_based;
    if (!s.drawn.drawn()) {
        if (idgen_fault f = idgen_random_bytes(s.clock_seq_and_node, 8); f.code != IDGEN_OK) return f;
        s.clock_seq_and_node[2] |= 0x01;  // the node's multicast bit: not a MAC address
        s.last_ticks = 0;
        s.drawn.mark_drawn();
    }
    int64_t t = idgen_wall_clock_ns() / 100 + kGregorianOffset;
    if (t <= s.last_ticks) t = s.last_ticks + 1;
    if (t > kMaxTicks) return {IDGEN_TIME_OUT_OF_RANGE, t, 0, kMaxTicks};
    s.last_ticks = t;
    *ticks = t;
    *tail = s.clock_seq_and_node;
    return kOk;
}

void put_v6_time(int64_t ticks, idgen_uuid* u) {
    const uint64_t t = static_cast<uint64_t>(ticks);
    put_be(u->bytes, 6, t >> 12);  // the top 48 bits
    put_be(u->bytes + 6, 2, t & 0x0fff);
}

int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

}  // namespace

extern "C" idgen_fault idgen_uuid_v1_now(idgen_uuid* uuid) {
    int64_t ticks;
    const uint8_t* tail;
    if (idgen_fault f = next_ticks(&ticks, &tail); f.code != IDGEN_OK) return f;
    const uint64_t t = static_cast<uint64_t>(ticks);
    idgen_uuid u;
    put_be(u.bytes, 4, t);                      // time_low
    put_be(u.bytes + 4, 2, t >> 32);            // time_mid
    put_be(u.bytes + 6, 2, (t >> 48) & 0x0fff);  // time_high
    memcpy(u.bytes + 8, tail, 8);
    set_version(&u, 1);
    *uuid = u;
    return kOk;
}

extern "C" idgen_fault idgen_uuid_v6_now(idgen_uuid* uuid) {
    int64_t ticks;
    const uint8_t* tail;
    if (idgen_fault f = next_ticks(&ticks, &tail); f.code != IDGEN_OK) return f;
    idgen_uuid u;
    put_v6_time(ticks, &u);
    memcpy(u.bytes + 8, tail, 8);
    set_version(&u, 6);
    *uuid = u;
    return kOk;
}

extern "C" idgen_fault idgen_uuid_v6_from_time(int64_t unix_us, idgen_uuid* uuid) {
    const int64_t min_us = -kGregorianOffset / 10;
    const int64_t max_us = (kMaxTicks - kGregorianOffset) / 10;
    if (unix_us < min_us || unix_us > max_us)
        return {IDGEN_TIME_OUT_OF_RANGE, unix_us / 1000, min_us / 1000, max_us / 1000};
    idgen_uuid u{};
    put_v6_time(unix_us * 10 + kGregorianOffset, &u);
    set_version(&u, 6);
    *uuid = u;
    return kOk;
}

extern "C" int idgen_uuid_unix_us(const idgen_uuid* uuid, int64_t* unix_us) {
    const uint8_t* b = uuid->bytes;
    uint64_t ticks;
    switch (idgen_uuid_version(uuid)) {
        case 1:
            ticks = (get_be(b + 6, 2) & 0x0fff) << 48 | get_be(b + 4, 2) << 32 | get_be(b, 4);
            break;
        case 6:
            ticks = get_be(b, 6) << 12 | (get_be(b + 6, 2) & 0x0fff);
            break;
        case 7: {
            int64_t ms = 0;
            idgen_uuid_v7_unix_ms(uuid, &ms);
            *unix_us = ms * 1000;
            return 1;
        }
        default:
            return 0;
    }
    *unix_us = floor_div(static_cast<int64_t>(ticks) - kGregorianOffset, 10);
    return 1;
}

extern "C" int idgen_uuid_unix_us_with_fraction(const idgen_uuid* uuid, int64_t* unix_us) {
    if (!idgen_uuid_unix_us(uuid, unix_us)) return 0;
    if (idgen_uuid_version(uuid) == 7) {
        const int64_t fraction = get_be(uuid->bytes + 6, 2) & 0x0fff;
        // ceil(fraction * 1000 / 4096), the first microsecond of that
        // fraction; 4092 to 4095 start within microsecond 999 (from a
        // nanosecond clock only)
        const int64_t us = (fraction * 1000 + (1 << kFractionBits) - 1) >> kFractionBits;
        *unix_us += us < 999 ? us : 999;
    }
    return 1;
}

extern "C" idgen_fault idgen_uuid_v7_now(idgen_uuid* uuid) {
    const auto now = v7_clock.read();
    idgen_fault f = v7(now.units, now.fraction, uuid);
    if (f.code == IDGEN_OK) v7_clock.use(now);
    return f;
}

extern "C" idgen_fault idgen_uuid_v7_ms_now(idgen_uuid* uuid) {
    uint8_t r[2];
    if (idgen_fault f = idgen_random_bytes(r, sizeof r); f.code != IDGEN_OK) return f;
    return v7(v7_clock.read().units, (r[0] << 8 | r[1]) & ((1 << kFractionBits) - 1), uuid);
}

extern "C" idgen_fault idgen_uuid_v7_at(int64_t unix_ms, int32_t fraction, idgen_uuid* uuid) {
    return v7(unix_ms, fraction & ((1 << kFractionBits) - 1), uuid);
}

extern "C" int64_t idgen_uuid_v7_clock_ns(void) { return v7_clock.read().ns; }

extern "C" idgen_fault idgen_uuid_v7_shifted(int64_t clock_ns, int64_t shifted_unix_us,
                                             idgen_uuid* uuid) {
    // floored: a time before 1970 is refused by its (negative) millisecond
    const int64_t unix_ms = floor_div(shifted_unix_us, 1000);
    if (idgen_fault f = check_time(IDGEN_FAMILY_UUID, unix_ms); f.code != IDGEN_OK) return f;
    const int64_t ns_in_ms = (shifted_unix_us - unix_ms * 1000) * 1000 + clock_ns % 1000;
    idgen_fault f = v7(unix_ms, static_cast<int32_t>(ns_in_ms * (1 << kFractionBits) / kNsPerMs), uuid);
    if (f.code == IDGEN_OK) v7_clock.use(v7_clock.read(clock_ns));
    return f;
}

extern "C" idgen_fault idgen_uuid_v7_from_time(int64_t unix_ms, idgen_uuid* uuid) {
    if (idgen_fault f = check_time(IDGEN_FAMILY_UUID, unix_ms); f.code != IDGEN_OK) return f;
    idgen_uuid u{};
    put_be(u.bytes, 6, unix_ms);
    set_version(&u, 7);
    *uuid = u;
    return kOk;
}

extern "C" idgen_fault idgen_uuid_v4(idgen_uuid* uuid) {
    idgen_uuid u;
    if (idgen_fault f = idgen_random_bytes(u.bytes, 16); f.code != IDGEN_OK) return f;
    set_version(&u, 4);
    *uuid = u;
    return kOk;
}

extern "C" idgen_fault idgen_uuid_v3(const idgen_uuid* ns, const void* name, size_t len,
                                     idgen_uuid* uuid) {
    return name_based(EVP_md5(), 3, ns, name, len, uuid);
}

extern "C" idgen_fault idgen_uuid_v5(const idgen_uuid* ns, const void* name, size_t len,
                                     idgen_uuid* uuid) {
    return name_based(EVP_sha1(), 5, ns, name, len, uuid);
}

extern "C" int idgen_uuid_version(const idgen_uuid* uuid) {
    if ((uuid->bytes[8] & 0xc0) != 0x80) return -1;
    return uuid->bytes[6] >> 4;
}

extern "C" int idgen_uuid_v7_unix_ms(const idgen_uuid* uuid, int64_t* unix_ms) {
    if (idgen_uuid_version(uuid) != 7) return 0;
    *unix_ms = get_be<int64_t>(uuid->bytes, 6);
    return 1;
}
