#!/usr/bin/env bash
# PostgreSQL's own multi-master: two PostgreSQL 17 servers on loopback (node
# ids 1 and 2) replicate both ways with native logical replication, each
# subscribed to the other's publication WITH (origin = none) so that no row
# goes round in circles. Two clients per server insert at once into tables
# keyed by DEFAULT snowflake_id(), ulid_monotonic() and uuid_v7(). Once both
# sides have caught up the tables are identical (row count and md5 over every
# row in key order), neither log holds a conflict or a duplicate key, and
# every Snowflake names the server that made it.
# The server is the embedded PostgreSQL that test/pg-matrix runs (NATIVE_MAJOR:
# 17 or 18), with idgen built for it in a scratch copy; downloads are cached
# in ~/.cache/idgen/pg-matrix. No server to run on fails the test.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/multimaster.sh
source test/lib/embedded_pg.sh
source test/lib/debian_pg_headers.sh
source test/lib/pg_major.sh

major=${NATIVE_MAJOR:-17}
case $major in
  17) suite=trixie npm_version=17.10.0-beta.17 ;;
  18) suite=sid npm_version=18.4.0-beta.17 ;;
  *) echo "FAIL: NATIVE_MAJOR is 17 or 18, not $major"; exit 1 ;;
esac
cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
base=${INTEGRATION_PORT:-$((25876 + ${IDGEN_PORT_OFFSET:-0}))}
rows=${ROWS:-2000}
work=$(pg_scratch_dir native-multimaster)
nodes=()
trap 'set +e; for d in "${nodes[@]}"; do pg_server_stop "$d"; done; rm -rf "$work"' EXIT
mkdir -p "$cache" "$work/pg"
[ "$(id -u)" -ne 0 ] || chown postgres: "$work/pg"
pg_major_embedded "$major" "$suite" "$npm_version" "$work/pg" "$cache" ||
  { echo "FAIL: no PostgreSQL $major to run on"; exit 1; }
pg_major_install "$work/pg" || { echo "FAIL: idgen does not build for PostgreSQL $major"; exit 1; }
PG_BINDIR=$bindir

for node in 1 2; do
  dir=$(pg_scratch_dir "native-node$node"); nodes+=("$dir")
  pg_server_start "$dir" $((base + node)) "shared_preload_libraries = 'idgen'" \
    "idgen.node_id = $node" "wal_level = logical"
  pg_psql $((base + node)) -q <<'SQL'
CREATE EXTENSION idgen;
CREATE TABLE by_snowflake (id bigint PRIMARY KEY DEFAULT snowflake_id(), origin int, n int);
CREATE TABLE by_ulid (id ulid PRIMARY KEY DEFAULT ulid_monotonic(), origin int, n int);
CREATE TABLE by_uuid (id uuid PRIMARY KEY DEFAULT uuid_v7(), origin int, n int);
CREATE PUBLICATION everything FOR TABLE by_snowflake, by_ulid, by_uuid;
SQL
done
echo "PostgreSQL $(pg_psql $((base + 1)) -At -c 'SHOW server_version') on ports $((base + 1)) and $((base + 2))"
for node in 1 2; do
  other=$((3 - node))
  pg_psql $((base + node)) -q -c "SET client_min_messages = warning" -c "CREATE SUBSCRIPTION from_node$other
    CONNECTION 'host=127.0.0.1 port=$((base + other)) user=postgres dbname=postgres'
    PUBLICATION everything WITH (origin = none, copy_data = false)"
done

pids=()
multimaster_insert "$base" "$rows" by_snowflake by_ulid by_uuid

# caught up: every row on both sides (4 clients x rows per table)
expected=$((4 * rows))
least="SELECT least((SELECT count(*) FROM by_snowflake), (SELECT count(*) FROM by_ulid),
                    (SELECT count(*) FROM by_uuid))"
for i in $(seq 1 240); do
  [ "$(pg_psql $((base + 1)) -At -c "$least")" = "$expected" ] &&
    [ "$(pg_psql $((base + 2)) -At -c "$least")" = "$expected" ] && break
  sleep 0.5
done

fail=0
digest=$(multimaster_digest by_snowflake by_ulid by_uuid)
one=$(pg_psql $((base + 1)) -At -c "$digest")
two=$(pg_psql $((base + 2)) -At -c "$digest")
echo "node 1: $one"
echo "node 2: $two"
[ "$one" = "$two" ] && echo "ok: both sides identical" || { echo "FAIL: the sides differ"; fail=1; }
for t in snowflake ulid uuid; do
  grep -q "by_$t:$expected/" <<<"$one" && echo "ok: $t: $expected rows, $((2 * rows)) from each server" ||
    { echo "FAIL: $t has not $expected rows"; fail=1; }
done
wrong=$(pg_psql $((base + 1)) -At -c "SELECT count(*) FROM by_snowflake WHERE snowflake_node(id) <> origin")
[ "$wrong" = 0 ] && echo "ok: every Snowflake names the server that made it" ||
  { echo "FAIL: $wrong Snowflakes name another server"; fail=1; }
conflicts=$(cat "${nodes[0]}/server.log" "${nodes[1]}/server.log" | grep -ci 'conflict\|duplicate key' || true)
[ "$conflicts" = 0 ] && echo "ok: no conflict or duplicate key in either log" ||
  { echo "FAIL: $conflicts conflicts logged"; grep -i 'conflict\|duplicate key' "${nodes[0]}/server.log" "${nodes[1]}/server.log" | head -5; fail=1; }
exit $fail
