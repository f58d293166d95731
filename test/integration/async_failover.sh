#!/usr/bin/env bash
# Failover at a lag: an asynchronous standby stops receiving WAL for 3 s
# while its primary keeps serving clients, who keep every ID they get; the
# standby's clock runs 5 s behind the primary's (libfaketime, as on two
# machines with imperfect NTP); the primary is killed (kill -9) and the
# standby promoted, and draws 100,000 IDs of each server-wide generator.
#  - standby "a" (the primary's node id, idgen.promotion_margin 1 min):
#    0 repeats and 0 IDs not above the old primary's, for snowflake_id(),
#    next_shard_id(5) and ulid_monotonic() (0.3.0: thousands of repeats);
#  - standby "b" (its own node id, margin 0): no Snowflake equal to any of
#    the old primary's, whatever the lag.
# Prints a table per standby: IDs the clients got during the cut, new IDs
# not above the old primary's, exact repeats.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25846 + ${IDGEN_PORT_OFFSET:-0}))}
libfaketime=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
[ -e "$libfaketime" ] || { echo "FAIL: no libfaketime (test/install-deps.sh installs it)"; exit 1; }
pg_throwaway_server async-primary "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
declare -A dir sport
for s in a b; do dir[$s]=$(pg_scratch_dir "async-standby-$s"); done
sport=([a]=$((port + 100)) [b]=$((port + 101)))
clients=()
trap 'set +e; for c in "${clients[@]}"; do kill "$c" 2>/dev/null; done
      for s in a b; do pg_server_stop "${dir[$s]}"; rm -rf "${dir[$s]}"; done
      pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
ctl() { local s=$1; shift
        pg_as_owner env LD_PRELOAD="$libfaketime" FAKETIME="-5" FAKETIME_DONT_RESET=1 \
          "$PG_BINDIR/pg_ctl" -D "${dir[$s]}/data" -l "${dir[$s]}/server.log" -w "$@" >/dev/null; }

pg_psql "$port" -c "CREATE EXTENSION idgen"
for s in a b; do
  pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "${dir[$s]}/data" -R -X stream -c fast
  { echo "port = ${sport[$s]}"; echo "unix_socket_directories = '${dir[$s]}'"; } |
    pg_as_owner tee -a "${dir[$s]}/data/postgresql.conf" >/dev/null
done
echo "idgen.node_id = 2" | pg_as_owner tee -a "${dir[b]}/data/postgresql.conf" >/dev/null
echo "idgen.promotion_margin = 0" | pg_as_owner tee -a "${dir[b]}/data/postgresql.conf" >/dev/null
for s in a b; do ctl $s start; done
skew=$(pg_psql "${sport[a]}" -At -c "SELECT round(extract(epoch FROM now()))::bigint")
echo "standby clock minus the primary's: $((skew - $(date +%s))) s"

# Clients draw from the primary until it dies, and keep what they got: in
# got.before, or in got.cut once the standbys stopped receiving WAL.
work=$(pg_scratch_dir async-clients)
trap 'set +e; for c in "${clients[@]}"; do kill "$c" 2>/dev/null; done
      for s in a b; do pg_server_stop "${dir[$s]}"; rm -rf "${dir[$s]}"; done
      pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR" "$work"' EXIT
client() {
  local out
  while :; do
    out=$work/got.before; [ -f "$work/cut" ] && out=$work/got.cut
    pg_psql "$port" -At -F ' ' -c "SELECT snowflake_id(), next_shard_id(5), ulid_monotonic()
                                     FROM generate_series(1, 2000)" >>"$out.$1" 2>/dev/null || return 0
  done
}
for c in 1 2 3; do touch "$work/got.before.$c" "$work/got.cut.$c"; client $c & clients+=($!); done
sleep 2
# the standbys stop receiving WAL; the primary serves on for 3 s
for s in a b; do
  pg_psql "${sport[$s]}" -c "ALTER SYSTEM SET primary_conninfo = ''" -c "SELECT pg_reload_conf()" >/dev/null
done
# until both walreceivers have stopped (the startup process reads the reload)
for s in a b; do
  pg_wait_for 30 "stop of standby $s's walreceiver" \
    pg_sql_true "${sport[$s]}" "SELECT NOT EXISTS (SELECT FROM pg_stat_wal_receiver)" || exit 1
done
received=$(pg_psql "${sport[a]}" -At -c "SELECT pg_last_wal_receive_lsn()")
touch "$work/cut"
sleep 3
kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
for c in "${clients[@]}"; do wait "$c" || true; done
clients=()
[ "$(pg_psql "${sport[a]}" -At -c "SELECT pg_last_wal_receive_lsn() = '$received'")" = t ] &&
  echo "ok: the standbys received no WAL after $received while the primary served on" ||
  { echo "FAIL: the standbys kept receiving WAL"; exit 1; }
for s in a b; do ctl $s promote; done
# at once, as clients would: before the standbys' clocks pass the old IDs
for s in a b; do
  pg_psql "${sport[$s]}" -q -c "CREATE TABLE new (sf bigint, sh bigint, u ulid)" \
    -c "INSERT INTO new SELECT snowflake_id(), next_shard_id(5), ulid_monotonic()
          FROM generate_series(1, 100000)"
done

fail=0
for s in a b; do
  p=${sport[$s]}
  pg_psql "$p" -q -c "CREATE TABLE old (sf bigint, sh bigint, u ulid, cut bool)"
  for phase in before cut; do
    cat "$work"/got.$phase.* | pg_psql "$p" -q -c "\\copy old (sf, sh, u) FROM STDIN WITH (DELIMITER ' ')" \
      -c "UPDATE old SET cut = ('$phase' = 'cut') WHERE cut IS NULL"
  done
  # the repeats are counted with INTERSECT (a hash or a sort): a join of two
  # 100,000-row tables planned as a nested loop once ran for 20 minutes
  pg_psql "$p" -q -c "ANALYZE old" -c "ANALYZE new"
  echo "standby $s ($([ $s = a ] && echo "node 1, the primary's; margin 1 min" || echo "node 2, its own; margin 0")):"
  pg_psql "$p" <<'SQL'
SELECT g AS generator, cut AS "IDs the old primary handed out in the cut", not_above AS "new IDs not above them", repeats AS "exact repeats"
  FROM (SELECT 'snowflake_id()' g, (SELECT count(*) FROM old WHERE cut) cut,
               (SELECT count(*) FROM new WHERE sf <= (SELECT max(sf) FROM old)) not_above,
               (SELECT count(*) FROM (SELECT sf FROM new INTERSECT ALL SELECT sf FROM old) r) repeats
        UNION ALL
        SELECT 'next_shard_id(5)', (SELECT count(*) FROM old WHERE cut),
               (SELECT count(*) FROM new WHERE sh <= (SELECT max(sh) FROM old)),
               (SELECT count(*) FROM (SELECT sh FROM new INTERSECT ALL SELECT sh FROM old) r)
        UNION ALL
        SELECT 'ulid_monotonic()', (SELECT count(*) FROM old WHERE cut),
               (SELECT count(*) FROM new WHERE u <= (SELECT max(u) FROM old)),
               (SELECT count(*) FROM (SELECT u FROM new INTERSECT ALL SELECT u FROM old) r)) t;
SQL
  if [ $s = a ]; then
    got=$(pg_psql "$p" -At -c "SELECT (SELECT count(*) FROM old WHERE cut) > 0
                                  AND NOT EXISTS (SELECT FROM new WHERE sf <= (SELECT max(sf) FROM old)
                                                     OR sh <= (SELECT max(sh) FROM old) OR u <= (SELECT max(u) FROM old))")
    [ "$got" = t ] && echo "ok: standby a: 0 repeats, every new ID above the old primary's, for all three" ||
      { echo "FAIL: standby a repeated or went below the old primary's IDs (or the cut gave none)"; fail=1; }
  else
    got=$(pg_psql "$p" -At -c "SELECT NOT EXISTS (SELECT sf FROM new INTERSECT SELECT sf FROM old)
                                  AND (SELECT bool_and(snowflake_node(sf) = 2) FROM new)")
    [ "$got" = t ] && echo "ok: standby b (own node id, margin 0): no Snowflake equal to the old primary's" ||
      { echo "FAIL: standby b handed out a Snowflake of the old primary's"; fail=1; }
  fi
done
exit $fail
