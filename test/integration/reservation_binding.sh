#!/usr/bin/env bash
# The reservation is bound to what the IDs depend on.
#  1. Epochs: idgen.snowflake_epoch and idgen.shard_epoch moved 60 s later
#     (ALTER SYSTEM, restart) would count new IDs from a later epoch, below
#     those issued in the last minute: refused (55000, the setting, the old
#     value and the time from which it is harmless); ulid_monotonic() goes
#     on. Moved only 3 s later, the refusal ends once the clock has passed
#     the reservation by 3 s, and the IDs then are above all before. Moved
#     earlier, IDs are above all before at once. (0.3.0 handed out 20,000 of
#     20,000 IDs below those issued before, after the 60 s move.)
#  2. Promotion: a standby promoted, then crashed before its first ID,
#     applies idgen.promotion_margin at its first ID after the restart, once:
#     a later restart does not move the generators again.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25840 + ${IDGEN_PORT_OFFSET:-0}))}
standby_port=$((port + 100))
pg_throwaway_server binding "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
STANDBY=$(pg_scratch_dir binding-standby)
trap 'set +e; pg_server_stop "$STANDBY"; rm -rf "$STANDBY"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
ctl() { local d=$1; shift; pg_as_owner "$PG_BINDIR/pg_ctl" -D "$d/data" -l "$d/server.log" -w "$@" >/dev/null; }
fail=0
check() {  # check LABEL SQL-returning-t [PORT]
  if [ "$(pg_psql "${3:-$port}" -At -c "$2")" = t ]; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi
}

pg_psql "$port" -c "CREATE EXTENSION idgen" \
  -c "CREATE TABLE drawn (phase text, sf bigint, sh bigint, u ulid)"
draw() {  # draw PHASE: 20,000 IDs of each shared generator
  pg_psql "$port" -c "INSERT INTO drawn SELECT '$1', snowflake_id(), next_shard_id(5), ulid_monotonic()
                        FROM generate_series(1, 20000)"
}
above_all_before() {  # above_all_before PHASE LABEL
  check "$2" "SELECT count(*) = 20000 AND bool_and(d.sf > b.sf AND d.sh > b.sh AND d.u > b.u)
                FROM drawn d, (SELECT max(sf) sf, max(sh) sh, max(u) u FROM drawn WHERE phase <> '$1') b
               WHERE d.phase = '$1'"
}
set_epochs() {  # set_epochs DELTA_MS: both epochs moved by DELTA from their defaults, restart
  pg_psql "$port" -c "ALTER SYSTEM SET idgen.snowflake_epoch = '$((1288834974657 + $1))'" \
    -c "ALTER SYSTEM SET idgen.shard_epoch = '$((1314220021721 + $1))'"
  ctl "$PG_DIR" restart -m fast
}

# 1. epochs
draw before
set_epochs 60000
refuses() {  # refuses SQL NAME-REGEX SETTING NEW
  pg_refuses "$port" "SELECT $1" 55000 \
    "$2: $3 = $4 is later than the epoch of the IDs already issued" || fail=1
}
refuses "snowflake_id()" 'snowflake_id\(\)' idgen.snowflake_epoch 1288835034657
refuses "next_shard_id(5)" 'next_shard_id\(shard\)' idgen.shard_epoch 1314220081721
out=$(pg_psql "$port" -v VERBOSITY=verbose -c "SELECT snowflake_id()" 2>&1 || true)
grep -q '^DETAIL:  IDs were issued under idgen.snowflake_epoch = 1288834974657; counted from the new epoch, new IDs would repeat or fall below them until ' <<<"$out" &&
  grep -q '^HINT:  Set idgen.snowflake_epoch back to 1288834974657, or keep it: from .* on, IDs under the new epoch are above the old ones.$' <<<"$out" &&
  echo "ok: the refusal names the old epoch and when the new one is harmless" ||
  { echo "FAIL: detail or hint: $out"; fail=1; }
check "ulid_monotonic() counts from no epoch: it goes on" \
  "SELECT ulid_monotonic() > (SELECT max(u) FROM drawn)"
check "the reservation keeps the epochs the IDs were issued under" \
  "SELECT snowflake_epoch = 1288834974657 AND shard_epoch = 1314220021721 FROM idgen_reservation_status()"

# 3 s later: refused at first, harmless once the clock passes the reservation
# by 3 s. The reservation is moved 10 s ahead first (ulid_monotonic() counts
# from no epoch), so that the refusal outlasts a slow restart.
pg_psql "$port" -o /dev/null -c "SELECT ulid_monotonic_resume_after(ulid_from_time(clock_timestamp() + interval '10 s'))"
set_epochs 3000
refuses "snowflake_id()" 'snowflake_id\(\)' idgen.snowflake_epoch 1288834977657
for i in $(seq 1 120); do
  [ "$(pg_psql "$port" -At -c "SELECT clock_timestamp() > reserved_until + interval '3 s'
                                 FROM idgen_reservation_status()")" = t ] && break
  sleep 0.25
done
draw later_3s
above_all_before later_3s "epochs 3 s later, once harmless: every ID above all before"
check "the reservation is bound to the new epochs" \
  "SELECT snowflake_epoch = 1288834977657 AND shard_epoch = 1314220024721 FROM idgen_reservation_status()"

# earlier: harmless at once
set_epochs -60000
draw earlier
above_all_before earlier "epochs 60 s earlier: every ID above all before, at once"
# (back to the defaults would be 60 s later again: the standby below keeps these)
pg_psql "$port" -c "TRUNCATE drawn"

# 2. promotion: the margin applied once, at the first ID after a crash
pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$STANDBY/data" -R -X stream -c fast
{ echo "port = $standby_port"; echo "unix_socket_directories = '$STANDBY'"
  echo "idgen.node_id = 2"; echo "idgen.promotion_margin = '2min'"; } |
  pg_as_owner tee -a "$STANDBY/data/postgresql.conf" >/dev/null
ctl "$STANDBY" start
draw before_promotion
lsn=$(pg_psql "$port" -At -c "SELECT pg_current_wal_lsn()")
for i in $(seq 1 120); do
  [ "$(pg_psql "$standby_port" -At -c "SELECT pg_last_wal_replay_lsn() >= '$lsn'")" = t ] && break
  sleep 0.25
done
received=$(pg_psql "$standby_port" -At -c "SELECT reserved_until FROM idgen_reservation_status()")
check "the standby holds the primary's reservation" \
  "SELECT reserved_until = '$received' FROM idgen_reservation_status()"
kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
ctl "$STANDBY" promote
ctl "$STANDBY" stop -m immediate   # before its first ID
ctl "$STANDBY" start
pg_psql "$standby_port" -c "INSERT INTO drawn SELECT 'promoted', snowflake_id(), next_shard_id(5), ulid_monotonic()
                              FROM generate_series(1, 1000)"
check "after the promotion and a crash: every ID past the reservation received plus the 2 min margin" \
  "SELECT min(snowflake_timestamp(sf)) > timestamptz '$received' + interval '2 min'
      AND min(shard_id_timestamp(sh)) > timestamptz '$received' + interval '2 min'
      AND min(ulid_timestamp(u)) > timestamptz '$received' + interval '2 min'
     FROM drawn WHERE phase = 'promoted'" "$standby_port"
# (past the later of the reservation and the clock at the first ID: less
# than the margin if the restart outlasted the reservation; a margin of 2 min,
# not 20 s: a loaded machine's crash restart took longer than 20 s, and the
# jump was then rightly 0)
# The jump is the margin past the later of the reservation the standby held
# at the promotion and the clock. That reservation is at least the one read
# above (r), more if the restart outlasted r and a step was reserved first:
# the jump is then between r + margin - the clock and the whole margin, to
# the end of that second.
check "idgen_status shows when the generators jumped, and by the margin" \
  "SELECT bool_and(promotion_jump_ms > 0 AND promotion_jump_ms <= 120999
                   AND promotion_jump_ms >= r + 120000
                     - greatest(r, (extract(epoch FROM promoted_at) * 1000)::bigint))
     FROM idgen_status, (SELECT (extract(epoch FROM timestamptz '$received') * 1000)::bigint AS r) x" "$standby_port"
promoted_at=$(pg_psql "$standby_port" -At -c "SELECT promoted_at FROM idgen_reservation_status()")
ctl "$STANDBY" stop -m immediate
ctl "$STANDBY" start
pg_psql "$standby_port" -c "INSERT INTO drawn SELECT 'restarted', snowflake_id(), next_shard_id(5), ulid_monotonic()
                              FROM generate_series(1, 1000)"
check "a later crash applies no second margin: at most a reservation step (1 s) past the last ID" \
  "SELECT min(snowflake_timestamp(r.sf)) <= max(snowflake_timestamp(p.sf)) + interval '1001 ms'
     FROM drawn r, drawn p WHERE r.phase = 'restarted' AND p.phase = 'promoted'" "$standby_port"
check "... and every ID above those before it" \
  "SELECT min(r.sf) > max(p.sf) AND min(r.sh) > max(p.sh) AND min(r.u) > max(p.u)
     FROM drawn r, drawn p WHERE r.phase = 'restarted' AND p.phase = 'promoted'" "$standby_port"
check "promoted_at is the one promotion's" \
  "SELECT promoted_at = '$promoted_at' FROM idgen_reservation_status()" "$standby_port"
exit $fail
