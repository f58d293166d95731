// uuid_text.hpp: UUIDs from and to their hex text, for the tests.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "uuid.h"

inline idgen_uuid parse_uuid(const char* text) {
    idgen_uuid u{};
    int n = 0;
    for (const char* p = text; p[0] && p[1] && n < 16; ++p) {
        if (*p == '-') continue;
        unsigned v = 0;
        sscanf(p, "%2x", &v);
        u.bytes[n++] = static_cast<uint8_t>(v);
        ++p;
    }
    return u;
}

inline std::string uuid_hex(const idgen_uuid& u) {
    char buf[37];
    snprintf(buf, sizeof buf,
             "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u.bytes[0],
             u.bytes[1], u.bytes[2], u.bytes[3], u.bytes[4], u.bytes[5], u.bytes[6], u.bytes[7],
             u.bytes[8], u.bytes[9], u.bytes[10], u.bytes[11], u.bytes[12], u.bytes[13],
             u.bytes[14], u.bytes[15]);
    return buf;
}
