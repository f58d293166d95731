#!/usr/bin/env bash
# TypeID's per-row cost against uuid_v7() in the same run, on a throwaway
# PostgreSQL (the PATH's): SELECT count(f) FROM generate_series(1, N),
# rounds interleaved, each cell the median of its rounds, and its ratio to
# uuid_v7()'s median (issue 32 asks at most 2x for a generator). The SQL
# edition's typeid_generate against its own uuid_v7() too. Prints a
# Markdown table (docs/performance.md has one run); never fails on a number.
#   bash test/bench/typeid.sh        BENCH_ROWS (1000000), BENCH_ROUNDS (7)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/bench/median.sh
rows=${BENCH_ROWS:-1000000}
rounds=${BENCH_ROUNDS:-7}
port=${BENCH_PORT:-$((25883 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server bench-typeid "$port"
sql() { pg_psql "$port" -At "$@"; }
sql -o /dev/null -c "CREATE SCHEMA idgen" -c "CREATE EXTENSION idgen SCHEMA idgen" -c "CREATE SCHEMA idgen_sql"
pg_psql "$port" -q -f test/bench/timing.sql
pg_psql "$port" -q -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql

# label ; expression ; rows (a fraction of BENCH_ROWS for the slow SQL edition)
long=$(printf 'a%.0s' $(seq 1 63))
contenders=(
  "uuid_v7();idgen.uuid_v7();1"
  "typeid_generate('user');idgen.typeid_generate('user');1"
  "typeid_generate('');idgen.typeid_generate('');1"
  "typeid_generate(63-character prefix);idgen.typeid_generate('$long');1"
  "typeid_generate('user')::text;idgen.typeid_generate('user')::text;1"
  "typeid_parse(text of g);idgen.typeid_parse('user_01h455vb4pex5vsknk084s' || lpad(to_hex(g & 4095), 4, '0'));1"
  "SQL edition: uuid_v7();idgen_sql.uuid_v7();50"
  "SQL edition: typeid_generate('user');idgen_sql.typeid_generate('user');50"
)
declare -A samples
for r in $(seq 1 "$rounds"); do
  echo "typeid bench: round $r of $rounds" >&2
  for c in "${contenders[@]}"; do
    IFS=';' read -r label expr div <<<"$c"
    samples[$label]+="$(sql -c "SELECT bench_per_row_us(\$q\$$expr\$q\$, $((rows / div)))") "
  done
done
base=$(median <<<"${samples["uuid_v7()"]}")
sql_base=$(median <<<"${samples["SQL edition: uuid_v7()"]}")
echo "| f | µs/row | × uuid_v7() |"
echo "|---|---:|---:|"
for c in "${contenders[@]}"; do
  IFS=';' read -r label _ _ <<<"$c"
  m=$(median <<<"${samples[$label]}")
  b=$base; [[ $label == "SQL edition: "* ]] && b=$sql_base
  printf '| `%s` | %.3f | %.2f |\n' "$label" "$m" "$(awk -v m="$m" -v b="$b" 'BEGIN { print m / b }')"
done
echo "($rounds interleaved rounds of $rows rows, the SQL edition's of $((rows / 50)); medians; the SQL edition's ratio is to its own uuid_v7())"
