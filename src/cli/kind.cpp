// kind.cpp: kind names and the guess from the text's shape, from the core's
// family table.
#include "kind.hpp"

namespace idgen_decode {
namespace {

// A bigint in decimal is at most 19 digits and a sign.
constexpr size_t kMaxDecimalLen = 20;

// Of the bigint layouts, read first when a decimal number could be any.
constexpr Kind kLikeliestBigint = IDGEN_FAMILY_SNOWFLAKE;

bool is_decimal(std::string_view text) {
    if (text.size() > kMaxDecimalLen) return false;
    if (!text.empty() && text[0] == '-') text.remove_prefix(1);
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

const idgen_family_info* info(Kind kind) {
    return kind == kUnknownKind ? nullptr : idgen_family_of(kind);
}

// A layout of time, a middle field and a sequence in a bigint, written in decimal.
bool is_bigint(Kind kind) { return info(kind)->mid_bits > 0; }

bool has_prefix(Kind kind) { return info(kind)->prefix_max_len > 0; }

bool has_length(Kind kind, std::string_view text) {
    const idgen_family_info* f = info(kind);
    const auto len = static_cast<int>(text.size());
    return f->text_len > 0 && (len == f->text_len || len == f->other_text_len);
}

// Whether a guess tries kind on text.
bool has_shape(Kind kind, std::string_view text) {
    if (is_decimal(text)) return is_bigint(kind);
    if (has_prefix(kind)) return text.find('_') != std::string_view::npos;
    return has_length(kind, text);
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

std::vector<Kind> guess_order() {
    std::vector<Kind> order{kLikeliestBigint};
    for (int k = 0; k < IDGEN_FAMILY_COUNT; ++k)
        if (static_cast<Kind>(k) != kLikeliestBigint && is_bigint(static_cast<Kind>(k)))
            order.push_back(static_cast<Kind>(k));
    for (int k = 0; k < IDGEN_FAMILY_COUNT; ++k)
        if (!is_bigint(static_cast<Kind>(k)) && has_prefix(static_cast<Kind>(k))) order.push_back(static_cast<Kind>(k));
    for (int k = 0; k < IDGEN_FAMILY_COUNT; ++k)
        if (!is_bigint(static_cast<Kind>(k)) && !has_prefix(static_cast<Kind>(k))) order.push_back(static_cast<Kind>(k));
    return order;
}

std::string guess_shape(Kind kind) {
    const idgen_family_info* f = info(kind);
    // one without its prefix has another family's shape (a TypeID's: a ULID's)
    if (has_prefix(kind))
        return "a prefix, '_' and " + std::to_string(f->text_len) + " characters (no prefix: --kind=" + f->name + ")";
    if (!is_bigint(kind)) return f->text_shape;
    return f->text_len > 0 ? "a decimal number, or " + std::string(f->text_shape) : "a decimal number";
}

std::vector<Kind> guess_kinds(std::string_view text) {
    std::vector<Kind> kinds;
    for (Kind k : guess_order())
        if (has_shape(k, text)) kinds.push_back(k);
    return kinds;
}

}  // namespace idgen_decode
