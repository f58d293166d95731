#!/usr/bin/env bash
# sqids_encode of one bigint, and sqids_decode of its text, in the C
# extension against the SQL edition's own, in the same run on a throwaway
# PostgreSQL (the PATH's): SELECT count(f) FROM generate_series(1, N),
# rounds interleaved, each cell the median of its rounds. Prints calls/s
# and the ratio of the C extension's to the SQL edition's (issue 38 asks at
# least 10x for sqids_encode); never fails on a number.
#   bash test/bench/sqids.sh        BENCH_ROWS (200000), BENCH_ROUNDS (5)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/bench/median.sh
rows=${BENCH_ROWS:-200000}
rounds=${BENCH_ROUNDS:-5}
sql_div=200  # the SQL edition's rows: BENCH_ROWS / 200
port=${BENCH_PORT:-$((25884 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server bench-sqids "$port"
sql() { pg_psql "$port" -At "$@"; }
sql -o /dev/null -c "CREATE SCHEMA idgen" -c "CREATE EXTENSION idgen SCHEMA idgen" -c "CREATE SCHEMA idgen_sql"
pg_psql "$port" -q -f test/bench/timing.sql
pg_psql "$port" -q -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql

# label ; C extension's expression ; the SQL edition's (g: 1 .. rows)
cases=(
  "sqids_encode(ARRAY[g]);idgen.sqids_encode(ARRAY[g::bigint]);idgen_sql.sqids_encode(ARRAY[g::bigint])"
  "sqids_encode(ARRAY[g * 2^40]);idgen.sqids_encode(ARRAY[g::bigint << 40]);idgen_sql.sqids_encode(ARRAY[g::bigint << 40])"
  "sqids_encode(ARRAY[g], min_length => 16);idgen.sqids_encode(ARRAY[g::bigint], min_length => 16);idgen_sql.sqids_encode(ARRAY[g::bigint], min_length => 16)"
  "sqids_decode(text of g);idgen.sqids_decode(idgen.sqids_encode(ARRAY[g::bigint]));idgen_sql.sqids_decode(idgen.sqids_encode(ARRAY[g::bigint]))"
)
declare -A samples
for r in $(seq 1 "$rounds"); do
  echo "sqids bench: round $r of $rounds" >&2
  for c in "${cases[@]}"; do
    IFS=';' read -r label c_expr sql_expr <<<"$c"
    samples["C $label"]+="$(sql -c "SELECT bench_per_row_us(\$q\$$c_expr\$q\$, $rows)") "
    samples["SQL $label"]+="$(sql -c "SELECT bench_per_row_us(\$q\$$sql_expr\$q\$, $((rows / sql_div)))") "
  done
done
echo "| f | C extension, calls/s | SQL edition, calls/s | C / SQL edition |"
echo "|---|---:|---:|---:|"
for c in "${cases[@]}"; do
  IFS=';' read -r label _ _ <<<"$c"
  cm=$(median <<<"${samples["C $label"]}")
  sm=$(median <<<"${samples["SQL $label"]}")
  awk -v l="$label" -v c="$cm" -v s="$sm" 'BEGIN { printf "| `%s` | %.0f | %.0f | %.1f |\n", l, 1e6 / c, 1e6 / s, s / c }'
done
echo "($rounds interleaved rounds of $rows rows, the SQL edition's of $((rows / sql_div)); medians; the decode rows include the C extension's encode)"
