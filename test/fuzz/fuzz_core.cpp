// libFuzzer harness over the core's parsers and bit codecs. Every input must
// end in a clean fault or in a value that round-trips: never a crash, never
// undefined behaviour (built with ASan and UBSan).
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "cuid2.h"
#include "id_codec.h"
#include "ksuid.h"
#include "ksuid_ms.h"
#include "nanoid.h"
#include "pushid.h"
#include "objectid.h"
#include "scru128.h"
#include "sqids.h"
#include "timeflake.h"
#include "xid12.h"
#include "reservation_text.h"
#include "tsid.h"
#include "typeid.h"
#include "ulid.h"
#include "uuid.h"

namespace {

void require(bool ok) {
    if (!ok) abort();
}

// every byte but NUL, in order: the widest Sqids alphabet
const char* every_byte() {
    static char all[255];
    for (int b = 1; b < 256; ++b) all[b - 1] = static_cast<char>(b);
    return all;
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

// xid, SCRU128 and Timeflake (radix_text.hpp): what parses writes back the
// same (SCRU128 in lower case; Timeflake's hex as base62, read again to the
// same bytes); what does not is one of the text faults.
template <class Id>
void radix_round_trip(const char* text, size_t size, size_t text_len,
                      idgen_fault (*from_text)(const char*, size_t, Id*), void (*to_text)(const Id*, char*),
                      bool lower_case) {
    Id id;
    idgen_fault f = from_text(text, size, &id);
    if (f.code != IDGEN_OK) {
        require(f.code == IDGEN_TEXT_LENGTH || f.code == IDGEN_TEXT_CHARACTER || f.code == IDGEN_TEXT_OVERFLOW ||
                f.code == IDGEN_TEXT_PADDING);
        return;
    }
    char back[64];
    to_text(&id, back);
    require(strlen(back) == text_len);
    if (size == text_len) {
        for (size_t i = 0; i < size; ++i) require(back[i] == (lower_case ? tolower(text[i]) : text[i]));
    }
    Id again;
    require(from_text(back, text_len, &again).code == IDGEN_OK && memcmp(&again, &id, sizeof id) == 0);
}

void fixed_size_text(const uint8_t* data, size_t size) {
    const char* text = reinterpret_cast<const char*>(data);
    radix_round_trip(text, size, IDGEN_XID12_TEXT_LEN, idgen_xid12_from_text, idgen_xid12_to_text, false);
    radix_round_trip(text, size, IDGEN_SCRU128_TEXT_LEN, idgen_scru128_from_text, idgen_scru128_to_text, true);
    radix_round_trip(text, size, IDGEN_TIMEFLAKE_TEXT_LEN, idgen_timeflake_from_text, idgen_timeflake_to_text,
                     false);
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

// TSID's text: read only as tsid-creator reads it (13 characters, I and L
// as 1, O as 0), written back upper case; the bytes as a TSID and as a
// Sonyflake decode into fields that compose back into the same bits.
void tsid_and_sonyflake(const uint8_t* data, size_t size) {
    const char* text = reinterpret_cast<const char*>(data);
    int64_t id;
    idgen_fault f = idgen_tsid_from_text(text, size, &id);
    if (f.code == IDGEN_OK) {
        char back[IDGEN_TSID_TEXT_LEN];
        idgen_tsid_to_text(id, back);
        require(size == IDGEN_TSID_TEXT_LEN);
        for (size_t i = 0; i < size; ++i) {
            const char c = static_cast<char>(toupper(data[i]));
            require(back[i] == (c == 'I' || c == 'L' ? '1' : c == 'O' ? '0' : c));
        }
    } else {
        require(f.code == IDGEN_TEXT_LENGTH || f.code == IDGEN_TEXT_CHARACTER ||
                f.code == IDGEN_TEXT_OVERFLOW);
        if (f.code == IDGEN_TEXT_CHARACTER) require(f.value >= 0 && static_cast<size_t>(f.value) < size);
    }
    const int64_t bits = read_i64(data, size);
    idgen_id_parts p;
    require(idgen_id_decode(IDGEN_FAMILY_TSID, bits, IDGEN_TSID_EPOCH_MS, &p).code == IDGEN_OK);
    require(static_cast<int64_t>((static_cast<uint64_t>(p.unix_ms - IDGEN_TSID_EPOCH_MS) << 22) |
                                 (static_cast<uint64_t>(p.mid) << 12) | static_cast<uint64_t>(p.seq)) == bits);
    f = idgen_id_decode(IDGEN_FAMILY_SONYFLAKE, bits, IDGEN_SONYFLAKE_EPOCH_MS, &p);
    require(bits < 0 ? f.code == IDGEN_ID_OUT_OF_RANGE : f.code == IDGEN_OK);
    if (f.code == IDGEN_OK)
        require((((p.unix_ms - IDGEN_SONYFLAKE_EPOCH_MS) / 10) << 24 | int64_t{p.seq} << 16 | p.mid) == bits);
}

// Push IDs, cuid2_is_valid, nanoid's alphabet check and KSUID-ms's time:
// each against a plain restatement of its rule.
void text_ids(const uint8_t* data, size_t size) {
    const char* text = reinterpret_cast<const char*>(data);
    static const char push[] = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
    size_t in_alphabet = 0;  // the leading bytes in push's alphabet
    while (in_alphabet < size && data[in_alphabet] != 0 && strchr(push, data[in_alphabet])) ++in_alphabet;
    int64_t ms = -1;
    idgen_fault f = idgen_pushid_unix_ms(text, size, &ms);
    if (f.code == IDGEN_OK) {
        require(size == IDGEN_PUSHID_TEXT_LEN && in_alphabet == size);
        int64_t again = 0;
        for (int i = 0; i < IDGEN_PUSHID_TIME_CHARS; ++i) again = again * 64 + (strchr(push, text[i]) - push);
        require(ms == again && ms >= 0 && ms <= IDGEN_PUSHID_MAX_MS);
    } else if (f.code == IDGEN_TEXT_CHARACTER) {
        require(static_cast<size_t>(f.value) == in_alphabet && in_alphabet < size);
    } else {
        require(f.code == IDGEN_TEXT_LENGTH && in_alphabet == size && size != IDGEN_PUSHID_TEXT_LEN);
    }

    bool valid = size >= 2 && size <= 32 && data[0] >= 'a' && data[0] <= 'z';
    for (size_t i = 1; valid && i < size; ++i)
        valid = (data[i] >= 'a' && data[i] <= 'z') || (data[i] >= '0' && data[i] <= '9');
    require(idgen_cuid2_is_valid(text, size) == valid);

    // the bytes as an alphabet of single-byte symbols
    size_t bounds[IDGEN_NANOID_MAX_SYMBOLS + 2];
    const size_t symbols = size < IDGEN_NANOID_MAX_SYMBOLS + 1 ? size : IDGEN_NANOID_MAX_SYMBOLS + 1;
    for (size_t i = 0; i <= symbols; ++i) bounds[i] = i;
    bool seen[256] = {};
    bool repeats = false;
    for (size_t i = 0; i < symbols; ++i) {
        repeats = repeats || seen[data[i]];
        seen[data[i]] = true;
    }
    f = idgen_nanoid_check_alphabet(text, bounds, symbols);
    if (symbols < 2 || symbols > 256) require(f.code == IDGEN_ALPHABET_SIZE);
    else require(f.code == (repeats ? IDGEN_ALPHABET_REPEAT : IDGEN_OK));
    if (f.code == IDGEN_ALPHABET_REPEAT) require(f.min < f.value && data[f.min] == data[f.value]);

    if (size >= IDGEN_KSUID_LEN) {
        idgen_ksuid k;
        memcpy(k.bytes, data, IDGEN_KSUID_LEN);
        const int64_t kms = idgen_ksuid_ms_unix_ms(&k);
        require(kms / 1000 == idgen_ksuid_unix_s(&k) && kms % 1000 == (k.bytes[4] * 4) % 1000);
    }
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

// Sqids under three option sets (the defaults; a 3-character alphabet with
// padding and a blocklist; every byte but NUL): any text decodes to no
// numbers or to numbers whose text it is, and numbers from the input's
// bytes (made non-negative) encode and decode back, or are all blocked.
void sqids(const uint8_t* data, size_t size) {
    struct Options {
        idgen_sqids s;
        std::vector<uint64_t> arena;
        Options(const char* alphabet, size_t len, int min_length, const char* const* words, size_t count) {
            std::vector<size_t> lens;
            size_t total = 0;
            for (size_t i = 0; i < count; ++i) total += lens.emplace_back(strlen(words[i]));
            arena.resize(idgen_sqids_arena_size(count, total) / 8 + 1);
            require(idgen_sqids_setup(&s, alphabet, len, min_length, words, lens.data(), count, arena.data()).status ==
                    IDGEN_SQIDS_OK);
        }
    };
    static const char* const small_words[] = {"cab", "abca", "b1c"};
    static size_t default_count;
    static const char* const* default_words = idgen_sqids_default_blocklist(&default_count);
    static Options sets[] = {
        Options(IDGEN_SQIDS_DEFAULT_ALPHABET, strlen(IDGEN_SQIDS_DEFAULT_ALPHABET), 0, default_words, default_count),
        Options("abc", 3, 9, small_words, 3),
        Options(every_byte(), 255, 40, default_words, default_count),
    };
    if (size == 0) return;
    const idgen_sqids& s = sets[data[0] % 3].s;
    ++data;
    --size;

    const char* text = reinterpret_cast<const char*>(data);
    std::vector<int64_t> numbers(size / 2 + 1);
    std::vector<char> scratch(size + 1);
    size_t count = idgen_sqids_decode(&s, text, size, numbers.data(), scratch.data());
    std::vector<char> out(idgen_sqids_encoded_max(&s, count));
    size_t len = 0;
    if (count > 0) {
        require(idgen_sqids_encode(&s, numbers.data(), count, out.data(), &len).status == IDGEN_SQIDS_OK);
        require(len == size && memcmp(out.data(), text, size) == 0);
    }

    std::vector<int64_t> mine;
    while (size > 0 && mine.size() < 8) mine.push_back(read_i64(data, size) & INT64_MAX);
    out.resize(idgen_sqids_encoded_max(&s, mine.size()));
    idgen_sqids_fault f = idgen_sqids_encode(&s, mine.data(), mine.size(), out.data(), &len);
    require(f.status == IDGEN_SQIDS_OK || f.status == IDGEN_SQIDS_ALL_BLOCKED);
    if (f.status != IDGEN_SQIDS_OK || mine.empty()) return;
    require(len <= out.size());
    std::vector<int64_t> back(len / 2 + 1);
    scratch.resize(len + 1);
    require(idgen_sqids_decode(&s, out.data(), len, back.data(), scratch.data()) == mine.size());
    require(memcmp(back.data(), mine.data(), mine.size() * sizeof(int64_t)) == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    // the first byte picks the target, the rest is its input
    switch (data[0] % 10) {
        case 0: bigint_codecs(data + 1, size - 1); break;
        case 1: ulid_text(data + 1, size - 1); break;
        case 2: ksuid_and_objectid_text(data + 1, size - 1); break;
        case 3: reservation_text(data + 1, size - 1); break;
        case 5: fixed_size_text(data + 1, size - 1); break;
        case 6: tsid_and_sonyflake(data + 1, size - 1); break;
        case 7: text_ids(data + 1, size - 1); break;
        case 8: typeid_text(data + 1, size - 1); break;
        case 9: sqids(data + 1, size - 1); break;
        default: decimal_and_uuid_text(data + 1, size - 1); break;
    }
    return 0;
}
