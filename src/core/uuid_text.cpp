// uuid_text.cpp: reading a UUID's text and its variant. PostgreSQL parses
// its own uuid type; this is for idgen-decode, which runs without it.
#include "uuid.h"

#include "bytes.hpp"

using namespace idgen;

namespace {

bool hyphen_at(size_t i) { return i == 8 || i == 13 || i == 18 || i == 23; }

}  // namespace

extern "C" idgen_fault idgen_uuid_from_text(const char* text, size_t len, idgen_uuid* uuid) {
    // The 9th character tells the form, so a hyphenated text of the wrong
    // length is reported as a length, not as a hyphen out of place.
    const bool hyphenated = len > 8 && text[8] == '-';
    // Characters first, as the other parsers do: a stray character is the
    // likelier mistake, and its position says more than a length.
    for (size_t i = 0; i < len; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const bool ok = hyphenated && hyphen_at(i) ? c == '-' : hex_value(c) >= 0;
        if (!ok) return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(i), 0, 0};
    }
    if (len != (hyphenated ? 36u : 32u)) return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), 32, 36};
    idgen_uuid u;
    size_t at = 0;
    for (int n = 0; n < 16; ++n) {
        if (hyphenated && hyphen_at(at)) ++at;
        u.bytes[n] = hex_byte(text + at);
        at += 2;
    }
    *uuid = u;
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_uuid_variant idgen_uuid_variant_of(const idgen_uuid* uuid) {
    const uint8_t b = uuid->bytes[8];
    if ((b & 0x80) == 0) return IDGEN_UUID_VARIANT_NCS;
    if ((b & 0xc0) == 0x80) return IDGEN_UUID_VARIANT_RFC9562;
    if ((b & 0xe0) == 0xc0) return IDGEN_UUID_VARIANT_MICROSOFT;
    return IDGEN_UUID_VARIANT_FUTURE;
}
