// wall_clock.cpp: CLOCK_REALTIME in milliseconds (vDSO: no system call).
#include "wall_clock.h"

#include <time.h>

extern "C" int64_t idgen_wall_clock_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

extern "C" int64_t idgen_wall_clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}
