#!/usr/bin/env bash
# Every test, from a fresh Debian 12 machine (as root): installs what is
# needed, builds and installs idgen, then runs the pyramid: GoogleTest on the
# core, pg_regress, pgTAP, integration scripts. Servers are started on
# loopback and stopped again. Exits non-zero if anything fails.
set -uo pipefail
cd "$(dirname "$0")/.."

bash test/install-deps.sh || exit 1
make -s -j2 && make -s install >/dev/null || { echo "build failed" >&2; exit 1; }

passed=0 failed=0 failures=()
suite() {
  local name=$1; shift
  echo "=== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
}

unit() {
  cmake -S test/unit -B build/unit -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null &&
    cmake --build build/unit -j2 >/dev/null &&
    (cd build/unit && ctest --output-on-failure)
}

suite "unit (GoogleTest)" unit
suite "fuzz (libFuzzer)" bash test/fuzz/run.sh
suite "pg_regress" bash test/run-regress.sh
suite "pgTAP" bash test/run-pgtap.sh
for script in test/integration/*.sh; do
  suite "integration: $(basename "$script" .sh)" bash "$script"
done

echo
[ $failed -eq 0 ] || echo "failed: ${failures[*]}"
echo "suites: $passed passed, $failed failed"
[ $failed -eq 0 ]
