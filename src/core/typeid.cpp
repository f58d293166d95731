// typeid.cpp: TypeID's prefix rule, its text codec (the suffix is ULID's
// Crockford codec in lower case) and the order of its stored form.
#include "typeid.h"

#include <string.h>

#include "crockford.hpp"
#include "families.hpp"

using namespace idgen;

namespace {

constexpr idgen_fault kOk{IDGEN_OK, 0, 0, 0};
const idgen_family_info& kTypeid = family_info(IDGEN_FAMILY_TYPEID);
const CrockfordTable& suffix_table() {
    return kTypeid.lower_case_only ? kCrockfordLowerTable : kCrockfordTable;
}

constexpr bool in_prefix_alphabet(unsigned char c) { return (c >= 'a' && c <= 'z') || c == '_'; }

int sign(int c) { return c < 0 ? -1 : c > 0; }

}  // namespace

extern "C" idgen_fault idgen_typeid_check_prefix(const char* prefix, size_t len) {
    for (size_t i = 0; i < len; ++i)
        if (!in_prefix_alphabet(static_cast<unsigned char>(prefix[i])))
            return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(i), 0, 0};
    // letters at both ends: '_' only between them
    if (len > 0 && prefix[0] == '_') return {IDGEN_TEXT_CHARACTER, 0, 0, 0};
    if (len > 0 && prefix[len - 1] == '_') return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(len - 1), 0, 0};
    if (len > static_cast<size_t>(kTypeid.prefix_max_len))
        return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), 0, kTypeid.prefix_max_len};
    return kOk;
}

extern "C" idgen_fault idgen_typeid_from_text(const char* text, size_t len, size_t* prefix_len,
                                              idgen_uuid* uuid, int* in_prefix) {
    // the prefix ends at the last '_' (the suffix's alphabet has none)
    size_t sep = len;
    while (sep > 0 && text[sep - 1] != '_') --sep;
    const bool last = sep > 0;
    if (last) --sep;
    const size_t suffix_start = last ? sep + 1 : 0;
    *in_prefix = 1;
    if (last) {
        // "_" + suffix: an empty prefix has no separator; the '_' starts a prefix
        if (sep == 0) return {IDGEN_TEXT_CHARACTER, 0, 0, 0};
        if (idgen_fault f = idgen_typeid_check_prefix(text, sep); f.code != IDGEN_OK) return f;
    }
    *in_prefix = 0;
    u128 v;
    idgen_fault f = crockford_decode(text + suffix_start, len - suffix_start, &v, suffix_table());
    if (f.code == IDGEN_TEXT_CHARACTER) f.value += static_cast<int64_t>(suffix_start);
    if (f.code != IDGEN_OK) return f;
    put_be(uuid->bytes, 16, v);
    *prefix_len = sep;
    return kOk;
}

extern "C" size_t idgen_typeid_to_text(const char* prefix, size_t prefix_len, const idgen_uuid* uuid,
                                       char* out) {
    size_t n = 0;
    if (prefix_len > 0) {
        memcpy(out, prefix, prefix_len);
        n = prefix_len;
        out[n++] = '_';
    }
    crockford_encode(get_be<u128>(uuid->bytes, 16), out + n,
                     kTypeid.lower_case_only ? kCrockfordLowerAlphabet : kCrockfordAlphabet);
    n += IDGEN_TYPEID_SUFFIX_LEN;
    out[n] = '\0';
    return n;
}

extern "C" int idgen_typeid_compare(const uint8_t* a, size_t a_len, const uint8_t* b, size_t b_len) {
    const size_t a_prefix = a_len - 16, b_prefix = b_len - 16;
    // the prefixes as bytes: where one is the other's start, the shorter first
    if (int c = memcmp(a, b, a_prefix < b_prefix ? a_prefix : b_prefix); c != 0) return sign(c);
    if (a_prefix != b_prefix) return a_prefix < b_prefix ? -1 : 1;
    return sign(memcmp(a + a_prefix, b + b_prefix, 16));
}
