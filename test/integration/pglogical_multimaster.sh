#!/usr/bin/env bash
# Multi-master with pglogical: two PostgreSQL 15 servers on loopback (node
# ids 1 and 2) replicate both ways; two clients per server insert at once into
# tables keyed by snowflake_id(), ulid_monotonic(), uuid_v7() and
# next_shard_id(<shard per server>). Once both sides have caught up the tables
# are identical (row count and md5 over every row in key order), the logs
# hold no conflict, and every Snowflake and shard ID names its server.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/multimaster.sh
source test/lib/pglogical.sh

base=${INTEGRATION_PORT:-$((25822 + ${IDGEN_PORT_OFFSET:-0}))}
rows=${ROWS:-2000}
trap 'set +e; for d in "${PGL_DIRS[@]}"; do pg_server_stop "$d"; rm -rf "$d"; done' EXIT
pglogical_servers "$base"
for node in 1 2; do
  pg_psql $((base + node)) <<SQL
CREATE TABLE by_snowflake (id bigint PRIMARY KEY DEFAULT snowflake_id(), origin int, n int);
CREATE TABLE by_ulid (id ulid PRIMARY KEY DEFAULT ulid_monotonic(), origin int, n int);
CREATE TABLE by_uuid (id uuid PRIMARY KEY DEFAULT uuid_v7(), origin int, n int);
CREATE TABLE by_shard (id bigint PRIMARY KEY DEFAULT next_shard_id($node), origin int, n int);
SQL
done
pglogical_link "$base"

multimaster_insert "$base" "$rows" by_snowflake by_ulid by_uuid by_shard

# caught up: every row on both sides (4 clients x rows per table)
expected=$((4 * rows))
pglogical_wait "$base" "SELECT least((SELECT count(*) FROM by_snowflake), (SELECT count(*) FROM by_ulid),
                                     (SELECT count(*) FROM by_uuid), (SELECT count(*) FROM by_shard))" "$expected" || true

fail=0
digest=$(multimaster_digest by_snowflake by_ulid by_uuid by_shard)
one=$(pg_psql $((base + 1)) -At -c "$digest")
two=$(pg_psql $((base + 2)) -At -c "$digest")
echo "node 1: $one"
echo "node 2: $two"
[ "$one" = "$two" ] && echo "ok: both sides identical" || { echo "FAIL: the sides differ"; fail=1; }
for t in snowflake ulid uuid shard; do
  echo "$one" | grep -q "by_$t:$expected/" || { echo "FAIL: $t has not $expected rows"; fail=1; }
done
wrong=$(pg_psql $((base + 1)) -At -c "SELECT (SELECT count(*) FROM by_snowflake WHERE snowflake_node(id) <> origin)
                                           + (SELECT count(*) FROM by_shard WHERE shard_id_shard(id) <> origin)")
[ "$wrong" = 0 ] && echo "ok: every Snowflake and shard ID names the server that made it" || { echo "FAIL: $wrong IDs name another server"; fail=1; }
# the one way uniqueness breaks is two servers on one node id: catch it
nodes=$(for node in 1 2; do pg_psql $((base + node)) -At -c "SHOW idgen.node_id"; done | sort -u | wc -l)
[ "$nodes" = 2 ] && echo "ok: the two servers run distinct idgen.node_id" || { echo "FAIL: shared node id"; fail=1; }
conflicts=$(cat "${PGL_DIRS[0]}/server.log" "${PGL_DIRS[1]}/server.log" | grep -c 'CONFLICT' || true)
[ "$conflicts" = 0 ] && echo "ok: no conflict in either log" || { echo "FAIL: $conflicts conflicts logged"; fail=1; }
exit $fail
