// generator.cpp: the shared generators: the sequencer on the wall clock,
// packed into a layout.
#include "generator.h"
#include "generator.hpp"

#include "id_codec.h"
#include "layout.hpp"
#include "sequencer.hpp"
#include "wall_clock.h"

#include <atomic>
#include <initializer_list>

namespace idgen {

// Also layout_id()'s step (layout_generator.cpp): every bigint generator
// advances its word through this one function.
idgen_fault next_id(const Layout& layout, idgen_generator* gen, int64_t epoch_ms, int64_t mid,
                    const idgen_clock_bounds& bounds, int64_t* id) {
    if (idgen_fault f = idgen_check_epoch(epoch_ms); f.code != IDGEN_OK) return f;
    const SequencerSpec spec = spec_of(layout);
    // floor division: a clock before the epoch stays below 0 (refused)
    auto clock = [epoch_ms, unit = layout.unit_ms] {
        const int64_t ms = idgen_wall_clock_ms() - epoch_ms;
        return ms >= 0 ? ms / unit : -1;
    };
    Tick tick;
    idgen_fault f = sequencer_next(gen->word, spec, epoch_ms, bounds, clock, &tick);
    if (f.code == IDGEN_OK) {
        *id = layout.compose(tick.ms, mid, tick.seq);
        count_tick(*gen, tick);
    }
    return f;
}

namespace {

// idgen.node_id: 10 bits, the Snowflake's node field and TSID's; Sonyflake's
// 16-bit machine id takes the same range.
idgen_fault check_node(int32_t node) {
    if (node < 0 || node > kSnowflakeLayout.max_mid())
        return {IDGEN_NODE_OUT_OF_RANGE, node, 0, kSnowflakeLayout.max_mid()};
    return {IDGEN_OK, 0, 0, 0};
}

}  // namespace
}  // namespace idgen

using namespace idgen;

extern "C" idgen_fault idgen_snowflake_next(idgen_generator* gen, int64_t epoch_ms, int32_t node,
                                            const idgen_clock_bounds* bounds, int64_t* id) {
    if (idgen_fault f = check_node(node); f.code != IDGEN_OK) return f;
    return next_id(kSnowflakeLayout, gen, epoch_ms, node, *bounds, id);
}

extern "C" idgen_fault idgen_node_id_next(idgen_family family, idgen_generator* gen,
                                           int32_t node, const idgen_clock_bounds* bounds,
                                           int64_t* id) {
    if (idgen_fault f = check_node(node); f.code != IDGEN_OK) return f;
    return next_id(layout_of(family), gen, family_info(family).default_epoch_ms, node, *bounds, id);
}

extern "C" uint64_t idgen_mark_at(idgen_family family, int64_t ms, int64_t seq) {
    const Layout& layout = layout_of(family);
    ms /= layout.unit_ms;  // the unit ms falls in
    if (ms > layout.max_ms) ms = layout.max_ms;
    return spec_of(layout).word(ms, static_cast<uint64_t>(seq));
}

extern "C" uint64_t idgen_mark_used_up(idgen_family family, int64_t ms) {
    const Layout& layout = layout_of(family);
    return idgen_mark_at(family, ms, layout.max_low());
}

extern "C" bool idgen_generator_raise(idgen_generator* gen, uint64_t word) {
    std::atomic_ref<uint64_t> shared(gen->word);
    uint64_t old = shared.load(std::memory_order_acquire);
    while (old < word)
        if (shared.compare_exchange_weak(old, word, std::memory_order_acq_rel,
                                         std::memory_order_acquire))
            return true;
    return false;
}

extern "C" idgen_generator idgen_generator_snapshot(const idgen_generator* gen) {
    auto load = [](const uint64_t& v) {
        return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(v)).load(std::memory_order_relaxed);
    };
    idgen_generator copy{};
    copy.word = load(gen->word);
    copy.issued = load(gen->issued);
    copy.ahead = load(gen->ahead);
    copy.waits = load(gen->waits);
    return copy;
}

extern "C" void idgen_generator_set_max_processes(int64_t processes) { set_max_adders(processes); }

extern "C" void idgen_generator_reset_counters(idgen_generator* gen) {
    for (uint64_t* counter : {&gen->issued, &gen->ahead, &gen->waits})
        std::atomic_ref<uint64_t>(*counter).store(0, std::memory_order_relaxed);
}

extern "C" int64_t idgen_reservation_after_rebind(int64_t reserved_unix_ms, int64_t old_epoch_ms,
                                                  int64_t new_epoch_ms) {
    return new_epoch_ms > old_epoch_ms ? reserved_unix_ms + (new_epoch_ms - old_epoch_ms)
                                       : reserved_unix_ms;
}

extern "C" int64_t idgen_word_unix_ms(idgen_family family, uint64_t word, int64_t epoch_ms) {
    const Layout& layout = layout_of(family);
    return layout.unix_ms(epoch_ms, spec_of(layout).ms_of(word));
}

static_assert(IDGEN_SHARD_COUNT == kShardLayout.max_mid() + 1);

extern "C" idgen_fault idgen_shard_id_next(idgen_generator* shards, int64_t epoch_ms, int32_t shard,
                                           const idgen_clock_bounds* bounds, int64_t* id) {
    if (shard < 0 || shard > kShardLayout.max_mid())
        return {IDGEN_SHARD_OUT_OF_RANGE, shard, 0, kShardLayout.max_mid()};
    return next_id(kShardLayout, &shards[shard], epoch_ms, shard, *bounds, id);
}
