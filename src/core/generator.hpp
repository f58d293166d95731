// generator.hpp: the step every bigint shared generator takes on its word
// (generator.cpp): the sequencer on the wall clock, packed into a layout.
#pragma once

#include <cstdint>

#include "clock_bounds.h"
#include "fault.h"
#include "layout.hpp"

namespace idgen {

idgen_fault next_id(const Layout& layout, idgen_generator* gen, int64_t epoch_ms, int64_t mid,
                    const idgen_clock_bounds& bounds, int64_t* id);

}  // namespace idgen
