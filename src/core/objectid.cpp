// objectid.cpp: MongoDB ObjectIds.
#include "objectid.h"

#include <string.h>

#include "bytes.hpp"
#include "fork_reset.hpp"
#include "random_pool.h"
#include "text_check.hpp"
#include "time_field.hpp"

using namespace idgen;

namespace {

// This process's 5 random bytes and counter, drawn on first use; a forked
// child draws its own, so two backends never share them.
struct ProcessPart {
    DrawnHere drawn;
    uint8_t random[5];
    uint32_t counter;
};
ProcessPart process_part;

idgen_fault check_seconds(int64_t unix_s) { return check_time_s(IDGEN_FAMILY_OBJECTID, unix_s); }

void put_seconds(int64_t unix_s, idgen_objectid* oid) { put_be(oid->bytes, 4, unix_s); }

}  // namespace

extern "C" void idgen_objectid_to_text(const idgen_objectid* oid, char* out) {
    for (int i = 0; i < IDGEN_OBJECTID_LEN; ++i) {
        out[2 * i] = kHexDigits[oid->bytes[i] >> 4];
        out[2 * i + 1] = kHexDigits[oid->bytes[i] & 15];
    }
    out[IDGEN_OBJECTID_TEXT_LEN] = '\0';
}

extern "C" idgen_fault idgen_objectid_from_text(const char* text, size_t len, idgen_objectid* oid) {
    if (idgen_fault f = check_text(text, len, IDGEN_OBJECTID_TEXT_LEN, is_hex); f.code != IDGEN_OK) return f;
    for (int i = 0; i < IDGEN_OBJECTID_LEN; ++i) oid->bytes[i] = hex_byte(text + 2 * i);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_objectid_next(int64_t unix_s, idgen_objectid* oid) {
    if (idgen_fault f = check_seconds(unix_s); f.code != IDGEN_OK) return f;
    ProcessPart& p = process_part;
    if (!p.drawn.drawn()) {
        uint8_t start[3];
        if (idgen_fault f = idgen_random_bytes(p.random, 5); f.code != IDGEN_OK) return f;
        if (idgen_fault f = idgen_random_bytes(start, 3); f.code != IDGEN_OK) return f;
        p.counter = get_be<uint32_t>(start, 3);
        p.drawn.mark_drawn();
    }
    const uint32_t counter = p.counter;
    p.counter = (p.counter + 1) & 0xFFFFFF;
    put_seconds(unix_s, oid);
    memcpy(oid->bytes + 4, p.random, 5);
    put_be(oid->bytes + 9, 3, counter);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_objectid_from_time(int64_t unix_s, idgen_objectid* oid) {
    if (idgen_fault f = check_seconds(unix_s); f.code != IDGEN_OK) return f;
    memset(oid, 0, sizeof *oid);
    put_seconds(unix_s, oid);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" int64_t idgen_objectid_unix_s(const idgen_objectid* oid) {
    return get_be<int64_t>(oid->bytes, 4);
}

extern "C" int32_t idgen_objectid_counter(const idgen_objectid* oid) {
    return get_be<int32_t>(oid->bytes + 9, 3);
}
