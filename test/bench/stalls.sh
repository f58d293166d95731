#!/usr/bin/env bash
# Stalls at the reservation boundary, and the per-row cost beside them.
#   bash test/bench/stalls.sh                       the idgen installed in pg_config's PostgreSQL
#   STALLS_BUILDS="before=/pg-a/bin after=/pg-b/bin" bash test/bench/stalls.sh
# STALLS_BUILDS names PostgreSQL bin directories, each with its own idgen
# build installed: every build gets a server (fsync on, idgen preloaded).
#  1. latency: pgbench with 8, 32 and 90 clients for STALLS_SECONDS (20) per
#     case, each transaction one call, snowflake_id() and uuid_v7() drawn at
#     random in the same run (uuid_v7() needs no reservation: the control);
#     prints calls, p99.9 and max latency in ms, and calls over 500 ms;
#  2. tight loops inside the server: 8, 32 and 90 clients, each a PL/pgSQL
#     loop for STALLS_LOOP_SECONDS (8) timing every call with
#     clock_timestamp(); the clients take snowflake_id(), next_shard_id(7),
#     ulid_monotonic() and the control uuid_v7() in turn, all in the same
#     run; prints per function the longest call, calls over 100 and 500 ms,
#     and the longest as a multiple of the control's (the bar: at most 2);
#  3. per row: SELECT count(f) FROM generate_series(1, STALLS_ROWS) for the
#     shared generators, rounds interleaved across the builds; prints the
#     median µs per row of each;
#  4. cold: the loops of part 2, 90 clients released together
#     (test/lib/gated_clients.sh) for STALLS_LOOP_SECONDS, first on the cold
#     generators of a server of its own per build: after the start (no
#     generator run yet), after a restart (the reservation stale), after a
#     new timeline (an archive recovery that runs out of WAL, as a promoted
#     standby switches timelines), then warm; prints part 2's columns per
#     round.
# STALLS_PARTS chooses parts (default "1 2 3 4"), STALLS_CLIENTS the client counts of
# part 2 (default "8 32 90"). Servers listen on 127.0.0.1:25985 and up (plus IDGEN_PORT_OFFSET) and are
# removed at the end. Not a test: it fails only when it cannot measure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/gated_clients.sh

builds=${STALLS_BUILDS:-"current=$(pg_config --bindir)"}
seconds=${STALLS_SECONDS:-20}
rows=${STALLS_ROWS:-1000000}
rounds=${STALLS_ROUNDS:-7}
base_port=$((25985 + ${IDGEN_PORT_OFFSET:-0}))
work=$(pg_scratch_dir stalls)
dirs=()
trap 'set +e; for d in "${dirs[@]}"; do PG_BINDIR=${d#*=} pg_server_stop "${d%%=*}"; done; rm -rf "$work"' EXIT

# IDGEN_SLOW_FSYNC_MS=N: every fsync of the reservation file takes N ms
# longer (test/bench/slow_fsync.c preloaded into the servers), as on a slow disk.
if [ -n "${IDGEN_SLOW_FSYNC_MS:-}" ]; then
  cc -shared -fPIC -O2 -o "$work/slow_fsync.so" test/bench/slow_fsync.c -ldl
  chmod 755 "$work/slow_fsync.so"
  export LD_PRELOAD=$work/slow_fsync.so IDGEN_SLOW_FSYNC_MS
  echo "# every fsync of idgen.reservation takes $IDGEN_SLOW_FSYNC_MS ms longer"
fi
names=() ports=() builds_dir=()
i=0
for build in $builds; do
  name=${build%%=*} bindir=${build#*=} port=$((base_port + i)) dir=$work/$name
  mkdir -p "$dir" && chmod 755 "$dir" && { [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"; }
  PG_BINDIR=$bindir pg_server_start "$dir" "$port" "shared_preload_libraries = 'idgen'" \
    "idgen.node_id = 1" "fsync = on" "max_connections = 120" "jit = off"
  dirs+=("$dir=$bindir")
  pg_psql "$port" -q -c "CREATE EXTENSION idgen" -f test/bench/timing.sql >/dev/null
  names+=("$name") ports+=("$port") builds_dir+=("$bindir")
  i=$((i + 1))
done

parts=" ${STALLS_PARTS:-1 2 3 4} "
part() { [[ $parts == *" $1 "* ]]; }
if part 1; then
echo "# 1. call latency (ms), ${seconds} s per case, snowflake_id() and uuid_v7() in the same run"
printf '%-8s %7s  %-14s %8s %9s %9s %10s\n' build clients function calls p99.9_ms max_ms over_500ms
echo 'SELECT snowflake_id();' >"$work/snowflake.sql"
echo 'SELECT uuid_v7();' >"$work/uuid.sql"
for clients in 8 32 90; do
  for i in "${!names[@]}"; do
    log=$work/log-${names[$i]}-$clients
    mkdir -p "$log" && chmod 777 "$log"
    (cd "$log" && pgbench -n -c "$clients" -j 2 -T "$seconds" -l --log-prefix=tx \
       -f "$work/snowflake.sql@1" -f "$work/uuid.sql@1" \
       -h 127.0.0.1 -p "${ports[$i]}" -U postgres postgres >"$log/summary" 2>&1) ||
      { cat "$log/summary"; exit 1; }
    # a transaction's log line: client, tx, latency µs, script (0 snowflake, 1 uuid), ...
    for script in 0 1; do
      fn=$([ $script = 0 ] && echo "snowflake_id()" || echo "uuid_v7()")
      cat "$log"/tx.* | awk -v s=$script '$4 == s { print $3 }' | sort -n |
        awk -v b="${names[$i]}" -v c="$clients" -v f="$fn" '
          { v[NR] = $1; if ($1 > 500000) over++ }
          END { if (NR == 0) { print "no calls logged for " f > "/dev/stderr"; exit 1 }
                k = int(NR * 0.999); if (k < 1) k = 1
                printf "%-8s %7d  %-14s %8d %9.2f %9.2f %10d\n", b, c, f, NR, v[k] / 1000, v[NR] / 1000, over }'
    done
  done
done

fi

if part 2; then
echo
loop_seconds=${STALLS_LOOP_SECONDS:-8}
echo "# 2. tight loops inside the server (${loop_seconds} s, every call timed), the four functions in the same run"
printf '%-8s %7s  %-17s %9s %9s %10s %10s %12s\n' build clients function calls max_ms over_100ms over_500ms max/control
functions=("snowflake_id()" "next_shard_id(7)" "ulid_monotonic()" "uuid_v7()")
for clients in ${STALLS_CLIENTS:-8 32 90}; do
  for i in "${!names[@]}"; do
    out=$work/loop-${names[$i]}-$clients
    mkdir -p "$out"
    pids=()
    for c in $(seq 1 "$clients"); do
      f=${functions[$(( (c - 1) % 4 ))]}
      pg_psql "${ports[$i]}" -At -F $'\t' \
        -c "SELECT \$q\$$f\$q\$, * FROM bench_tight_loop(\$q\$$f\$q\$, $loop_seconds)" >"$out/$c" &
      pids+=($!)
    done
    wait_all "${pids[@]}"
    cat "$out"/* | awk -F'\t' -v b="${names[$i]}" -v c="$clients" '
      { calls[$1] += $2; if ($3 > max[$1]) max[$1] = $3; o1[$1] += $4; o5[$1] += $5 }
      END { control = max["uuid_v7()"]
            n = split("snowflake_id() next_shard_id(7) ulid_monotonic() uuid_v7()", fs, " ")
            for (k = 1; k <= n; k++) { f = fs[k]
              printf "%-8s %7d  %-17s %9d %9.2f %10d %10d %12.2f\n", b, c, f, calls[f], max[f], o1[f], o5[f],
                     (control > 0 ? max[f] / control : 0) } }'
  done
done

fi

if part 3; then
echo
echo "# 3. per-row cost (µs per row, median of $rounds interleaved rounds of $rows rows)"
per_row=$work/per_row.tsv
: >"$per_row"
for r in $(seq 1 "$rounds"); do
  for f in "snowflake_id()" "next_shard_id(7)" "ulid_monotonic()"; do
    for i in "${!names[@]}"; do
      us=$(pg_psql "${ports[$i]}" -At -c "SELECT bench_per_row_us(\$q\$$f\$q\$, $rows)")
      printf '%s\t%s\t%s\n' "${names[$i]}" "$f" "$us" >>"$per_row"
    done
  done
done
printf '%-18s' function; for n in "${names[@]}"; do printf ' %10s' "$n"; done; echo
for f in "snowflake_id()" "next_shard_id(7)" "ulid_monotonic()"; do
  printf '%-18s' "$f"
  for n in "${names[@]}"; do
    awk -F'\t' -v n="$n" -v f="$f" '$1 == n && $2 == f { print $3 }' "$per_row" | sort -g |
      awk '{ v[NR] = $1 } END { printf " %10.4f", v[int((NR + 1) / 2)] }'
  done
  echo
done
fi

if part 4; then
echo
loop_seconds=${STALLS_LOOP_SECONDS:-8}
echo "# 4. cold: 90 clients released together (${loop_seconds} s loops), first on the cold generators, then warm"
printf '%-8s %-12s %-17s %9s %9s %18s %12s\n' build round function calls max_ms clients_over_500ms max/control
functions=("snowflake_id()" "next_shard_id(5)" "ulid_monotonic()" "uuid_v7()")
ctl() { pg_as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w "$@" >/dev/null; }
for i in "${!names[@]}"; do
  bindir=${builds_dir[$i]} port=$((base_port + 8 + i)) dir=$work/cold-${names[$i]}
  mkdir -p "$dir" && chmod 755 "$dir" && { [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"; }
  PG_BINDIR=$bindir pg_server_start "$dir" "$port" "shared_preload_libraries = 'idgen'" \
    "idgen.node_id = 1" "fsync = on" "max_connections = 120" "jit = off"
  dirs+=("$dir=$bindir")
  pg_psql "$port" -q -c "CREATE EXTENSION idgen" -f test/bench/timing.sql >/dev/null
  for round in start restart new_timeline warm; do
    case $round in
      restart)
        ctl -m fast restart
        pg_wait_for 30 "the clock past the reservation" pg_sql_true "$port" \
          "SELECT clock_timestamp() > reserved_until FROM idgen_reservation_status()" ;;
      new_timeline)
        ctl -m fast stop
        pg_as_owner touch "$dir/data/recovery.signal"
        echo "restore_command = 'false'" | pg_as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
        ctl start
        pg_wait_for 60 "the end of recovery" pg_sql_true "$port" "SELECT NOT pg_is_in_recovery()" ;;
    esac
    gated_loops "$port" 90 "$loop_seconds" "$work/cold-out" "${functions[@]}"
    gated_summary "$work/cold-out" "${functions[@]}" |
      awk -F'\t' -v b="${names[$i]}" -v r="$round" '
        { f[NR] = $1; c[NR] = $2; m[NR] = $3; s[NR] = $4 }
        END { for (k = 1; k <= NR; k++)
                printf "%-8s %-12s %-17s %9d %9.1f %18d %12.2f\n", b, r, f[k], c[k], m[k], s[k],
                       (m[NR] > 0 ? m[k] / m[NR] : 0) }'
  done
  PG_BINDIR=$bindir pg_server_stop "$dir"
done
fi
