// fork_reset.hpp: state a process draws for itself (random bytes, a random
// node) and a forked child must draw again, so that no two backends share
// it. A backend is a fork of the postmaster, which may have drawn already
// when idgen is preloaded.
#pragma once

#include <cstdint>

namespace idgen {

// Counts the forks this process descends from since the library loaded:
// one pthread_atfork handler, registered when the library loads, moves it
// on in every child.
uint64_t fork_generation();

// Drawn in this process, or still to draw (never, or in the parent).
class DrawnHere {
  public:
    bool drawn() const { return drawn_ && generation_ == fork_generation(); }
    void mark_drawn() {
        generation_ = fork_generation();
        drawn_ = true;
    }

  private:
    bool drawn_ = false;
    uint64_t generation_ = 0;
};

}  // namespace idgen
