// random_pool.cpp: a per-process buffer of CSPRNG bytes, emptied at fork.
#include "random_pool.h"

#include <pthread.h>
#include <string.h>

#include <openssl/rand.h>

namespace {

constexpr size_t kPoolBytes = 16384;
unsigned char pool_bytes[kPoolBytes];
size_t pool_used = kPoolBytes;  // empty: filled on first use, never at load

void empty_pool_in_child() { pool_used = kPoolBytes; }

// Registered when the library loads (in the postmaster, when preloaded), so
// every backend forked after it starts with an empty pool of its own.
[[maybe_unused]] const int registered = pthread_atfork(nullptr, nullptr, empty_pool_in_child);

}  // namespace

extern "C" idgen_fault idgen_random_bytes(void* out, size_t n) {
    if (n > 64) return {IDGEN_RANDOM_UNAVAILABLE, static_cast<int64_t>(n), 0, 64};
    if (kPoolBytes - pool_used < n) {
        if (RAND_bytes(pool_bytes, kPoolBytes) != 1) return {IDGEN_RANDOM_UNAVAILABLE, 0, 0, 0};
        pool_used = 0;
    }
    memcpy(out, pool_bytes + pool_used, n);
    pool_used += n;
    return {IDGEN_OK, 0, 0, 0};
}
