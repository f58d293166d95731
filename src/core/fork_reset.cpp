// fork_reset.cpp: the fork generation DrawnHere compares against.
#include "fork_reset.hpp"

#include <pthread.h>

namespace {

uint64_t generation = 0;

void count_fork_in_child() { ++generation; }

// Registered when the library loads (in the postmaster, when preloaded), so
// every backend forked after it counts its fork.
[[maybe_unused]] const int registered = pthread_atfork(nullptr, nullptr, count_fork_in_child);

}  // namespace

uint64_t idgen::fork_generation() { return generation; }
