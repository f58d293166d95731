// ksuid_ms.cpp: svix's KSUID-ms over the ksuid type's 20 bytes.
#include "ksuid_ms.hpp"

#include <string.h>

#include "bytes.hpp"
#include "time_field.hpp"
#include "wall_clock.h"

using namespace idgen;

namespace {

KsuidMsState ksuid_ms_state;

// floor division: the tick of a time before 1970 is refused later, but
// must not wrap on the way
constexpr int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b < 0 ? 1 : 0); }

}  // namespace

idgen_fault idgen::ksuid_ms_next(KsuidMsState& state, int64_t unix_ms, idgen_ksuid* ksuid) {
    if (idgen_fault f = check_time_s(IDGEN_FAMILY_KSUID, floor_div(unix_ms, 1000)); f.code != IDGEN_OK)
        return f;
    KsuidMsState::Next next;
    if (idgen_fault f = state.next(floor_div(unix_ms, 4), &next); f.code != IDGEN_OK) return f;
    // a tick is 4 ms: 250 of them in a second, so the step is the tick's remainder
    const int64_t unix_s = next.tick / kKsuidMsTicksPerS;
    if (idgen_fault f = check_time_s(IDGEN_FAMILY_KSUID, unix_s); f.code != IDGEN_OK) return f;
    idgen_ksuid k;
    put_be(k.bytes, 4, unix_s - IDGEN_KSUID_EPOCH);
    k.bytes[4] = static_cast<uint8_t>(next.tick % kKsuidMsTicksPerS);
    memcpy(k.bytes + 5, next.random, 15);
    *ksuid = k;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_ksuid_ms_now(idgen_ksuid* ksuid) {
    return ksuid_ms_next(ksuid_ms_state, idgen_wall_clock_ms(), ksuid);
}

extern "C" int64_t idgen_ksuid_ms_unix_ms(const idgen_ksuid* ksuid) {
    return idgen_ksuid_unix_s(ksuid) * 1000 + (ksuid->bytes[4] * 4) % 1000;
}
