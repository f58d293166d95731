// id_codec.cpp: compose and decode shard IDs and Snowflakes at the bit level.
#include "id_codec.h"

#include "layout.hpp"
#include "time_field.hpp"

namespace idgen {
namespace {

constexpr idgen_fault kOk{IDGEN_OK, 0, 0, 0};

idgen_fault check_time(const Layout& layout, int64_t unix_ms, int64_t epoch_ms) {
    return check_time_field(unix_ms, epoch_ms, layout.last_unix_ms(epoch_ms) - epoch_ms);
}

}  // namespace
}  // namespace idgen

using namespace idgen;

extern "C" idgen_fault idgen_check_epoch(int64_t epoch_ms) {
    if (epoch_ms < 0 || epoch_ms > kMaxEpochMs)
        return {IDGEN_EPOCH_OUT_OF_RANGE, epoch_ms, 0, kMaxEpochMs};
    return kOk;
}

extern "C" int64_t idgen_family_last_ms(idgen_family family, int64_t epoch_ms) {
    return layout_of(family).last_unix_ms(epoch_ms);
}

extern "C" idgen_fault idgen_shard_id_compose(int64_t unix_ms, int64_t epoch_ms,
                                              int32_t shard, int64_t seq, int64_t* id) {
    const Layout& layout = kShardLayout;
    if (idgen_fault f = idgen_check_epoch(epoch_ms); f.code != IDGEN_OK) return f;
    if (shard < 0 || shard > layout.max_mid())
        return {IDGEN_SHARD_OUT_OF_RANGE, shard, 0, layout.max_mid()};
    if (seq < 0) return {IDGEN_SEQ_OUT_OF_RANGE, seq, 0, INT64_MAX};
    if (idgen_fault f = check_time(layout, unix_ms, epoch_ms); f.code != IDGEN_OK) return f;
    *id = layout.compose(unix_ms - epoch_ms, shard, seq % (layout.max_low() + 1));
    return kOk;
}

extern "C" idgen_fault idgen_id_decode(idgen_family family, int64_t id, int64_t epoch_ms,
                                       idgen_id_parts* parts) {
    const Layout& layout = layout_of(family);
    if (idgen_fault f = idgen_check_epoch(epoch_ms); f.code != IDGEN_OK) return f;
    // A negative bigint is no ID of a layout that keeps the sign bit 0: the
    // PL/pgSQL original produces them after its 2^40 ms run out, and their
    // bits are garbage. TSID's time field owns the sign bit.
    if (id < 0 && !layout.sign_bit) return {IDGEN_ID_OUT_OF_RANGE, id, 0, INT64_MAX};
    parts->unix_ms = layout.unix_ms(epoch_ms, layout.ms_of(id));
    parts->mid = static_cast<int32_t>(layout.mid_of(id));
    parts->seq = static_cast<int32_t>(layout.low_of(id));
    return kOk;
}

extern "C" idgen_fault idgen_id_from_time(idgen_family family, int64_t unix_ms,
                                          int64_t epoch_ms, int64_t* id) {
    const Layout& layout = layout_of(family);
    if (idgen_fault f = idgen_check_epoch(epoch_ms); f.code != IDGEN_OK) return f;
    if (idgen_fault f = check_time(layout, unix_ms, epoch_ms); f.code != IDGEN_OK) return f;
    *id = layout.compose((unix_ms - epoch_ms) / layout.unit_ms, 0, 0);
    return kOk;
}

extern "C" idgen_fault idgen_id_from_text(const char* text, size_t len, int64_t* id) {
    const bool negative = len > 0 && text[0] == '-';
    const size_t first = negative ? 1 : 0;
    if (len == first) return {IDGEN_TEXT_LENGTH, static_cast<int64_t>(len), 1, 20};
    // Accumulate downwards: -2^63 has no positive counterpart in int64.
    int64_t v = 0;
    for (size_t i = first; i < len; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < '0' || c > '9') return {IDGEN_TEXT_CHARACTER, static_cast<int64_t>(i), 0, 0};
        if (v < (INT64_MIN + (c - '0')) / 10) return {IDGEN_TEXT_OVERFLOW, 0, INT64_MIN, INT64_MAX};
        v = v * 10 - (c - '0');
    }
    if (!negative) {
        if (v == INT64_MIN) return {IDGEN_TEXT_OVERFLOW, 0, INT64_MIN, INT64_MAX};
        v = -v;
    }
    *id = v;
    return kOk;
}

extern "C" idgen_fault idgen_id_span(idgen_family family, int64_t span_ms, int64_t* ids) {
    const Layout& layout = layout_of(family);
    // the whole field: TSID's reaches into the sign bit, where no positive
    // interval can follow it, so its last unit is left out there
    const int64_t max_units = layout.sign_bit ? layout.max_ms >> 1 : layout.max_ms;
    if (span_ms < layout.unit_ms || span_ms % layout.unit_ms != 0 || span_ms / layout.unit_ms > max_units)
        return {IDGEN_TIME_OUT_OF_RANGE, span_ms, layout.unit_ms, max_units * layout.unit_ms};
    *ids = layout.compose(span_ms / layout.unit_ms, 0, 0);
    return kOk;
}
