#!/usr/bin/env bash
# Failover with the shared generators running ahead of the clock: the
# primary's generators are moved 5 s ahead (as after quick crash restarts or
# a clock step back) after its standbys were made, so only WAL can tell them.
# Standby "a" just replays; standby "b" also makes a restartpoint after the
# last reservation and restarts, so it replays none of them again and keeps
# the reservation in its own file. The primary is killed (kill -9) right
# after both replayed its last rows, and both are promoted at once: every
# shared generator (snowflake_id, next_shard_id(shard), ulid_monotonic) draws
# only IDs above the old primary's, with no *_resume_after step.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25826 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server failover-primary "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 4"
declare -A dir standby_port
for s in a b; do dir[$s]=$(pg_scratch_dir "failover-standby-$s"); done
standby_port=([a]=$((port + 100)) [b]=$((port + 101)))
trap 'set +e; for s in a b; do pg_server_stop "${dir[$s]}"; rm -rf "${dir[$s]}"; done
      pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
ctl() { local s=$1; shift; pg_as_owner "$PG_BINDIR/pg_ctl" -D "${dir[$s]}/data" -l "${dir[$s]}/server.log" -w "$@" >/dev/null; }

pg_psql "$port" -c "CREATE EXTENSION idgen" \
  -c "CREATE TABLE t (sf bigint UNIQUE DEFAULT snowflake_id(), sh bigint UNIQUE DEFAULT next_shard_id(5),
                      u ulid UNIQUE DEFAULT ulid_monotonic(), on_standby bool DEFAULT false)" \
  -c "INSERT INTO t SELECT FROM generate_series(1, 1000)"
for s in a b; do
  pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "${dir[$s]}/data" -R -X stream -c fast
  { echo "port = ${standby_port[$s]}"; echo "unix_socket_directories = '${dir[$s]}'"; } |
    pg_as_owner tee -a "${dir[$s]}/data/postgresql.conf" >/dev/null
  ctl $s start
done

# caught_up: both standbys have replayed all the primary has written
caught_up() {
  local lsn s i
  lsn=$(pg_psql "$port" -At -c "SELECT pg_current_wal_lsn()")
  for s in a b; do
    for i in $(seq 1 120); do
      [ "$(pg_psql "${standby_port[$s]}" -At -c "SELECT pg_last_wal_replay_lsn() >= '$lsn'")" = t ] && break
      sleep 0.25
    done
  done
}

# 5 s ahead of the clock, then rows drawn there
pg_psql "$port" -o /dev/null <<'SQL'
SELECT snowflake_resume_after(snowflake_id_from_time(clock_timestamp() + interval '5 s')),
       shard_id_resume_after(shard_id_from_time(clock_timestamp() + interval '5 s') | (5 << 10)),
       ulid_monotonic_resume_after(ulid_from_time(clock_timestamp() + interval '5 s'));
INSERT INTO t SELECT FROM generate_series(1, 5000);
CHECKPOINT;
SQL
caught_up
pg_psql "${standby_port[b]}" -c "CHECKPOINT"   # a restartpoint past every reservation
ctl b restart -m fast
caught_up
old=$(pg_psql "$port" -At -c "SELECT max(sf), max(sh), max(u), count(*) FROM t")
ahead=$(pg_psql "$port" -At -c "SELECT (extract(epoch FROM snowflake_timestamp(max(sf)) - clock_timestamp()) * 1000)::int FROM t")
kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
for s in a b; do ctl $s promote; done
echo "the old primary ran ${ahead} ms ahead of the clock; killed, both standbys promoted"

fail=0
IFS='|' read -r sf sh u n <<<"$old"
for s in a b; do
  sp=${standby_port[$s]}
  what=$([ $s = a ] && echo "standby a (replayed)" || echo "standby b (restarted after a restartpoint)")
  replayed=$(pg_psql "$sp" -At -c "SELECT count(*) FROM t")
  [ "$replayed" = "$n" ] && echo "ok: $what replayed all $n rows" || { echo "FAIL: $what replayed $replayed of $n rows"; fail=1; }
  pg_psql "$sp" -c "INSERT INTO t (on_standby) SELECT true FROM generate_series(1, 3000)"
  check() {  # check LABEL SQL-returning-t
    if [ "$(pg_psql "$sp" -At -c "$2")" = t ]; then echo "ok: $what: $1"; else echo "FAIL: $what: $1"; fail=1; fi
  }
  check "snowflake_id() after promotion: every ID above the old primary's last ($sf)" \
    "SELECT min(sf) > $sf AND count(DISTINCT sf) = count(*) FROM t WHERE on_standby"
  check "next_shard_id(5) after promotion: every ID above the old primary's last ($sh)" \
    "SELECT min(sh) > $sh AND count(DISTINCT sh) = count(*) FROM t WHERE on_standby"
  check "ulid_monotonic() after promotion: every ULID above the old primary's last ($u)" \
    "SELECT min(u) > '$u'::ulid AND count(DISTINCT u) = count(*) FROM t WHERE on_standby"
done
exit $fail
