// xid12.cpp: rs/xid's xid: its base32hex text (radix_text.hpp) and the
// server-wide generator on ulid_monotonic()'s word.
#include "xid12.h"

#include "radix_text.hpp"
#include "sequencer.hpp"
#include "time_field.hpp"
#include "ulid_monotonic.hpp"
#include "wall_clock.h"

using namespace idgen;

namespace {
using Text = RadixText<IDGEN_FAMILY_XID12>;
static_assert(IDGEN_XID12_PER_MS <= (1 << kUlidSequencer.seq_bits), "an xid's n is one of the word's");
static_assert(int64_t{999} * IDGEN_XID12_PER_MS + IDGEN_XID12_PER_MS - 1 <= 0xFFFFFF,
              "a second's counters fit in 24 bits: the counter never wraps");
}  // namespace

extern "C" void idgen_xid12_to_text(const idgen_xid12* xid, char* out) { Text::encode(xid->bytes, out); }

extern "C" idgen_fault idgen_xid12_from_text(const char* text, size_t len, idgen_xid12* xid) {
    return Text::decode(text, len, xid->bytes);
}

extern "C" idgen_fault idgen_xid12_make(int64_t unix_s, int32_t machine, int32_t pid, int32_t counter,
                                        idgen_xid12* xid) {
    if (idgen_fault f = check_time_s(IDGEN_FAMILY_XID12, unix_s); f.code != IDGEN_OK) return f;
    put_be(xid->bytes, 4, unix_s);
    put_be(xid->bytes + 4, 3, machine);
    put_be(xid->bytes + 7, 2, pid);
    put_be(xid->bytes + 9, 3, counter);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_xid12_shared_next(idgen_generator* gen, const idgen_clock_bounds* bounds,
                                               int32_t machine, int32_t pid,
                                               int64_t resumed_after_unix_ms, idgen_xid12* xid) {
    // The clock's second must be an xid's before the word moves: a refused
    // call hands out nothing.
    const int64_t now_ms = idgen_wall_clock_ms();
    if (idgen_fault f = check_time_s(IDGEN_FAMILY_XID12, now_ms / 1000); f.code != IDGEN_OK) return f;
    Tick tick;
    idgen_fault f = sequencer_next(
        gen->word, kUlidSequencer, 0, *bounds, [] { return idgen_wall_clock_ms(); },
        [](int64_t) -> uint64_t { return IDGEN_XID12_PER_MS - 1; }, &tick);
    if (f.code != IDGEN_OK) return f;
    count_tick(*gen, tick);
    if (tick.ms / 1000 <= resumed_after_unix_ms / 1000) pid = IDGEN_XID12_RESUMED_PID;
    return idgen_xid12_make(tick.ms / 1000, machine, pid,
                            static_cast<int32_t>((tick.ms % 1000) * IDGEN_XID12_PER_MS + tick.seq), xid);
}

extern "C" int64_t idgen_xid12_unix_s(const idgen_xid12* xid) { return get_be<int64_t>(xid->bytes, 4); }
extern "C" int32_t idgen_xid12_machine(const idgen_xid12* xid) { return get_be<int32_t>(xid->bytes + 4, 3); }
extern "C" int32_t idgen_xid12_pid(const idgen_xid12* xid) { return get_be<int32_t>(xid->bytes + 7, 2); }
extern "C" int32_t idgen_xid12_counter(const idgen_xid12* xid) { return get_be<int32_t>(xid->bytes + 9, 3); }

extern "C" idgen_fault idgen_xid12_from_time(int64_t unix_s, idgen_xid12* xid) {
    return idgen_xid12_make(unix_s, 0, 0, 0, xid);
}
