#!/usr/bin/env bash
# Measurement 1, per-row cost: SELECT count(f) FROM generate_series(1, N)
# for every "row" contender, rounds interleaved (each round runs every
# contender once, so a burst of load on the shared machine hits them all
# alike). Writes BENCH_OUT/per_row.tsv: label, server, round, µs per row.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/bench/lib.sh

rows=${BENCH_ROWS:-1000000}
rounds=${BENCH_ROUNDS:-5}
out=$BENCH_OUT/per_row.tsv
mapfile -t lines < <(contenders row)

printf 'label\tserver\tround\tus_per_row\n' >"$out"
for r in $(seq 1 "$rounds"); do
  echo "per-row: round $r of $rounds ($rows rows each)" >&2
  for line in "${lines[@]}"; do
    IFS=$'\t' read -r label expr server <<<"$line"
    us=$(bench_sql "$server" "SELECT bench_per_row_us(\$q\$$expr\$q\$, $rows)")
    printf '%s\t%s\t%s\t%s\n' "$label" "$server" "$r" "$us" >>"$out"
  done
done
