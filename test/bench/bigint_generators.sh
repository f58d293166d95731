#!/usr/bin/env bash
# tsid() and sonyflake_id() per row against uuid_v7() and snowflake_id(),
# measured in the same run: count(f()) over generate_series, timed inside
# the server (test/bench/timing.sql), rounds interleaved so that load on a
# shared machine hits every contender alike. Prints the median µs per row
# and the ratio to uuid_v7()'s median.
#   bash test/bench/bigint_generators.sh   (BENCH_ROWS, BENCH_ROUNDS to change)
# sonyflake_id() is measured twice: in a burst, where its layout's 256 IDs
# per 10 ms unit bound it (a used-up unit waits for the next, as
# sony/sonyflake's NextID sleeps), and at 200 rows a statement, under that
# bound, for the cost of one call.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

rows=${BENCH_ROWS:-1000000}
rounds=${BENCH_ROUNDS:-7}
port=${BENCH_PORT:-$((25962 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server bench-bigint "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
pg_psql "$port" -c "CREATE EXTENSION idgen" -f test/bench/timing.sql >/dev/null
# A statement of 200 sonyflake_id() calls fits in 10 ms units' capacity
# when spaced: each round draws 200, then waits for the next unit.
pg_psql "$port" >/dev/null <<'SQL'
CREATE FUNCTION bench_sonyflake_unbound_us(statements int) RETURNS float8 AS $$
DECLARE t0 timestamptz; total float8 := 0;
BEGIN
    FOR i IN 1 .. statements LOOP
        -- a fresh unit: the previous statement used at most 200 of its 256
        PERFORM pg_catalog.pg_sleep(0.011);
        t0 := clock_timestamp();
        PERFORM count(sonyflake_id()) FROM generate_series(1, 200);
        total := total + extract(epoch FROM clock_timestamp() - t0);
    END LOOP;
    RETURN total * 1e6 / (statements * 200);
END $$ LANGUAGE plpgsql;
SQL

contenders=("uuid_v7()" "snowflake_id()" "tsid()" "sonyflake_id()")
printf 'contender\tround\tus_per_row\n' >"$PG_DIR/runs.tsv"
for r in $(seq 1 "$rounds"); do
  for c in "${contenders[@]}"; do
    n=$rows
    [ "$c" = "sonyflake_id()" ] && n=$((rows / 20))   # 25,600 a second at most
    us=$(pg_psql "$port" -At -c "SELECT bench_per_row_us('$c', $n)")
    printf '%s\t%s\t%s\n' "$c" "$r" "$us" >>"$PG_DIR/runs.tsv"
  done
  us=$(pg_psql "$port" -At -c "SELECT bench_sonyflake_unbound_us(50)")
  printf '%s\t%s\t%s\n' "sonyflake_id(), 200 a statement" "$r" "$us" >>"$PG_DIR/runs.tsv"
done
pg_psql "$port" -c "CREATE TABLE runs (contender text, round int, us float8)" \
  -c "\\copy runs FROM '$PG_DIR/runs.tsv' WITH (FORMAT csv, DELIMITER E'\\t', HEADER)"
echo "per row, median of $rounds interleaved rounds ($(nproc) CPUs; PostgreSQL $(pg_psql "$port" -At -c 'SHOW server_version'))"
pg_psql "$port" -P footer=off <<'SQL'
WITH m AS (SELECT contender, percentile_cont(0.5) WITHIN GROUP (ORDER BY us) AS us FROM runs GROUP BY contender)
SELECT m.contender, round(m.us::numeric, 3) AS us_per_row,
       round((m.us / v.us)::numeric, 2) AS x_uuid_v7
  FROM m, m AS v WHERE v.contender = 'uuid_v7()' ORDER BY m.us;
SQL
