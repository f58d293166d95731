#!/usr/bin/env bash
# Instructions per call of the server-wide generators' hot path (the core's
# snowflake_id(), ulid_monotonic() and xid_generate() steps, no PostgreSQL),
# counted by valgrind's callgrind: this tree's core beside another
# revision's (BENCH_BASELINE, default main), built as the extension builds
# them (-O2, one thread a process: src/core/per_thread.hpp). One thread:
# what a call costs where nothing contends; what contention costs is in
# docs/performance.md (atomic writes to shared cache lines per call).
#   bash test/bench/word_hot_path.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
baseline=${BENCH_BASELINE:-main}
work=$(mktemp -d "${TMPDIR:-/tmp}/idgen-hot-path.XXXXXX")
trap 'rm -rf "$work"' EXIT

# build TREE OUT: the core of TREE and the driver, in OUT
build() {
  local tree=$1 out=$2 f
  mkdir -p "$out"
  for f in $(cd "$tree/src/core" && ls ./*.cpp | sed 's|^\./||'); do  # every core file (sources.mk)
    g++ -std=c++20 -O2 -fno-exceptions -fno-rtti -DIDGEN_ONE_THREAD_PER_PROCESS -I"$tree/src/core" -c "$tree/src/core/$f" -o "$out/${f%.cpp}.o"
  done
  g++ -std=c++20 -O2 -I"$tree/src/core" test/bench/word_hot_path/driver.cpp "$out"/*.o -o "$out/driver" -lcrypto
}
mkdir -p "$work/baseline-tree"
git archive "$baseline" src/core | tar -x -C "$work/baseline-tree"
build "$work/baseline-tree" "$work/old"
build . "$work/new"

# instructions of N calls, less those of the program around them
per_call() {
  local driver=$1 which=$2 a b
  a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" "$which" 100000 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" "$which" 300000 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  echo $(( (b - a) / 200000 ))
}
printf '%-12s %14s %14s\n' generator "$baseline Ir/call" "this Ir/call"
for which in snowflake ulid xid; do
  printf '%-12s %14s %14s\n' "$which" "$(per_call "$work/old/driver" $which)" "$(per_call "$work/new/driver" $which)"
done
