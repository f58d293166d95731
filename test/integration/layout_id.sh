#!/usr/bin/env bash
# layout_id() keeps snowflake_id()'s guarantees, for a named layout
# (discord) and a declared one (orders, 10 node bits, 1 ms):
#  1. 4 clients at once: no ID twice, each session's IDs increase;
#  2. a crash (pg_ctl stop -m immediate) and a restart with the clock 30 s
#     behind (libfaketime): every ID above those issued before the crash
#     (the reservation: named slots start past it, declared ones are bound
#     past it), and idgen_layout_drop() refuses a layout declared before
#     the restart;
#  3. failover at a lag: an asynchronous standby stops receiving WAL while
#     the primary serves on for 3 s, the primary is killed, the standby
#     (its clock 5 s behind) is promoted: every new ID above the old
#     primary's (the promotion margin), for both layouts.
# Declared layouts are a database's: a second database declares "orders"
# with other widths, and each database's DEFAULT layout_id('orders') works,
# whichever calls first, before and after a restart.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25834 + ${IDGEN_PORT_OFFSET:-0}))}
sport=$((port + 1))
PG_DIR=$(pg_scratch_dir layout-primary)
SDIR=$(pg_scratch_dir layout-standby)
clients=()
trap 'set +e; for c in "${clients[@]}"; do kill "$c" 2>/dev/null; done
      pg_server_stop "$SDIR"; rm -rf "$SDIR"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
source test/lib/faketime.sh
faketime_server_start "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 9" \
  "wal_level = replica" "max_wal_senders = 4"
pg_psql "$port" -q <<'SQL'
CREATE EXTENSION idgen;
SELECT idgen_layout_create('orders', date_trunc('day', now()) - interval '1 day', '1 millisecond', 10, 12);
CREATE TABLE drawn (phase text, client int, n bigserial, d bigint, o bigint);
CREATE TABLE by_default (phase text, n bigserial, id bigint DEFAULT layout_id('orders'));
SQL
pg_psql "$port" -q -c "CREATE DATABASE other"
pg_psql "$port" -d other -q <<'SQL'
CREATE EXTENSION idgen;
SELECT idgen_layout_create('orders', date_trunc('day', now()) - interval '1 day', '1 millisecond', 8, 14);
CREATE TABLE by_default (phase text, n bigserial, id bigint DEFAULT layout_id('orders'));
SQL

fail=0
check() {  # check PORT LABEL SQL-returning-zero
  local got
  got=$(pg_psql "$1" -At -c "$3")
  if [ "$got" = 0 ]; then echo "ok: $2"; else echo "FAIL: $2 ($got)"; fail=1; fi
}
draw() {  # draw PHASE: 4 clients until $PG_DIR/stop appears
  local phase=$1 c
  rm -f "$PG_DIR/stop"
  for c in 1 2 3 4; do
    (while [ ! -e "$PG_DIR/stop" ]; do
       pg_psql "$port" -q -c "INSERT INTO drawn (phase, client, d, o)
                              SELECT '$phase', $c, layout_id('discord'), layout_id('orders')
                                FROM generate_series(1, 2000)" || exit 1
     done) &
    clients+=($!)
  done
}
by_default() {  # by_default PHASE DB...: DEFAULT layout_id('orders') in each, in that order
  local phase=$1 db got; shift
  for db in "$@"; do
    got=$(pg_psql "$port" -d "$db" -At \
            -c "INSERT INTO by_default (phase) SELECT '$phase' FROM generate_series(1, 100)" \
            -c "SELECT count(*) FROM (SELECT id <= lag(id) OVER (ORDER BY n) AS down,
                                             (layout_decode(id, 'orders')).node AS node
                                        FROM by_default) x WHERE down OR node <> 9" 2>&1) || true
    if [ "$got" = 0 ]; then echo "ok: $phase: database $db's DEFAULT layout_id('orders')"
    else echo "FAIL: $phase: database $db's DEFAULT layout_id('orders'): $got"; fail=1; fi
  done
}
stop_drawing() {
  local pid
  touch "$PG_DIR/stop"
  for pid in "${clients[@]}"; do wait "$pid" || { echo "FAIL: a client's insert failed"; fail=1; }; done
  clients=()
}

# 1. concurrent clients
draw concurrent; sleep 2; stop_drawing
by_default "one name in two databases" postgres other
check "$port" "4 clients: no layout ID twice" \
  "SELECT (count(*) - count(DISTINCT d)) + (count(*) - count(DISTINCT o)) FROM drawn"
check "$port" "4 clients: each session's IDs increase" \
  "SELECT count(*) FROM (SELECT d <= lag(d) OVER w AS d_down, o <= lag(o) OVER w AS o_down
                           FROM drawn WINDOW w AS (PARTITION BY client ORDER BY n)) x WHERE d_down OR o_down"
check "$port" "the node field holds idgen.node_id" \
  "SELECT count(*) FROM drawn WHERE (layout_decode(d, 'discord')).node <> 9 OR (layout_decode(o, 'orders')).node <> 9"

# 2. crash, restart with the clock 30 s behind
pg_psql "$port" -q -c "CREATE TABLE before_crash AS SELECT max(d) AS d, max(o) AS o FROM drawn"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null
set_clock "-30"
faketime_start
draw after_crash; sleep 2; stop_drawing
check "$port" "after a crash with the clock 30 s behind: nothing at or below the last ID before it" \
  "SELECT count(*) FROM drawn a, before_crash b WHERE a.phase = 'after_crash' AND (a.d <= b.d OR a.o <= b.o)"
pg_refuses "$port" "SELECT idgen_layout_drop('orders')" 55000 \
  'idgen_layout_drop: layout "orders" may have handed out IDs' || fail=1
pg_psql "$port" -q -c "SELECT idgen_layout_create('unused', date_trunc('milliseconds', now()), '1 ms', 10, 11)"
set_clock "+0"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m fast restart -l "$PG_DIR/server.log" -w >/dev/null
by_default "after a restart, the other database first" other postgres
# declared before this start: what layout_id() did with it before is not known here
pg_refuses "$port" "SELECT idgen_layout_drop('unused')" 55000 \
  'idgen_layout_drop: layout "unused" may have handed out IDs' || fail=1
pg_psql "$port" -q -c "SELECT idgen_layout_create('fresh', date_trunc('milliseconds', now()), '1 ms', 10, 11)" \
  -c "SELECT idgen_layout_drop('fresh')" && echo "ok: a layout declared since the start, never run, drops" ||
  { echo "FAIL: a fresh layout did not drop"; fail=1; }

# 3. failover at a lag
pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$SDIR/data" -R -X stream -c fast
{ echo "port = $sport"; echo "unix_socket_directories = '$SDIR'"; } |
  pg_as_owner tee -a "$SDIR/data/postgresql.conf" >/dev/null
pg_as_owner env LD_PRELOAD="$libfaketime" FAKETIME="-5" FAKETIME_DONT_RESET=1 \
  "$PG_BINDIR/pg_ctl" -D "$SDIR/data" -l "$SDIR/server.log" -w start >/dev/null
pg_wait_for 30 "the standby streaming" pg_sql_true "$sport" "SELECT EXISTS (SELECT FROM pg_stat_wal_receiver)" || exit 1
work=$(pg_scratch_dir layout-clients)
client() {
  while :; do
    pg_psql "$port" -At -F ' ' -c "SELECT layout_id('discord'), layout_id('orders')
                                     FROM generate_series(1, 2000)" >>"$work/got.$1" 2>/dev/null || return 0
  done
}
for c in 1 2; do touch "$work/got.$c"; client $c & clients+=($!); done
sleep 1
pg_psql "$sport" -q -c "ALTER SYSTEM SET primary_conninfo = ''" -c "SELECT pg_reload_conf()" >/dev/null
pg_wait_for 30 "the standby's walreceiver to stop" \
  pg_sql_true "$sport" "SELECT NOT EXISTS (SELECT FROM pg_stat_wal_receiver)" || exit 1
sleep 3
kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
for c in "${clients[@]}"; do wait "$c" || true; done
clients=()
pg_as_owner env LD_PRELOAD="$libfaketime" FAKETIME="-5" FAKETIME_DONT_RESET=1 \
  "$PG_BINDIR/pg_ctl" -D "$SDIR/data" -l "$SDIR/server.log" -w promote >/dev/null
pg_psql "$sport" -q -c "CREATE TABLE new AS SELECT layout_id('discord') AS d, layout_id('orders') AS o
                          FROM generate_series(1, 20000)" \
  -c "CREATE TABLE old (d bigint, o bigint)"
cat "$work"/got.* | pg_psql "$sport" -q -c "\\copy old FROM STDIN WITH (DELIMITER ' ')"
rm -rf "$work"
echo "IDs the old primary handed out after the standby's last WAL: $(pg_psql "$sport" -At -c "SELECT count(*) FROM old")"
check "$sport" "promoted at a lag, its clock 5 s behind: every new ID above the old primary's" \
  "SELECT count(*) FROM new WHERE d <= (SELECT max(d) FROM old) OR o <= (SELECT max(o) FROM old)"
check "$sport" "the old primary's clients got IDs to compare with" "SELECT (count(*) = 0)::int FROM old"
exit $fail
