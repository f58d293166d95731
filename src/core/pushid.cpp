// pushid.cpp: Firebase push IDs, base64 in an alphabet that is in ASCII order.
#include "pushid.hpp"

#include "bytes.hpp"
#include "text_check.hpp"
#include "time_field.hpp"
#include "wall_clock.h"

using namespace idgen;

namespace {

PushIdState pushid_state;

int digit_of(unsigned char c) {
    if (c == '-') return 0;
    if (c >= '0' && c <= '9') return c - '0' + 1;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 11;
    if (c == '_') return 37;
    if (c >= 'a' && c <= 'z') return c - 'a' + 38;
    return -1;
}

bool is_push_char(unsigned char c) { return digit_of(c) >= 0; }

// The low 6 * n bits of v as n characters at out, most significant first.
template <class T>
void put_chars(char* out, int n, T v) {
    for (int i = n; i-- > 0;) {
        out[i] = kPushIdAlphabet[static_cast<unsigned>(v & 63)];
        v >>= 6;
    }
}

}  // namespace

idgen_fault idgen::pushid_next(PushIdState& state, int64_t unix_ms, char* out) {
    if (idgen_fault f = check_time(IDGEN_FAMILY_PUSHID, unix_ms); f.code != IDGEN_OK) return f;
    PushIdState::Next next;
    if (idgen_fault f = state.next(unix_ms, &next); f.code != IDGEN_OK) return f;
    if (idgen_fault f = check_time(IDGEN_FAMILY_PUSHID, next.tick); f.code != IDGEN_OK) return f;
    put_chars(out, IDGEN_PUSHID_TIME_CHARS, next.tick);
    put_chars(out + IDGEN_PUSHID_TIME_CHARS, 12, get_be<u128>(next.random, 9));
    out[IDGEN_PUSHID_TEXT_LEN] = '\0';
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_pushid_now(char* out) {
    return pushid_next(pushid_state, idgen_wall_clock_ms(), out);
}

extern "C" idgen_fault idgen_pushid_unix_ms(const char* text, size_t len, int64_t* unix_ms) {
    if (idgen_fault f = check_text(text, len, IDGEN_PUSHID_TEXT_LEN, is_push_char); f.code != IDGEN_OK)
        return f;
    int64_t ms = 0;
    for (int i = 0; i < IDGEN_PUSHID_TIME_CHARS; ++i)
        ms = ms << 6 | digit_of(static_cast<unsigned char>(text[i]));
    *unix_ms = ms;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_pushid_from_time(int64_t unix_ms, char* out) {
    if (idgen_fault f = check_time(IDGEN_FAMILY_PUSHID, unix_ms); f.code != IDGEN_OK) return f;
    put_chars(out, IDGEN_PUSHID_TIME_CHARS, unix_ms);
    for (int i = IDGEN_PUSHID_TIME_CHARS; i < IDGEN_PUSHID_TEXT_LEN; ++i) out[i] = kPushIdAlphabet[0];
    out[IDGEN_PUSHID_TEXT_LEN] = '\0';
    return {IDGEN_OK, 0, 0, 0};
}
