// options.cpp: --kind, --epoch, --json, --help; everything else is an ID.
#include "options.hpp"

#include <cinttypes>
#include <cstdio>

#include "../core/id_codec.h"
#include "../core/family.h"

namespace idgen_decode {

std::string usage() {
    const int64_t snowflake_epoch = idgen_family_of(IDGEN_FAMILY_SNOWFLAKE)->default_epoch_ms;
    const int64_t shard_epoch = idgen_family_of(IDGEN_FAMILY_SHARD_ID)->default_epoch_ms;
    char text[2048];
    snprintf(text, sizeof text,
    "Usage: idgen-decode [--kind=KIND] [--epoch=MS] [--json] [ID ...]\n"
    "Decodes idgen's IDs: one line per ID, or one JSON object per line with --json.\n"
    "With no ID on the command line, reads IDs from standard input (separated by\n"
    "white space).\n"
    "\n"
    "  --kind=KIND  snowflake, shard, ulid, uuid, ksuid, objectid or pushid. Without\n"
    "               it the kind is guessed from the text: a decimal number is a\n"
    "               Snowflake, 24 hex digits an ObjectId, 26 characters a ULID, 27 a\n"
    "               KSUID, 32 hex digits or 36 characters a UUID, 20 a push ID (which\n"
    "               begins with \"-\": put \"--\" before it).\n"
    "  --epoch=MS   the epoch of Snowflake and shard IDs, in Unix milliseconds\n"
    "               (default: Twitter's %" PRId64 " and Instagram's %" PRId64 ",\n"
    "               the defaults of idgen.snowflake_epoch and idgen.shard_epoch)\n"
    "  --json       one JSON object per ID\n"
    "\n"
    "Exit status: 0 when every ID decoded, 1 when any did not (each is reported on\n"
    "standard error and the others still decoded), 2 for a bad command line.\n",
    snowflake_epoch, shard_epoch);
    return text;
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
