// fault_message.cpp: the core's faults in words, as the SQL errors word them.
#include "fault_message.hpp"

#include <cinttypes>
#include <cstdio>

namespace idgen_decode {
namespace {

struct Shape {
    Kind kind;
    const char* length;    // "26 characters"
    const char* alphabet;  // what a character must be: "a hex digit", "in ..."
    const char* largest;   // the largest text, where the alphabet allows more
};

constexpr Shape kShapes[] = {
    {Kind::Snowflake, "1 to 19 digits, with an optional '-'", "a decimal digit", nullptr},
    {Kind::Shard, "1 to 19 digits, with an optional '-'", "a decimal digit", nullptr},
    {Kind::Ulid, "26 characters", "in Crockford's base32 alphabet: 0-9 and A-Z without I, L, O and U",
     "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"},
    {Kind::Uuid, "32 hex digits, or 36 characters with hyphens (8-4-4-4-12)",
     "a hex digit (or a hyphen after the 8th, 12th, 16th and 20th digit)", nullptr},
    {Kind::Ksuid, "27 characters", "in base62: 0-9, A-Z and a-z", "aWgEPTl1tmebfsQzFP4bxwgy80V"},
    {Kind::ObjectId, "24 hex digits", "a hex digit", nullptr},
};

const Shape& shape_of(Kind kind) {
    for (const Shape& s : kShapes)
        if (s.kind == kind) return s;
    return kShapes[0];
}

std::string format(const char* fmt, auto... args) {
    char buf[512];
    snprintf(buf, sizeof buf, fmt, args...);
    return buf;
}

std::string bad_character(const Shape& shape, std::string_view text, int64_t at) {
    const unsigned char c = static_cast<unsigned char>(text[static_cast<size_t>(at)]);
    if (c >= ' ' && c < 127)
        return format("character %d, \"%c\", is not %s", static_cast<int>(at) + 1, c, shape.alphabet);
    return format("byte %d, 0x%02X, is not %s", static_cast<int>(at) + 1, c, shape.alphabet);
}

}  // namespace

std::string fault_message(idgen_fault fault, Kind kind, std::string_view text) {
    const Shape& shape = shape_of(kind);
    const std::string name(kind_display_name(kind));
    switch (fault.code) {
        case IDGEN_TEXT_LENGTH:
            if (kind == Kind::Snowflake || kind == Kind::Shard)  // only "" and "-" get here
                return format("%s text is %s; this has no digit", name.c_str(), shape.length);
            return format("%s text is %s; this is %" PRId64 " character%s", name.c_str(),
                          shape.length, fault.value, fault.value == 1 ? "" : "s");
        case IDGEN_TEXT_CHARACTER:
            return bad_character(shape, text, fault.value);
        case IDGEN_TEXT_OVERFLOW:
            if (shape.largest) return format("the largest %s is %s", name.c_str(), shape.largest);
            return format("it is out of bigint's range (%" PRId64 " to %" PRId64 ")", fault.min,
                          fault.max);
        case IDGEN_ID_OUT_OF_RANGE:
            return format("valid IDs are %" PRId64 " to %" PRId64 ": the sign bit is never set%s",
                          fault.min, fault.max,
                          kind == Kind::Shard ? " (negative IDs are what Instagram's PL/pgSQL "
                                                "next_id() returns once its time field overflows)"
                                              : "");
        case IDGEN_EPOCH_OUT_OF_RANGE:
            return format("epoch %" PRId64 " is out of range: an epoch is Unix milliseconds from %" PRId64
                          " to %" PRId64, fault.value, fault.min, fault.max);
        default:
            return format("the core refused it (fault %d)", static_cast<int>(fault.code));
    }
}

std::string_view expected_shapes() {
    return "expected a Snowflake or shard ID (a decimal bigint), a UUID (32 hex digits, or 36 "
           "characters 8-4-4-4-12), an ObjectId (24 hex digits), a ULID (26 Crockford base32 "
           "characters) or a KSUID (27 base62 characters); --kind=KIND says which";
}

}  // namespace idgen_decode
