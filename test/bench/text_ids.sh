#!/usr/bin/env bash
# The per-row cost of KSUID-ms, nanoid, cuid2 and push IDs against uuid_v7()
# in the same run (issue 32's bar: each at most 2x uuid_v7(), cuid2 at most
# 8x, its SHA3-512 alone costing about 4x): SELECT count(f) FROM
# generate_series(1, N), rounds interleaved, the median of each. Prints a
# table of µs per row and the ratio to uuid_v7(). A quick look; the full
# comparison with every family is test/bench/run.sh (contenders.txt).
#   BENCH_ROWS (default 200000), BENCH_ROUNDS (default 7)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

rows=${BENCH_ROWS:-200000}
rounds=${BENCH_ROUNDS:-7}
port=${BENCH_PORT:-$((25961 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server bench-text-ids "$port"
pg_psql "$port" -c "CREATE EXTENSION idgen" -f test/bench/timing.sql

exprs=("uuid_v7()" "ksuid()" "ksuid_ms()" "nanoid()" "nanoid(21, '0123456789abcdef')"
       "nanoid(21, '0123456789abcdefghijklmnopqrstuvwxyz')" "cuid2()" "cuid2(32)" "pushid()")
for e in "${exprs[@]}"; do  # warm-up
  pg_psql "$port" -At -c "SELECT bench_per_row_us(\$q\$$e\$q\$, $((rows / 10)))" >/dev/null
done
for r in $(seq 1 "$rounds"); do
  for e in "${exprs[@]}"; do
    printf '%s\t%s\n' "$e" "$(pg_psql "$port" -At -c "SELECT bench_per_row_us(\$q\$$e\$q\$, $rows)")"
  done
done | awk -F'\t' '
  { us[$1, ++n[$1]] = $2; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
  function median(e,   i, j, t, m, a) {
    m = n[e]; for (i = 1; i <= m; i++) a[i] = us[e, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  END {
    base = median("uuid_v7()")
    printf "%-55s %10s %8s\n", "per row (median of " n["uuid_v7()"] " rounds)", "us", "x v7"
    for (i = 1; i <= k; i++) printf "%-55s %10.3f %8.2f\n", order[i], median(order[i]), median(order[i]) / base
  }'
