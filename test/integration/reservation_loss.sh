#!/usr/bin/env bash
# The reservation file lost (deleted, or left empty or zeroed) while the
# clock is 30 s behind the last IDs, with libfaketime preloaded into the
# server. Nothing repeats:
#  1. crash, file deleted: WAL replay (15+) restores the reservation and the
#     generators go on above every ID issued before;
#  2. checkpoint, clean stop, file zeroed: nothing to replay, so the shared
#     generators refuse (SQLSTATE 55000, the file named) while everything
#     else works; the file restored, they go on above;
#  3. checkpoint, crash, file deleted and then emptied: the same refusal;
#  4. damage (garbage, one byte changed as a torn write or a base backup's
#     mid-write read leaves it, a reservation past any ID's millisecond, a
#     later release's line while a generator this one lacks waits):
#     the server starts, the shared generators refuse naming the damage,
#     everything else works, and idgen_reservation_init() is the way out;
#  5. 0.3.0's file (the number alone) is read, and rewritten whole (written
#     aside and renamed) in this version's format, with a checksum.
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
  -c "CREATE TABLE drawn (phase text, sf bigint, sh bigint, u ulid, ts bigint, so bigint)"

draw() {  # draw PHASE: 20,000 rows from every shared generator
  pg_psql "$port" -c "INSERT INTO drawn SELECT '$1', snowflake_id(), next_shard_id(3), ulid_monotonic(),
                               tsid(), sonyflake_id()
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
  check "$2" "SELECT count(*) FROM drawn d, (SELECT max(sf) sf, max(sh) sh, max(u) u, max(ts) ts, max(so) so
                                               FROM drawn WHERE phase <> '$1') b
               WHERE d.phase = '$1' AND (d.sf <= b.sf OR d.sh <= b.sh OR d.u <= b.u OR d.ts <= b.ts OR d.so <= b.so)"
  check "$2: no duplicates" \
    "SELECT (count(*) - count(DISTINCT sf)) + (count(*) - count(DISTINCT sh)) + (count(*) - count(DISTINCT u))
            + (count(*) - count(DISTINCT ts)) + (count(*) - count(DISTINCT so)) FROM drawn"
}
# refused PHASE [DAMAGE]: every shared generator refuses, naming the file
# (and DAMAGE, what is wrong with it); the rest works
refused() {
  local f out expected detail="It holds" what="is missing or empty"
  [ -n "${2:-}" ] && { what="is damaged"; detail="$2. It holds"; }
  for f in "snowflake_id()" "next_shard_id(3)" "ulid_monotonic()" "tsid()" "sonyflake_id()"; do
    out=$(pg_psql "$port" -v VERBOSITY=verbose -c "SELECT $f" 2>&1 | grep -v '^LOCATION:' || true)
    expected="ERROR:  55000: ${f/next_shard_id(3)/next_shard_id(shard)}: the reservation file \"idgen.reservation\" $what
DETAIL:  $detail the last millisecond this server's shared generators may use; without it they could repeat IDs issued before.
HINT:  Restore it as it was when the server stopped (after pg_upgrade: copy it from the old data directory); an older copy would give back IDs issued since. If the system clock is known to be past every ID this server issued, run SELECT idgen_reservation_init(); to start them from the clock."
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

# 4. damage: the server starts all the same
damaged() {  # damaged LABEL BYTES-EXPECTED < CONTENT: a clean stop, the file replaced
  stop fast
  pg_as_owner tee "$file" >/dev/null
  if ! start; then echo "FAIL: $1: the server did not start"; tail -5 "$PG_DIR/server.log"; fail=1; return; fi
  echo "ok: $1: the server started"
  refused "$1" "it holds $2 bytes that are not a whole reservation"
  grep -q "WARNING:  idgen: the reservation file \"idgen.reservation\" is damaged: it holds $2 bytes" \
    "$PG_DIR/server.log" && echo "ok: $1: the log says so at start" ||
    { echo "FAIL: $1: no WARNING at start"; fail=1; }
}
# the clock past every ID issued: what idgen_reservation_init() needs
set_clock "+120"
pg_psql "$port" -c "SELECT idgen_reservation_init()" >/dev/null
draw after_init
good=$(pg_as_owner cat "$file")
damaged "garbage" 9 < <(printf 'garbage\x01\xff')
# the reservation lowered by a second, as a torn write or read could leave
# it: the checksum tells, so it is never taken for a smaller reservation
r=$(sed -n 's/.*reserved=\([0-9]*\).*/\1/p' <<<"$good")
smaller=$(printf '%020d' "$((10#$r - 1000))")
damaged "a smaller reservation, checksum wrong" "$((${#good} + 1))" <<<"${good/reserved=$r/reserved=$smaller}"
[ "$(pg_as_owner cat "$file")" != "$good" ] || { echo "FAIL: the changed file equals the good one"; fail=1; }
# past the last millisecond any ID holds (a valid checksum would not help)
damaged "a reservation in the year 3170843" 21 <<<99999999999999999999
# a later release's line (format 3) while a generator this one lacks waits:
# refused in its own words, and kept as it is, the wait with it
later=$(python3 -c '
import re, sys
line = re.sub(r"pending=\S+", "pending=20", sys.argv[1].replace("reservation 2 ", "reservation 3 ", 1))
body = line[:line.index(" crc=")]
crc = 0xFFFFFFFF
for b in body.encode():
    crc ^= b
    for _ in range(8):
        crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
print(f"{body} crc={crc ^ 0xFFFFFFFF:08X}")' "$good")
stop fast
pg_as_owner tee "$file" >/dev/null <<<"$later"
start
refused "a later release's waiting generator" \
  "a later idgen wrote it, and a generator this release lacks awaits its *_resume_after: run that there before coming back"
[ "$(pg_as_owner cat "$file")" = "$later" ] && echo "ok: the later release's line is kept" ||
  { echo "FAIL: the later release's line was rewritten"; fail=1; }
pg_psql "$port" -c "SELECT idgen_reservation_init()" >/dev/null
draw after_damage
check_above after_damage "damage, idgen_reservation_init(): every ID above those issued before"

# 5. 0.3.0's file: the number alone, 21 bytes
reserved=$(sed -n 's/.*reserved=\([0-9]*\).*/\1/p' "$file")
stop fast
printf '%020d\n' "$((10#$reserved))" | pg_as_owner tee "$file" >/dev/null
inode=$(stat -c %i "$file")
start
draw after_legacy
check_above after_legacy "0.3.0's file: every ID above those issued before"
if grep -q '^idgen reservation 2 reserved=[0-9]\{20\} .* crc=[0-9A-F]\{8\}$' "$file" &&
   [ "$(stat -c %i "$file")" != "$inode" ]; then
  echo "ok: 0.3.0's file rewritten in the new format, aside and renamed (a new inode)"
else echo "FAIL: 0.3.0's file not rewritten aside: $(cat "$file")"; fail=1; fi
exit $fail
