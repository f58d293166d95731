#!/usr/bin/env bash
# Removing idgen from shared_preload_libraries, as docs/operations.md says:
#  - after an unclean stop with idgen's WAL records since the checkpoint, a
#    server without idgen stops recovery ("resource manager with ID ... not
#    registered") and does not start;
#  - the documented way out: idgen put back, started, stopped cleanly, then
#    removed: the server starts, and the server-wide generators refuse
#    (55000) while everything else works.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25849 + ${IDGEN_PORT_OFFSET:-0}))}
id=$(sed -n 's/^#define IDGEN_RMGR_ID \([0-9]*\).*/\1/p' src/pg/reservation_wal.h)
pg_throwaway_server preload-removal "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
ctl() { pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 30 "$@" >/dev/null 2>&1; }
preload() { pg_as_owner sed -i "s/^shared_preload_libraries = .*/shared_preload_libraries = '$1'/" "$PG_DIR/data/postgresql.conf"; }
fail=0

pg_psql "$port" -c "CREATE EXTENSION idgen" -c "CHECKPOINT" \
  -c "CREATE TABLE t AS SELECT snowflake_id() AS id FROM generate_series(1, 1000)"
ctl stop -m immediate
preload ""
: | pg_as_owner tee "$PG_DIR/server.log" >/dev/null
if ctl start; then
  echo "FAIL: started without idgen after an unclean stop"; fail=1; ctl stop -m fast
elif grep -q "resource manager with ID $id not registered" "$PG_DIR/server.log"; then
  echo "ok: unclean stop, idgen removed: recovery stops: $(grep -m1 'not registered' "$PG_DIR/server.log" | sed 's/.*\(FATAL\|PANIC\):  //')"
else
  echo "FAIL: no word of idgen's resource manager:"; tail -5 "$PG_DIR/server.log"; fail=1
fi
# the way out: back, start, clean stop, remove
preload idgen
ctl start || { echo "FAIL: did not start with idgen back"; tail -5 "$PG_DIR/server.log"; exit 1; }
[ "$(pg_psql "$port" -At -c "SELECT count(*) FROM t")" = 1000 ] && echo "ok: with idgen back, recovery replayed the rows" ||
  { echo "FAIL: rows lost"; fail=1; }
ctl stop -m fast
preload ""
if ctl start; then
  echo "ok: after a clean stop the server starts without idgen"
  pg_refuses "$port" "SELECT snowflake_id()" 55000 'snowflake_id\(\) needs idgen in shared_preload_libraries' || fail=1
  [ "$(pg_psql "$port" -At -c "SELECT snowflake_node(max(id)) FROM t")" = 1 ] &&
    echo "ok: the decoders work without the preload" || { echo "FAIL: decoders"; fail=1; }
else
  echo "FAIL: did not start without idgen after a clean stop"; tail -5 "$PG_DIR/server.log"; fail=1
fi
exit $fail
