// ulid.cpp: ULID text codec, random and time-bound ULIDs.
#include "ulid.h"

#include "ascending_clock.hpp"
#include "random_pool.h"
#include "time_field.hpp"
#include "ulid_bytes.hpp"

using namespace idgen;

namespace {

// 16 bits of sub-millisecond fraction resolve 15.3 ns: a backend making one
// ULID per call never gets a step that small, so its ULIDs do not run ahead.
AscendingClock<kNsPerMs, 16> ulid_clock;

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
    if (idgen_fault f = check_time(IDGEN_FAMILY_ULID, unix_ms); f.code != IDGEN_OK) return f;
    idgen_ulid u;
    // time first, then the 10 random bytes straight into place
    put_be(u.bytes, 6, unix_ms);
    if (idgen_fault f = idgen_random_bytes(u.bytes + 6, 10); f.code != IDGEN_OK) return f;
    *ulid = u;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_ulid_now(idgen_ulid* ulid) {
    const auto now = ulid_clock.read();
    if (idgen_fault f = check_time(IDGEN_FAMILY_ULID, now.units); f.code != IDGEN_OK) return f;
    idgen_ulid u;
    put_be(u.bytes, 6, now.units);
    put_be(u.bytes + 6, 2, now.fraction);
    if (idgen_fault f = idgen_random_bytes(u.bytes + 8, 8); f.code != IDGEN_OK) return f;
    ulid_clock.use(now);
    *ulid = u;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_ulid_from_time(int64_t unix_ms, idgen_ulid* ulid) {
    if (idgen_fault f = check_time(IDGEN_FAMILY_ULID, unix_ms); f.code != IDGEN_OK) return f;
    *ulid = ulid_of(unix_ms, 0);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" int64_t idgen_ulid_unix_ms(const idgen_ulid* ulid) {
    return static_cast<int64_t>(ulid_value(*ulid) >> 80);
}
