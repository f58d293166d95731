// kind.hpp: the kinds of ID idgen-decode reads (the core's families), and
// telling them apart by the shape of their text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

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

// The kinds text of its shape may be, most likely first: by length, then
// digits, so that a malformed ID of a known length is still taken for its
// kind and the core's parser can say what is wrong with it. A decimal
// number is a Snowflake: shard IDs and Sonyflakes have the same shape and
// need --kind. Some lengths are two kinds' (20 characters: an xid or a push
// ID): the caller takes the first that reads the text. Empty: no kind.
std::vector<Kind> guess_kinds(std::string_view text);

}  // namespace idgen_decode
