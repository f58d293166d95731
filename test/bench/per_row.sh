#!/usr/bin/env bash
# Per-row cost of each generator against the alternatives, measured in the
# same run on the same throwaway server: SELECT count(f) FROM
# generate_series(1, N), rounds interleaved, median and spread in µs per row,
# and the ratio to the executor's floor (count(1::int8)). Not a test: the
# machines are shared and noisy, so read the ratios, not the absolute times.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

rows=${ROWS:-1000000}
rounds=${ROUNDS:-5}
port=${BENCH_PORT:-25820}
pg_throwaway_server bench "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1" "jit = off"

pg_psql "$port" <<'SQL'
CREATE EXTENSION idgen;
CREATE EXTENSION "uuid-ossp";
CREATE SEQUENCE s;
CREATE SCHEMA insta5;
CREATE SEQUENCE insta5.table_id_seq;
-- the seeds' PL/pgSQL original (seed 001), unchanged
CREATE FUNCTION insta5.next_id(OUT result bigint) AS $$
DECLARE
    our_epoch bigint := 1314220021721;
    seq_id bigint;
    now_millis bigint;
    shard_id int := 5;
BEGIN
    SELECT nextval('insta5.table_id_seq') % 1024 INTO seq_id;
    SELECT FLOOR(EXTRACT(EPOCH FROM clock_timestamp()) * 1000) INTO now_millis;
    result := (now_millis - our_epoch) << 23;
    result := result | (shard_id << 10);
    result := result | (seq_id);
END;
$$ LANGUAGE PLPGSQL;
CREATE FUNCTION per_row_us(expr text, n int) RETURNS float8 AS $$
DECLARE t0 timestamptz;
BEGIN
    t0 := clock_timestamp();
    EXECUTE format('SELECT count(%s) FROM generate_series(1, %s)', expr, n);
    RETURN extract(epoch FROM clock_timestamp() - t0) * 1e6 / n;
END $$ LANGUAGE plpgsql;
CREATE TABLE timings (contender text, ord int, round int, us float8);
SQL

contenders=(
  "1::int8"
  "nextval('s')"
  "snowflake_id()"
  "next_shard_id(5)"
  "next_shard_id(5, nextval('s'))"
  "ulid()"
  "ulid_monotonic()"
  "uuid_v7()"
  "uuid_v4()"
  "uuid_v6()"
  "ksuid()"
  "objectid()"
  "gen_random_uuid()"
  "uuid_generate_v4()"
  "uuid_generate_v1()"
  "insta5.next_id()"
)
for r in $(seq 1 "$rounds"); do
  for i in "${!contenders[@]}"; do
    c=${contenders[$i]}
    pg_psql "$port" -c "INSERT INTO timings SELECT \$q\$$c\$q\$, $i, $r, per_row_us(\$q\$$c\$q\$, $rows)"
  done
done

echo "per-row cost, $rows rows x $rounds interleaved rounds (PostgreSQL $(pg_psql "$port" -At -c 'SHOW server_version'))"
pg_psql "$port" <<'SQL'
WITH m AS (
  SELECT contender, ord,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY us) AS median,
         min(us) AS lo, max(us) AS hi
    FROM timings GROUP BY contender, ord)
SELECT contender AS "f()",
       round(median::numeric, 3) AS "µs/row (median)",
       round(lo::numeric, 3) || ' – ' || round(hi::numeric, 3) AS "spread",
       round((median / (SELECT median FROM m WHERE ord = 0))::numeric, 2) AS "× floor"
  FROM m ORDER BY ord;
SQL
