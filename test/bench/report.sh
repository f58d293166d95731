#!/usr/bin/env bash
# Writes BENCH_OUT/RESULTS.md (the tables, computed by report.sql on the
# benchmark's own server) and BENCH_OUT/chart.png (chart.gp).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/bench/lib.sh

load() {  # load TABLE FILE COLUMNS
  pg_psql "$BENCH_PORT15" -c "SET client_min_messages = warning; DROP TABLE IF EXISTS $1; CREATE TABLE $1 ($3)" \
    -c "COPY $1 FROM STDIN WITH (FORMAT csv, DELIMITER E'\t', HEADER)" <"$2"
}
load bench_per_row "$BENCH_OUT/per_row.tsv" "label text, server text, round int, rows int, us_per_row float8"
load bench_insert "$BENCH_OUT/insert.tsv" "label text, server text, key_type text, fillfactor int, rows bigint,
     seconds float8, index_bytes bigint, table_bytes bigint, leaf_density float8"
load bench_conc "$BENCH_OUT/concurrency.tsv" "label text, server text, clients int, ids_per_s float8"
load bench_layout "$BENCH_OUT/layout.tsv" "run text, generator text, limit_per_ms int, sessions int, ids bigint,
     elapsed_ms float8, id_span_ms float8, ids_per_ms float8, last_id_lead_ms float8, issued_ahead bigint, waits bigint"

versions=$(bench_sql 15 "SHOW server_version")
[ -n "$BENCH_PORT18" ] && versions+=" and $(bench_sql 18 'SHOW server_version')"
{
  echo "# idgen benchmark results"
  echo
  echo "Written by \`bash test/bench/run.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
  echo
  echo "- Machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores," \
       "$(free -g | awk '/^Mem:/ { print $2 }') GB RAM, Linux $(uname -r)." \
       "Shared with other jobs while this ran (load average before: $BENCH_LOAD_BEFORE; after: $BENCH_LOAD_AFTER):" \
       "read the ratios, not the absolute times."
  echo "- PostgreSQL $versions; settings: $BENCH_SETTINGS."
  echo "- Sizes: per-row up to $BENCH_ROWS rows (fewer for a contender slower than 1 µs/row, at least a tenth) x $BENCH_ROUNDS interleaved rounds; inserts of $BENCH_INSERT_ROWS rows;" \
       "pgbench ${BENCH_CONC_SECONDS} s per point; layout runs of $BENCH_LAYOUT_IDS IDs."
  echo
  pg_psql "$BENCH_PORT15" -At -f test/bench/report.sql
  echo
  echo "![per-row cost and index size](chart.png)"
} >"$BENCH_OUT/RESULTS.md"

# the chart's data: per-row median, and index MB at the default fillfactor
pg_psql "$BENCH_PORT15" -At -F $'\t' -c "
  SELECT '\"' || label || '\"',
         percentile_cont(0.5) WITHIN GROUP (ORDER BY us_per_row)
    FROM bench_per_row GROUP BY label, server ORDER BY 2" >"$BENCH_OUT/chart_per_row.dat"
pg_psql "$BENCH_PORT15" -At -F $'\t' -c "
  SELECT '\"' || label || CASE WHEN fillfactor = 100 THEN ', ff 100' ELSE '' END || '\"', index_bytes / 1048576.0
    FROM bench_insert ORDER BY index_bytes" >"$BENCH_OUT/chart_index.dat"
gnuplot -e "dir='$BENCH_OUT'" test/bench/chart.gp
