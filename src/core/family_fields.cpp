// family_fields.cpp: a row's fields string (family.h), parsed at run time and
// checked at compile time: every row's fields fill its value exactly.
#include "family_fields.h"

#include <string_view>

#include "families.hpp"
#include "family_fields.hpp"

using namespace idgen;

namespace {

constexpr bool fields_fill_their_values() {
    for (const idgen_family_info& f : kFamilies) {
        if (f.fields == nullptr) continue;
        int total = 0, named = 0;
        if (!each_field(f.fields, [&](std::string_view name, int, int bits) {
                total += bits;
                named += name != "-";
            }))
            return false;
        if (total != f.value_bytes * 8 || named > IDGEN_FAMILY_MAX_FIELDS || f.digits == nullptr) return false;
    }
    return true;
}
static_assert(fields_fill_their_values(),
              "a row's fields are name:bits (1 to 64) that fill its value_bytes, at most 8 named, "
              "and its text is its digits");

}  // namespace

extern "C" bool idgen_family_field_at(idgen_family family, int index, idgen_family_field* out) {
    return field_at(family_info(family), index, out);
}

extern "C" idgen_fault idgen_family_field_read(idgen_family family, const idgen_family_field* field,
                                               const uint8_t* bytes, int64_t* value) {
    return read_field(family_info(family), *field, bytes, value);
}
