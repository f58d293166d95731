// decode.cpp: each kind's text through the core's parser and decoder, into
// the fields the SQL decoders return. No decoding happens here.
#include "decoded.hpp"

#include "fault_message.hpp"
#include "../core/id_codec.h"
#include "../core/ksuid.h"
#include "../core/objectid.h"
#include "../core/typeid.h"
#include "../core/ulid.h"
#include "../core/uuid.h"

namespace idgen_decode {
namespace {

using Type = Field::Type;

Field number(std::string_view name, int64_t value) { return {name, Type::Number, value, {}}; }
Field time_us(std::string_view name, int64_t unix_us) { return {name, Type::Time, unix_us, {}}; }
Field null(std::string_view name) { return {name, Type::Null, 0, {}}; }
Field text(std::string_view name, std::string_view value) { return {name, Type::Text, 0, value}; }

// snowflake_decode (ts, node, seq) and shard_id_decode (ts, shard, seq)
idgen_fault bigint_id(std::string_view t, Kind kind, Epoch epoch, Decoded* out) {
    int64_t id;
    if (idgen_fault f = idgen_id_from_text(t.data(), t.size(), &id); f.code != IDGEN_OK) return f;
    const idgen_family_info& family = *idgen_family_of(kind);
    idgen_id_parts parts;
    idgen_fault f = idgen_id_decode(kind, id, epoch.value_or(family.default_epoch_ms), &parts);
    if (f.code != IDGEN_OK) return f;
    out->fields = {time_us("ts", parts.unix_ms * 1000), number(family.mid_name, parts.mid),
                   number("seq", parts.seq)};
    return f;
}

// A fixed-size ID's text through its family's parser, then fields(id).
template <class Id, class Fields>
idgen_fault parsed(std::string_view t, idgen_fault (*from_text)(const char*, size_t, Id*), Decoded* out,
                   Fields&& fields) {
    Id id;
    idgen_fault f = from_text(t.data(), t.size(), &id);
    if (f.code == IDGEN_OK) out->fields = fields(id);
    return f;
}

// ulid_timestamp
std::vector<Field> ulid(const idgen_ulid& u) { return {time_us("ts", idgen_ulid_unix_ms(&u) * 1000)}; }

std::string_view variant_name(idgen_uuid_variant v) {
    switch (v) {
        case IDGEN_UUID_VARIANT_NCS: return "ncs";
        case IDGEN_UUID_VARIANT_RFC9562: return "rfc9562";
        case IDGEN_UUID_VARIANT_MICROSOFT: return "microsoft";
        case IDGEN_UUID_VARIANT_FUTURE: return "future";
    }
    return "?";
}

// uuid_version, the variant, uuid_timestamp; NULL where SQL returns NULL
std::vector<Field> uuid(const idgen_uuid& u) {
    const int version = idgen_uuid_version(&u);
    int64_t unix_us;
    return {version >= 0 ? number("version", version) : null("version"),
            text("variant", variant_name(idgen_uuid_variant_of(&u))),
            idgen_uuid_unix_us(&u, &unix_us) ? time_us("ts", unix_us) : null("ts")};
}

// ksuid_timestamp
std::vector<Field> ksuid(const idgen_ksuid& k) { return {time_us("ts", idgen_ksuid_unix_s(&k) * 1000000)}; }

// objectid_timestamp, objectid_counter
std::vector<Field> objectid(const idgen_objectid& o) {
    return {time_us("ts", idgen_objectid_unix_s(&o) * 1000000), number("counter", idgen_objectid_counter(&o))};
}

// typeid_prefix, typeid_timestamp (NULL unless the UUID is a v7)
idgen_fault type_id(std::string_view t, Decoded* out) {
    size_t prefix_len;
    idgen_uuid u;
    int in_prefix;
    idgen_fault f = idgen_typeid_from_text(t.data(), t.size(), &prefix_len, &u, &in_prefix);
    if (f.code != IDGEN_OK) return f;
    int64_t unix_ms;
    out->fields = {text("prefix", t.substr(0, prefix_len)),
                   idgen_uuid_v7_unix_ms(&u, &unix_ms) ? time_us("ts", unix_ms * 1000) : null("ts")};
    return f;
}

}  // namespace

bool decode_id(std::string_view t, Kind kind, Epoch epoch, Decoded* out, std::string* why) {
    if (kind == kUnknownKind) kind = guess_kind(t);
    idgen_fault f{IDGEN_OK, 0, 0, 0};
    switch (kind) {
        case IDGEN_FAMILY_COUNT:  // kUnknownKind
            *why = "cannot tell its kind: " + expected_shapes();
            return false;
        case IDGEN_FAMILY_SNOWFLAKE:
        case IDGEN_FAMILY_SHARD_ID: f = bigint_id(t, kind, epoch, out); break;
        case IDGEN_FAMILY_ULID: f = parsed(t, idgen_ulid_from_text, out, ulid); break;
        case IDGEN_FAMILY_UUID: f = parsed(t, idgen_uuid_from_text, out, uuid); break;
        case IDGEN_FAMILY_KSUID: f = parsed(t, idgen_ksuid_from_text, out, ksuid); break;
        case IDGEN_FAMILY_OBJECTID: f = parsed(t, idgen_objectid_from_text, out, objectid); break;
        case IDGEN_FAMILY_TYPEID: f = type_id(t, out); break;
    }
    if (f.code != IDGEN_OK) {
        *why = "not a valid " + std::string(kind_display_name(kind)) + ": " + fault_message(f, kind, t);
        return false;
    }
    out->kind = kind;
    return true;
}

}  // namespace idgen_decode
