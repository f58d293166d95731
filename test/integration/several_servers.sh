#!/usr/bin/env bash
# Several servers on loopback:
#  - three servers with idgen.node_id 1, 2 and 3 generate snowflake_id() all
#    at once; gathered together, no ID repeats and each carries its server's
#    node;
#  - Instagram's layout: two servers hold 8 logical shards (schemas), each
#    with its own sequence and DEFAULT next_shard_id(<shard>, nextval(...));
#    gathered together, no ID repeats and each carries its schema's shard;
#  - Flickr's ticket servers: two servers, odd and even sequences, disjoint.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
pids=()

base=${INTEGRATION_PORT:-$((25817 + ${IDGEN_PORT_OFFSET:-0}))}
per_client=${PER_CLIENT:-20000}
dirs=()
trap 'set +e; for d in "${dirs[@]}"; do pg_server_stop "$d"; rm -rf "$d"; done' EXIT
for node in 1 2 3; do
  d=$(pg_scratch_dir "node$node"); dirs+=("$d")
  pg_server_start "$d" $((base + node)) "shared_preload_libraries = 'idgen'" "idgen.node_id = $node"
  pg_psql $((base + node)) -c "CREATE EXTENSION idgen" \
    -c "CREATE TABLE events (id bigint PRIMARY KEY DEFAULT snowflake_id(), client int)"
done

# two clients per server, all six at once
for node in 1 2 3; do
  for c in 1 2; do
    pg_psql $((base + node)) -c "INSERT INTO events (client) SELECT $c FROM generate_series(1, $per_client)" & pids+=($!)
  done
done
wait_all "${pids[@]}"; pids=()

gathered=$(pg_scratch_dir gathered); dirs+=("$gathered")
pg_server_start "$gathered" $((base + 10)) "shared_preload_libraries = 'idgen'"
pg_psql $((base + 10)) -c "CREATE EXTENSION idgen" -c "CREATE TABLE everything (server int, id bigint)"
for node in 1 2 3; do
  pg_psql $((base + node)) -c "COPY (SELECT $node, id FROM events) TO STDOUT" |
    pg_psql $((base + 10)) -c "COPY everything FROM STDIN"
done
snowflakes=$(pg_psql $((base + 10)) -At -F ' ' -c "
  SELECT count(*), count(*) - count(DISTINCT id), count(*) FILTER (WHERE snowflake_node(id) <> server)
    FROM everything")
echo "snowflake: rows duplicates wrong_node = $snowflakes"

# Instagram: shards 1-4 on server A, 5-8 on server B
for s in 1 2; do
  port=$((base + s))
  first=$(( (s - 1) * 4 + 1 ))
  for shard in $(seq $first $((first + 3))); do
    pg_psql $port -c "CREATE SCHEMA insta$shard" \
      -c "CREATE SEQUENCE insta$shard.table_id_seq" \
      -c "CREATE TABLE insta$shard.photos (id bigint PRIMARY KEY
            DEFAULT next_shard_id($shard, nextval('insta$shard.table_id_seq')), n int)"
  done
done
for s in 1 2; do
  port=$((base + s)); first=$(( (s - 1) * 4 + 1 ))
  for shard in $(seq $first $((first + 3))); do
    # each shard draws 1,000 IDs a statement: within one millisecond a shard
    # can use at most 1,024, the layout's limit for this form
    pg_psql $port -c "DO \$\$ BEGIN FOR i IN 1..10 LOOP
                        INSERT INTO insta$shard.photos (n) SELECT g FROM generate_series(1, 1000) g;
                        COMMIT; END LOOP; END \$\$" & pids+=($!)
  done
done
wait_all "${pids[@]}"; pids=()
pg_psql $((base + 10)) -c "CREATE TABLE photos (shard int, id bigint)"
for s in 1 2; do
  port=$((base + s)); first=$(( (s - 1) * 4 + 1 ))
  for shard in $(seq $first $((first + 3))); do
    pg_psql $port -c "COPY (SELECT $shard, id FROM insta$shard.photos) TO STDOUT" |
      pg_psql $((base + 10)) -c "COPY photos FROM STDIN"
  done
done
shards=$(pg_psql $((base + 10)) -At -F ' ' -c "
  SELECT count(*), count(*) - count(DISTINCT id), count(*) FILTER (WHERE shard_id_shard(id) <> shard)
    FROM photos")
echo "shard IDs: rows duplicates wrong_shard = $shards"

# Flickr: two ticket servers, odd and even, drawing at once
pg_psql $((base + 1)) -c "SELECT create_ticket_sequence('tickets', 1, 2)" >/dev/null
pg_psql $((base + 2)) -c "SELECT create_ticket_sequence('tickets', 2, 2)" >/dev/null
for s in 1 2; do
  pg_psql $((base + s)) -c "CREATE TABLE drawn AS SELECT nextval('tickets') AS t FROM generate_series(1, 10000)" & pids+=($!)
done
wait_all "${pids[@]}"; pids=()
pg_psql $((base + 10)) -c "CREATE TABLE tickets (server int, t bigint)"
for s in 1 2; do
  pg_psql $((base + s)) -c "COPY (SELECT $s, t FROM drawn) TO STDOUT" | pg_psql $((base + 10)) -c "COPY tickets FROM STDIN"
done
tickets=$(pg_psql $((base + 10)) -At -F ' ' -c "
  SELECT count(*), count(*) - count(DISTINCT t), count(*) FILTER (WHERE t % 2 <> server % 2) FROM tickets")
echo "ticket servers: rows duplicates wrong_parity = $tickets"

[ "$snowflakes" = "$((6 * per_client)) 0 0" ] && [ "$shards" = "80000 0 0" ] && [ "$tickets" = "20000 0 0" ]
