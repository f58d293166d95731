// scru128.cpp: SCRU128's base36 text (radix_text.hpp) and this process's
// generator.
#include "scru128.h"

#include "fork_reset.hpp"
#include "radix_text.hpp"
#include "random_pool.h"
#include "bytes.hpp"
#include "time_field.hpp"
#include "scru128_generator.hpp"
#include "wall_clock.h"

using namespace idgen;

namespace {

using Text = RadixText<IDGEN_FAMILY_SCRU128>;

// This process's generator; a forked child starts its own (its counters
// would otherwise follow its parent's).
struct ProcessGenerator {
    DrawnHere started;
    Scru128Generator gen;
};
ProcessGenerator process_generator;

}  // namespace

extern "C" void idgen_scru128_to_text(const idgen_scru128* id, char* out) { Text::encode(id->bytes, out); }

extern "C" idgen_fault idgen_scru128_from_text(const char* text, size_t len, idgen_scru128* id) {
    return Text::decode(text, len, id->bytes);
}

extern "C" idgen_fault idgen_scru128_now(int64_t max_rollback_ms, idgen_scru128* id) {
    ProcessGenerator& p = process_generator;
    if (!p.started.drawn()) {
        p.gen = Scru128Generator{};
        p.started.mark_drawn();
    }
    idgen_fault random_fault = {IDGEN_OK, 0, 0, 0};
    auto random = [&random_fault]() -> uint32_t {
        uint8_t b[4] = {0, 0, 0, 0};
        if (idgen_fault f = idgen_random_bytes(b, 4); f.code != IDGEN_OK) random_fault = f;
        return get_be<uint32_t>(b, 4);
    };
    Scru128Generator next = p.gen;
    idgen_fault f = next.next(idgen_wall_clock_ms(), max_rollback_ms, random, id);
    if (f.code != IDGEN_OK) return f;
    if (random_fault.code != IDGEN_OK) return random_fault;
    p.gen = next;
    return f;
}

extern "C" int64_t idgen_scru128_unix_ms(const idgen_scru128* id) { return get_be<int64_t>(id->bytes, 6); }

extern "C" idgen_fault idgen_scru128_from_time(int64_t unix_ms, idgen_scru128* id) {
    if (idgen_fault f = check_time(IDGEN_FAMILY_SCRU128, unix_ms); f.code != IDGEN_OK) return f;
    *id = idgen_scru128{};
    put_be(id->bytes, 6, unix_ms);
    return {IDGEN_OK, 0, 0, 0};
}
