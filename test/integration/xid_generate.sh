#!/usr/bin/env bash
# xid_generate(): what its uniqueness rests on, on real servers.
#   - without idgen.node_id (its machine id) it refuses, with the line to
#     add; before 17 without preload it asks for the preload first
#   - the counter is server-wide: concurrent sessions never repeat an xid
#   - a restart (fast, and a crash) within the same second never repeats
#     one either: the counter rides the shared word and its reservation,
#     not a random start or the pid
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25878 + ${IDGEN_PORT_OFFSET:-0}))}
fail=0
major=$(pg_config --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')

# no node id: refused with the snowflake's hint, naming xids
pg_throwaway_server xid-no-node "$port" "shared_preload_libraries = 'idgen'"
pg_psql "$port" -c "CREATE EXTENSION idgen"
pg_refuses "$port" "SELECT xid_generate()" 55000 'xid_generate\(\) needs idgen.node_id to be set' || fail=1
detail=$(pg_psql "$port" -v VERBOSITY=verbose -c "SELECT xid_generate()" 2>&1 | grep DETAIL || true)
[[ $detail == *"Every server that generates xids needs its own node id"* ]] \
  && echo "ok: the refusal says xids need the node id" || { echo "FAIL: detail: $detail"; fail=1; }
pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"

if [ "$major" -lt 17 ]; then
  pg_throwaway_server xid-no-preload "$port" "idgen.node_id = 5"
  pg_psql "$port" -c "CREATE EXTENSION idgen"
  pg_refuses "$port" "SELECT xid_generate()" 55000 \
    'xid_generate\(\) needs idgen in shared_preload_libraries' || fail=1
  pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"
fi

pg_throwaway_server xid "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 5"
pg_psql "$port" -c "CREATE EXTENSION idgen; CREATE TABLE x (id xid12, client int)"

# concurrent sessions
pids=()
for c in 1 2 3 4; do
  pg_psql "$port" -c "INSERT INTO x SELECT xid_generate(), $c FROM generate_series(1, 20000)" & pids+=($!)
done
wait_all "${pids[@]}" || fail=1
read -r total distinct machines <<<"$(pg_psql "$port" -At -F ' ' -c \
  "SELECT count(*), count(DISTINCT id), count(DISTINCT xid_machine(id)) FROM x")"
[ "$total" = 80000 ] && [ "$distinct" = 80000 ] && [ "$machines" = 1 ] \
  && echo "ok: 4 concurrent sessions, 80000 xids, all distinct, machine 5" \
  || { echo "FAIL: concurrent: $total rows, $distinct distinct, $machines machines"; fail=1; }

# restarts within the second: a fast one, then a crash
for mode in fast immediate; do
  last=$(pg_psql "$port" -At -c "SELECT max(id) FROM x")
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m "$mode" -w stop >/dev/null
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
  pg_psql "$port" -c "INSERT INTO x SELECT xid_generate(), 9 FROM generate_series(1, 1000)"
  read -r above distinct <<<"$(pg_psql "$port" -At -F ' ' -c \
    "SELECT count(*) FILTER (WHERE client = 9 AND id > '$last'), count(DISTINCT id) = count(*) FROM x")"
  [ "$above" = 1000 ] && [ "$distinct" = t ] \
    && echo "ok: after a $mode restart every new xid is above the last one before it" \
    || { echo "FAIL: after a $mode restart: $above of 1000 above $last, all distinct: $distinct"; fail=1; }
  pg_psql "$port" -c "UPDATE x SET client = 8 WHERE client = 9"
done

exit $fail
