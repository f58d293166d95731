// layout_def.cpp: bigint layouts as data: the named ones, a declared one's
// checks, decode and the smallest ID of a time.
#include "layout_def.h"

#include <string.h>

#include "families.hpp"

namespace idgen {
namespace {

constexpr int64_t kMsUs = 1000;
constexpr int64_t kMaxUnitUs = INT64_C(86400000000);  // a day

constexpr int shift_of(const idgen_layout_def& d) { return d.node_bits + d.seq_bits; }
constexpr int node_shift(const idgen_layout_def& d) { return d.seq_above_node ? 0 : d.seq_bits; }
constexpr int seq_shift(const idgen_layout_def& d) { return d.seq_above_node ? d.node_bits : 0; }
constexpr uint64_t mask(int bits) { return (uint64_t{1} << bits) - 1; }

constexpr int64_t max_time(const idgen_layout_def& d) {
    const int64_t all = static_cast<int64_t>(mask(d.time_bits));
    if (d.time_in_sign_bit) return all;
    const int64_t below_sign = static_cast<int64_t>(mask(63 - shift_of(d)));
    return all < below_sign ? all : below_sign;
}

// A bigint family of the family table, with its published time width.
constexpr idgen_layout_def from_family(idgen_family family, int time_bits) {
    const idgen_family_info& f = family_info(family);
    return {f.default_epoch_ms * kMsUs,
            (f.time_unit_ms > 0 ? f.time_unit_ms : 1) * kMsUs,
            time_bits,
            f.mid_bits,
            f.seq_bits,
            f.seq_above_mid != 0,
            f.time_in_sign_bit != 0};
}

constexpr idgen_named_layout kNamed[] = {
    {"twitter", from_family(IDGEN_FAMILY_SNOWFLAKE, 41), IDGEN_FAMILY_SNOWFLAKE, "node",
     "twitter-archive/snowflake: 41-bit ms since 2010-11-04 01:42:54.657 UTC, 10-bit worker, "
     "12-bit sequence"},
    {"instagram", from_family(IDGEN_FAMILY_SHARD_ID, 41), IDGEN_FAMILY_SHARD_ID, "shard",
     "Instagram Engineering, \"Sharding & IDs at Instagram\": 41-bit ms since "
     "2011-08-24 21:07:01.721 UTC, 13-bit shard, 10-bit sequence"},
    {"discord", {INT64_C(1420070400000) * kMsUs, kMsUs, 42, 10, 12, false, true}, -1,
     "worker and process",
     "Discord API reference, Snowflakes: 42-bit ms since 2015-01-01 UTC, 5-bit worker, "
     "5-bit process, 12-bit increment"},
    {"mastodon", {0, kMsUs, 48, 0, 16, false, false}, -1, nullptr,
     "mastodon/mastodon lib/mastodon/snowflake.rb, timestamp_id(): 48-bit Unix ms, "
     "16 bits of sequence data"},
    {"cockroachdb", {INT64_C(1420070400000) * kMsUs, 10, 48, 15, 0, false, false}, -1, "node",
     "cockroachdb/cockroach GenerateUniqueInt(), unique_rowid(): 48-bit 10 µs units since "
     "2015-01-01 UTC, 15-bit node id"},
    {"sonyflake", from_family(IDGEN_FAMILY_SONYFLAKE, 39), IDGEN_FAMILY_SONYFLAKE, "machine",
     "sony/sonyflake v1: 39-bit 10 ms units since 2014-09-01 UTC, 8-bit sequence, "
     "16-bit machine id"},
    {"sonyflake_v2", {INT64_C(1735689600000) * kMsUs, 10 * kMsUs, 39, 16, 8, true, false}, -1,
     "machine",
     "sony/sonyflake v2 with its default Settings: 39-bit 10 ms units since 2025-01-01 UTC, "
     "8-bit sequence, 16-bit machine id"},
    {"tsid", from_family(IDGEN_FAMILY_TSID, 42), IDGEN_FAMILY_TSID, "node",
     "f4b6a3/tsid-creator: 42-bit ms since 2020-01-01 UTC, 10-bit node, 12-bit counter"},
};

constexpr bool named_are_whole() {
    for (const idgen_named_layout& n : kNamed) {
        const idgen_layout_def& d = n.def;
        if (d.time_bits + shift_of(d) != (d.time_in_sign_bit || d.time_bits + shift_of(d) == 64 ? 64 : 63))
            return false;
    }
    return true;
}
static_assert(sizeof(kNamed) / sizeof(kNamed[0]) == IDGEN_NAMED_LAYOUT_COUNT);
static_assert(named_are_whole(), "every named layout fills 63 bits, or 64 with the sign bit");

}  // namespace
}  // namespace idgen

using namespace idgen;

extern "C" int64_t idgen_layout_max_time(const idgen_layout_def* def) { return max_time(*def); }

extern "C" int64_t idgen_layout_last_us(const idgen_layout_def* def) {
    return def->epoch_us + max_time(*def) * def->unit_us;
}

extern "C" idgen_layout_check_result idgen_layout_declare(int64_t epoch_us, int64_t unit_us,
                                                           int node_bits, int seq_bits,
                                                           int64_t now_us, idgen_layout_def* def) {
    // the sum first: it is what a layout that does not fit 63 bits gets wrong
    if (node_bits >= 0 && seq_bits >= 0 && node_bits + seq_bits > 62)
        return {IDGEN_LAYOUT_WIDTHS, node_bits + seq_bits, 0, 62};  // the time needs a bit
    if (node_bits < 0 || node_bits > IDGEN_LAYOUT_MAX_FIELD_BITS)
        return {IDGEN_LAYOUT_NODE_BITS, node_bits, 0, IDGEN_LAYOUT_MAX_FIELD_BITS};
    if (seq_bits < 0 || seq_bits > IDGEN_LAYOUT_MAX_FIELD_BITS)
        return {IDGEN_LAYOUT_SEQ_BITS, seq_bits, 0, IDGEN_LAYOUT_MAX_FIELD_BITS};
    if (unit_us < 1 || unit_us > kMaxUnitUs) return {IDGEN_LAYOUT_UNIT, unit_us, 1, kMaxUnitUs};
    if (epoch_us < 0 || epoch_us > now_us) return {IDGEN_LAYOUT_EPOCH, epoch_us, 0, now_us};
    if (epoch_us % kMsUs != 0) return {IDGEN_LAYOUT_EPOCH_FRACTION, epoch_us, 0, 0};

    const idgen_layout_def d{epoch_us, unit_us, 63 - node_bits - seq_bits, node_bits, seq_bits,
                             false, false};
    int64_t span, last;
    if (__builtin_mul_overflow(max_time(d), unit_us, &span) ||
        __builtin_add_overflow(epoch_us, span, &last) || last > IDGEN_LAYOUT_MAX_US) {
        int bits = 1;  // the most time bits that end within timestamptz
        while (bits < d.time_bits &&
               static_cast<int64_t>(mask(bits + 1)) <= (IDGEN_LAYOUT_MAX_US - epoch_us) / unit_us)
            ++bits;
        return {IDGEN_LAYOUT_TOO_LONG, d.time_bits, 1, bits};
    }
    if (last < IDGEN_LAYOUT_MIN_LAST_US)
        return {IDGEN_LAYOUT_TOO_SHORT, last, IDGEN_LAYOUT_MIN_LAST_US, IDGEN_LAYOUT_MAX_US};
    *def = d;
    return {IDGEN_LAYOUT_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_layout_decode(const idgen_layout_def* def, int64_t id,
                                           idgen_layout_parts* parts) {
    if (id < 0 && !def->time_in_sign_bit) return {IDGEN_ID_OUT_OF_RANGE, id, 0, INT64_MAX};
    const uint64_t u = static_cast<uint64_t>(id);
    const int64_t time = static_cast<int64_t>(u >> shift_of(*def));
    parts->unix_us = def->epoch_us + time * def->unit_us;
    parts->node = static_cast<int32_t>((u >> node_shift(*def)) & mask(def->node_bits));
    parts->seq = static_cast<int32_t>((u >> seq_shift(*def)) & mask(def->seq_bits));
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_layout_from_time(const idgen_layout_def* def, int64_t unix_us,
                                              int64_t* id) {
    const int64_t last = idgen_layout_last_us(def) + def->unit_us - 1;
    if (unix_us < def->epoch_us || unix_us > last)
        return {IDGEN_TIME_OUT_OF_RANGE, unix_us, def->epoch_us, last};
    const uint64_t time = static_cast<uint64_t>((unix_us - def->epoch_us) / def->unit_us);
    *id = static_cast<int64_t>(time << shift_of(*def));
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" idgen_fault idgen_layout_span(const idgen_layout_def* def, int64_t span_us,
                                         int64_t* ids) {
    // no positive interval follows a field that reaches the sign bit: its top half is left out
    const int64_t max_units = def->time_in_sign_bit ? max_time(*def) >> 1 : max_time(*def);
    if (span_us < def->unit_us || span_us % def->unit_us != 0 || span_us / def->unit_us > max_units)
        return {IDGEN_TIME_OUT_OF_RANGE, span_us, def->unit_us, max_units * def->unit_us};
    *ids = (span_us / def->unit_us) << shift_of(*def);
    return {IDGEN_OK, 0, 0, 0};
}

extern "C" int idgen_named_layout_count(void) { return IDGEN_NAMED_LAYOUT_COUNT; }

extern "C" const idgen_named_layout* idgen_named_layout_at(int index) {
    if (index < 0 || index >= idgen_named_layout_count()) return nullptr;
    return &kNamed[index];
}

extern "C" const idgen_named_layout* idgen_named_layout_find(const char* name, size_t len) {
    for (const idgen_named_layout& n : kNamed)
        if (strlen(n.name) == len && memcmp(n.name, name, len) == 0) return &n;
    return nullptr;
}
