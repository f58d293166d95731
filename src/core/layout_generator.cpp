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
    const Layout layout = layout_of(*def);
    const int64_t epoch_ms = def->epoch_us / kMsUs;
    if (unix_ms < epoch_ms) return 0;
    int64_t unit = (unix_ms - epoch_ms) / layout.unit_ms;
    if (unit > layout.max_ms) unit = layout.max_ms;
    return spec_of(layout).word(unit, static_cast<uint64_t>(layout.max_low()));
}
