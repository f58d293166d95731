// timeflake.cpp: Timeflake's base62 text (radix_text.hpp) or hex, and its
// generator: ulid()'s, whose bits are a Timeflake's.
#include "timeflake.h"

#include <string.h>

#include "radix_text.hpp"
#include "ulid.h"

using namespace idgen;

namespace {
using Text = RadixText<IDGEN_FAMILY_TIMEFLAKE>;
static_assert(sizeof(idgen_timeflake) == sizeof(idgen_ulid), "a Timeflake has a ULID's bytes");
}  // namespace

extern "C" void idgen_timeflake_to_text(const idgen_timeflake* id, char* out) { Text::encode(id->bytes, out); }

extern "C" idgen_fault idgen_timeflake_from_text(const char* text, size_t len, idgen_timeflake* id) {
    if (len == IDGEN_TIMEFLAKE_HEX_LEN) {
        if (idgen_fault f = check_text(text, len, IDGEN_TIMEFLAKE_HEX_LEN, is_hex); f.code != IDGEN_OK) return f;
        for (int i = 0; i < IDGEN_TIMEFLAKE_LEN; ++i) id->bytes[i] = hex_byte(text + 2 * i);
        return {IDGEN_OK, 0, 0, 0};
    }
    return Text::decode(text, len, id->bytes);
}

extern "C" idgen_fault idgen_timeflake_now(idgen_timeflake* id) {
    idgen_ulid ulid;
    idgen_fault f = idgen_ulid_now(&ulid);
    if (f.code == IDGEN_OK) memcpy(id->bytes, ulid.bytes, sizeof id->bytes);
    return f;
}

extern "C" int64_t idgen_timeflake_unix_ms(const idgen_timeflake* id) { return get_be<int64_t>(id->bytes, 6); }

extern "C" idgen_fault idgen_timeflake_from_time(int64_t unix_ms, idgen_timeflake* id) {
    idgen_ulid ulid;
    idgen_fault f = idgen_ulid_from_time(unix_ms, &ulid);
    if (f.code == IDGEN_OK) memcpy(id->bytes, ulid.bytes, sizeof id->bytes);
    return f;
}
