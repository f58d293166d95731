// layout_generator.cpp: layout_id()'s generator: a layout as data run by the
// step every shared bigint generator takes (generator.hpp).
#include "layout_generator.h"

#include "generator.hpp"

namespace idgen {
namespace {

constexpr int64_t kMsUs = 1000;

Layout layout_of(const idgen_layout_def& d) {
    return {d.node_bits,           d.seq_bits,        idgen_layout_max_time(&d), d.unit_us / kMsUs,
            d.seq_above_node,      d.time_in_sign_bit};
}

}  // namespace
}  // namespace idgen

using namespace idgen;

extern "C" bool idgen_layout_generates(const idgen_layout_def* def) {
    return def->unit_us % kMsUs == 0 && def->epoch_us % kMsUs == 0;
}

extern "C" idgen_fault idgen_layout_next(const idgen_layout_def* def, idgen_generator* gen,
                                         int32_t node, const idgen_clock_bounds* bounds,
                                         int64_t* id) {
    const Layout layout = layout_of(*def);
    if (node < 0 || node > layout.max_mid())
        return {IDGEN_NODE_OUT_OF_RANGE, node, 0, layout.max_mid()};
    return next_id(layout, gen, def->epoch_us / kMsUs, node, *bounds, id);
}

extern "C" uint64_t idgen_layout_mark_used_up(const idgen_layout_def* def, int64_t unix_ms) {
    return idgen_layout_mark_used_up_after(def, unix_ms, 0);
}

extern "C" uint64_t idgen_layout_mark_used_up_after(const idgen_layout_def* def, int64_t unix_ms,
                                                    int64_t units) {
    const Layout layout = layout_of(*def);
    const int64_t epoch_ms = def->epoch_us / kMsUs;
    if (unix_ms < epoch_ms) return 0;
    int64_t unit = (unix_ms - epoch_ms) / layout.unit_ms;
    if (units > layout.max_ms - unit) unit = layout.max_ms;  // also where the sum would overflow
    else unit += units;
    if (unit > layout.max_ms) unit = layout.max_ms;
    return spec_of(layout).word(unit, static_cast<uint64_t>(layout.max_low()));
}

extern "C" idgen_fault idgen_layout_word_after(const idgen_layout_def* def, int64_t id, int32_t node,
                                               uint64_t* word, int64_t* unit_unix_ms) {
    idgen_layout_parts parts;
    const idgen_fault fault = idgen_layout_decode(def, id, &parts);
    if (fault.code != IDGEN_OK) return fault;
    const Layout layout = layout_of(*def);
    const int64_t unit = (parts.unix_us - def->epoch_us) / def->unit_us;
    const int64_t seq = parts.node == node ? parts.seq : layout.max_low();
    *word = spec_of(layout).word(unit, static_cast<uint64_t>(seq));
    *unit_unix_ms = parts.unix_us / kMsUs;
    return fault;
}

extern "C" bool idgen_layout_coarse(const idgen_layout_def* def) { return def->unit_us > 1000 * kMsUs; }

extern "C" uint64_t idgen_layout_reserve_through(const idgen_layout_def* def, uint64_t needed,
                                                 uint64_t block) {
    const SequencerSpec spec = spec_of(layout_of(*def));
    const uint64_t seq = spec.counter_of(needed);
    const uint64_t room = seq >= spec.seq_mask() ? 0 : spec.seq_mask() - seq;
    const uint64_t more = block == 0 ? 0 : block - 1;
    return spec.word(spec.ms_of(needed), seq + (more < room ? more : room));
}

extern "C" uint64_t idgen_layout_next_block(const idgen_layout_def* def, uint64_t block,
                                            bool same_unit) {
    const uint64_t cap = ((uint64_t{1} << def->seq_bits) >> 6) > 1 ? (uint64_t{1} << def->seq_bits) >> 6 : 1;
    if (!same_unit || block == 0) return 1;
    return block >= cap / 2 ? cap : block * 2;
}

extern "C" bool idgen_layout_same_unit(const idgen_layout_def* def, uint64_t a, uint64_t b) {
    const SequencerSpec spec = spec_of(layout_of(*def));
    return spec.ms_of(a) == spec.ms_of(b);
}

extern "C" int64_t idgen_layout_word_last_ms(const idgen_layout_def* def, uint64_t word) {
    const Layout layout = layout_of(*def);
    return def->epoch_us / kMsUs + (spec_of(layout).ms_of(word) + 1) * layout.unit_ms - 1;
}
