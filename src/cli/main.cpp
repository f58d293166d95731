// main.cpp: idgen-decode: decodes idgen's IDs outside the database, for logs
// and debugging, with the same C++ core as the extension.
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <string>

#include "decoded.hpp"
#include "format.hpp"
#include "options.hpp"

using namespace idgen_decode;

namespace {

// Prints one ID's line, or its error; false if it did not decode.
bool decode_one(std::string_view id, const Options& o) {
    Decoded d;
    std::string why;
    if (!decode_id(id, o.kind, o.epoch, &d, &why)) {
        fprintf(stderr, "idgen-decode: %s: %s\n", quoted(id).c_str(), why.c_str());
        return false;
    }
    std::string line = o.json ? json_line(id, d) : text_line(id, d);
    line += '\n';
    fputs(line.c_str(), stdout);
    // one line at a time: `tail -f log | idgen-decode` shows each ID as it
    // comes, and errors on stderr stay next to the IDs around them
    fflush(stdout);
    return true;
}

// Every white-space separated word of stdin is an ID.
int decode_stdin(const Options& o) {
    int failed = 0;
    std::string word;
    for (int c; (c = getchar()) != EOF;) {
        if (!isspace(c)) {
            word += static_cast<char>(c);
        } else if (!word.empty()) {
            failed += !decode_one(word, o);
            word.clear();
        }
    }
    if (!word.empty()) failed += !decode_one(word, o);
    return failed;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    std::string error;
    if (!parse_options(argc, argv, &o, &error)) {
        fprintf(stderr, "idgen-decode: %s\n%s", error.c_str(), kTryHelp);
        return 2;
    }
    if (o.help) {
        fputs(usage().c_str(), stdout);
        return 0;
    }
    if (o.ids.empty() && isatty(STDIN_FILENO)) {
        fprintf(stderr, "idgen-decode: no ID given, and standard input is a terminal\n%s", kTryHelp);
        return 2;
    }
    int failed = 0;
    if (o.ids.empty())
        failed = decode_stdin(o);
    else
        for (std::string_view id : o.ids) failed += !decode_one(id, o);
    return failed == 0 ? 0 : 1;
}
