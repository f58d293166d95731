// options.cpp: --kind, --epoch, --json, --help; everything else is an ID.
#include "options.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "../core/id_codec.h"
#include "../core/family.h"

namespace idgen_decode {

namespace {

// One line per kind, in the order a guess tries them, with the shape it is
// tried on: the family table's, so a family added there is listed here.
std::string kinds_by_guess() {
    std::string lines;
    for (Kind k : guess_order()) {
        std::string name(kind_name(k));
        name.resize(std::max<size_t>(name.size(), 11), ' ');
        lines += "  " + name + guess_shape(k) + "\n";
    }
    return lines;
}

}  // namespace

std::string usage() {
    const int64_t snowflake_epoch = idgen_family_of(IDGEN_FAMILY_SNOWFLAKE)->default_epoch_ms;
    const int64_t shard_epoch = idgen_family_of(IDGEN_FAMILY_SHARD_ID)->default_epoch_ms;
    char options[1024];
    snprintf(options, sizeof options,
    "  --kind=KIND  read every ID as KIND (below). Without it each ID's kind is\n"
    "               guessed from its text\n"
    "  --epoch=MS   the epoch of Snowflake and shard IDs, in Unix milliseconds\n"
    "               (default: Twitter's %" PRId64 " and Instagram's %" PRId64 ",\n"
    "               the defaults of idgen.snowflake_epoch and idgen.shard_epoch)\n",
    snowflake_epoch, shard_epoch);
    return "Usage: idgen-decode [--kind=KIND] [--epoch=MS] [--json] [ID ...]\n"
           "Decodes idgen's IDs: one line per ID, or one JSON object per line with --json.\n"
           "With no ID on the command line, reads IDs from standard input (separated by\n"
           "white space). An ID that begins with \"-\" (a push ID) goes after \"--\".\n"
           "\n" +
           std::string(options) +
           "  --json       one JSON object per ID\n"
           "\n"
           "KIND, in the order a guess tries them, and the text each is tried on:\n" +
           kinds_by_guess() +
           "A guess is the first kind that reads the ID. Every other kind that reads it\n"
           "too follows on a line of its own, \"  or KIND ...\" (with --json: \"or\").\n"
           "\n"
           "Exit status: 0 when every ID decoded, 1 when any did not (each is reported on\n"
           "standard error and the others still decoded), 2 for a bad command line.\n";
}

const char kTryHelp[] = "Try \"idgen-decode --help\".\n";

namespace {

// "--kind=x" or "--kind x": the value, taking the next argument if needed.
bool option_value(std::string_view arg, std::string_view name, int* i, int argc, char** argv,
                  std::string_view* value, bool* missing) {
    if (arg == name) {
        if (*i + 1 >= argc) {
            *missing = true;
            return true;
        }
        *value = argv[++*i];
        return true;
    }
    if (arg.size() > name.size() && arg.substr(0, name.size()) == name && arg[name.size()] == '=') {
        *value = arg.substr(name.size() + 1);
        return true;
    }
    return false;
}

bool parse_epoch(std::string_view text, Epoch* epoch, std::string* error) {
    int64_t ms;
    if (idgen_id_from_text(text.data(), text.size(), &ms).code != IDGEN_OK ||
        idgen_check_epoch(ms).code != IDGEN_OK) {
        *error = "--epoch takes Unix milliseconds from 0 to " + std::to_string(IDGEN_MAX_EPOCH_MS) +
                 ", not \"" + std::string(text) + "\"";
        return false;
    }
    *epoch = ms;
    return true;
}

bool looks_like_option(std::string_view arg) {
    // "-5" is an ID (a negative one, which decoding refuses with its reason)
    return arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9');
}

}  // namespace

bool parse_options(int argc, char** argv, Options* o, std::string* error) {
    bool only_ids = false;
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i], value;
        bool missing = false;
        if (only_ids || !looks_like_option(arg)) {
            o->ids.push_back(arg);
        } else if (arg == "--") {
            only_ids = true;
        } else if (arg == "--json") {
            o->json = true;
        } else if (arg == "--help" || arg == "-h") {
            o->help = true;
        } else if (option_value(arg, "--kind", &i, argc, argv, &value, &missing)) {
            if (missing || (o->kind = kind_from_name(value)) == kUnknownKind) {
                *error = "--kind takes " + kind_names() + ", not \"" + std::string(value) + "\"";
                return false;
            }
        } else if (option_value(arg, "--epoch", &i, argc, argv, &value, &missing)) {
            if (!parse_epoch(value, &o->epoch, error)) return false;
        } else {
            *error = "unknown option \"" + std::string(arg) + "\"";
            return false;
        }
    }
    return true;
}

}  // namespace idgen_decode
