#!/usr/bin/env bash
# A hot standby made with pg_basebackup runs with its primary's
# postgresql.conf, so with the same idgen.node_id: the shared generators
# refuse to run there (they would hand out the primary's IDs), everything
# else works; after promotion they run, above the primary's last ID.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25818 + ${IDGEN_PORT_OFFSET:-0}))}
standby_port=$((port + 100))
pg_throwaway_server primary "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 4"
standby=$(pg_scratch_dir standby)
trap 'set +e; pg_server_stop "$standby"; rm -rf "$standby"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT

pg_psql "$port" -c "CREATE EXTENSION idgen" \
  -c "CREATE TABLE t (id bigint PRIMARY KEY DEFAULT snowflake_id(), u ulid DEFAULT ulid_monotonic())" \
  -c "INSERT INTO t SELECT FROM generate_series(1, 1000)"
pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$standby/data" -R -X stream -c fast
echo "port = $standby_port" | pg_as_owner tee -a "$standby/data/postgresql.conf" >/dev/null
echo "unix_socket_directories = '$standby'" | pg_as_owner tee -a "$standby/data/postgresql.conf" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$standby/data" -l "$standby/server.log" -w start >/dev/null
pg_psql "$port" -c "INSERT INTO t SELECT FROM generate_series(1, 1000)"
for i in $(seq 1 60); do  # until the standby has replayed the second batch
  [ "$(pg_psql "$standby_port" -At -c "SELECT count(*) FROM t")" = 2000 ] && break
  sleep 0.5
done

fail=0
# each refuses with its own name (a regex: the parentheses escaped)
while read -r call name; do
  pg_refuses "$standby_port" "SELECT $call" 55000 "$name cannot run on a server in recovery" || fail=1
done <<'CALLS'
snowflake_id()    snowflake_id\(\)
next_shard_id(5)  next_shard_id\(shard\)
ulid_monotonic()  ulid_monotonic\(\)
idgen_reservation_init()  idgen_reservation_init\(\)
CALLS
works=$(pg_psql "$standby_port" -At -c "SELECT count(*) = 2000 AND bool_and(snowflake_node(id) = 4)
                                             AND ulid() IS NOT NULL AND uuid_v7() IS NOT NULL FROM t")
[ "$works" = t ] && echo "ok: on the standby the decoders and the random generators work" || { echo "FAIL: $works"; fail=1; }

# the primary goes away; the standby is promoted and takes over
last=$(pg_psql "$port" -At -c "SELECT max(id) FROM t")
pg_server_stop "$PG_DIR"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$standby/data" -w promote >/dev/null
next=$(pg_psql "$standby_port" -At -c "INSERT INTO t DEFAULT VALUES RETURNING id")
if [ "$next" -gt "$last" ]; then
  echo "ok: promoted, it generates again, above the old primary's last ID"
else
  echo "FAIL: after promotion $next <= $last"; fail=1
fi
exit $fail
