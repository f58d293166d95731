#!/usr/bin/env bash
# idgen's custom WAL resource manager id is its own (src/pg/reservation_wal.h),
# not PostgreSQL's development id 128. A library that wants the same id,
# preloaded beside idgen in either order, stops the server at start with
# PostgreSQL's message naming both; one on 128 starts beside idgen (0.3.0,
# on 128 itself, could not start beside it).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25848 + ${IDGEN_PORT_OFFSET:-0}))}
id=$(sed -n 's/^#define IDGEN_RMGR_ID \([0-9]*\).*/\1/p' src/pg/reservation_wal.h)
[ -n "$id" ] || { echo "FAIL: no IDGEN_RMGR_ID in src/pg/reservation_wal.h"; exit 1; }
[ "$id" -gt 128 ] && [ "$id" -le 255 ] || { echo "FAIL: idgen's rmgr id $id is not a registered custom id"; exit 1; }
pg_throwaway_server rmgr-clash "$port" "idgen.node_id = 1"
pg_server_stop "$PG_DIR"
ctl() { pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 30 "$@" >/dev/null 2>&1; }
fail=0

# the other library, built against this server for an id (absolute paths
# in shared_preload_libraries: nothing is installed)
build() {  # build ID: $PG_DIR/clash-ID.so
  local cflags
  cflags="-I$(pg_config --includedir-server) -fPIC -shared -O2 -DRMGR_CLASH_ID=$1"
  # shellcheck disable=SC2086
  cc $cflags -o "$PG_DIR/clash-$1.so" test/integration/rmgr_clash/rmgr_clash.c
  chmod 755 "$PG_DIR/clash-$1.so"
}
build "$id"
build 128
preload() {  # preload LIBS: restart with shared_preload_libraries = LIBS; 0 if it started
  pg_as_owner sed -i '/^shared_preload_libraries/d' "$PG_DIR/data/postgresql.conf"
  echo "shared_preload_libraries = '$1'" | pg_as_owner tee -a "$PG_DIR/data/postgresql.conf" >/dev/null
  : | pg_as_owner tee "$PG_DIR/server.log" >/dev/null
  ctl start
}
refused() {  # refused LIBS WHO HOLDER
  if preload "$1"; then
    echo "FAIL: the server started with $1"; ctl stop -m fast; fail=1; return
  fi
  if grep -q "FATAL:  failed to register custom resource manager \"$2\" with ID $id" "$PG_DIR/server.log" &&
     grep -q "DETAIL:  Custom resource manager \"$3\" already registered with the same ID." "$PG_DIR/server.log"; then
    echo "ok: $1: the server refuses to start: $(grep -m1 'FATAL:' "$PG_DIR/server.log" | sed 's/.*FATAL:  //')"
    echo "    $(grep -m1 'DETAIL:' "$PG_DIR/server.log" | sed 's/.*DETAIL:  //')"
  else
    echo "FAIL: $1: not the expected message:"; cat "$PG_DIR/server.log"; fail=1
  fi
}
refused "idgen, $PG_DIR/clash-$id.so" rmgr_clash idgen
refused "$PG_DIR/clash-$id.so, idgen" idgen rmgr_clash
if preload "idgen, $PG_DIR/clash-128.so"; then
  got=$(pg_psql "$port" -At -c "CREATE EXTENSION idgen" -c "SELECT snowflake_id() > 0")
  [ "$got" = t ] && echo "ok: beside a library on 128 (the development id) idgen starts and generates" ||
    { echo "FAIL: beside 128: $got"; fail=1; }
  grep -q "registered custom resource manager \"idgen\" with ID $id" "$PG_DIR/server.log" &&
    echo "ok: the log names idgen's id, $id" || { echo "FAIL: the log does not name idgen's id"; fail=1; }
  ctl stop -m fast
else
  echo "FAIL: the server did not start beside a library on 128:"; cat "$PG_DIR/server.log"; fail=1
fi
exit $fail
