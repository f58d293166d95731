// fault_message.hpp: what a fault from the core's parsers and decoders means,
// in words, for the ID it refused.
#pragma once

#include <string>
#include <string_view>

#include "../core/fault.h"
#include "kind.hpp"

namespace idgen_decode {

// Why `text` is no `kind`: the bad character, the expected length or the
// range. The caller prefixes the quoted text.
std::string fault_message(idgen_fault fault, Kind kind, std::string_view text);

// What the text of each kind looks like, for a text whose kind is unknown.
std::string expected_shapes();

}  // namespace idgen_decode
