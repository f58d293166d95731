// random_pool.cpp: a per-process buffer of CSPRNG bytes, emptied at fork.
#include "random_pool.h"

#include <string.h>

#include <openssl/rand.h>

#include "fork_reset.hpp"

using namespace idgen;

namespace {

constexpr size_t kPoolBytes = 16384;
unsigned char pool_bytes[kPoolBytes];
size_t pool_used = kPoolBytes;
// filled on first use (never at load), and again in every forked child, so
// that every backend draws from a pool of its own
DrawnHere pool_filled;

}  // namespace

extern "C" idgen_fault idgen_random_bytes(void* out, size_t n) {
    if (n > 64) return {IDGEN_RANDOM_UNAVAILABLE, static_cast<int64_t>(n), 0, 64};
    if (!pool_filled.drawn() || kPoolBytes - pool_used < n) {
        if (RAND_bytes(pool_bytes, kPoolBytes) != 1) return {IDGEN_RANDOM_UNAVAILABLE, 0, 0, 0};
        pool_used = 0;
        pool_filled.mark_drawn();
    }
    memcpy(out, pool_bytes + pool_used, n);
    pool_used += n;
    return {IDGEN_OK, 0, 0, 0};
}
