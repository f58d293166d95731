// kind.hpp: the kinds of ID idgen-decode reads (the core's families), and
// telling them apart by the shape of their text. Every list here is made by
// walking the family table, so a family added there is a kind here.
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

// Every kind's name: "shard, snowflake, ... or pushid".
std::string kind_names();

// Every kind, in the order a guess tries them: the bigint layouts (a
// decimal number; Snowflake first, the most common), then kinds with a type
// prefix (text with a '_'), then the others by their text's length, in the
// family table's order. --help prints this order.
std::vector<Kind> guess_order();

// The shape of text a guess tries `kind` on, in words: "a decimal number",
// "26 characters", ...
std::string guess_shape(Kind kind);

// The kinds text of its shape may be, in guess_order(): a decimal number is
// one of the bigint layouts only, text with a '_' may have a type prefix,
// and otherwise the length tells. A malformed ID of a known length is still
// taken for its kind, so that the core's parser can say what is wrong with
// it. The caller takes the first that reads the text and names the others
// that read it too. Empty: no kind.
std::vector<Kind> guess_kinds(std::string_view text);

}  // namespace idgen_decode
