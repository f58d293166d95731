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

constexpr const char* kLineFormat =
    "idgen reservation 2 reserved=%020lld snowflake_epoch=%020lld shard_epoch=%020lld "
    "system=%020llu timeline=%010u pending=%c promoted_at=%020lld jump=%020lld writer=%c";
// pending is one digit of base 32 (0.5.0's five generators need 5 bits): 0 to
// 7, all 0.4.0 wrote, read as before, and the line keeps its width.
constexpr char kPendingDigits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
static_assert(IDGEN_PENDING_ALL < sizeof kPendingDigits - 1);
// the bits 0.5.0 wrote: a reservation file keeps its meaning
static_assert(IDGEN_PENDING_SNOWFLAKE == 0x1 && IDGEN_PENDING_SHARD_ID == 0x2 &&
              IDGEN_PENDING_ULID == 0x4 && IDGEN_PENDING_TSID == 0x8 &&
              IDGEN_PENDING_SONYFLAKE == 0x10);
constexpr const char* kCrcFormat = " crc=%08X\n";

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

bool in_range(const idgen_reservation& r) {
    return r.reserved_unix_ms >= 0 && r.reserved_unix_ms <= IDGEN_ULID_MAX_MS &&
           r.snowflake_epoch_ms >= 0 && r.shard_epoch_ms >= 0 && r.promoted_at_unix_ms >= 0 &&
           r.promotion_jump_ms >= 0 && (r.pending & ~uint32_t{IDGEN_PENDING_ALL}) == 0;
}

bool parse_line(const char* text, idgen_reservation* r, char* writer) {
    long long reserved, snowflake_epoch, shard_epoch, promoted_at, jump;
    unsigned long long system;
    unsigned timeline, crc;
    char w, pending_digit;
    char line_format[256];
    std::snprintf(line_format, sizeof line_format, "%s%s", kLineFormat, kCrcFormat);
    if (std::sscanf(text, line_format, &reserved, &snowflake_epoch, &shard_epoch, &system,
                    &timeline, &pending_digit, &promoted_at, &jump, &w, &crc) != 10)
        return false;
    const char* digit = pending_digit == '\0' ? nullptr : std::strchr(kPendingDigits, pending_digit);
    if (digit == nullptr) return false;
    const auto pending = static_cast<uint32_t>(digit - kPendingDigits);
    *r = idgen_reservation{reserved, snowflake_epoch, shard_epoch, system, promoted_at, jump,
                           timeline, pending};
    if ((w != IDGEN_WRITER_PRIMARY && w != IDGEN_WRITER_REPLAY) || !in_range(*r)) return false;
    char again[IDGEN_RESERVATION_TEXT_MAX];
    idgen_reservation_to_text(r, w, again);
    if (std::strcmp(again, text) != 0) return false;
    *writer = w;
    return true;
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

extern "C" size_t idgen_reservation_to_text(const idgen_reservation* r, char writer,
                                            char out[IDGEN_RESERVATION_TEXT_MAX]) {
    int body = std::snprintf(out, IDGEN_RESERVATION_TEXT_MAX, kLineFormat,
                             static_cast<long long>(r->reserved_unix_ms),
                             static_cast<long long>(r->snowflake_epoch_ms),
                             static_cast<long long>(r->shard_epoch_ms),
                             static_cast<unsigned long long>(r->system_identifier),
                             static_cast<unsigned>(r->timeline),
                             r->pending <= IDGEN_PENDING_ALL ? kPendingDigits[r->pending] : '?',
                             static_cast<long long>(r->promoted_at_unix_ms),
                             static_cast<long long>(r->promotion_jump_ms), writer);
    int tail = std::snprintf(out + body, IDGEN_RESERVATION_TEXT_MAX - body, kCrcFormat,
                             crc32c(out, static_cast<size_t>(body)));
    return static_cast<size_t>(body + tail);
}

extern "C" idgen_reservation_text_state idgen_reservation_from_text(
    const char* text, size_t len, int64_t snowflake_epoch_ms, int64_t shard_epoch_ms,
    idgen_reservation* r, char* writer) {
    bool zeros = true;  // also when empty
    for (size_t i = 0; i < len && zeros; ++i) zeros = text[i] == '0' || text[i] == '\n';
    if (zeros) return IDGEN_RESERVATION_TEXT_MISSING;
    if (len >= IDGEN_RESERVATION_TEXT_MAX || std::memchr(text, '\0', len) != nullptr)
        return IDGEN_RESERVATION_TEXT_DAMAGED;
    char copy[IDGEN_RESERVATION_TEXT_MAX];
    std::memcpy(copy, text, len);
    copy[len] = '\0';
    if (parse_line(copy, r, writer) ||
        parse_legacy(copy, snowflake_epoch_ms, shard_epoch_ms, r, writer))
        return IDGEN_RESERVATION_TEXT_OK;
    return IDGEN_RESERVATION_TEXT_DAMAGED;
}
