// generator.hpp: the step every bigint shared generator takes on its word
// (generator.cpp): the sequencer on the wall clock, packed into a layout.
#pragma once

#include <cstdint>

#include "clock_bounds.h"
#include "fault.h"
#include "layout.hpp"
#include "sequencer.hpp"

namespace idgen {

// The word's shape for a layout: its bits above the sequence hold the adds
// that find a millisecond used up (sequencer.hpp). Every word is built and
// read through it, never as ms << low_bits.
constexpr SequencerSpec spec_of(const Layout& layout) {
    return {layout.low_bits, layout.max_ms, layout.unit_ms};
}

idgen_fault next_id(const Layout& layout, idgen_generator* gen, int64_t epoch_ms, int64_t mid,
                    const idgen_clock_bounds& bounds, int64_t* id);

}  // namespace idgen
