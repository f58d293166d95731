// samples.hpp: a sample value of each native type written as one number in
// its row's digits, and the examples of the functions idgen-native-types
// makes for it, for the documents' tests (test/doc/reference.sh,
// preload_list.py): a type added by its row needs no hand-written sample.
//
//   idgen-native-types --samples    TYPE <tab> a literal of it
//   idgen-native-types --examples   regprocedure <tab> an expression
//
// test/doc/examples.tsv's and preload_list.py's own samples come first.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "../core/families.hpp"
#include "../core/family_fields.hpp"

namespace idgen_samples {

// The sample's bytes: 2020-04-14 02:15:37.033 UTC (the ULID example's) in the
// time field where the row has one, a fixed pattern after it.
inline std::vector<uint8_t> bytes(const idgen_family_info& f) {
    std::vector<uint8_t> out(static_cast<size_t>(f.value_bytes));
    for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(i * 37 + 11);
    const int64_t units = INT64_C(1586830537033) / (f.time_unit_ms > 0 ? f.time_unit_ms : 1);
    for (int i = 0; i < f.time_bytes; ++i)
        out[static_cast<size_t>(i)] = static_cast<uint8_t>(units >> (8 * (f.time_bytes - 1 - i)));
    // a row with fields: its ts field, counted from its epoch
    idgen::each_field(f.fields, [&](std::string_view name, int first, int bits) {
        if (name != "ts") return;
        const auto since = static_cast<uint64_t>((INT64_C(1586830537033) - f.default_epoch_ms) /
                                                 (f.time_unit_ms > 0 ? f.time_unit_ms : 1));
        for (int b = 0; b < bits; ++b) {
            const int at = first + bits - 1 - b;  // b: the field's bit b from its lowest
            const auto mask = static_cast<uint8_t>(1u << (7 - at % 8));
            const bool one = b < 64 && ((since >> b) & 1u);
            out[static_cast<size_t>(at / 8)] = one ? (out[static_cast<size_t>(at / 8)] | mask)
                                                   : (out[static_cast<size_t>(at / 8)] & ~mask);
        }
    });
    return out;
}

// Whether the row's text is one number in its digits, so that a sample is
// written from its bytes (radix_text.hpp's rule: big-endian, pad_bits zero
// bits after, at most 128 bits).
inline bool positional(const idgen_family_info& f) {
    return f.type_comment != nullptr && f.digits != nullptr && f.value_bytes > 0 && f.text_len > 0 &&
           f.value_bytes * 8 + f.pad_bits <= 128 && f.prefix_max_len == 0;
}

inline std::string text(const idgen_family_info& f) {
    unsigned __int128 n = 0;
    for (uint8_t b : bytes(f)) n = (n << 8) | b;
    n <<= f.pad_bits;
    const unsigned base = static_cast<unsigned>(std::string(f.digits).size());
    std::string out(static_cast<size_t>(f.text_len), f.digits[0]);
    for (int i = f.text_len - 1; i >= 0 && n != 0; --i, n /= base) out[static_cast<size_t>(i)] = f.digits[n % base];
    return out;
}

inline std::string literal(const idgen_family_info& f) { return "'" + text(f) + "'::" + f.name; }

inline void print_samples() {
    for (const idgen_family_info& f : idgen::kFamilies)
        if (positional(f)) std::printf("%s\t%s\n", f.name, literal(f).c_str());
}

// An example for each function idgen-native-types writes that
// docs/reference.md lists (not the types' I/O and operator support).
inline void print_examples() {
    for (const idgen_family_info& f : idgen::kFamilies) {
        if (!positional(f)) continue;
        const char* t = f.name;
        const std::string v = literal(f);
        for (const char* agg : {"max", "min"})
            std::printf("%s(%s)\t%s(v) FROM (VALUES (%s), (%s)) s(v)\n", agg, t, agg, v.c_str(),
                        (std::string("'") + std::string(static_cast<size_t>(f.text_len), f.digits[0]) + "'::" + t).c_str());
        if (f.text_functions != nullptr) {
            std::printf("%s_parse(text)\t%s_parse('%s')\n", f.text_functions, f.text_functions, text(f).c_str());
            std::printf("%s_text(%s)\t%s_text(%s)\n", f.text_functions, t, f.text_functions, v.c_str());
        }
        if (f.bytea_cast) {
            std::string hex;
            for (uint8_t b : bytes(f)) {
                char h[3];
                std::snprintf(h, sizeof h, "%02x", b);
                hex += h;
            }
            std::printf("bytea_to_%s(bytea)\tbytea_to_%s('\\x%s')\n", t, t, hex.c_str());
        }
        if (f.table_type || f.generated) std::printf("%s()\t%s()\n", t, t);
        if (f.table_type) std::printf("%s_timestamp(%s)\t%s_timestamp(%s)\n", t, t, t, v.c_str());
        if (!f.table_type)
            idgen::each_field(f.fields, [&](std::string_view name, int, int) {
                if (name == "-") return;
                const std::string fn = std::string(t) + "_" + (name == "ts" ? std::string("timestamp") : std::string(name));
                std::printf("%s(%s)\t%s(%s)\n", fn.c_str(), t, fn.c_str(), v.c_str());
            });
    }
}

}  // namespace idgen_samples
