#!/usr/bin/env bash
# xid_generate(), scru128() and timeflake() per row against uuid_v7(),
# measured in the same run: SELECT count(f()) FROM generate_series(1, N),
# rounds interleaved (each round runs every one once, so a burst of load on
# a shared machine hits them alike), the median of the rounds. Prints µs per
# row and the ratio to uuid_v7() (issue 32 asks for at most 2×).
#   BENCH_ROWS (default 1000000), BENCH_ROUNDS (default 7)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

rows=${BENCH_ROWS:-1000000}
rounds=${BENCH_ROUNDS:-7}
port=${BENCH_PORT:-$((25879 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server fixed-bench "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
pg_psql "$port" <<'SQL'
CREATE EXTENSION idgen;
CREATE FUNCTION per_row_us(expr text, n int) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN
    EXECUTE format('SELECT count(%s) FROM generate_series(1, %s)', expr, n);
    RETURN extract(epoch FROM clock_timestamp() - t0) * 1e6 / n;
END $$;
CREATE TABLE runs (f text, round int, us float8);
SQL
contenders=("uuid_v7()" "xid_generate()" "scru128()" "timeflake()")
for f in "${contenders[@]}"; do pg_psql "$port" -Atc "SELECT per_row_us('$f', $rows / 10)" >/dev/null; done
for r in $(seq 1 "$rounds"); do
  for f in "${contenders[@]}"; do
    pg_psql "$port" -c "INSERT INTO runs SELECT '$f', $r, per_row_us('$f', $rows)"
  done
done
pg_psql "$port" <<'SQL'
\pset footer off
WITH m AS (SELECT f, percentile_cont(0.5) WITHIN GROUP (ORDER BY us) AS us FROM runs GROUP BY f)
SELECT m.f AS function, round(m.us::numeric, 4) AS us_per_row,
       round((m.us / v.us)::numeric, 2) AS vs_uuid_v7
  FROM m, m v WHERE v.f = 'uuid_v7()' ORDER BY m.us;
SQL
