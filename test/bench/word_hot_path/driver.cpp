// Calls one server-wide generator of the core in a loop, as a backend does,
// without PostgreSQL: test/bench/word_hot_path.sh counts its instructions
// per call under callgrind. Usage: driver snowflake|ulid|xid CALLS
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "generator.h"
#include "ulid.h"
#include "xid12.h"

static idgen_generator gen{};

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    const char* which = argv[1];
    const long calls = atol(argv[2]);
    const idgen_clock_bounds bounds{60000, INT64_MAX, 0};
    const uint8_t key[16] = {1};
    long sink = 0;
    for (long i = 0; i < calls; ++i) {
        if (strcmp(which, "snowflake") == 0) {
            int64_t id = 0;
            if (idgen_snowflake_next(&gen, 1288834974657, 1, &bounds, &id).code != IDGEN_OK) return 1;
            sink += id;
        } else if (strcmp(which, "ulid") == 0) {
            idgen_ulid u;
            if (idgen_ulid_monotonic_next(&gen, key, &bounds, &u).code != IDGEN_OK) return 1;
            sink += u.bytes[15];
        } else {
            idgen_xid12 x;
            if (idgen_xid12_shared_next(&gen, &bounds, 1, 2, 0, &x).code != IDGEN_OK) return 1;
            sink += x.bytes[11];
        }
    }
    printf("%ld\n", sink & 1);
    return 0;
}
