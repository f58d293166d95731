#!/usr/bin/env bash
# idgen.max_clock_lead at its edges, on a stopped clock (libfaketime with an
# absolute time), so that every lead is exact: a lead one below the limit
# and at it is allowed, one above is refused with its SQLSTATE and the lead
# in the message; at max_clock_lead = 0 the generators may reach the clock's
# own millisecond and no further. Both the generator (next_shard_id(shard))
# and the resume function (shard_id_resume_after) are checked.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25824 + ${IDGEN_PORT_OFFSET:-0}))}
libfaketime=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
[ -f "$libfaketime" ] || { echo "no $libfaketime: run test/install-deps.sh" >&2; exit 1; }
PG_DIR=$(pg_scratch_dir clock-lead)
offset="$PG_DIR/faketime"   # libfaketime reads it at every clock call
trap 'set +e; echo "+0" > "$offset"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
set_clock() { echo "$1" | pg_as_owner tee "$offset" >/dev/null; }
set_clock "+0"
# the server's waits (latches, timeouts) run on the monotonic clock: left real
LD_PRELOAD="$libfaketime" FAKETIME_TIMESTAMP_FILE="$offset" FAKETIME_NO_CACHE=1 \
  FAKETIME_DONT_FAKE_MONOTONIC=1 \
  pg_server_start "$PG_DIR" "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 3"
pg_psql "$port" -c "CREATE EXTENSION idgen"

# an absolute time stops the clock there (a year ahead: no mark is past it)
set_clock "$(date -u -d '+1 year' '+%Y-%m-%d %H:%M:%S')"
now_ms=$(pg_psql "$port" -At -c "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint")
fail=0
# (pg_sleep would never end on it: its deadline is on the wall clock)
sleep 0.05
[ "$(pg_psql "$port" -At -c "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint")" = "$now_ms" ] ||
  { echo "FAIL: the server's clock did not stop"; exit 1; }

# the shard ID of shard S, sequence Q, LEAD ms after the stopped clock
id() { echo "next_shard_id($1, $2, timestamptz 'epoch' + ($now_ms + $3) * interval '1 ms')"; }
allowed() {  # allowed LABEL SQL: runs without error
  local got
  if got=$(pg_psql "$port" -c "$2" 2>&1); then echo "ok: $1"; else echo "FAIL: $1 ($got)"; fail=1; fi
}
check() {  # check LABEL SQL-returning-t
  local got
  if got=$(pg_psql "$port" -At -c "$2" 2>&1) && [ "$got" = t ]; then echo "ok: $1"; else echo "FAIL: $1 ($got)"; fail=1; fi
}

echo "--- idgen.max_clock_lead = 600000 ms (the default)"
allowed "resuming 599999 ms ahead (one below) is allowed" "SELECT shard_id_resume_after($(id 3 1023 599999))"
allowed "shard 8 to 599998 ms ahead, its millisecond used up" "SELECT shard_id_resume_after($(id 8 1023 599998))"
check "the generator moves on to one below the limit, 599999 ms ahead" "SELECT next_shard_id(8) = $(id 8 0 599999)"
check "the generator moves on to exactly the limit, 600000 ms ahead" \
  "SELECT next_shard_id(3) = $(id 3 0 600000)"
allowed "resuming exactly 600000 ms ahead is allowed" "SELECT shard_id_resume_after($(id 3 1023 600000))"
pg_refuses "$port" "SELECT next_shard_id(3)" 55000 \
  'next_shard_id\(shard\) would run 600001 ms ahead of the system clock' || fail=1
pg_refuses "$port" "SELECT shard_id_resume_after($(id 7 0 600001))" 22023 \
  'shard_id_resume_after: the ID is 600001 ms ahead of the system clock' || fail=1
check "a refused call moved nothing: shard 3 still ends at 600000 ms, shard 7 untouched" \
  "SELECT (SELECT last_issued = timestamptz 'epoch' + ($now_ms + 600000) * interval '1 ms'
             FROM idgen_status WHERE generator = 'next_shard_id' AND shard = 3)
      AND NOT EXISTS (SELECT FROM idgen_status WHERE generator = 'next_shard_id' AND shard = 7)"
allowed "shard 4 one ms ahead, while that is allowed" "SELECT shard_id_resume_after($(id 4 5 1))"

echo "--- idgen.max_clock_lead = 0"
pg_psql "$port" -c "ALTER SYSTEM SET idgen.max_clock_lead = 0" -c "SELECT pg_reload_conf()" >/dev/null
for i in $(seq 1 300); do  # (the server's clock is stopped: pg_reload cannot tell)
  [ "$(pg_psql "$port" -At -c "SHOW idgen.max_clock_lead")" = 0 ] && break
  sleep 0.1
done
allowed "resuming at the clock's millisecond (lead 0) is allowed" "SELECT shard_id_resume_after($(id 5 5 0))"
check "the generator goes on in the clock's millisecond" "SELECT next_shard_id(5) = $(id 5 6 0)"
pg_refuses "$port" "SELECT shard_id_resume_after($(id 6 0 1))" 22023 \
  'shard_id_resume_after: the ID is 1 ms ahead of the system clock' || fail=1
pg_refuses "$port" "SELECT next_shard_id(4)" 55000 \
  'next_shard_id\(shard\) would run 1 ms ahead of the system clock' || fail=1
exit $fail
