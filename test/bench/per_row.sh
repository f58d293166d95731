#!/usr/bin/env bash
# Measurement 1, per-row cost: SELECT count(f) FROM generate_series(1, N)
# for every "row" contender, rounds interleaved (each round runs every
# contender once, so a burst of load on the shared machine hits them all
# alike). N is BENCH_ROWS, less for a contender slower than 1 µs a row
# (about a second a run, at least BENCH_ROWS / 10), found by a warm-up run.
# Writes BENCH_OUT/per_row.tsv: label, server, round, rows, µs per row.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/bench/lib.sh

rows=${BENCH_ROWS:-1000000}
rounds=${BENCH_ROUNDS:-7}
out=$BENCH_OUT/per_row.tsv
mapfile -t lines < <(contenders row)

# warm-up: loads the functions and caches, and sizes each contender's N
declare -A n
for line in "${lines[@]}"; do
  IFS=$'\t' read -r label expr server <<<"$line"
  us=$(bench_sql "$server" "SELECT bench_per_row_us(\$q\$$expr\$q\$, $((rows / 50)))")
  n[$label]=$(awk -v us="$us" -v max="$rows" 'BEGIN { r = int(1e6 / us); if (r > max) r = max;
                                                    if (r < max / 10) r = int(max / 10); print r }')
done

printf 'label\tserver\tround\trows\tus_per_row\n' >"$out"
for r in $(seq 1 "$rounds"); do
  echo "per-row: round $r of $rounds (up to $rows rows each)" >&2
  for line in "${lines[@]}"; do
    IFS=$'\t' read -r label expr server <<<"$line"
    us=$(bench_sql "$server" "SELECT bench_per_row_us(\$q\$$expr\$q\$, ${n[$label]})")
    printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$server" "$r" "${n[$label]}" "$us" >>"$out"
  done
done
