// fault_message.cpp: the core's faults in words, as the SQL errors word them,
// from the core's family table.
#include "fault_message.hpp"

#include <cinttypes>
#include <cstdio>

namespace idgen_decode {
namespace {

std::string format(const char* fmt, auto... args) {
    char buf[512];
    snprintf(buf, sizeof buf, fmt, args...);
    return buf;
}

std::string bad_character(const idgen_family_info& family, std::string_view text, int64_t at) {
    const unsigned char c = static_cast<unsigned char>(text[static_cast<size_t>(at)]);
    if (c >= ' ' && c < 127)
        return format("character %d, \"%c\", is not in %s", static_cast<int>(at) + 1, c, family.alphabet);
    return format("byte %d, 0x%02X, is not in %s", static_cast<int>(at) + 1, c, family.alphabet);
}

// A fault of a type prefix (TypeID's): a character up to the last '_', or
// the prefix's length (a range, where the suffix's is one length).
bool in_prefix(const idgen_family_info& family, idgen_fault fault, std::string_view text) {
    const size_t sep = text.rfind('_');
    if (family.prefix_max_len == 0 || sep == std::string_view::npos) return false;
    if (fault.code == IDGEN_TEXT_CHARACTER) return static_cast<size_t>(fault.value) <= sep;
    return fault.code == IDGEN_TEXT_LENGTH && fault.min != fault.max;
}

}  // namespace

std::string fault_message(idgen_fault fault, Kind kind, std::string_view text) {
    const idgen_family_info& family = *idgen_family_of(kind);
    const char* name = family.display_name;
    if (in_prefix(family, fault, text)) {
        if (fault.code == IDGEN_TEXT_LENGTH)
            return format("the prefix is %" PRId64 " characters. %s", fault.value, family.prefix_rule);
        const unsigned char c = static_cast<unsigned char>(text[static_cast<size_t>(fault.value)]);
        return format(c >= ' ' && c < 127 ? "character %d, \"%c\", is out of place in the prefix. %s"
                                          : "byte %d, 0x%02X, is out of place in the prefix. %s",
                      static_cast<int>(fault.value) + 1, c, family.prefix_rule);
    }
    switch (fault.code) {
        case IDGEN_TEXT_LENGTH:
            if (family.text_len == 0)  // a decimal bigint: only "" and "-" get here
                return format("%s text is %s; this has no digit", name, family.text_shape);
            return format("%s text is %s; this is %" PRId64 " character%s", name, family.text_shape,
                          fault.value, fault.value == 1 ? "" : "s");
        case IDGEN_TEXT_CHARACTER:
            return bad_character(family, text, fault.value);
        case IDGEN_TEXT_PADDING:
            return format("character %d, \"%c\", sets padding bits: the low %d bits of the last character "
                          "are always zero",
                          static_cast<int>(fault.value) + 1, text[static_cast<size_t>(fault.value)],
                          family.pad_bits);
        case IDGEN_TEXT_OVERFLOW:
            if (family.largest) return format("the largest %s is %s", name, family.largest);
            return format("it is out of bigint's range (%" PRId64 " to %" PRId64 ")", fault.min,
                          fault.max);
        case IDGEN_ID_OUT_OF_RANGE:
            return format("valid IDs are %" PRId64 " to %" PRId64 ": the sign bit is never set%s%s",
                          fault.min, fault.max, family.negative_id_hint ? ". " : "",
                          family.negative_id_hint ? family.negative_id_hint : "");
        case IDGEN_TIME_OUT_OF_RANGE:  // a time field read past its row's last ms
            return format("its time, %" PRId64 " ms, is out of range: its time field is read from %" PRId64
                          " to %" PRId64 " ms (Unix)", fault.value, fault.min, fault.max);
        case IDGEN_EPOCH_OUT_OF_RANGE:
            return format("epoch %" PRId64 " is out of range: an epoch is Unix milliseconds from %" PRId64
                          " to %" PRId64, fault.value, fault.min, fault.max);
        default:
            return format("the core refused it (fault %d)", static_cast<int>(fault.code));
    }
}

std::string expected_shapes() {
    std::string shapes = "expected ";
    for (int k = 0; k < IDGEN_FAMILY_COUNT; ++k) {
        const idgen_family_info& f = *idgen_family_of(static_cast<Kind>(k));
        if (k > 0) shapes += k + 1 < IDGEN_FAMILY_COUNT ? ", " : " or ";
        shapes += format("%s %s (%s)", f.display_name[0] == 'O' ? "an" : "a", f.display_name, f.text_shape);
    }
    return shapes + "; --kind=KIND says which";
}

}  // namespace idgen_decode
