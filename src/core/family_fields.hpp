// family_fields.hpp: a row's fields string (family.h) read field by field,
// constexpr: family_fields.cpp checks every row with it at compile time and
// reads it at run time; idgen-native-types writes each field's SQL from it.
#pragma once

#include <cstdint>
#include <string_view>

#include "family_fields.h"

namespace idgen {

// Calls each(name, first_bit, bits) for every "name:bits" of fields, in
// order; false on anything else (an empty name, bits outside 1..64).
template <class Each>
constexpr bool each_field(const char* fields, Each each) {
    int first = 0;
    std::string_view rest = fields ? fields : "";
    while (!rest.empty()) {
        while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
        if (rest.empty()) break;
        const size_t colon = rest.find(':');
        if (colon == 0 || colon == std::string_view::npos) return false;
        const std::string_view name = rest.substr(0, colon);
        rest.remove_prefix(colon + 1);
        int bits = 0;
        while (!rest.empty() && rest.front() >= '0' && rest.front() <= '9') {
            bits = bits * 10 + (rest.front() - '0');
            rest.remove_prefix(1);
        }
        if (bits < 1 || bits > 64 || name.size() > IDGEN_FAMILY_FIELD_NAME_MAX) return false;
        each(name, first, bits);
        first += bits;
    }
    return true;
}

// The index-th named field of a row (idgen_family_field_at's).
inline bool field_at(const idgen_family_info& f, int index, idgen_family_field* out) {
    bool found = false;
    int named = 0;
    each_field(f.fields, [&](std::string_view name, int first, int bits) {
        if (found || name == "-" || named++ != index) return;
        out->name = name.data();
        out->name_len = static_cast<int>(name.size());
        out->first_bit = first;
        out->bits = bits;
        out->is_time = name == "ts";
        found = true;
    });
    return found;
}

// A field's value in a row's bytes (idgen_family_field_read's).
inline idgen_fault read_field(const idgen_family_info& f, const idgen_family_field& field, const uint8_t* bytes,
                              int64_t* value) {
    uint64_t v = 0;
    for (int b = field.first_bit; b < field.first_bit + field.bits; ++b)
        v = (v << 1) | ((bytes[b / 8] >> (7 - b % 8)) & 1u);
    if (!field.is_time) {
        *value = static_cast<int64_t>(v);
        return {IDGEN_OK, 0, 0, 0};
    }
    const uint64_t unit = f.time_unit_ms > 0 ? static_cast<uint64_t>(f.time_unit_ms) : 1;
    const uint64_t last = static_cast<uint64_t>(f.max_time_ms - f.default_epoch_ms) / unit;
    if (v > last) {
        const bool fits = v <= (static_cast<uint64_t>(INT64_MAX) - static_cast<uint64_t>(f.default_epoch_ms)) / unit;
        return {IDGEN_TIME_OUT_OF_RANGE, fits ? static_cast<int64_t>(v * unit) + f.default_epoch_ms : INT64_MAX,
                f.default_epoch_ms, f.max_time_ms};
    }
    *value = static_cast<int64_t>(v * unit) + f.default_epoch_ms;
    return {IDGEN_OK, 0, 0, 0};
}

}  // namespace idgen
