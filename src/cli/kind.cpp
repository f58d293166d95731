// kind.cpp: kind names and the guess from the text's shape, from the core's
// family table.
#include "kind.hpp"

namespace idgen_decode {
namespace {

// A bigint in decimal is at most 19 digits and a sign.
constexpr size_t kMaxDecimalLen = 20;

bool is_decimal(std::string_view text) {
    if (!text.empty() && text[0] == '-') text.remove_prefix(1);
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

const idgen_family_info* info(Kind kind) {
    return kind == kUnknownKind ? nullptr : idgen_family_of(kind);
}

}  // namespace

std::string_view kind_name(Kind kind) { return info(kind) ? info(kind)->name : "unknown"; }

std::string_view kind_display_name(Kind kind) { return info(kind) ? info(kind)->display_name : "ID"; }

Kind kind_from_name(std::string_view name) {
    const idgen_family_info* f = idgen_family_named(name.data(), name.size());
    return f ? f->family : kUnknownKind;
}

std::string kind_names() {
    std::string names;
    for (int k = 0; k < IDGEN_FAMILY_COUNT; ++k) {
        if (k > 0) names += k + 1 < IDGEN_FAMILY_COUNT ? ", " : " or ";
        names += kind_name(static_cast<Kind>(k));
    }
    return names;
}

std::vector<Kind> guess_kinds(std::string_view text) {
    if (text.size() <= kMaxDecimalLen && is_decimal(text)) return {IDGEN_FAMILY_SNOWFLAKE};
    std::vector<Kind> kinds;
    // a type prefix: the text has a '_' (TypeID; of the others, only a push ID's alphabet has one)
    if (text.find('_') != std::string_view::npos)
        for (int k = 0; k < IDGEN_FAMILY_COUNT; ++k)
            if (idgen_family_of(static_cast<Kind>(k))->prefix_max_len > 0) kinds.push_back(static_cast<Kind>(k));
    for (int k = 0; k < IDGEN_FAMILY_COUNT; ++k) {
        const idgen_family_info* f = idgen_family_of(static_cast<Kind>(k));
        const auto len = static_cast<int>(text.size());
        if (f->text_len > 0 && (len == f->text_len || len == f->other_text_len)) kinds.push_back(f->family);
    }
    return kinds;
}

}  // namespace idgen_decode
