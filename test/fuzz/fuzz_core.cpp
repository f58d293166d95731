// libFuzzer harness over the core's parsers and bit codecs. Every input must
// end in a clean fault or in a value that round-trips: never a crash, never
// undefined behaviour (built with ASan and UBSan).
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#include "id_codec.h"
#include "ksuid.h"
#include "objectid.h"
#include "reservation_text.h"
#include "typeid.h"
#include "ulid.h"
#include "uuid.h"

namespace {

void require(bool ok) {
    if (!ok) abort();
}

int64_t read_i64(const uint8_t*& data, size_t& size) {
    int64_t v = 0;
    size_t n = size < 8 ? size : 8;
    memcpy(&v, data, n);
    data += n;
    size -= n;
    return v;
}

void ulid_text(const uint8_t* data, size_t size) {
    idgen_ulid u;
    idgen_fault f = idgen_ulid_from_text(reinterpret_cast<const char*>(data), size, &u);
    if (f.code != IDGEN_OK) {
        require(f.code == IDGEN_TEXT_LENGTH || f.code == IDGEN_TEXT_CHARACTER ||
                f.code == IDGEN_TEXT_OVERFLOW);
        if (f.code == IDGEN_TEXT_CHARACTER) require(f.value >= 0 && static_cast<size_t>(f.value) < size);
        return;
    }
    char text[IDGEN_ULID_TEXT_LEN + 1];
    idgen_ulid_to_text(&u, text);
    require(size == IDGEN_ULID_TEXT_LEN);
    for (size_t i = 0; i < size; ++i) require(text[i] == toupper(data[i]));
}

void ksuid_and_objectid_text(const uint8_t* data, size_t size) {
    const char* text = reinterpret_cast<const char*>(data);
    idgen_ksuid k;
    idgen_fault f = idgen_ksuid_from_text(text, size, &k);
    if (f.code == IDGEN_OK) {
        char back[IDGEN_KSUID_TEXT_LEN + 1];
        idgen_ksuid_to_text(&k, back);
        require(size == IDGEN_KSUID_TEXT_LEN && memcmp(back, text, size) == 0);
    } else {
        require(f.code == IDGEN_TEXT_LENGTH || f.code == IDGEN_TEXT_CHARACTER ||
                f.code == IDGEN_TEXT_OVERFLOW);
    }
    idgen_objectid o;
    f = idgen_objectid_from_text(text, size, &o);
    if (f.code == IDGEN_OK) {
        char back[IDGEN_OBJECTID_TEXT_LEN + 1];
        idgen_objectid_to_text(&o, back);
        for (size_t i = 0; i < size; ++i) require(back[i] == tolower(data[i]));
    } else {
        require(f.code == IDGEN_TEXT_LENGTH || f.code == IDGEN_TEXT_CHARACTER);
    }
}

// idgen-decode's readers: a bigint in decimal, a UUID's text.
void decimal_and_uuid_text(const uint8_t* data, size_t size) {
    const char* text = reinterpret_cast<const char*>(data);
    int64_t id;
    idgen_fault f = idgen_id_from_text(text, size, &id);
    const size_t first = size > 0 && text[0] == '-' ? 1 : 0;
    __int128 v = 0;  // the value of the leading digits, capped past int64's range
    size_t digits = first;
    for (; digits < size && isdigit(static_cast<unsigned char>(text[digits])); ++digits)
        if (v <= (__int128{1} << 64)) v = v * 10 + (text[digits] - '0');
    if (first) v = -v;
    if (f.code == IDGEN_OK) {
        require(digits == size && size > first && v == id);
    } else if (f.code == IDGEN_TEXT_CHARACTER) {
        require(static_cast<size_t>(f.value) == digits && digits < size);
    } else if (f.code == IDGEN_TEXT_OVERFLOW) {
        require(v > INT64_MAX || v < INT64_MIN);
    } else {
        require(f.code == IDGEN_TEXT_LENGTH && size == first);
    }

    idgen_uuid u;
    f = idgen_uuid_from_text(text, size, &u);
    if (f.code == IDGEN_OK) {
        static const char hex[] = "0123456789abcdef";
        require(size == 32 || size == 36);
        size_t at = 0;
        for (int n = 0; n < 16; ++n) {
            if (size == 36 && (at == 8 || at == 13 || at == 18 || at == 23)) require(text[at++] == '-');
            require(tolower(text[at++]) == hex[u.bytes[n] >> 4]);
            require(tolower(text[at++]) == hex[u.bytes[n] & 15]);
        }
    } else {
        require(f.code == IDGEN_TEXT_LENGTH ||
                (f.code == IDGEN_TEXT_CHARACTER && static_cast<size_t>(f.value) < size));
    }
}

void bigint_codecs(const uint8_t* data, size_t size) {
    int64_t id = read_i64(data, size);
    int64_t epoch = read_i64(data, size);
    int64_t when = read_i64(data, size);
    int64_t seq = read_i64(data, size);
    for (idgen_family family : {IDGEN_FAMILY_SHARD_ID, IDGEN_FAMILY_SNOWFLAKE}) {
        idgen_id_parts parts;
        idgen_fault f = idgen_id_decode(family, id, epoch, &parts);
        require(f.code == IDGEN_OK || f.code == IDGEN_ID_OUT_OF_RANGE ||
                f.code == IDGEN_EPOCH_OUT_OF_RANGE);
        if (f.code == IDGEN_OK) {
            int64_t bound;
            require(idgen_id_from_time(family, parts.unix_ms, epoch, &bound).code == IDGEN_OK);
            require(bound <= id);
        }
    }
    int64_t composed;
    idgen_fault f = idgen_shard_id_compose(when, epoch, static_cast<int32_t>(seq >> 32), seq, &composed);
    if (f.code == IDGEN_OK) {
        idgen_id_parts parts;
        require(idgen_id_decode(IDGEN_FAMILY_SHARD_ID, composed, epoch, &parts).code == IDGEN_OK);
        require(parts.unix_ms == when && parts.mid == static_cast<int32_t>(seq >> 32) &&
                parts.seq == seq % 1024);
    }
    idgen_ulid u;
    if (idgen_ulid_from_time(when, &u).code == IDGEN_OK) require(idgen_ulid_unix_ms(&u) == when);
    idgen_uuid v;
    if (idgen_uuid_v7_from_time(when, &v).code == IDGEN_OK) {
        int64_t ms = -1;
        require(idgen_uuid_v7_unix_ms(&v, &ms) && ms == when);
    }
}

// The reservation's line: bytes read as a reservation are exactly the line
// written for it, so no other bytes (a torn write) can read as one.
void reservation_text(const uint8_t* data, size_t size) {
    const char* text = reinterpret_cast<const char*>(data);
    idgen_reservation r;
    char writer;
    if (idgen_reservation_from_text(text, size, 1, 2, &r, &writer) != IDGEN_RESERVATION_TEXT_OK)
        return;
    char again[IDGEN_RESERVATION_TEXT_MAX];
    size_t len = idgen_reservation_to_text(&r, writer, again);
    bool legacy = r.system_identifier == 0 && r.timeline == 0 && size <= 21;
    require(legacy || (len == size && memcmp(again, text, size) == 0));
    idgen_reservation back;
    char back_writer;
    require(idgen_reservation_from_text(again, len, 1, 2, &back, &back_writer) ==
                IDGEN_RESERVATION_TEXT_OK &&
            memcmp(&back, &r, sizeof r) == 0 && back_writer == writer);
}

// TypeID: text read as a TypeID is exactly the text written for it (lower
// case, the prefix as it was); a prefix passes only as the spec's regex
// says; the order of stored forms is antisymmetric.
void typeid_text(const uint8_t* data, size_t size) {
    const char* text = reinterpret_cast<const char*>(data);
    size_t prefix_len = 0;
    idgen_uuid u;
    int in_prefix = -1;
    idgen_fault f = idgen_typeid_from_text(text, size, &prefix_len, &u, &in_prefix);
    if (f.code == IDGEN_OK) {
        require(idgen_typeid_check_prefix(text, prefix_len).code == IDGEN_OK);
        char back[IDGEN_TYPEID_TEXT_MAX + 1];
        size_t len = idgen_typeid_to_text(text, prefix_len, &u, back);
        require(len == size && memcmp(back, text, size) == 0);
    } else {
        require(f.code == IDGEN_TEXT_LENGTH || f.code == IDGEN_TEXT_CHARACTER || f.code == IDGEN_TEXT_OVERFLOW);
        require(in_prefix == 0 || in_prefix == 1);
        if (f.code == IDGEN_TEXT_CHARACTER) require(f.value >= 0 && static_cast<size_t>(f.value) < size);
    }
    // the whole input as a prefix: ^([a-z]([a-z_]{0,61}[a-z])?)?$
    bool valid = size <= 63;
    for (size_t i = 0; i < size; ++i)
        valid = valid && ((text[i] >= 'a' && text[i] <= 'z') || (text[i] == '_' && i > 0 && i + 1 < size));
    require((idgen_typeid_check_prefix(text, size).code == IDGEN_OK) == valid);
    // two stored forms (each at least its 16 UUID bytes) from the halves
    if (size >= 32) {
        const uint8_t* a = data;
        const size_t a_len = size / 2;
        const uint8_t* b = data + a_len;
        const size_t b_len = size - a_len;
        require(idgen_typeid_compare(a, a_len, b, b_len) == -idgen_typeid_compare(b, b_len, a, a_len));
        require(idgen_typeid_compare(a, a_len, a, a_len) == 0);
        require((idgen_typeid_compare(a, a_len, b, b_len) == 0) == (a_len == b_len && memcmp(a, b, a_len) == 0));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    // the first byte picks the target, the rest is its input
    switch (data[0] % 6) {
        case 0: bigint_codecs(data + 1, size - 1); break;
        case 1: ulid_text(data + 1, size - 1); break;
        case 2: ksuid_and_objectid_text(data + 1, size - 1); break;
        case 3: reservation_text(data + 1, size - 1); break;
        case 5: typeid_text(data + 1, size - 1); break;
        default: decimal_and_uuid_text(data + 1, size - 1); break;
    }
    return 0;
}
