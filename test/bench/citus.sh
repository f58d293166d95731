#!/usr/bin/env bash
# INSERT ... DEFAULT on a Citus cluster on loopback (a coordinator and two
# workers, Citus from the cache test/lib/citus_build.sh keeps): idgen's keys
# against bigserial (Citus's own sequences, which hand each node a range)
# and gen_random_uuid(),
#  - through the coordinator: INSERT ... SELECT FROM generate_series, the
#    DEFAULT evaluated on the coordinator and each row sent to its shard;
#  - pushed down: INSERT ... SELECT from a co-located table, the DEFAULT
#    evaluated on the workers.
# Rows per second, the median of the rounds, interleaved; and each key's
# ratio to bigserial and to gen_random_uuid(), measured in the same run.
# Not a test: it never fails on a number.
#   bash test/bench/citus.sh        BENCH_ROWS (50000), BENCH_ROUNDS (3)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/citus_cluster.sh
source test/bench/median.sh
rows=${BENCH_ROWS:-50000}
rounds=${BENCH_ROUNDS:-3}
base=$((25946 + ${IDGEN_PORT_OFFSET:-0}))
work=$(pg_scratch_dir citus-bench)
trap 'set +e; citus_stop_all; rm -rf "$work"' EXIT
citus_prepare "$work" >&2
for p in $base $((base + 1)) $((base + 2)); do citus_node "bench$p" "$p"; done
sql() { pg_psql "$base" -At "$@"; }
sql -c "SELECT citus_set_coordinator_host('127.0.0.1', $base)" \
  -c "SELECT citus_add_node('127.0.0.1', $((base + 1)))" -c "SELECT citus_add_node('127.0.0.1', $((base + 2)))" \
  -c "CREATE EXTENSION idgen" -f test/bench/timing.sql >/dev/null
# the timing functions on the workers too: Citus propagates them
sql -c "CREATE TABLE src (id bigint PRIMARY KEY, n int)" -c "SELECT create_distributed_table('src', 'id')" \
  -c "INSERT INTO src SELECT g, g FROM generate_series(1, $rows) g" >/dev/null

# label | key type | DEFAULT
keys=(
  "snowflake_id()|bigint|snowflake_id()"
  "uuid_v7()|uuid|uuid_v7()"
  "ulid()|ulid|ulid()"
  "bigserial|bigserial|"
  "gen_random_uuid()|uuid|gen_random_uuid()"
)
n=0
for k in "${keys[@]}"; do
  IFS='|' read -r label type expr <<<"$k"
  n=$((n + 1))
  def=${expr:+DEFAULT $expr}
  sql -c "CREATE TABLE coord$n (id $type PRIMARY KEY $def, n int)" \
    -c "SELECT create_distributed_table('coord$n', 'id')" \
    -c "CREATE TABLE push$n (src bigint, id $type $def, n int, PRIMARY KEY (src, id))" \
    -c "SELECT create_distributed_table('push$n', 'src', colocate_with => 'src')" >/dev/null
done

# seconds one statement takes, timed on the coordinator
timed() { sql -c "SELECT bench_statement_s(\$q\$$1\$q\$)"; }
sql -c "CREATE FUNCTION bench_statement_s(statement text) RETURNS float8 AS \$\$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN EXECUTE statement; RETURN extract(epoch FROM clock_timestamp() - t0); END \$\$ LANGUAGE plpgsql" >/dev/null
declare -A rate
for r in $(seq 1 "$rounds"); do
  echo "round $r of $rounds ($rows rows a statement)" >&2
  for k in $(seq 1 $n); do
    sql -c "TRUNCATE coord$k, push$k" >/dev/null
    rate[$k,c]+=" $(awk -v r="$rows" -v s="$(timed "INSERT INTO coord$k (n) SELECT g FROM generate_series(1, $rows) g")" 'BEGIN { printf "%.0f", r / s }')"
    rate[$k,p]+=" $(awk -v r="$rows" -v s="$(timed "INSERT INTO push$k (src, n) SELECT id, n FROM src")" 'BEGIN { printf "%.0f", r / s }')"
  done
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
serial=4 random=5   # keys' rows of bigserial and gen_random_uuid()
declare -A med
for k in $(seq 1 $n); do
  for w in c p; do med[$k,$w]=$(median <<<"${rate[$k,$w]}"); done
done
echo
echo "Citus 13.2.2, a coordinator and two workers on one machine: INSERT of $rows rows a statement,"
echo "the key filled by its DEFAULT, rows per second (median of $rounds rounds), and the ratio to"
echo "bigserial and to gen_random_uuid() in this run:"
echo
echo "| DEFAULT | through the coordinator | / bigserial | / gen_random_uuid() | pushed down (workers) | / bigserial | / gen_random_uuid() |"
echo "|---|---:|---:|---:|---:|---:|---:|"
k=0
for key in "${keys[@]}"; do
  IFS='|' read -r label type expr <<<"$key"
  k=$((k + 1))
  printf '| `%s` | %s | %s | %s | %s | %s | %s |\n' "$label" \
    "${med[$k,c]}" "$(ratio "${med[$k,c]}" "${med[$serial,c]}")" "$(ratio "${med[$k,c]}" "${med[$random,c]}")" \
    "${med[$k,p]}" "$(ratio "${med[$k,p]}" "${med[$serial,p]}")" "$(ratio "${med[$k,p]}" "${med[$random,p]}")"
done
