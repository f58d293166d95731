#!/usr/bin/env bash
# Measurement 3, concurrency: pgbench with 1, 2 and 4 clients, each
# transaction drawing 1,000 IDs (SELECT count(f) FROM generate_series), so
# the generator, not the round trip, is what is timed. Writes
# BENCH_OUT/concurrency.tsv: label, server, clients, IDs per second.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/bench/lib.sh

seconds=${BENCH_CONC_SECONDS:-3}
per_tx=1000
out=$BENCH_OUT/concurrency.tsv
script=$(mktemp "${TMPDIR:-/tmp}/bench-pgbench.XXXXXX")
trap 'rm -f "$script"' EXIT

printf 'label\tserver\tclients\tids_per_s\n' >"$out"
while IFS=$'\t' read -r label expr server; do
  echo "SELECT count($expr) FROM generate_series(1, $per_tx) AS g;" >"$script"
  for clients in 1 2 4; do
    echo "concurrency: $label, $clients clients" >&2
    tps=$(pgbench -n -f "$script" -c "$clients" -j "$clients" -T "$seconds" \
            -h 127.0.0.1 -p "$(port_of "$server")" -U postgres postgres 2>&1 |
          awk '/^tps = / { print $3; exit }')
    [ -n "$tps" ] || { echo "pgbench gave no tps for $label" >&2; exit 1; }
    printf '%s\t%s\t%s\t%s\n' "$label" "$server" "$clients" "$(awk -v t="$tps" -v n=$per_tx 'BEGIN { printf "%.0f", t * n }')" >>"$out"
  done
done < <(contenders conc)
