// ulid.cpp: ULID text codec, random and time-bound ULIDs.
#include "ulid.h"

#include "random_pool.h"
#include "ulid_bytes.hpp"
#include "wall_clock.h"

using namespace idgen;

namespace {

idgen_fault check_ms(int64_t unix_ms) {
    if (unix_ms < 0 || unix_ms > IDGEN_ULID_MAX_MS)
        return {IDGEN_TIME_OUT_OF_RANGE, unix_ms, 0, IDGEN_ULID_MAX_MS};
    return {IDGEN_OK, 0, 0, 0};
}

constexpr int64_t kNsPerMs = 1000000;
// 16 bits of sub-millisecond fraction resolve 15.3 ns: a backend making one
// ULID per call never gets a step that small, so its ULIDs do not run ahead.
constexpr int kFractionBits = 16;
constexpr int64_t kMinStepNs = kNsPerMs / (1 << kFractionBits) + 1;

// This process's last ulid() time in ns. A forked child inherits it, which
// is fine: order is per process, uniqueness comes from the random bits.
int64_t previous_ns = 0;

}  // namespace

extern "C" void idgen_ulid_to_text(const idgen_ulid* ulid, char* out) {
    crockford_encode(ulid_value(*ulid), out);
    out[IDGEN_ULID_TEXT_LEN] = '\0';
}

extern "C" idgen_fault idgen_ulid_from_text(const char* text, size_t len, idgen_ulid* ulid) {
    u128 v;
    idgen_fault f = crockford_decode(text, len, &v);
    if (f.code == IDGEN_OK) *ulid = ulid_of(v);
    return f;
}

extern "C" idgen_fault idgen_ulid_random(int64_t unix_ms, idgen_ulid* ulid) {
    if (idgen_fault f = check_ms(unix_ms); f.code != IDGEN_OK) return f;
    idgen_ulid u;
    // time first, then the 10 random bytes straight into place
    for (int i = 5; i >= 0; --i) u.bytes[5 - i] = static_cast<uint8_t>(unix_ms >> (8 * i));
    if (idgen_fault f = idgen_random_bytes(u.bytes + 6, 10); f.code != IDGEN_OK) return f;
    *ulid = u;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_ulid_now(idgen_ulid* ulid) {
    int64_t ns = idgen_wall_clock_ns();
    if (ns < previous_ns + kMinStepNs) ns = previous_ns + kMinStepNs;
    const int64_t unix_ms = ns / kNsPerMs;
    if (idgen_fault f = check_ms(unix_ms); f.code != IDGEN_OK) return f;
    const int64_t fraction = (ns % kNsPerMs) * (1 << kFractionBits) / kNsPerMs;
    idgen_ulid u;
    for (int i = 5; i >= 0; --i) u.bytes[5 - i] = static_cast<uint8_t>(unix_ms >> (8 * i));
    u.bytes[6] = static_cast<uint8_t>(fraction >> 8);
    u.bytes[7] = static_cast<uint8_t>(fraction);
    if (idgen_fault f = idgen_random_bytes(u.bytes + 8, 8); f.code != IDGEN_OK) return f;
    previous_ns = ns;
    *ulid = u;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_ulid_from_time(int64_t unix_ms, idgen_ulid* ulid) {
    if (idgen_fault f = check_ms(unix_ms); f.code != IDGEN_OK) return f;
    *ulid = ulid_of(unix_ms, 0);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" int64_t idgen_ulid_unix_ms(const idgen_ulid* ulid) {
    return static_cast<int64_t>(ulid_value(*ulid) >> 80);
}
