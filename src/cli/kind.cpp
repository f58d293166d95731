// kind.cpp: kind names and the guess from the text's shape.
#include "kind.hpp"

#include "../core/ksuid.h"
#include "../core/objectid.h"
#include "../core/ulid.h"

namespace idgen_decode {
namespace {

struct KindNames {
    Kind kind;
    std::string_view name;
    std::string_view display;
};

constexpr KindNames kNames[] = {
    {Kind::Snowflake, "snowflake", "Snowflake ID"},
    {Kind::Shard, "shard", "shard ID"},
    {Kind::Ulid, "ulid", "ULID"},
    {Kind::Uuid, "uuid", "UUID"},
    {Kind::Ksuid, "ksuid", "KSUID"},
    {Kind::ObjectId, "objectid", "ObjectId"},
};

// A bigint in decimal is at most 19 digits and a sign.
constexpr size_t kMaxDecimalLen = 20;

bool is_decimal(std::string_view text) {
    if (!text.empty() && text[0] == '-') text.remove_prefix(1);
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

}  // namespace

std::string_view kind_name(Kind kind) {
    for (const KindNames& k : kNames)
        if (k.kind == kind) return k.name;
    return "unknown";
}

std::string_view kind_display_name(Kind kind) {
    for (const KindNames& k : kNames)
        if (k.kind == kind) return k.display;
    return "ID";
}

Kind kind_from_name(std::string_view name) {
    for (const KindNames& k : kNames)
        if (k.name == name) return k.kind;
    return Kind::Unknown;
}

Kind guess_kind(std::string_view text) {
    if (text.size() <= kMaxDecimalLen && is_decimal(text)) return Kind::Snowflake;
    switch (text.size()) {
        case IDGEN_OBJECTID_TEXT_LEN: return Kind::ObjectId;
        case IDGEN_ULID_TEXT_LEN: return Kind::Ulid;
        case IDGEN_KSUID_TEXT_LEN: return Kind::Ksuid;
        case 32:
        case 36: return Kind::Uuid;
        default: return Kind::Unknown;
    }
}

}  // namespace idgen_decode
