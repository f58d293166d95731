// layout_reservations.cpp: the coarse layouts' word reservations: the table's
// rules (a record never moves down; room is made only by raising the floor
// over a record), and its file, read back only if it is, byte for byte, a
// text this code writes.
#include "layout_reservations.h"

#include <cstddef>
#include <cstdio>
#include <cstring>

#include "layout_generator.h"
#include "reservation_text.h"

namespace {

static_assert(sizeof(idgen_layout_reservation) == 120, "the WAL record's layout is fixed");

static_assert(offsetof(idgen_layout_reservation, catalog) == 116, "in the spare bytes of 0.6's record");

// Format 2 adds each record's catalog; a file of format 1 (0.6, 0.7.0's
// development) is read with catalogs not known, and written as 2 from then.
constexpr int kFormat = 2;
constexpr int kFormatWithoutCatalog = 1;
constexpr const char* kHeader =
    "idgen layout reservations %d floor=%020lld promoted=%020lld lead=%020lld count=%02d\n";
constexpr const char* kRecord =
    "layout database=%010u created=%020lld epoch=%020lld unit=%020lld time=%02d node=%02d "
    "seq=%02d seq_above_node=%d sign=%d word=%020llu%s name=%s\n";
constexpr const char* kCatalog = " catalog=%010u";
constexpr const char* kCrc = "crc=%08X\n";

idgen_layout_def def_of(const idgen_layout_reservation& r) {
    return {r.epoch_us, r.unit_us, r.time_bits, r.node_bits, r.seq_bits, r.seq_above_node != 0,
            r.time_in_sign_bit != 0};
}

bool same_layout(const idgen_layout_reservation& r, uint32_t database, const char* name,
                 const idgen_layout_def& d) {
    return r.database == database && std::strcmp(r.name, name) == 0 && r.epoch_us == d.epoch_us &&
           r.unit_us == d.unit_us && r.time_bits == d.time_bits && r.node_bits == d.node_bits &&
           r.seq_bits == d.seq_bits && (r.seq_above_node != 0) == d.seq_above_node &&
           (r.time_in_sign_bit != 0) == d.time_in_sign_bit;
}

// Where a layout without a record resumes from the floor
uint64_t from_floor(const idgen_layout_def& d, int64_t created_us, int64_t floor_unix_ms) {
    if (created_us / 1000 > floor_unix_ms) return 0;
    return idgen_layout_mark_used_up(&d, floor_unix_ms);
}

// ... and from the last promotion's skip as well
uint64_t from_table(const idgen_layout_reservations& t, const idgen_layout_def& d, int64_t created_us) {
    const uint64_t floor = from_floor(d, created_us, t.floor_unix_ms);
    const uint64_t promoted = idgen_layout_skipped_word(&t.promoted, &d);
    return promoted > floor ? promoted : floor;
}

// Whether the floor and the skip cover a record: without it, its layout
// resumes as far. The floor covers only a record whose unit has ended by
// it: a layout declared again after DROP EXTENSION (no idgen_layout_drop
// stops it) is declared after the floor, and finds its record by name and
// shape, or resumes from nothing.
bool covered(const idgen_layout_reservation& r, const idgen_layout_reservations& t) {
    const idgen_layout_def d = def_of(r);
    if (idgen_layout_skipped_word(&t.promoted, &d) >= r.word) return true;
    return idgen_layout_word_last_ms(&d, r.word) <= t.floor_unix_ms &&
           from_floor(d, r.created_us, t.floor_unix_ms) >= r.word;
}

// Past every ID a record of the same name in the database, of another shape,
// handed out: a declaration rolled back, or one dropped and declared again by
// hand (no drop check stops either), leaves IDs its slot forgot at the
// restart. Bounded by value, not by time: of another epoch, equal times are
// other numbers and equal numbers other times (attack7: an hourly layout
// declared in a transaction that was rolled back, declared again with
// another shape after a restart, repeated 5 of 1,000).
uint64_t past_other_shapes(const idgen_layout_reservations& t, uint32_t database, const char* name,
                           const idgen_layout_def& d) {
    uint64_t word = 0;
    if (d.unit_us < 1000) return 0;
    for (int i = 0; i < t.count; ++i) {
        const idgen_layout_reservation& r = t.records[i];
        if (r.database != database || std::strcmp(r.name, name) != 0 || same_layout(r, database, name, d))
            continue;
        const idgen_layout_def old = def_of(r);
        const int64_t old_unit =
            (idgen_layout_word_last_ms(&old, r.word) - old.epoch_us / 1000) / (old.unit_us / 1000);
        // the largest ID of that unit, any node and sequence; the unit of this shape it falls in
        const uint64_t largest =
            ((static_cast<uint64_t>(old_unit) + 1) << (old.node_bits + old.seq_bits)) - 1;
        const uint64_t unit = largest >> (d.node_bits + d.seq_bits);
        const int64_t unit_ms = d.unit_us / 1000;
        const int64_t max_unit = (INT64_MAX - d.epoch_us / 1000) / unit_ms;
        const int64_t ms = d.epoch_us / 1000 +
                           static_cast<int64_t>(unit > static_cast<uint64_t>(max_unit) ? max_unit : unit) * unit_ms;
        const uint64_t past = idgen_layout_mark_used_up(&d, ms);
        if (past > word) word = past;
    }
    return word;
}

// A promotion's fields as this code writes them: Unix ms a ULID holds (48 bits)
bool sane(const idgen_layout_skip& p) {
    constexpr int64_t kMax = (INT64_C(1) << 48) - 1;
    return p.unix_ms >= 0 && p.unix_ms <= kMax && p.lead_ms >= 0 && p.lead_ms <= kMax;
}

void drop(idgen_layout_reservations* t, int i) {
    t->records[i] = t->records[t->count - 1];
    t->records[t->count - 1] = idgen_layout_reservation{};
    --t->count;
}

// The floor that covers record i, whose layout may then resume without it
int64_t floor_over(const idgen_layout_reservations& t, int i) {
    const idgen_layout_reservation& r = t.records[i];
    const idgen_layout_def d = def_of(r);
    int64_t floor = idgen_layout_word_last_ms(&d, r.word);
    if (r.created_us / 1000 > floor) floor = r.created_us / 1000;
    return floor > t.floor_unix_ms ? floor : t.floor_unix_ms;
}

// The record whose unit ended first
int earliest(const idgen_layout_reservations& t) {
    int best = -1;
    for (int i = 0; i < t.count; ++i)
        if (best < 0 || floor_over(t, i) < floor_over(t, best)) best = i;
    return best;
}

// Out of range for any layout the core runs: such a text is damaged
bool sane(const idgen_layout_reservation& r) {
    return r.unit_us >= 1 && r.time_bits >= 1 && r.time_bits <= 63 && r.node_bits >= 0 &&
           r.node_bits <= IDGEN_LAYOUT_MAX_FIELD_BITS && r.seq_bits >= 0 &&
           r.seq_bits <= IDGEN_LAYOUT_MAX_FIELD_BITS && r.name[0] != '\0';
}

bool hex_name(const char* hex, char name[IDGEN_LAYOUT_RESERVATION_NAME]) {
    const size_t n = std::strlen(hex);
    if (n == 0 || n % 2 != 0 || n / 2 >= IDGEN_LAYOUT_RESERVATION_NAME) return false;
    for (size_t i = 0; i < n / 2; ++i) {
        unsigned byte;
        if (std::sscanf(hex + 2 * i, "%2x", &byte) != 1 || byte == 0) return false;
        name[i] = static_cast<char>(byte);
    }
    name[n / 2] = '\0';
    return true;
}

}  // namespace

extern "C" idgen_layout_reservation idgen_layout_reservation_of(uint32_t database, const char* name,
                                                                const idgen_layout_def* def,
                                                                int64_t created_us, uint64_t word) {
    idgen_layout_reservation r{};
    r.word = word;
    r.created_us = created_us;
    r.epoch_us = def->epoch_us;
    r.unit_us = def->unit_us;
    r.time_bits = def->time_bits;
    r.node_bits = def->node_bits;
    r.seq_bits = def->seq_bits;
    r.database = database;
    r.seq_above_node = def->seq_above_node ? 1 : 0;
    r.time_in_sign_bit = def->time_in_sign_bit ? 1 : 0;
    std::snprintf(r.name, sizeof r.name, "%s", name);
    return r;
}

extern "C" bool idgen_layout_reservation_made_from(const idgen_layout_reservation* r,
                                                   uint32_t catalog) {
    return r->catalog == 0 || r->catalog == catalog;
}

extern "C" int idgen_layout_reservations_find(const idgen_layout_reservations* t, uint32_t database,
                                              const char* name, const idgen_layout_def* def) {
    for (int i = 0; i < t->count; ++i)
        if (same_layout(t->records[i], database, name, *def)) return i;
    return -1;
}

extern "C" uint64_t idgen_layout_resume_word(const idgen_layout_reservations* t, uint32_t database,
                                             const char* name, const idgen_layout_def* def,
                                             int64_t created_us) {
    const int i = idgen_layout_reservations_find(t, database, name, def);
    const uint64_t promoted = idgen_layout_skipped_word(&t->promoted, def);
    const uint64_t others = past_other_shapes(*t, database, name, *def);
    uint64_t word = i < 0 ? from_table(*t, *def, created_us) : t->records[i].word;
    if (promoted > word) word = promoted;
    return others > word ? others : word;
}

extern "C" uint64_t idgen_layout_skipped_word(const idgen_layout_skip* p,
                                               const idgen_layout_def* def) {
    const int64_t unit_ms = def->unit_us / 1000;
    if (unit_ms < 1 || (p->unix_ms == 0 && p->lead_ms == 0)) return 0;
    // the old primary's clock was in p->unix_ms's unit at the latest
    return idgen_layout_mark_used_up_after(def, p->unix_ms, p->lead_ms / unit_ms);
}

extern "C" bool idgen_layout_reservations_put(idgen_layout_reservations* t,
                                              const idgen_layout_reservation* r, int64_t now_ms) {
    const idgen_layout_def d = def_of(*r);
    const int i = idgen_layout_reservations_find(t, r->database, r->name, &d);
    if (i >= 0) {
        if (r->word > t->records[i].word) t->records[i].word = r->word;
        if (r->catalog != 0) t->records[i].catalog = r->catalog;
        return true;
    }
    if (t->count == IDGEN_LAYOUT_RESERVATION_COUNT) {
        const int e = earliest(*t);
        if (floor_over(*t, e) >= now_ms) return false;
        idgen_layout_reservations_raise_floor(t, floor_over(*t, e));  // covers it: dropped
    }
    t->records[t->count++] = *r;
    return true;
}

extern "C" void idgen_layout_reservations_raise_floor(idgen_layout_reservations* t,
                                                      int64_t floor_unix_ms) {
    if (floor_unix_ms > t->floor_unix_ms) t->floor_unix_ms = floor_unix_ms;
    for (int i = t->count - 1; i >= 0; --i)
        if (covered(t->records[i], *t)) drop(t, i);
}

namespace {

void raise_promotion(idgen_layout_reservations* t, const idgen_layout_skip& p) {
    if (p.unix_ms > t->promoted.unix_ms) t->promoted.unix_ms = p.unix_ms;
    if (p.lead_ms > t->promoted.lead_ms) t->promoted.lead_ms = p.lead_ms;
}

}  // namespace

extern "C" void idgen_layout_reservations_promote(idgen_layout_reservations* t,
                                                  const idgen_layout_skip* p) {
    for (int i = 0; i < t->count; ++i) {
        idgen_layout_reservation& r = t->records[i];
        const idgen_layout_def d = def_of(r);
        const uint64_t used_up = idgen_layout_mark_used_up(&d, idgen_layout_word_last_ms(&d, r.word));
        if (used_up > r.word) r.word = used_up;
    }
    raise_promotion(t, *p);
    idgen_layout_reservations_raise_floor(t, p->unix_ms);
}

extern "C" void idgen_layout_reservations_merge(idgen_layout_reservations* t, int64_t floor_unix_ms,
                                                const idgen_layout_skip* promoted,
                                                const idgen_layout_reservation* r) {
    raise_promotion(t, *promoted);
    idgen_layout_reservations_raise_floor(t, floor_unix_ms);
    if (r == nullptr || r->name[0] == '\0' || covered(*r, *t)) return;
    // the primary made room by raising its floor over some record: here, over the earliest
    idgen_layout_reservations_put(t, r, INT64_MAX);
}

namespace {

// The table's text in a format (a record's catalog only in kFormat's)
size_t render(const idgen_layout_reservations& t, int format, char out[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX]) {
    size_t n = static_cast<size_t>(std::snprintf(
        out, IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX, kHeader, format, static_cast<long long>(t.floor_unix_ms),
        static_cast<long long>(t.promoted.unix_ms), static_cast<long long>(t.promoted.lead_ms), t.count));
    for (int i = 0; i < t.count; ++i) {
        const idgen_layout_reservation& r = t.records[i];
        char hex[2 * IDGEN_LAYOUT_RESERVATION_NAME + 1] = "";
        char catalog[32] = "";
        for (size_t k = 0; r.name[k] != '\0' && k < sizeof r.name; ++k)
            std::snprintf(hex + 2 * k, 3, "%02x", static_cast<unsigned char>(r.name[k]));
        if (format != kFormatWithoutCatalog)
            std::snprintf(catalog, sizeof catalog, kCatalog, static_cast<unsigned>(r.catalog));
        n += static_cast<size_t>(std::snprintf(
            out + n, IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX - n, kRecord, static_cast<unsigned>(r.database),
            static_cast<long long>(r.created_us), static_cast<long long>(r.epoch_us),
            static_cast<long long>(r.unit_us), r.time_bits, r.node_bits, r.seq_bits, r.seq_above_node,
            r.time_in_sign_bit, static_cast<unsigned long long>(r.word), catalog, hex));
    }
    n += static_cast<size_t>(std::snprintf(out + n, IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX - n, kCrc,
                                           idgen::crc32c(out, n)));
    return n;
}

}  // namespace

extern "C" size_t idgen_layout_reservations_to_text(const idgen_layout_reservations* t,
                                                    char out[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX]) {
    return render(*t, kFormat, out);
}

extern "C" idgen_layout_reservations_state idgen_layout_reservations_from_text(
    const char* text, size_t len, idgen_layout_reservations* t) {
    bool zeros = true;  // also when empty
    for (size_t i = 0; i < len && zeros; ++i) zeros = text[i] == '0' || text[i] == '\n';
    if (zeros) return IDGEN_LAYOUT_RESERVATIONS_MISSING;
    if (len >= IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX || std::memchr(text, '\0', len) != nullptr)
        return IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
    char copy[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX];
    std::memcpy(copy, text, len);
    copy[len] = '\0';

    int format = 0, count = 0, used = 0;
    long long floor = 0, promoted = 0, lead = 0;
    if (std::sscanf(copy, "idgen layout reservations %d floor=%lld promoted=%lld lead=%lld count=%d\n%n",
                    &format, &floor, &promoted, &lead, &count, &used) != 5 || used == 0)
        return format > kFormat ? IDGEN_LAYOUT_RESERVATIONS_LATER : IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
    if (format != kFormat && format != kFormatWithoutCatalog)
        return format > kFormat ? IDGEN_LAYOUT_RESERVATIONS_LATER : IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
    if (count < 0 || count > IDGEN_LAYOUT_RESERVATION_COUNT) return IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
    const bool with_catalog = format != kFormatWithoutCatalog;
    idgen_layout_reservations read{};
    read.floor_unix_ms = floor;
    read.promoted = {promoted, lead};
    if (!sane(read.promoted)) return IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
    read.count = count;
    const char* at = copy + used;
    for (int i = 0; i < count; ++i) {
        idgen_layout_reservation& r = read.records[i];
        unsigned database, above, sign, catalog = 0;
        long long created, epoch, unit;
        unsigned long long word;
        char hex[2 * IDGEN_LAYOUT_RESERVATION_NAME + 2];
        int n = 0, m = 0;
        if (std::sscanf(at,
                        "layout database=%u created=%lld epoch=%lld unit=%lld time=%d node=%d seq=%d "
                        "seq_above_node=%u sign=%u word=%llu%n",
                        &database, &created, &epoch, &unit, &r.time_bits, &r.node_bits, &r.seq_bits,
                        &above, &sign, &word, &n) != 10 || n == 0)
            return IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
        if (with_catalog && (std::sscanf(at + n, " catalog=%u%n", &catalog, &m) != 1 || m == 0))
            return IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
        n += m;
        m = 0;
        if (std::sscanf(at + n, " name=%129[0-9a-f]\n%n", hex, &m) != 1 || m == 0 || above > 1 ||
            sign > 1 || !hex_name(hex, r.name))
            return IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
        r.database = database;
        r.created_us = created;
        r.epoch_us = epoch;
        r.unit_us = unit;
        r.seq_above_node = static_cast<uint8_t>(above);
        r.time_in_sign_bit = static_cast<uint8_t>(sign);
        r.word = word;
        r.catalog = catalog;
        if (!sane(r)) return IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
        at += n + m;
    }
    // the text exactly as written, its checksum with it
    char again[IDGEN_LAYOUT_RESERVATIONS_TEXT_MAX];
    if (render(read, format, again) != len || std::strcmp(again, copy) != 0)
        return IDGEN_LAYOUT_RESERVATIONS_DAMAGED;
    *t = read;
    return IDGEN_LAYOUT_RESERVATIONS_OK;
}
