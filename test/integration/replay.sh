#!/usr/bin/env bash
# WAL replay of reservations never stops recovery and does not fsync each
# record: during recovery the shared memory value is what counts.
#  1. The primary moves its reservation 100 times (2 s each); strace on the
#     standby's startup process counts the fsyncs of its reservation file:
#     at most one per 10 s of reservation (IDGEN_REPLAY_FILE_SLACK_MS), not
#     one per record as in 0.3.0.
#  2. The standby's reservation file made unwritable (mode 000, and a
#     directory where the new file would be written aside): replay goes on
#     with a WARNING, the file is written again once it can be, and the
#     standby, promoted, hands out only IDs above the primary's. (In 0.3.0
#     the first such record stopped the standby: an ERROR in the startup
#     process.)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

command -v strace >/dev/null || { echo "FAIL: no strace (test/install-deps.sh installs it)"; exit 1; }
port=${INTEGRATION_PORT:-$((25842 + ${IDGEN_PORT_OFFSET:-0}))}
standby_port=$((port + 100))
pg_throwaway_server replay "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
STANDBY=$(pg_scratch_dir replay-standby)
trace=$STANDBY/strace.log
trap 'set +e; [ -n "${tracer:-}" ] && kill "$tracer" 2>/dev/null; pg_server_stop "$STANDBY"; rm -rf "$STANDBY"
      pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
ctl() { local d=$1; shift; pg_as_owner "$PG_BINDIR/pg_ctl" -D "$d/data" -l "$d/server.log" -w "$@" >/dev/null; }
fail=0
check() {  # check LABEL SQL-returning-t PORT
  if [ "$(pg_psql "$3" -At -c "$2")" = t ]; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi
}

pg_psql "$port" -c "CREATE EXTENSION idgen" -c "CREATE TABLE t (sf bigint, sh bigint, u ulid)"
pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$STANDBY/data" -R -X stream -c fast
{ echo "port = $standby_port"; echo "unix_socket_directories = '$STANDBY'"; echo "fsync = on"; } |
  pg_as_owner tee -a "$STANDBY/data/postgresql.conf" >/dev/null
ctl "$STANDBY" start
caught_up() {
  local lsn i
  lsn=$(pg_psql "$port" -At -c "SELECT pg_current_wal_lsn()")
  for i in $(seq 1 240); do
    [ "$(pg_psql "$standby_port" -At -c "SELECT pg_last_wal_replay_lsn() >= '$lsn'")" = t ] && return 0
    sleep 0.25
  done
  echo "FAIL: the standby did not replay up to $lsn"; fail=1
}
# moves the primary's reservation N times, 2 s each (one WAL record each);
# from a second past the clock where the reservation lags it (an idle server
# after the base backup), or the first moves would fall within one step
move_reservation() {
  pg_psql "$port" -o /dev/null -c "SELECT snowflake_resume_after(snowflake_id_from_time(
                                            (SELECT greatest(reserved_until, clock_timestamp() + interval '1 s')
                                               FROM idgen_reservation_status()) + k * interval '2 s'))
                                     FROM generate_series(1, $1) k"
}
startup_pid() { pgrep -f "postgres: .*startup" -P "$(head -1 "$STANDBY/data/postmaster.pid")"; }

# 1. fsyncs per replayed record
strace -f -e trace=openat,fsync,fdatasync -p "$(startup_pid)" -o "$trace" 2>"$trace.err" &
tracer=$!
# until strace says it is attached (it has stopped the process by then, and
# traces every call after): it must see every record
pg_wait_for 30 "strace attached to the startup process" grep -qs 'attached' "$trace.err" || exit 1
move_reservation 100
caught_up
kill "$tracer"; wait "$tracer" 2>/dev/null || true; tracer=
# the fds the startup process opened the reservation file (or its temp) on
fds=$(sed -n 's/.*openat(.*"idgen\.reservation[.a-z]*", O_WRONLY[^)]*) = \([0-9]*\)$/\1/p' "$trace" | sort -u)
writes=$(grep -c 'openat(.*"idgen\.reservation[.a-z]*", O_WRONLY' "$trace" || true)
syncs=0
for fd in $fds; do
  syncs=$((syncs + $(grep -cE "(fsync|fdatasync)\($fd\)" "$trace" || true)))
done
echo "replaying 100 reservations 2 s apart: the file written $writes times, fsynced $syncs times"
if [ "$writes" -ge 100 ] && [ "$syncs" -ge 1 ] && [ "$syncs" -le 25 ]; then
  echo "ok: about one fsync per 10 s of reservation, not one per record"
else echo "FAIL: expected 100 writes and 1 to 25 fsyncs"; fail=1; fi

# 2. the file unwritable during replay
file=$STANDBY/data/idgen.reservation
pg_as_owner chmod 000 "$file"
pg_as_owner mkdir "$file.tmp"
move_reservation 3
pg_psql "$port" -c "INSERT INTO t SELECT snowflake_id(), next_shard_id(5), ulid_monotonic() FROM generate_series(1, 5000)"
caught_up
grep -q 'WARNING:  idgen: could not write file "idgen.reservation.tmp" during recovery: Is a directory' "$STANDBY/server.log" &&
  echo "ok: replay warned that it could not write the file" || { echo "FAIL: no WARNING in the log"; fail=1; }
check "recovery went on: the standby replayed all 5000 rows" "SELECT count(*) = 5000 FROM t" "$standby_port"
pg_as_owner rmdir "$file.tmp"
pg_as_owner chmod 600 "$file"
move_reservation 1
caught_up
grep -q 'LOG:  idgen: file "idgen.reservation" written again during recovery' "$STANDBY/server.log" &&
  echo "ok: the file was written again at the next record" || { echo "FAIL: no sign the file was written again"; fail=1; }
old=$(pg_psql "$port" -At -c "SELECT max(sf), max(sh), max(u) FROM t")
IFS='|' read -r sf sh u <<<"$old"
kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
ctl "$STANDBY" promote
pg_psql "$standby_port" -c "CREATE TABLE after (sf bigint, sh bigint, u ulid)" \
  -c "INSERT INTO after SELECT snowflake_id(), next_shard_id(5), ulid_monotonic() FROM generate_series(1, 5000)"
check "promoted: every ID above the old primary's" \
  "SELECT min(sf) > $sf AND min(sh) > $sh AND min(u) > '$u' FROM after" "$standby_port"
exit $fail
