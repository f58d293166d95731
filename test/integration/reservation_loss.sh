#!/usr/bin/env bash
# The reservation file lost (deleted, or left empty or zeroed) while the
# clock is 30 s behind the last IDs, with libfaketime preloaded into the
# server. Nothing repeats:
#  1. crash, file deleted: WAL replay (15+) restores the reservation and the
#     generators go on above every ID issued before;
#  2. checkpoint, clean stop, file zeroed: nothing to replay, so the shared
#     generators refuse (SQLSTATE 55000, the file named) while everything
#     else works; the file restored, they go on above;
#  3. checkpoint, crash, file deleted and then emptied: the same refusal.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25827 + ${IDGEN_PORT_OFFSET:-0}))}
libfaketime=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
[ -e "$libfaketime" ] || { echo "FAIL: no libfaketime (test/install-deps.sh installs it)"; exit 1; }
PG_DIR=$(pg_scratch_dir reservation-loss)
trap 'set +e; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
offset="$PG_DIR/faketime"   # libfaketime reads it at every clock call
set_clock() { echo "$1" | pg_as_owner tee "$offset" >/dev/null; }
set_clock "+0"
start() { pg_as_owner env LD_PRELOAD="$libfaketime" FAKETIME_TIMESTAMP_FILE="$offset" \
            FAKETIME_NO_CACHE=1 "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" \
            -l "$PG_DIR/server.log" -w start >/dev/null; }
stop() { pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m "$1" stop >/dev/null; }
file=$PG_DIR/data/idgen.reservation
LD_PRELOAD="$libfaketime" FAKETIME_TIMESTAMP_FILE="$offset" FAKETIME_NO_CACHE=1 \
  pg_server_start "$PG_DIR" "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 9"
pg_psql "$port" -c "CREATE EXTENSION idgen" \
  -c "CREATE TABLE drawn (phase text, sf bigint, sh bigint, u ulid)"

draw() {  # draw PHASE: 20,000 rows from every shared generator
  pg_psql "$port" -c "INSERT INTO drawn SELECT '$1', snowflake_id(), next_shard_id(3), ulid_monotonic()
                        FROM generate_series(1, 20000)"
}
fail=0
check() {  # check LABEL SQL-returning-0
  local got
  got=$(pg_psql "$port" -At -c "$2")
  if [ "$got" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1 ($got)"; fail=1; fi
}
# none of PHASE's IDs at or below any ID drawn before it, and no duplicates
check_above() {
  check "$2" "SELECT count(*) FROM drawn d, (SELECT max(sf) sf, max(sh) sh, max(u) u FROM drawn
                                             WHERE phase <> '$1') b
               WHERE d.phase = '$1' AND (d.sf <= b.sf OR d.sh <= b.sh OR d.u <= b.u)"
  check "$2: no duplicates" \
    "SELECT (count(*) - count(DISTINCT sf)) + (count(*) - count(DISTINCT sh)) + (count(*) - count(DISTINCT u)) FROM drawn"
}
# refused PHASE: every shared generator refuses, naming the file; the rest works
refused() {
  local f out expected
  for f in "snowflake_id()" "next_shard_id(3)" "ulid_monotonic()"; do
    out=$(pg_psql "$port" -v VERBOSITY=verbose -c "SELECT $f" 2>&1 | grep -v '^LOCATION:' || true)
    expected="ERROR:  55000: ${f/next_shard_id(3)/next_shard_id(shard)}: the reservation file \"idgen.reservation\" is missing or empty
DETAIL:  It holds the last millisecond this server's shared generators may use; without it they could repeat IDs issued before.
HINT:  Restore it from a copy of this data directory. If the system clock is known to be past every ID this server issued, run SELECT idgen_reservation_init(); to start them from the clock."
    if [ "$out" = "$expected" ]; then echo "ok: $1: $f refuses (55000, the file named)"
    else echo "FAIL: $1: $f gave:"; echo "$out"; fail=1; fi
  done
  out=$(pg_psql "$port" -At -c "SELECT uuid_v7() IS NOT NULL AND ulid() IS NOT NULL
                                   AND snowflake_node(max(sf)) = 9 FROM drawn")
  [ "$out" = t ] && echo "ok: $1: everything else works" || { echo "FAIL: $1: the rest gave $out"; fail=1; }
}

# 1. crash, file deleted, clock 30 s behind: WAL replay restores it
draw before
stop immediate
rm -f "$file"
set_clock "-30"
start
draw after_deleted
check_above after_deleted "crash, file deleted, clock 30 s behind: every ID above those issued before"
[ -s "$file" ] && echo "ok: replay wrote the file back" || { echo "FAIL: no file after replay"; fail=1; }

# 2. checkpoint, clean stop, file zeroed: nothing to replay, refused
pg_as_owner cp "$file" "$PG_DIR/reservation.copy"
stop fast
echo 0 | pg_as_owner tee "$file" >/dev/null
start
refused "clean stop, file zeroed"
stop fast
pg_as_owner cp "$PG_DIR/reservation.copy" "$file"
start
draw after_restored
check_above after_restored "the file restored: every ID above those issued before"

# 3. checkpoint, crash, file deleted: no reservation after the checkpoint to replay
pg_psql "$port" -c "CHECKPOINT"
stop immediate
rm -f "$file"
start
refused "checkpoint, crash, file deleted"
stop immediate
: | pg_as_owner tee "$file" >/dev/null
start
refused "checkpoint, crash, file emptied"
exit $fail
