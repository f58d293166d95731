#!/usr/bin/env bash
# Measurement 4, the layouts' limits: each shared generator drawn as fast as
# one session can (and snowflake_id() from two sessions at once), then how
# many IDs per millisecond that was against the layout's limit (over the
# span of the IDs' own timestamps, first to last: the run's wall time also
# holds generate_series writing its rows out before the first call),
# and whether the IDs' timestamps ran ahead of the clock: the last ID's
# millisecond against the clock at the end, and idgen_status()'s counters
# (issued_ahead: IDs stamped ahead of the clock; waits: calls that found
# their millisecond used up). Writes BENCH_OUT/layout.tsv.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/bench/lib.sh

ids=${BENCH_LAYOUT_IDS:-8192000}
out=$BENCH_OUT/layout.tsv

pg_psql "$BENCH_PORT15" <<'SQL'
-- One session's run: IDs drawn, wall-clock ms it took, the first and last
-- IDs' milliseconds (Unix), and the last ID's millisecond minus the clock's
-- millisecond when the run ended.
CREATE OR REPLACE FUNCTION bench_layout(gen text, decode text, n int,
    OUT ids bigint, OUT elapsed_ms float8, OUT first_ms float8, OUT last_ms float8,
    OUT last_id_lead_ms float8) AS $$
DECLARE t0 timestamptz; t1 timestamptz; first_ts timestamptz; last_ts timestamptz;
BEGIN
    t0 := clock_timestamp();
    EXECUTE format('SELECT count(*), %1$s(min(id)), %1$s(max(id)) FROM (SELECT %2$s AS id FROM generate_series(1, %3$s)) s',
                   decode, gen, n) INTO ids, first_ts, last_ts;
    t1 := clock_timestamp();
    elapsed_ms := extract(epoch FROM t1 - t0) * 1000;
    first_ms := extract(epoch FROM first_ts) * 1000;
    last_ms := extract(epoch FROM last_ts) * 1000;
    last_id_lead_ms := extract(epoch FROM last_ts - date_trunc('milliseconds', t1)) * 1000;
END $$ LANGUAGE plpgsql;
SQL

printf 'run\tgenerator\tlimit_per_ms\tsessions\tids\telapsed_ms\tid_span_ms\tids_per_ms\tlast_id_lead_ms\tissued_ahead\twaits\n' >"$out"

# run LABEL GENERATOR-EXPR DECODER STATUS-NAME LIMIT SESSIONS IDS
run() {
  local label=$1 gen=$2 decode=$3 status=$4 limit=$5 sessions=$6 n=$7 i pids=() files=()
  echo "layout: $label, $sessions session(s), $n IDs each" >&2
  bench_sql 15 "SELECT idgen_status_reset()" >/dev/null
  for i in $(seq 1 "$sessions"); do
    files+=("$(mktemp "${TMPDIR:-/tmp}/bench-layout.XXXXXX")")
    bench_sql 15 "SELECT ids || E'\t' || elapsed_ms || E'\t' || first_ms || E'\t' || last_ms || E'\t' || last_id_lead_ms
                    FROM bench_layout(\$q\$$gen\$q\$, '$decode', $n)" >"${files[-1]}" &
    pids+=($!)
  done
  wait_all "${pids[@]}"
  # sessions ran side by side: IDs add up, the wall clock is the longest
  # run's, the IDs' span from the first session's first to the last's last
  local agg counters
  agg=$(cat "${files[@]}" | awk -F'\t' '{ n += $1; if ($2 > ms) ms = $2
                                          if (first == "" || $3 < first) first = $3
                                          if (last == "" || $4 > last) last = $4
                                          if (lead == "" || $5 > lead) lead = $5 }
                                        END { span = last - first + 1
                                              printf "%d\t%.1f\t%.0f\t%.1f\t%.0f", n, ms, span, n / span, lead }')
  rm -f "${files[@]}"
  counters=$(bench_sql 15 "SELECT issued_ahead || E'\t' || waits FROM idgen_status() WHERE generator = '$status'
                             AND (shard IS NULL OR shard = 5)")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$gen" "$limit" "$sessions" "$agg" "$counters" >>"$out"
}

# the shard's limit is a quarter of Snowflake's: a quarter of the IDs takes as long
run "snowflake_id(), 1 session"    "snowflake_id()"   snowflake_timestamp snowflake_id   4096  1 "$ids"
run "snowflake_id(), 2 sessions"   "snowflake_id()"   snowflake_timestamp snowflake_id   4096  2 "$ids"
run "next_shard_id(5), 1 session"  "next_shard_id(5)" shard_id_timestamp  next_shard_id  1024  1 $((ids / 4))
run "ulid_monotonic(), 1 session"  "ulid_monotonic()" ulid_timestamp      ulid_monotonic 32768 1 "$ids"
