#!/usr/bin/env bash
# Public IDs per row against what they hide, measured in the same run:
# uuid_v47_encode() and uuid_v47_decode() against uuid_v7(), idgen_permute()
# and idgen_unpermute() against snowflake_id() (issue 38 asks for at most 2x
# each); and the JavaScript-safe forms of docs/public-ids.md: the 53-bit
# permutation of a sequence's values (n), a Snowflake's permutation as text. Every expression is counted over the same table of N rows
# (SELECT count(expr) FROM t, no parallel workers), so each pays the same
# scan; rounds interleaved (a burst of load on a shared machine hits them
# alike), the median of the rounds. Prints us per row and the ratio.
#   BENCH_ROWS (default 1000000), BENCH_ROUNDS (default 7)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

rows=${BENCH_ROWS:-1000000}
rounds=${BENCH_ROUNDS:-7}
port=${BENCH_PORT:-$((25872 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server public-ids-bench "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1" \
  "max_parallel_workers_per_gather = 0"
pg_psql "$port" -v rows="$rows" <<'SQL'
CREATE EXTENSION idgen;
SELECT idgen_key_create('bench');
CREATE TABLE t AS
    SELECT v, uuid_v47_encode(v, 'bench') AS f, p, idgen_permute(p, 'bench') AS q, n
      FROM (SELECT uuid_v7() AS v, snowflake_id() AS p, n FROM generate_series(1, :rows) n) s;
VACUUM ANALYZE t;
CREATE FUNCTION per_row_us(expr text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz := clock_timestamp(); n bigint;
BEGIN
    EXECUTE format('SELECT count(%s) FROM t', expr) INTO n;
    RETURN extract(epoch FROM clock_timestamp() - t0) * 1e6 / n;
END $$;
CREATE TABLE runs (f text, round int, us float8);
CREATE TABLE against (f text, base text);
INSERT INTO against VALUES
    ('uuid_v7()', 'uuid_v7()'), ('uuid_v47_encode(v, ''bench'')', 'uuid_v7()'), ('uuid_v47_decode(f, ''bench'')', 'uuid_v7()'),
    ('snowflake_id()', 'snowflake_id()'), ('idgen_permute(p, ''bench'')', 'snowflake_id()'),
    ('idgen_unpermute(q, ''bench'')', 'snowflake_id()'), ('idgen_permute(n, ''bench'', 53)', 'snowflake_id()'),
    ('idgen_permute(p, ''bench'')::text', 'snowflake_id()');
SQL
mapfile -t contenders < <(pg_psql "$port" -At -c "SELECT f FROM against")
for f in "${contenders[@]}"; do pg_psql "$port" -Atc "SELECT per_row_us(\$q\$$f\$q\$)" >/dev/null; done
for r in $(seq 1 "$rounds"); do
  for f in "${contenders[@]}"; do
    pg_psql "$port" -c "INSERT INTO runs SELECT \$q\$$f\$q\$, $r, per_row_us(\$q\$$f\$q\$)"
  done
done
echo "$rows rows, median of $rounds rounds"
pg_psql "$port" <<'SQL'
\pset footer off
WITH m AS (SELECT f, percentile_cont(0.5) WITHIN GROUP (ORDER BY us) AS us FROM runs GROUP BY f)
SELECT a.f AS expression, round(m.us::numeric, 4) AS us_per_row, a.base AS against,
       round((m.us / b.us)::numeric, 2) AS ratio,
       CASE WHEN a.f = a.base THEN '' WHEN m.us <= 2 * b.us THEN 'within 2x' ELSE 'OVER 2x' END AS bar
  FROM against a JOIN m ON m.f = a.f JOIN m b ON b.f = a.base
 ORDER BY a.base DESC, a.f = a.base DESC, a.f;
SQL
