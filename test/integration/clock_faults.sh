#!/usr/bin/env bash
# Clock faults, with libfaketime preloaded into the server:
#  1. the clock steps back 30 s while 4 clients generate: snowflake_id() and
#     ulid_monotonic() never repeat and never go down;
#  2. the server crashes (pg_ctl stop -m immediate) and restarts with the
#     clock still 30 s behind: nothing repeats, nothing is below what was
#     issued before the crash (the reservation file), and at most one
#     reservation step (1 s) above the last ID;
#  3. the clock jumps an hour ahead and comes back: generation stops with an
#     error naming the lead, past idgen.max_clock_lead, and resumes, still
#     increasing, once the limit is raised; the same after a restart.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25816 + ${IDGEN_PORT_OFFSET:-0}))}
libfaketime=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
PG_DIR=$(pg_scratch_dir clock)
trap 'set +e; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
offset="$PG_DIR/faketime"   # libfaketime reads it at every clock call
set_clock() { echo "$1" | pg_as_owner tee "$offset" >/dev/null; }
echo "+0" | pg_as_owner tee "$offset" >/dev/null

start() { pg_as_owner env LD_PRELOAD="$libfaketime" FAKETIME_TIMESTAMP_FILE="$offset" \
            FAKETIME_NO_CACHE=1 "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" \
            -l "$PG_DIR/server.log" -w start >/dev/null; }
LD_PRELOAD="$libfaketime" FAKETIME_TIMESTAMP_FILE="$offset" FAKETIME_NO_CACHE=1 \
  pg_server_start "$PG_DIR" "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 9"
pg_psql "$port" <<'SQL'
CREATE EXTENSION idgen;
CREATE TABLE drawn (phase text, client int, n bigserial, sf bigint, u ulid,
                    at timestamptz DEFAULT clock_timestamp());  -- the server's clock then
SQL

# clients draw in batches until the file $PG_DIR/stop appears
clients=()
draw() {
  local phase=$1 c
  rm -f "$PG_DIR/stop"
  for c in 1 2 3 4; do
    (while [ ! -e "$PG_DIR/stop" ]; do
       pg_psql "$port" -c "INSERT INTO drawn (phase, client, sf, u)
                           SELECT '$phase', $c, snowflake_id(), ulid_monotonic() FROM generate_series(1, 2000)"
     done) &
    clients+=($!)
  done
}
fail=0
# a client whose insert failed (an error from a generator) fails the test
stop_drawing() {
  local pid
  touch "$PG_DIR/stop"
  for pid in "${clients[@]}"; do
    wait "$pid" || { echo "FAIL: a client's insert failed"; fail=1; }
  done
  clients=()
}
check() {  # check LABEL SQL-returning-zero
  local got
  got=$(pg_psql "$port" -At -c "$2")
  if [ "$got" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1 ($got)"; fail=1; fi
}

# 1. step back 30 s under load
draw steps; sleep 2; set_clock "-30"; sleep 2; stop_drawing
# first: the lead shrinks as the clock runs on (20 s left after 10 s)
check "idgen_status shows the generators running ahead of the clock" \
  "SELECT count(*) FROM idgen_status WHERE generator IN ('snowflake_id', 'ulid_monotonic')
                                        AND NOT (ahead_of_clock_ms > 20000 AND issued_ahead > 0)"
check "clock stepped back 30 s: no duplicate Snowflake" \
  "SELECT count(*) - count(DISTINCT sf) FROM drawn"
check "clock stepped back 30 s: no duplicate ULID" \
  "SELECT count(*) - count(DISTINCT u) FROM drawn"
check "clock stepped back 30 s: each session's IDs increase" \
  "SELECT count(*) FROM (SELECT sf <= lag(sf) OVER w AS sf_down, u <= lag(u) OVER w AS u_down
                           FROM drawn WINDOW w AS (PARTITION BY client ORDER BY n)) x
    WHERE sf_down OR u_down"
check "the server's clock really was 30 s behind the IDs" \
  "SELECT count(*) FROM (SELECT max(snowflake_timestamp(sf) - at) AS lead FROM drawn) x
    WHERE lead < interval '25 seconds'"

# 2. crash, restart with the clock still behind
pg_psql "$port" -c "CREATE TABLE before_crash AS SELECT max(sf) AS sf, max(u) AS u FROM drawn"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null
start
echo "reservation after restart: $(cat "$PG_DIR/data/idgen.reservation") (Unix ms)"
draw after_crash; sleep 2; stop_drawing
check "after a crash with the clock 30 s behind: nothing at or below the last ID issued before it" \
  "SELECT count(*) FROM drawn d, before_crash b WHERE d.phase = 'after_crash' AND (d.sf <= b.sf OR d.u <= b.u)"
check "after the crash: the first ID at most one reservation step (1 s) past the last one before it" \
  "SELECT count(*) FROM (SELECT min(snowflake_timestamp(d.sf)) - max(snowflake_timestamp(b.sf)) AS gap
                           FROM drawn d, before_crash b WHERE d.phase = 'after_crash') x
    WHERE gap > interval '1001 ms'"
check "after the crash: still no duplicates" \
  "SELECT (count(*) - count(DISTINCT sf)) + (count(*) - count(DISTINCT u)) FROM drawn"

# 3. an hour ahead, then back: past idgen.max_clock_lead (10 min) generation stops
set_clock "+3600"
pg_psql "$port" -c "INSERT INTO drawn (phase, client, sf, u) SELECT 'ahead', 0, snowflake_id(), ulid_monotonic()"
set_clock "+0"
# an hour behind the last ID, generation stops: a lead of about 3,600,000 ms
pg_refuses "$port" "SELECT snowflake_id()" 55000 \
  'snowflake_id\(\) would run 3[56][0-9]{5} ms ahead of the system clock' || fail=1
pg_psql "$port" -c "ALTER SYSTEM SET idgen.max_clock_lead = '2h'" >/dev/null
pg_reload "$port"
pg_psql "$port" -c "INSERT INTO drawn (phase, client, sf, u) SELECT 'resumed', 0, snowflake_id(), ulid_monotonic()"
check "with the limit raised it resumes above the hour-ahead IDs" \
  "SELECT count(*) FROM drawn r, drawn a WHERE r.phase = 'resumed' AND a.phase = 'ahead' AND (r.sf <= a.sf OR r.u <= a.u)"

# ... and a restart with the reservation an hour ahead of the clock obeys the same limit
pg_psql "$port" -c "ALTER SYSTEM RESET idgen.max_clock_lead" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null
start
# restarted an hour behind the reservation, generation stops
pg_refuses "$port" "SELECT ulid_monotonic()" 55000 \
  'ulid_monotonic\(\) would run 3[0-9]{6} ms ahead of the system clock' || fail=1

# (a reservation past the last millisecond any ID can hold is damage:
# reservation_loss.sh shows the server start and the generators refuse)
exit $fail
