// kind.hpp: the kinds of ID idgen-decode reads (the core's families), and
// telling them apart by the shape of their text.
#pragma once

#include <string>
#include <string_view>

#include "../core/family.h"

namespace idgen_decode {

using Kind = idgen_family;

// No kind: guess each ID's from its text.
inline constexpr Kind kUnknownKind = IDGEN_FAMILY_COUNT;

// The name --kind takes and the output prints: snowflake, shard, ulid, ...
std::string_view kind_name(Kind kind);

// For messages: "Snowflake ID", "shard ID", "ULID", ...
std::string_view kind_display_name(Kind kind);

// kUnknownKind for a name that is no kind.
Kind kind_from_name(std::string_view name);

// Every kind's name: "shard, snowflake, ... or objectid".
std::string kind_names();

// By length, then digits: the kinds' text lengths all differ, so a
// malformed ID of a known length is still taken for its kind and the
// core's parser can say what is wrong with it. A decimal number is a
// Snowflake: shard IDs have the same shape and need --kind=shard.
Kind guess_kind(std::string_view text);

}  // namespace idgen_decode
