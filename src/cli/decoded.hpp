// decoded.hpp: an ID taken apart into named fields, and decoding one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kind.hpp"

namespace idgen_decode {

// One output field; the names and values are those of the SQL decoders
// (snowflake_decode's ts, node, seq; uuid_version; objectid_counter ...).
struct Field {
    enum class Type { Number, Text, Time, Null };
    std::string_view name;
    Type type;
    int64_t number = 0;     // Number; Time: Unix microseconds
    std::string_view text;  // Text
};

struct Decoded {
    Kind kind;
    std::vector<Field> fields;
    // A guessed ID's other readings: every other kind of its shape that reads
    // it too (a decimal number is often a Snowflake, a shard ID, a TSID and a
    // Sonyflake ID at once), in the order of the guess.
    std::vector<Decoded> others;
};

// The epoch of the bigint kinds, Unix ms; none means each family's default
// (the defaults of idgen.snowflake_epoch and idgen.shard_epoch).
using Epoch = std::optional<int64_t>;

// Decodes text as `kind` (kUnknownKind: guess it, and fill out->others)
// with the core's parsers and decoders. On failure returns false and sets *why to what is wrong,
// naming the kind and what was expected.
bool decode_id(std::string_view text, Kind kind, Epoch epoch, Decoded* out, std::string* why);

}  // namespace idgen_decode
