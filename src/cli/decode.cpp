// decode.cpp: each kind's text through the core's parser and decoder, into
// the fields the SQL decoders return. No decoding happens here.
#include "decoded.hpp"

#include "fault_message.hpp"
#include "../core/family_fields.h"
#include "../core/id_codec.h"
#include "../core/ksuid.h"
#include "../core/objectid.h"
#include "../core/scru128.h"
#include "../core/table_type.h"
#include "../core/timeflake.h"
#include "../core/xid12.h"
#include "../core/tsid.h"
#include "../core/pushid.h"
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

// A family of a fixed epoch: tsid_timestamp, tsid_node, tsid_counter; or
// sonyflake_decode (ts, sequence, machine). f: how reading its text went.
idgen_fault fixed_epoch_id(idgen_fault f, int64_t id, Kind kind, Decoded* out) {
    idgen_id_parts parts;
    if (f.code == IDGEN_OK) f = idgen_id_decode(kind, id, idgen_family_of(kind)->default_epoch_ms, &parts);
    if (f.code != IDGEN_OK) return f;
    const Field ts = time_us("ts", parts.unix_ms * 1000);
    out->fields = kind == IDGEN_FAMILY_TSID
                      ? std::vector<Field>{ts, number("node", parts.mid), number("counter", parts.seq)}
                      : std::vector<Field>{ts, number("sequence", parts.seq), number("machine", parts.mid)};
    return f;
}

// TSID's text, or its bigint in decimal (as the database stores it) when it
// is not 13 characters
idgen_fault tsid(std::string_view t, Decoded* out) {
    const bool decimal = t.size() != IDGEN_TSID_TEXT_LEN && !t.empty() &&
                         t.find_first_not_of("-0123456789") == std::string_view::npos;
    int64_t id = 0;
    idgen_fault f = decimal ? idgen_id_from_text(t.data(), t.size(), &id)
                            : idgen_tsid_from_text(t.data(), t.size(), &id);
    return fixed_epoch_id(f, id, IDGEN_FAMILY_TSID, out);
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

// A table type's text through its row's codec: <name>_timestamp
idgen_fault table_type(std::string_view t, Kind kind, Decoded* out) {
    uint8_t bytes[IDGEN_TABLE_TYPE_MAX_BYTES];
    idgen_fault f = idgen_table_type_from_text(kind, t.data(), t.size(), bytes);
    if (f.code == IDGEN_OK) out->fields = {time_us("ts", idgen_table_type_unix_ms(kind, bytes) * 1000)};
    return f;
}

// A row with fields (family.h), read by its row's codec: <name>_timestamp
// for ts, <name>_<field> for each other field it names
idgen_fault row_fields(std::string_view t, Kind kind, Decoded* out) {
    uint8_t bytes[IDGEN_TABLE_TYPE_MAX_BYTES];
    idgen_fault f = idgen_table_type_from_text(kind, t.data(), t.size(), bytes);
    if (f.code != IDGEN_OK) return f;
    idgen_family_field field;
    for (int i = 0; idgen_family_field_at(kind, i, &field); ++i) {
        int64_t v;
        if (f = idgen_family_field_read(kind, &field, bytes, &v); f.code != IDGEN_OK) return f;
        out->fields.push_back(field.is_time ? time_us("ts", v * 1000)
                                            : number(std::string_view(field.name, static_cast<size_t>(field.name_len)), v));
    }
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

// xid_timestamp, xid_machine, xid_pid, xid_counter
std::vector<Field> xid12(const idgen_xid12& x) {
    return {time_us("ts", idgen_xid12_unix_s(&x) * 1000000), number("machine", idgen_xid12_machine(&x)),
            number("pid", idgen_xid12_pid(&x)), number("counter", idgen_xid12_counter(&x))};
}

// scru128_timestamp
std::vector<Field> scru128(const idgen_scru128& s) { return {time_us("ts", idgen_scru128_unix_ms(&s) * 1000)}; }

// timeflake_timestamp
std::vector<Field> timeflake(const idgen_timeflake& t) {
    return {time_us("ts", idgen_timeflake_unix_ms(&t) * 1000)};
}

// pushid_timestamp
idgen_fault pushid(std::string_view t, Decoded* out) {
    int64_t unix_ms;
    idgen_fault f = idgen_pushid_unix_ms(t.data(), t.size(), &unix_ms);
    if (f.code == IDGEN_OK) out->fields = {time_us("ts", unix_ms * 1000)};
    return f;
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
    if (kind == kUnknownKind) {
        const std::vector<Kind> kinds = guess_kinds(t);
        if (kinds.empty()) {
            *why = "cannot tell its kind: " + expected_shapes();
            return false;
        }
        // the likeliest kind that reads it, and every other that reads it
        // too; if none does, the likeliest says why
        bool read = false;
        for (Kind k : kinds) {
            Decoded reading;
            std::string not_this;
            if (!decode_id(t, k, epoch, &reading, &not_this)) continue;
            if (read) {
                out->others.push_back(std::move(reading));
            } else {
                *out = std::move(reading);
                read = true;
            }
        }
        if (read) return true;
        kind = kinds.front();
    }
    idgen_fault f{IDGEN_OK, 0, 0, 0};
    switch (kind) {
        default:  // a table type or a row with fields (their rows say all); any other row is no kind
            if (idgen_family_of(kind)->table_type) {
                f = table_type(t, kind, out);
                break;
            }
            if (idgen_family_of(kind)->fields != nullptr) {
                f = row_fields(t, kind, out);
                break;
            }
            [[fallthrough]];
        case IDGEN_FAMILY_COUNT:  // kUnknownKind
            *why = "cannot tell its kind: " + expected_shapes();
            return false;
        case IDGEN_FAMILY_SNOWFLAKE:
        case IDGEN_FAMILY_SHARD_ID: f = bigint_id(t, kind, epoch, out); break;
        case IDGEN_FAMILY_ULID: f = parsed(t, idgen_ulid_from_text, out, ulid); break;
        case IDGEN_FAMILY_UUID: f = parsed(t, idgen_uuid_from_text, out, uuid); break;
        case IDGEN_FAMILY_KSUID: f = parsed(t, idgen_ksuid_from_text, out, ksuid); break;
        case IDGEN_FAMILY_OBJECTID: f = parsed(t, idgen_objectid_from_text, out, objectid); break;
        case IDGEN_FAMILY_XID12: f = parsed(t, idgen_xid12_from_text, out, xid12); break;
        case IDGEN_FAMILY_SCRU128: f = parsed(t, idgen_scru128_from_text, out, scru128); break;
        case IDGEN_FAMILY_TIMEFLAKE: f = parsed(t, idgen_timeflake_from_text, out, timeflake); break;
        case IDGEN_FAMILY_TSID: f = tsid(t, out); break;
        case IDGEN_FAMILY_SONYFLAKE: {
            int64_t id = 0;
            f = idgen_id_from_text(t.data(), t.size(), &id);  // before id is read
            f = fixed_epoch_id(f, id, kind, out);
            break;
        }
        case IDGEN_FAMILY_PUSHID: f = pushid(t, out); break;
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
