#!/usr/bin/env bash
# The SQL edition at a failover with lag and a clock behind, as
# async_failover.sh does it for the C extension: an asynchronous standby
# stops receiving WAL while its primary serves clients for 3 s more, who keep
# every ID they get; the standby's clock runs 5 s behind the primary's
# (libfaketime); the primary is killed (kill -9) and the standby promoted, the
# "promote a read replica" of a managed service. Only the SQL edition is
# installed, by role app, no superuser, which owns the database.
#  - new sessions on the promoted standby draw 20,000 IDs of each generator,
#    at once (before its clock passes the old primary's IDs), and a session
#    that was connected to the standby before the promotion (refused then:
#    read-only) draws 2,000 after it:
#    0 repeats and 0 IDs not above the old primary's, for snowflake_id(),
#    next_shard_id(5) and ulid_monotonic() (0.4.0: tens of thousands).
# The SQL edition sees the new timeline before its first ID and moves its
# generators past the margin (1 min); the mutant sql-edition-server-unchecked
# (test/mutants) shows this test failing without that.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25856 + ${IDGEN_PORT_OFFSET:-0}))}
sport=$((port + 100))
libfaketime=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
[ -e "$libfaketime" ] || { echo "FAIL: no libfaketime (test/install-deps.sh installs it)"; exit 1; }
pg_throwaway_server sqled-primary "$port"
standby=$(pg_scratch_dir sqled-standby)
work=$(pg_scratch_dir sqled-clients)
clients=()
trap 'set +e; for c in "${clients[@]}"; do kill "$c" 2>/dev/null; done
      pg_server_stop "$standby"; pg_server_stop "$PG_DIR"; rm -rf "$standby" "$PG_DIR" "$work"' EXIT
app() { local p=$1; shift; psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$p" -U app -d sqled "$@"; }

pg_psql "$port" -c "CREATE ROLE app LOGIN NOSUPERUSER" -c "CREATE DATABASE sqled OWNER app"
app "$port" -c "CREATE SCHEMA idgen_sql" -c "SET search_path = idgen_sql" -f sql-edition/idgen.sql
app "$port" -o /dev/null -c "SELECT idgen_sql.idgen_set_node_id(1)"
pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$standby/data" -R -X stream -c fast
{ echo "port = $sport"; echo "unix_socket_directories = '$standby'"; } | pg_as_owner tee -a "$standby/data/postgresql.conf" >/dev/null
ctl() { pg_as_owner env LD_PRELOAD="$libfaketime" FAKETIME="-5" FAKETIME_DONT_RESET=1 \
          "$PG_BINDIR/pg_ctl" -D "$standby/data" -l "$standby/server.log" -w "$@" >/dev/null; }
ctl start
echo "standby clock minus the primary's: $(($(pg_psql "$sport" -At -c "SELECT round(extract(epoch FROM now()))::bigint") - $(date +%s))) s"

# Clients draw from the primary until it dies, and keep what they got.
client() {
  while :; do
    app "$port" -At -F ' ' -c "SELECT idgen_sql.snowflake_id(), idgen_sql.next_shard_id(5), idgen_sql.ulid_monotonic()
                                 FROM generate_series(1, 300)" >>"$work/got.$1" 2>/dev/null || return 0
  done
}
for c in 1 2 3; do touch "$work/got.$c"; client $c & clients+=($!); done
sleep 2
pg_psql "$sport" -c "ALTER SYSTEM SET primary_conninfo = ''" -c "SELECT pg_reload_conf()" >/dev/null
pg_wait_for 30 "stop of the standby's walreceiver" \
  pg_sql_true "$sport" "SELECT NOT EXISTS (SELECT FROM pg_stat_wal_receiver)" || exit 1
received=$(pg_psql "$sport" -At -c "SELECT pg_last_wal_receive_lsn()")
cut=$(cat "$work"/got.* | wc -l)
# a session of the standby from before the promotion: refused while it is
# one, it draws once the promotion is over
app "$sport" -At >"$work/early.out" 2>&1 <<'SQL' &
DO $$ BEGIN PERFORM idgen_sql.snowflake_id(); RAISE EXCEPTION 'a standby handed out a Snowflake';
      EXCEPTION WHEN read_only_sql_transaction THEN RAISE NOTICE 'refused on the standby: read-only'; END $$;
DO $$ BEGIN WHILE pg_is_in_recovery() LOOP PERFORM pg_sleep(0.05); END LOOP; END $$;
CREATE TABLE early AS SELECT idgen_sql.snowflake_id() AS sf, idgen_sql.next_shard_id(5) AS sh, idgen_sql.ulid_monotonic() AS u
  FROM generate_series(1, 2000);
SQL
early=$!
sleep 3
kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
for c in "${clients[@]}"; do wait "$c" || true; done
clients=()
[ "$(pg_psql "$sport" -At -c "SELECT pg_last_wal_receive_lsn() = '$received'")" = t ] &&
  echo "ok: the standby received no WAL after $received while the primary served $(( $(cat "$work"/got.* | wc -l) - cut )) more rows of IDs" ||
  { echo "FAIL: the standby kept receiving WAL"; exit 1; }
ctl promote
# at once, as clients would: before the standby's clock passes the old IDs
app "$sport" -c "CREATE TABLE new AS SELECT idgen_sql.snowflake_id() AS sf, idgen_sql.next_shard_id(5) AS sh, idgen_sql.ulid_monotonic() AS u
                   FROM generate_series(1, 20000)"
wait "$early" || { echo "FAIL: the session from before the promotion: $(cat "$work/early.out")"; exit 1; }
grep -q 'refused on the standby: read-only' "$work/early.out" && echo "ok: on the standby, snowflake_id() was refused (read-only)" ||
  { echo "FAIL: on the standby, snowflake_id() was not refused as read-only: $(cat "$work/early.out")"; exit 1; }

app "$sport" -q -c "CREATE TABLE old (sf bigint, sh bigint, u uuid)" \
  -c "\\copy old FROM '/dev/stdin' WITH (DELIMITER ' ')" <<<"$(cat "$work"/got.*)"
app "$sport" -q -c "INSERT INTO new SELECT * FROM early" -c "ANALYZE old" -c "ANALYZE new"
app "$sport" <<'SQL'
SELECT g AS generator, (SELECT count(*) FROM old) AS "IDs of the old primary", (SELECT count(*) FROM new) AS "new IDs",
       not_above AS "new IDs not above the old", repeats AS "exact repeats"
  FROM (SELECT 'snowflake_id()' g, (SELECT count(*) FROM new WHERE sf <= (SELECT max(sf) FROM old)) not_above,
               (SELECT count(*) FROM new JOIN old USING (sf)) repeats
        UNION ALL
        SELECT 'next_shard_id(5)', (SELECT count(*) FROM new WHERE sh <= (SELECT max(sh) FROM old)),
               (SELECT count(*) FROM new JOIN old USING (sh))
        UNION ALL
        SELECT 'ulid_monotonic()', (SELECT count(*) FROM new WHERE u <= (SELECT u FROM old ORDER BY u DESC LIMIT 1)),
               (SELECT count(*) FROM new JOIN old USING (u))) t;
SQL
got=$(app "$sport" -At -c "SELECT (SELECT count(*) FROM new) = 22000
                              AND NOT EXISTS (SELECT FROM new WHERE sf <= (SELECT max(sf) FROM old)
                                                 OR sh <= (SELECT max(sh) FROM old) OR u <= (SELECT u FROM old ORDER BY u DESC LIMIT 1))")
[ "$got" = t ] && echo "ok: 0 repeats, every new ID above the old primary's, for all three" ||
  { echo "FAIL: the promoted standby repeated or went below the old primary's IDs"; exit 1; }
# And no further than the margin: as the C extension's after a promotion,
# the first new IDs lie at most the margin (1 min) past the later of the
# last ID before (received or not) and the promoted server's clock, read
# after them (a sequence logs 32 values ahead: a millisecond more at most).
got=$(app "$sport" -At -c "SELECT (SELECT min(idgen_sql.snowflake_timestamp(sf)) FROM new)
                                    <= greatest((SELECT max(idgen_sql.snowflake_timestamp(sf)) FROM old), now) + bound
                                AND (SELECT min(idgen_sql.shard_id_timestamp(sh)) FROM new)
                                    <= greatest((SELECT max(idgen_sql.shard_id_timestamp(sh)) FROM old), now) + bound
                                AND (SELECT min(idgen_sql.ulid_timestamp(u)) FROM new)
                                    <= greatest((SELECT max(idgen_sql.ulid_timestamp(u)) FROM old), now) + bound
                              FROM (SELECT clock_timestamp() AS now, interval '60.001 s' AS bound) c")
[ "$got" = t ] && echo "ok: the promoted standby's first IDs at most the margin past the later of the old IDs and its clock" ||
  { echo "FAIL: the promoted standby jumped further than the margin"; exit 1; }
