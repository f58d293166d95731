#!/usr/bin/env bash
# Every test, from a fresh Debian 12 machine (as root): installs what is
# needed, builds and installs idgen, then runs the pyramid: GoogleTest on the
# core, pg_regress, pgTAP, mutants (docs/testing.md), integration scripts.
# Servers are started on loopback and stopped again. Exits non-zero if
# anything fails.
#
# Two tiers. This run (the README's test command, and CI's) keeps within 40
# minutes on the 2-core machine: PostgreSQL 15 throughout, the version matrix
# on the majors that need no Debian root (13 and 18 built, 14 and 16 with the
# SQL edition), the Debian package of 17 (in the trixie root pg_partman.sh
# needs anyway), and every mutant the fast suites kill. test/release-check.sh
# (IDGEN_RELEASE=1) adds what a release needs besides: 19 in the sid root and
# clang builds (the whole matrix), every major's package, the extension image,
# pg_upgrade from 18 to 19, the soaks under Patroni and pg_auto_failover, and
# the mutants that need an integration script.
set -uo pipefail
cd "$(dirname "$0")/.."
release=${IDGEN_RELEASE:-0}

bash test/install-deps.sh || exit 1
make -s -j2 IDGEN_WERROR=1 && make -s install >/dev/null || { echo "build failed" >&2; exit 1; }

source test/lib/pg_server.sh
passed=0 failed=0 failures=()

# This run's scratch directories live apart from any other run's, so the
# leftover check below never stops a server that another run started.
TMPDIR=$(mktemp -d /tmp/idgen-run.XXXXXX) && chmod 1777 "$TMPDIR" && export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

# The Debian roots of pg-matrix and the package tests, built meanwhile
# (test/package/debian_roots.sh): mostly downloads and unpacking, beside the
# first suites, which mostly compute. A test that needs a root waits for it.
if [ "$release" = 1 ]; then roots=(); else roots=(17); fi
bash test/package/debian_roots.sh "${roots[@]}" >"$TMPDIR/debian-roots.log" 2>&1 &
roots_pid=$!
# Citus (test/integration/citus.sh), built meanwhile where it is not cached:
# the integration scripts come late, and citus.sh waits for this build (a lock)
nice -n 10 bash -c 'source test/lib/citus_build.sh && citus_cached "${IDGEN_CITUS_CACHE:-/var/cache/idgen-tests}"' \
  >"$TMPDIR/citus-build.log" 2>&1 &

# A suite that leaves a server running has failed: it is stopped here, so
# the next suite still gets its ports.
leftover_servers() {
  local data found=1
  for data in "${TMPDIR:-/tmp}"/idgen-*/data "${TMPDIR:-/tmp}"/idgen-*/*/data; do
    [ -f "$data/postmaster.pid" ] || continue
    echo "left running: $data" >&2
    pg_as_owner "$PG_BINDIR/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1
    found=0
  done
  return $found
}

# Each suite's output goes to the console and to its log. A failed suite is
# told again at the end: its command and exit status, the tail of its output
# (where the suites print regression.diffs and pg_prove's report) and of the
# logs of the servers it ran (pg_server_stop keeps them in IDGEN_SERVER_LOGS).
failure_report=$TMPDIR/failures
suite() {
  local name=$1; shift
  local n=$((passed + failed + 1)) status log
  log=$TMPDIR/suite-$n.log
  export IDGEN_SERVER_LOGS=$TMPDIR/server-logs-$n
  mkdir -p "$IDGEN_SERVER_LOGS" && chmod 1777 "$IDGEN_SERVER_LOGS"
  echo "=== $name"
  local began=$SECONDS
  "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  echo "=== $name: $((SECONDS - began)) s"
  if leftover_servers 2>>"$log"; then
    grep '^left running' "$log" >&2
    [ "$status" -eq 0 ] && status="0, but it left a server running"
  fi
  if [ "$status" = 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); failures+=("$name")
    suite_failure "$name" "$status" "$log" "$@" >>"$failure_report"
  fi
}

suite_failure() {
  local name=$1 status=$2 log=$3 server_log; shift 3
  echo "--- FAILED: $name"
  echo "command: $* (exit $status)"
  echo "its output, last 60 lines:"
  tail -n 60 "$log" | sed 's/^/  | /'
  for server_log in "$IDGEN_SERVER_LOGS"/*.log; do
    [ -f "$server_log" ] || continue
    echo "server log $(basename "$server_log" .log), last 20 lines:"
    tail -n 20 "$server_log" | sed 's/^/  | /'
  done
}

unit() {
  cmake -S test/unit -B build/unit -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null &&
    cmake --build build/unit -j2 >/dev/null &&
    (cd build/unit && ctest --output-on-failure)
}

suite "unit (GoogleTest)" unit
suite "generated SQL is the family table's" bash test/generated_sql.sh
suite "fuzz (libFuzzer)" bash test/fuzz/run.sh
suite "idgen-decode (test/vectors)" bash test/cli/run.sh
suite "generated family constants are current" bash test/family_constants.sh
suite "pg_regress" bash test/run-regress.sh
if [ "$release" = 1 ]; then
  suite "pg-matrix (13 to 19)" bash test/pg-matrix
else
  suite "pg-matrix (13, 18; the SQL edition on 14, 16)" bash test/pg-matrix 13 18 14 16
fi
suite "pgTAP" bash test/run-pgtap.sh
if [ "$release" = 1 ]; then
  suite "mutants (every one is killed)" /usr/bin/python3 test/mutants
else
  suite "mutants (the fast suites kill every one; every snippet still in place)" \
    /usr/bin/python3 test/mutants --fast
fi
# pg_upgrade.sh needs the sid root (19), debian_default_cluster.sh the bookworm
# root: a release's check, with the matrix and the packages. untyped_literals.sh
# (every earlier release's calls with untyped literals, resolved again after
# the update; 3 minutes) too: old_doc_examples.sh runs every earlier
# release's documented examples in this tier. So do the soaks under real HA
# managers (patroni.sh, pg_auto_failover.sh: nearly 3 minutes together):
# failover.sh, async_failover.sh, layout_id.sh and citus.sh fail over in
# this tier.
release_only_integration=(pg_upgrade debian_default_cluster untyped_literals patroni pg_auto_failover)
for script in test/integration/*.sh; do
  name=$(basename "$script" .sh)
  [ "$release" = 1 ] || [[ " ${release_only_integration[*]} " != *" $name "* ]] || continue
  suite "integration: $name" bash "$script"
done
suite "docs: every sql block of README.md and docs/, in order" bash test/doc/sql_blocks.sh
suite "docs: README.md within 500 lines, its install lines as written, every link and anchor" bash test/doc/readme.sh
suite "docs: driver recipes are the tested files" bash test/doc/recipes.sh
suite "docs: idgen-decode's examples, on README.md's PATH" bash test/doc/commands.sh
suite "docs: what needs the preload, called without it" bash test/doc/preload_list.sh
suite "docs: idgen_status's rows and columns, against the view" bash test/doc/status_docs.sh
suite "docs: README's overview against docs/families.md's table and a server" bash test/doc/overview_claims.sh
suite "docs: the Python client's install, as written" bash test/doc/python_install.sh
suite "docs: no SQL mixes <<, >>, &, | or # without parentheses" bash test/doc/bit_precedence.sh
suite "clients: python" bash clients/python/test.sh
suite "clients: python under SQLAlchemy 2 (Debian 13 root)" bash clients/python/test_sqlalchemy2.sh
suite "clients: node" bash clients/node/test.sh
suite "clients: jdbc" bash clients/jdbc/test.sh
# The packages: PGXN's zip; the Debian package of every major, each built
# and tested in a root of the release that ships it (after pg-matrix and
# pg_upgrade.sh, whose sid root it shares); the extension image on 18 and 19.
suite "package: PGXN META.json and make dist" bash test/package/pgxn.sh
wait "$roots_pid"
echo "=== Debian roots, built in the background:"; cat "$TMPDIR/debian-roots.log"
echo "=== Citus, built in the background:"; cat "$TMPDIR/citus-build.log"
if [ "$release" = 1 ]; then
  suite "package: Debian .deb of every major, installcheck against each" bash test/package/debian.sh
  suite "package: extension image (CloudNativePG) on 18 and 19" bash test/package/extension_image.sh
else
  suite "package: Debian .deb of 17 (trixie), installcheck against it" bash test/package/debian.sh 17
fi

echo
if [ $failed -ne 0 ]; then
  cat "$failure_report"
  echo
  echo "failed: ${failures[*]}"
fi
echo "suites: $passed passed, $failed failed"
[ $failed -eq 0 ]
