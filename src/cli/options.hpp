// options.hpp: idgen-decode's command line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "decoded.hpp"
#include "kind.hpp"

namespace idgen_decode {

struct Options {
    Kind kind = kUnknownKind;  // guess each ID's kind
    Epoch epoch;                // for snowflake and shard
    bool json = false;
    bool help = false;
    std::vector<std::string_view> ids;  // none: read them from stdin
};

// False, with *error set, for a command line to refuse (exit status 2).
bool parse_options(int argc, char** argv, Options* options, std::string* error);

// --help
std::string usage();
extern const char kTryHelp[];

}  // namespace idgen_decode
