# gated_clients.sh: many clients whose timed loops start at the same instant,
# as a connection pool's do when the server comes back after a restart or a
# failover. Source it after pg_server.sh, with test/bench/timing.sql loaded.
#
# gated_loops PORT CLIENTS SECONDS OUTDIR FUNCTION...
#   Client c takes FUNCTION number (c - 1) mod their count. Each connects and
#   compiles its loop on uuid_v7() (no shared state: what stays cold is what
#   the functions share), then waits at a gate, a table lock held until all
#   of them wait on it; released together, each runs bench_tight_loop for
#   SECONDS, every call timed with clock_timestamp(), and writes its line
#   (function, calls, max_ms, over_100ms, over_500ms) to OUTDIR/c.
# gated_summary OUTDIR FUNCTION...
#   Per function, in the order given: function, calls, longest call (ms),
#   clients with a call over 500 ms; tab-separated.

gated_loops() {
  local port=$1 clients=$2 seconds=$3 dir=$4 c f gate pids=()
  shift 4
  local functions=("$@")
  rm -rf "$dir" && mkdir -p "$dir"
  pg_psql "$port" -c "SET client_min_messages = warning" \
    -c "CREATE TABLE IF NOT EXISTS gated_clients_gate ()"
  # the gate: held until every client waits on it (120 s at most)
  pg_psql "$port" -c "DO \$\$ DECLARE waiting int := 0; BEGIN
      LOCK gated_clients_gate;
      FOR i IN 1..2400 LOOP
        SELECT count(*) INTO waiting FROM pg_catalog.pg_locks
         WHERE relation = 'gated_clients_gate'::regclass AND NOT granted;
        EXIT WHEN waiting >= $clients;
        PERFORM pg_catalog.pg_sleep(0.05);
      END LOOP;
      IF waiting < $clients THEN
        RAISE EXCEPTION 'only % of $clients clients reached the gate', waiting;
      END IF;
    END \$\$" &
  gate=$!
  pg_wait_for 60 "the gate held on port $port" pg_sql_true "$port" \
    "SELECT count(*) = 1 FROM pg_locks WHERE relation = 'gated_clients_gate'::regclass AND granted"
  for c in $(seq 1 "$clients"); do
    f=${functions[$(( (c - 1) % ${#functions[@]} ))]}
    pg_psql "$port" -At -F $'\t' \
      -c "SELECT calls FROM bench_tight_loop('uuid_v7()', 0) WHERE calls < 0" \
      -c "SELECT FROM gated_clients_gate LIMIT 0" \
      -c "SELECT \$q\$$f\$q\$, * FROM bench_tight_loop(\$q\$$f\$q\$, $seconds)" >"$dir/$c" &
    pids+=($!)
  done
  wait_all "$gate" "${pids[@]}"
}

gated_summary() {
  local dir=$1
  shift
  cat "$dir"/* | awk -F'\t' -v order="$*" '
    { calls[$1] += $2; if ($3 > max[$1]) max[$1] = $3; if ($5 > 0) slow[$1]++ }
    END { n = split(order, fs, " ")
          for (i = 1; i <= n; i++)
            printf "%s\t%d\t%.1f\t%d\n", fs[i], calls[fs[i]], max[fs[i]], slow[fs[i]] }'
}
