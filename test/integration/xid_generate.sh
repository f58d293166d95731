#!/usr/bin/env bash
# xid_generate(): what its uniqueness rests on, on real servers.
#   - without idgen.node_id (its machine id) it refuses, with the line to
#     add; before 17 without preload it asks for the preload first
#   - the counter is server-wide: concurrent sessions never repeat an xid
#   - a restart (fast, and a crash) within the same second never repeats
#     one either: the counter rides the shared word and its reservation,
#     not a random start or the pid
#   - nor brings a lower one: quick crash restarts into the second of the
#     last xids, under a lower pid (steered past the wrap), and a promotion
#     onto a lower node id with no margin
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

# Quick crash restarts within one second, the postmaster's pid steered
# high and low in turn (/proc/sys/kernel/ns_last_pid): a new pid below the
# old one sorts below it within a second. The generators are first moved
# 10 s ahead of the clock, so that each restart resumes a few ms past the
# last xids before it, in their second (ahead of the clock, the reservation
# runs 10 ms past the last ID): every xid after must still be above them.
steer_pid() {  # steer_pid N: the next process gets a pid just above N, where root may set it
  [ -w /proc/sys/kernel/ns_last_pid ] && echo "$1" >/proc/sys/kernel/ns_last_pid 2>/dev/null || true
}
pid_max=$(cat /proc/sys/kernel/pid_max)
high=$(( (pid_max < 65536 ? pid_max : 65536) - 200 ))
pg_psql "$port" -o /dev/null -c "SELECT ulid_monotonic_resume_after(ulid(clock_timestamp() + interval '10 s'))"
pg_psql "$port" -c "INSERT INTO x SELECT xid_generate(), 7 FROM generate_series(1, 100)"
same_second_lower=0
for round in 1 2 3 4 5 6; do
  last=$(pg_psql "$port" -At -c "SELECT max(id) FROM x")
  old_pid=$(head -1 "$PG_DIR/data/postmaster.pid")
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null
  steer_pid $(( round % 2 == 1 ? 300 : high ))
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
  new_pid=$(head -1 "$PG_DIR/data/postmaster.pid")
  pg_psql "$port" -c "INSERT INTO x SELECT xid_generate(), 9 FROM generate_series(1, 100)"
  read -r above same <<<"$(pg_psql "$port" -At -F ' ' -c \
    "SELECT count(*) FILTER (WHERE id > '$last'),
            min(xid_timestamp(id)) = xid_timestamp('$last') FROM x WHERE client = 9")"
  if [ $((new_pid & 0xFFFF)) -lt $((old_pid & 0xFFFF)) ] && [ "$same" = t ]; then
    same_second_lower=$((same_second_lower + 1))
  fi
  [ "$above" = 100 ] \
    && echo "ok: crash restart $round (pid $old_pid, then $new_pid; same second: $same): every new xid above the last before" \
    || { echo "FAIL: crash restart $round (pid $old_pid, then $new_pid): $above of 100 xids above $last"; fail=1; }
  pg_psql "$port" -c "UPDATE x SET client = 8 WHERE client = 9"
done
echo "restarts into the same second under a lower pid: $same_second_lower of 6"
check_all_distinct() {
  [ "$(pg_psql "$port" -At -c "SELECT count(DISTINCT id) = count(*) FROM x")" = t ] \
    && echo "ok: $1: no xid twice" || { echo "FAIL: $1: an xid twice"; fail=1; }
}
check_all_distinct "after the crash restarts"

# A promotion onto a lower node id with idgen.promotion_margin = 0: the
# standby (node 2) receives every reservation of the primary (node 5),
# which draws 10 s ahead of the clock, so its last xids lie in the second
# its reservation ends in, which the promoted server would resume in but
# for the rule: the promoted server resumes at the next second, every xid
# above.
sport=$((port + 1))
SDIR=$(pg_scratch_dir xid-standby)
trap 'set +e; pg_server_stop "$SDIR"; rm -rf "$SDIR"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$SDIR/data" -R -X stream -c fast
{ echo "port = $sport"; echo "unix_socket_directories = '$SDIR'"; echo "idgen.node_id = 2";
  echo "idgen.promotion_margin = 0"; } | pg_as_owner tee -a "$SDIR/data/postgresql.conf" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$SDIR/data" -l "$SDIR/server.log" -w -t 60 start >/dev/null
# The reservation runs past what it is made for by the server's uptime, up
# to 1 s: right after a start, from the beginning of a second, it ends in
# that second, with the last xids. Started again where a loaded machine took
# longer: without that the promotion would test nothing.
for try in 1 2 3 4 5; do
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
  pg_psql "$port" -o /dev/null -c "SELECT ulid_monotonic_resume_after(ulid(date_trunc('second', clock_timestamp() + interval '10 s')))" \
    -c "DELETE FROM x WHERE client = 6" -c "INSERT INTO x SELECT xid_generate(), 6 FROM generate_series(1, 1000)"
  in_last_second=$(pg_psql "$port" -At -c "SELECT date_trunc('second', reserved_until)
    = (SELECT max(xid_timestamp(id)) FROM x WHERE client = 6) FROM idgen_reservation_status()")
  [ "$in_last_second" = t ] && break
done
[ "$in_last_second" = t ] && echo "ok: the old primary's last xids lie in its reservation's last second (start $try)" \
  || { echo "FAIL: after 5 starts the reservation still ended past the last xids' second"; fail=1; }
lsn=$(pg_psql "$port" -At -c "SELECT pg_current_wal_lsn()")
pg_wait_for 60 "the standby replaying $lsn" \
  pg_sql_true "$sport" "SELECT pg_last_wal_replay_lsn() >= '$lsn'" || exit 1
last=$(pg_psql "$port" -At -c "SELECT max(id) FROM x")
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$SDIR/data" -w promote >/dev/null
pg_psql "$sport" -c "INSERT INTO x SELECT xid_generate(), 5 FROM generate_series(1, 1000)"
read -r above machine <<<"$(pg_psql "$sport" -At -F ' ' -c \
  "SELECT count(*) FILTER (WHERE id > '$last'), min(xid_machine(id)) FROM x WHERE client = 5")"
[ "$above" = 1000 ] && [ "$machine" = 2 ] \
  && echo "ok: promoted onto node 2 with no margin: every new xid above the old primary's last" \
  || { echo "FAIL: promoted onto node 2: $above of 1000 xids above $last (machine $machine)"; fail=1; }
port=$sport check_all_distinct "after the promotion"

exit $fail
