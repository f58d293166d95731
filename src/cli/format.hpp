// format.hpp: a decoded ID as one line of text or one JSON object.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "decoded.hpp"

namespace idgen_decode {

// UTC ISO 8601 with milliseconds, 2016-04-30T11:18:25.796Z; with
// microseconds where the time has them (a v1 or v6 UUID's).
std::string iso_time(int64_t unix_us);

// INPUT KIND name=value ...   (a NULL field prints as name=null), then a
// line "  or KIND name=value ..." for each of a guess's other readings
std::string text_line(std::string_view input, const Decoded& d);

// {"input":"...","kind":"...","name":value,...}, with "or":[{"kind":...},
// ...] for a guess's other readings; always one line
std::string json_line(std::string_view input, const Decoded& d);

// The input in double quotes, any byte outside printable ASCII as \xNN,
// for messages about text that may be anything.
std::string quoted(std::string_view input);

}  // namespace idgen_decode
