// kind.hpp: the kinds of ID idgen-decode reads, and telling them apart by
// the shape of their text.
#pragma once

#include <string_view>

namespace idgen_decode {

enum class Kind { Unknown, Snowflake, Shard, Ulid, Uuid, Ksuid, ObjectId };

// The name --kind takes and the output prints: snowflake, shard, ulid, ...
std::string_view kind_name(Kind kind);

// For messages: "Snowflake ID", "shard ID", "ULID", ...
std::string_view kind_display_name(Kind kind);

// Kind::Unknown for a name that is no kind.
Kind kind_from_name(std::string_view name);

// By length, then digits: the kinds' text lengths all differ, so a
// malformed ID of a known length is still taken for its kind and the
// core's parser can say what is wrong with it. A decimal number is a
// Snowflake: shard IDs have the same shape and need --kind=shard.
Kind guess_kind(std::string_view text);

}  // namespace idgen_decode
