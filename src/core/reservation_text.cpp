// reservation_text.cpp: the reservation's line: written with a CRC-32C, and
// read back only if it is, byte for byte, a line this code writes.
#include "reservation_text.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "ulid.h"

namespace {

static_assert(sizeof(idgen_reservation) == 56, "the WAL record's layout is fixed");

// The line, in either format: its number, and pending= between the bindings
// and the promotion. Format 2 (0.4.0 on) writes pending as one base-32
// digit; 0.5.0's five generators use all its bits. Format 3 writes it in
// hexadecimal, as many digits as its highest bit needs (no leading zero):
// any number of generators. Every release reads format 2, and each one
// before 0.7.0 refuses format 3 as damaged (it compares the line with the
// one it would write), which keeps what it cannot hold: so format 2 is
// written whenever it holds the pending bits, format 3 only while a
// generator past the fifth is pending.
constexpr const char* kLineFormat =
    "idgen reservation %d reserved=%020lld snowflake_epoch=%020lld shard_epoch=%020lld "
    "system=%020llu timeline=%010u pending=%s promoted_at=%020lld jump=%020lld writer=%c";
constexpr int kFormatOfFive = 2, kFormatOfAny = 3;
constexpr uint32_t kBitsOfFive = 0x1F;  // what a format 2 line's digit holds
constexpr char kPendingDigits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
// the bits 0.5.0 wrote: a reservation file keeps its meaning
static_assert(IDGEN_PENDING_SNOWFLAKE == 0x1 && IDGEN_PENDING_SHARD_ID == 0x2 &&
              IDGEN_PENDING_ULID == 0x4 && IDGEN_PENDING_TSID == 0x8 &&
              IDGEN_PENDING_SONYFLAKE == 0x10);
// the line holds any number; idgen_reservation.pending, the WAL record's
// field, 32 (and 1u << 32 would not be IDGEN_PENDING_ALL's)
static_assert(IDGEN_SHARED_GENERATOR_COUNT < 32, "a 32nd generator needs a wider WAL record");
constexpr const char* kCrcFormat = " crc=%08X\n";

uint32_t all_of(int generators) { return generators >= 32 ? ~uint32_t{0} : (uint32_t{1} << generators) - 1; }

bool in_range(const idgen_reservation& r) {
    return r.reserved_unix_ms >= 0 && r.reserved_unix_ms <= IDGEN_ULID_MAX_MS &&
           r.snowflake_epoch_ms >= 0 && r.shard_epoch_ms >= 0 && r.promoted_at_unix_ms >= 0 &&
           r.promotion_jump_ms >= 0;
}

// pending's text in the line's format for it; its format
int pending_text(uint32_t pending, char out[16]) {
    if (pending <= kBitsOfFive) {
        out[0] = kPendingDigits[pending];
        out[1] = '\0';
        return kFormatOfFive;
    }
    std::snprintf(out, 16, "%X", static_cast<unsigned>(pending));
    return kFormatOfAny;
}

size_t write_line(const idgen_reservation& r, int format, const char* pending, char writer,
                  char out[IDGEN_RESERVATION_TEXT_MAX]) {
    int body = std::snprintf(out, IDGEN_RESERVATION_TEXT_MAX, kLineFormat, format,
                             static_cast<long long>(r.reserved_unix_ms),
                             static_cast<long long>(r.snowflake_epoch_ms),
                             static_cast<long long>(r.shard_epoch_ms),
                             static_cast<unsigned long long>(r.system_identifier),
                             static_cast<unsigned>(r.timeline), pending,
                             static_cast<long long>(r.promoted_at_unix_ms),
                             static_cast<long long>(r.promotion_jump_ms), writer);
    if (body < 0 || body >= IDGEN_RESERVATION_TEXT_MAX) return 0;  // only a pending text too long to be read
    int tail = std::snprintf(out + body, IDGEN_RESERVATION_TEXT_MAX - body, kCrcFormat,
                             idgen::crc32c(out, static_cast<size_t>(body)));
    return static_cast<size_t>(body + tail);
}

// A pending text of a format: the bits a registry of `generators` has, or
// false. Of format 3, any number of digits: a later release's bits past
// this one's read as *later (bits keeps those it has).
bool pending_bits(int format, const char* text, int generators, uint32_t* bits, bool* later) {
    *bits = 0;
    *later = false;
    if (format == kFormatOfFive) {
        const char* digit = std::strchr(kPendingDigits, text[0]);
        if (text[0] == '\0' || text[1] != '\0' || digit == nullptr) return false;
        *bits = static_cast<uint32_t>(digit - kPendingDigits);
    } else {
        const size_t n = std::strlen(text);
        if (n == 0 || text[0] == '0' || std::strspn(text, "0123456789ABCDEF") != n) return false;
        for (size_t i = 0; i < n; ++i) {  // digit i holds bits 4 (n - 1 - i) to 4 (n - 1 - i) + 3
            const size_t shift = 4 * (n - 1 - i);
            const auto digit = static_cast<uint32_t>(std::strchr(kPendingDigits, text[i]) - kPendingDigits);
            if (shift < 32) *bits |= digit << shift;
            else *later = *later || digit != 0;
        }
    }
    *later = *later || (*bits & ~all_of(generators)) != 0;
    *bits &= all_of(generators);
    return true;
}

idgen_reservation_text_state parse_line(const char* text, int generators, idgen_reservation* r,
                                        char* writer) {
    long long reserved, snowflake_epoch, shard_epoch, promoted_at, jump;
    unsigned long long system;
    unsigned timeline, crc;
    int format;
    char w;
    char pending[IDGEN_RESERVATION_TEXT_MAX];
    char line_format[320];
    // pending= as a word: %s's place in the format writes it, %[...] reads it
    std::snprintf(line_format, sizeof line_format, "%s%s", kLineFormat, kCrcFormat);
    char* s = std::strstr(line_format, "pending=%s");
    const char* rest = s + std::strlen("pending=%s");
    char read_format[400];
    std::snprintf(read_format, sizeof read_format, "%.*spending=%%%d[0-9A-Z]%s",
                  static_cast<int>(s - line_format), line_format, IDGEN_RESERVATION_TEXT_MAX - 1, rest);
    if (std::sscanf(text, read_format, &format, &reserved, &snowflake_epoch, &shard_epoch, &system,
                    &timeline, pending, &promoted_at, &jump, &w, &crc) != 11)
        return IDGEN_RESERVATION_TEXT_DAMAGED;
    uint32_t bits;
    bool later;
    if ((format != kFormatOfFive && format != kFormatOfAny) ||
        !pending_bits(format, pending, generators, &bits, &later))
        return IDGEN_RESERVATION_TEXT_DAMAGED;
    const idgen_reservation read{reserved, snowflake_epoch, shard_epoch, system, promoted_at, jump,
                                 timeline, bits};
    if ((w != IDGEN_WRITER_PRIMARY && w != IDGEN_WRITER_REPLAY) || !in_range(read))
        return IDGEN_RESERVATION_TEXT_DAMAGED;
    // the line exactly as written (the checksum with it): a line of a later
    // release in its own pending text, this release's in the one it writes
    char again[IDGEN_RESERVATION_TEXT_MAX];
    if (later) write_line(read, format, pending, w, again);
    else idgen::reservation_line(read, w, generators, again);
    if (std::strcmp(again, text) != 0) return IDGEN_RESERVATION_TEXT_DAMAGED;
    if (later) return IDGEN_RESERVATION_TEXT_LATER;
    *r = read;
    *writer = w;
    return IDGEN_RESERVATION_TEXT_OK;
}

// 0.2.0's and 0.3.0's file: the number alone.
bool parse_legacy(const char* text, int64_t snowflake_epoch_ms, int64_t shard_epoch_ms,
                  idgen_reservation* r, char* writer) {
    size_t digits = std::strspn(text, "0123456789");
    if (digits == 0 || digits > 20 || std::strcmp(text + digits, "\n") != 0) return false;
    unsigned long long value = std::strtoull(text, nullptr, 10);
    if (value > static_cast<unsigned long long>(IDGEN_ULID_MAX_MS)) return false;
    *r = idgen_reservation{};
    r->reserved_unix_ms = static_cast<int64_t>(value);
    r->snowflake_epoch_ms = snowflake_epoch_ms;
    r->shard_epoch_ms = shard_epoch_ms;
    *writer = IDGEN_WRITER_PRIMARY;
    return true;
}

}  // namespace

namespace idgen {

// CRC-32C (Castagnoli), reflected, as PostgreSQL's pg_crc32c and iSCSI use.
constexpr std::array<uint32_t, 256> crc_table() {
    std::array<uint32_t, 256> table{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        table[i] = c;
    }
    return table;
}
constexpr auto kCrcTable = crc_table();

uint32_t crc32c(const char* data, size_t len) {
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; ++i)
        crc = kCrcTable[(crc ^ static_cast<uint8_t>(data[i])) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}


size_t reservation_line(const idgen_reservation& r, char writer, int generators,
                        char out[IDGEN_RESERVATION_TEXT_MAX]) {
    char pending[16];
    const int format = pending_text(r.pending, pending);
    // a bit of no generator: a line no reader takes
    if ((r.pending & ~all_of(generators)) != 0) std::strcpy(pending, "?");
    return write_line(r, format, pending, writer, out);
}

idgen_reservation_text_state read_reservation_line(const char* text, size_t len, int64_t snowflake_epoch_ms,
                                                   int64_t shard_epoch_ms, int generators,
                                                   idgen_reservation* r, char* writer) {
    bool zeros = true;  // also when empty
    for (size_t i = 0; i < len && zeros; ++i) zeros = text[i] == '0' || text[i] == '\n';
    if (zeros) return IDGEN_RESERVATION_TEXT_MISSING;
    if (len >= IDGEN_RESERVATION_TEXT_MAX || std::memchr(text, '\0', len) != nullptr)
        return IDGEN_RESERVATION_TEXT_DAMAGED;
    char copy[IDGEN_RESERVATION_TEXT_MAX];
    std::memcpy(copy, text, len);
    copy[len] = '\0';
    const idgen_reservation_text_state state = parse_line(copy, generators, r, writer);
    if (state != IDGEN_RESERVATION_TEXT_DAMAGED) return state;
    return parse_legacy(copy, snowflake_epoch_ms, shard_epoch_ms, r, writer) ? IDGEN_RESERVATION_TEXT_OK
                                                                             : IDGEN_RESERVATION_TEXT_DAMAGED;
}

}  // namespace idgen

extern "C" size_t idgen_reservation_to_text(const idgen_reservation* r, char writer,
                                            char out[IDGEN_RESERVATION_TEXT_MAX]) {
    return idgen::reservation_line(*r, writer, IDGEN_SHARED_GENERATOR_COUNT, out);
}

extern "C" idgen_reservation_text_state idgen_reservation_from_text(
    const char* text, size_t len, int64_t snowflake_epoch_ms, int64_t shard_epoch_ms,
    idgen_reservation* r, char* writer) {
    return idgen::read_reservation_line(text, len, snowflake_epoch_ms, shard_epoch_ms,
                                        IDGEN_SHARED_GENERATOR_COUNT, r, writer);
}
