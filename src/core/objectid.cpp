// objectid.cpp: MongoDB ObjectIds.
#include "objectid.h"

#include <pthread.h>
#include <string.h>

#include "random_pool.h"

namespace {

constexpr int64_t kMaxSeconds = (int64_t{1} << 32) - 1;

// This process's 5 random bytes and counter, drawn on first use; a forked
// child draws its own, so two backends never share them.
struct ProcessPart {
    bool drawn = false;
    uint8_t random[5];
    uint32_t counter;
};
ProcessPart process_part;
void forget_in_child() { process_part.drawn = false; }
[[maybe_unused]] const int registered = pthread_atfork(nullptr, nullptr, forget_in_child);

idgen_fault check_seconds(int64_t unix_s) {
    // faults speak Unix ms, like every other time fault
    if (unix_s < 0 || unix_s > kMaxSeconds)
        return {IDGEN_TIME_OUT_OF_RANGE, unix_s * 1000, 0, kMaxSeconds * 1000 + 999};
    return {IDGEN_OK, 0, 0, 0};
}

void put_seconds(int64_t unix_s, idgen_objectid* oid) {
    for (int i = 0; i < 4; ++i) oid->bytes[i] = static_cast<uint8_t>(unix_s >> (8 * (3 - i)));
}

int hex_of(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

extern "C" void idgen_objectid_to_text(const idgen_objectid* oid, char* out) {
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < IDGEN_OBJECTID_LEN; ++i) {
        out[2 * i] = digits[oid->bytes[i] >> 4];
        out[2 * i + 1] = digits[oid->bytes[i] & 15];
    }
    out[IDGEN_OBJECTID_TEXT_LEN] = '\0';
}

extern "C" idgen_fault idgen_objectid_from_text(const char* text, size_t len, idgen_objectid* oid) {
    for (size_t i = 0; i < len; ++i)
        if (hex_of(static_cast<unsigned char>(text[i])) < 0)
            return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(i), 0, 0};
    if (len != IDGEN_OBJECTID_TEXT_LEN)
        return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), IDGEN_OBJECTID_TEXT_LEN,
                IDGEN_OBJECTID_TEXT_LEN};
    for (int i = 0; i < IDGEN_OBJECTID_LEN; ++i)
        oid->bytes[i] = static_cast<uint8_t>(hex_of(static_cast<unsigned char>(text[2 * i])) << 4 |
                                             hex_of(static_cast<unsigned char>(text[2 * i + 1])));
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_objectid_next(int64_t unix_s, idgen_objectid* oid) {
    if (idgen_fault f = check_seconds(unix_s); f.code != IDGEN_OK) return f;
    ProcessPart& p = process_part;
    if (!p.drawn) {
        uint8_t start[3];
        if (idgen_fault f = idgen_random_bytes(p.random, 5); f.code != IDGEN_OK) return f;
        if (idgen_fault f = idgen_random_bytes(start, 3); f.code != IDGEN_OK) return f;
        p.counter = (uint32_t{start[0]} << 16) | (uint32_t{start[1]} << 8) | start[2];
        p.drawn = true;
    }
    const uint32_t counter = p.counter;
    p.counter = (p.counter + 1) & 0xFFFFFF;
    put_seconds(unix_s, oid);
    memcpy(oid->bytes + 4, p.random, 5);
    oid->bytes[9] = static_cast<uint8_t>(counter >> 16);
    oid->bytes[10] = static_cast<uint8_t>(counter >> 8);
    oid->bytes[11] = static_cast<uint8_t>(counter);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_objectid_from_time(int64_t unix_s, idgen_objectid* oid) {
    if (idgen_fault f = check_seconds(unix_s); f.code != IDGEN_OK) return f;
    memset(oid, 0, sizeof *oid);
    put_seconds(unix_s, oid);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" int64_t idgen_objectid_unix_s(const idgen_objectid* oid) {
    return (int64_t{oid->bytes[0]} << 24) | (int64_t{oid->bytes[1]} << 16) |
           (int64_t{oid->bytes[2]} << 8) | oid->bytes[3];
}

extern "C" int32_t idgen_objectid_counter(const idgen_objectid* oid) {
    return (int32_t{oid->bytes[9]} << 16) | (int32_t{oid->bytes[10]} << 8) | oid->bytes[11];
}
