// uuid.cpp: RFC 9562 UUID versions 7, 4, 3 and 5.
#include "uuid.h"

#include <pthread.h>
#include <string.h>

#include <openssl/evp.h>

#include "random_pool.h"
#include "wall_clock.h"

namespace {

constexpr idgen_fault kOk{IDGEN_OK, 0, 0, 0};
constexpr int64_t kNsPerMs = 1000000;
constexpr int kFractionBits = 12;
// The smallest ns step that moves the 12-bit fraction: 10^6 / 4096 + 1.
constexpr int64_t kMinStepNs = kNsPerMs / (1 << kFractionBits) + 1;

void set_version(idgen_uuid* u, int version) {
    u->bytes[6] = static_cast<uint8_t>((u->bytes[6] & 0x0f) | (version << 4));
    u->bytes[8] = static_cast<uint8_t>((u->bytes[8] & 0x3f) | 0x80);  // variant 10
}

idgen_fault check_ms(int64_t unix_ms) {
    if (unix_ms < 0 || unix_ms > IDGEN_UUID_V7_MAX_MS)
        return {IDGEN_TIME_OUT_OF_RANGE, unix_ms, 0, IDGEN_UUID_V7_MAX_MS};
    return kOk;
}

idgen_fault v7(int64_t unix_ms, int32_t fraction, idgen_uuid* uuid) {
    if (idgen_fault f = check_ms(unix_ms); f.code != IDGEN_OK) return f;
    idgen_uuid u;
    for (int i = 0; i < 6; ++i) u.bytes[i] = static_cast<uint8_t>(unix_ms >> (8 * (5 - i)));
    u.bytes[6] = static_cast<uint8_t>(fraction >> 8);
    u.bytes[7] = static_cast<uint8_t>(fraction);
    if (idgen_fault f = idgen_random_bytes(u.bytes + 8, 8); f.code != IDGEN_OK) return f;
    set_version(&u, 7);
    *uuid = u;
    return kOk;
}

// This process's last v7 time; inherited by a forked child, which is fine:
// order is per process, uniqueness comes from the random bits.
int64_t previous_ns = 0;

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
    bool drawn = false;
    uint8_t clock_seq_and_node[8];  // bytes 8..15 of the UUID
    int64_t last_ticks = 0;
};
TimeBasedState time_based;
void forget_time_based_in_child() { time_based.drawn = false; }
[[maybe_unused]] const int time_based_registered =
    pthread_atfork(nullptr, nullptr, forget_time_based_in_child);

idgen_fault next_ticks(int64_t* ticks, const uint8_t** tail) {
    TimeBasedState& s = time_based;
    if (!s.drawn) {
        if (idgen_fault f = idgen_random_bytes(s.clock_seq_and_node, 8); f.code != IDGEN_OK) return f;
        s.clock_seq_and_node[2] |= 0x01;  // the node's multicast bit: not a MAC address
        s.last_ticks = 0;
        s.drawn = true;
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
    for (int i = 0; i < 6; ++i) u->bytes[i] = static_cast<uint8_t>(t >> (52 - 8 * i));  // top 48 bits
    u->bytes[6] = static_cast<uint8_t>((t >> 8) & 0x0f);
    u->bytes[7] = static_cast<uint8_t>(t);
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
    for (int i = 0; i < 4; ++i) u.bytes[i] = static_cast<uint8_t>(t >> (24 - 8 * i));      // time_low
    u.bytes[4] = static_cast<uint8_t>(t >> 40);                                           // time_mid
    u.bytes[5] = static_cast<uint8_t>(t >> 32);
    u.bytes[6] = static_cast<uint8_t>((t >> 56) & 0x0f);                                  // time_high
    u.bytes[7] = static_cast<uint8_t>(t >> 48);
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
            ticks = (uint64_t{b[6]} & 0x0f) << 56 | uint64_t{b[7]} << 48 | uint64_t{b[4]} << 40 |
                    uint64_t{b[5]} << 32 | uint64_t{b[0]} << 24 | uint64_t{b[1]} << 16 |
                    uint64_t{b[2]} << 8 | b[3];
            break;
        case 6:
            ticks = 0;
            for (int i = 0; i < 6; ++i) ticks = ticks << 8 | b[i];
            ticks = ticks << 12 | (uint64_t{b[6]} & 0x0f) << 8 | b[7];
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

extern "C" idgen_fault idgen_uuid_v7_now(idgen_uuid* uuid) {
    int64_t ns = idgen_wall_clock_ns();
    if (ns < previous_ns + kMinStepNs) ns = previous_ns + kMinStepNs;
    idgen_fault f = v7(ns / kNsPerMs, static_cast<int32_t>((ns % kNsPerMs) * (1 << kFractionBits) / kNsPerMs),
                       uuid);
    if (f.code == IDGEN_OK) previous_ns = ns;
    return f;
}

extern "C" idgen_fault idgen_uuid_v7_at(int64_t unix_ms, int32_t fraction, idgen_uuid* uuid) {
    return v7(unix_ms, fraction & ((1 << kFractionBits) - 1), uuid);
}

extern "C" idgen_fault idgen_uuid_v7_from_time(int64_t unix_ms, idgen_uuid* uuid) {
    if (idgen_fault f = check_ms(unix_ms); f.code != IDGEN_OK) return f;
    idgen_uuid u{};
    for (int i = 0; i < 6; ++i) u.bytes[i] = static_cast<uint8_t>(unix_ms >> (8 * (5 - i)));
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
    int64_t ms = 0;
    for (int i = 0; i < 6; ++i) ms = (ms << 8) | uuid->bytes[i];
    *unix_ms = ms;
    return 1;
}
