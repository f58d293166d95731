#!/usr/bin/env bash
# The first calls after a start, a restart and a promotion cost no more than
# warm ones (issue 33, part 1). For each of the three, 90 clients, each
# warmed up to its first call (connected, the timing loop compiled on
# uuid_v7()), wait at a gate (a table lock held until all of them wait on
# it), then all at once run a PL/pgSQL loop timing every call with
# clock_timestamp() (bench_tight_loop, test/bench/timing.sql) for
# COLD_SECONDS (3): a quarter each snowflake_id(), next_shard_id(5),
# ulid_monotonic() and the control, uuid_v7(), which needs no reservation
# and no binding. Only the shared generators are cold: after the start
# none has run (its binding to this cluster and timeline is unsettled),
# after the restart the reservation is stale, after the promotion (a
# streaming standby, promoted) the timeline is new.
#
# The settlement is made durable before any ID: every first call waits for
# one fsync of the reservation file, made COLD_FSYNC_MS (100) slower here
# (test/bench/slow_fsync.c preloaded into the servers), as on a busy disk,
# so that the clients arrive while it lasts on any machine, not only on a
# slow disk. Queued for the exclusive lock, they were handed it one by one
# after it: calls of 1.3 to 2.4 s on the 2 cores (main at 6720c54).
#
# Not a timed pass/fail: the bar is the control's longest call in the same
# run. A shared generator's longest call may be at most
#   max(2 x control, control + COLD_FSYNC_MS + 250 ms)
# 2x is the issue's bar. With 90 busy clients on 2 cores the longest call of
# any function is one wait for a CPU (100 to 350 ms on a loaded machine),
# and a first call adds the slowed fsync; a control that happened to get a
# short wait (40 ms on a quiet machine) would make 2x smaller than the
# fsync plus a single wait for a CPU, hence the floor. The convoy was 3.6
# to 8 times the control, and above the bar by 500 ms or more.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/gated_clients.sh

port=${INTEGRATION_PORT:-$((25862 + ${IDGEN_PORT_OFFSET:-0}))}
standby_port=$((port + 1))
clients=${COLD_CLIENTS:-90}
seconds=${COLD_SECONDS:-3}
fsync_ms=${COLD_FSYNC_MS:-100}
out=$(pg_scratch_dir cold-out)
cc -shared -fPIC -O2 -o "$out/slow_fsync.so" test/bench/slow_fsync.c -ldl
chmod 755 "$out/slow_fsync.so"
export LD_PRELOAD=$out/slow_fsync.so IDGEN_SLOW_FSYNC_MS=$fsync_ms
pg_throwaway_server cold-start "$port" "shared_preload_libraries = 'idgen'" \
  "idgen.node_id = 6" "fsync = on" "max_connections = $((clients + 20))" "jit = off"
standby=$(pg_scratch_dir cold-standby)
trap 'set +e; pg_server_stop "$standby"; pg_server_stop "$PG_DIR"; rm -rf "$standby" "$PG_DIR" "$out"' EXIT
fail=0

pg_psql "$port" -c "CREATE EXTENSION idgen" -f test/bench/timing.sql >/dev/null

functions=("snowflake_id()" "next_shard_id(5)" "ulid_monotonic()" "uuid_v7()")

# round LABEL PORT: the clients released together; prints each function's
# longest call and checks the shared generators' against the bar
round() {
  local label=$1 p=$2
  gated_loops "$p" "$clients" "$seconds" "$out/clients" "${functions[@]}" ||
    { echo "FAIL: $label: a client or the gate failed"; fail=1; return; }
  if [ "$(cat "$out"/clients/* | wc -l)" -ne "$clients" ]; then
    echo "FAIL: $label: not every client reported"; fail=1; return
  fi
  gated_summary "$out/clients" "${functions[@]}" |
    awk -F'\t' -v label="$label" -v floor=$((fsync_ms + 250)) '
    { f[NR] = $1; calls[NR] = $2; max[NR] = $3; slow[NR] = $4 }
    END {
      control = max[NR]; bar = 2 * control
      if (control + floor > bar) bar = control + floor
      printf "%s: %-17s %9s %9s %18s\n", label, "function", "calls", "max_ms", "clients_over_500ms"
      for (i = 1; i <= NR; i++)
        printf "%s: %-17s %9d %9.1f %18d\n", label, f[i], calls[i], max[i], slow[i]
      bad = 0
      for (i = 1; i < NR; i++) {
        if (calls[i] == 0) { printf "FAIL: %s: no %s calls\n", label, f[i]; bad = 1; continue }
        if (max[i] > bar) {
          printf "FAIL: %s: %s took %.1f ms, over the bar of %.1f ms (uuid_v7(): %.1f ms)\n",
                 label, f[i], max[i], bar, control; bad = 1
        } else
          printf "ok: %s: %s at most %.1f ms, within the bar of %.1f ms (uuid_v7(): %.1f ms)\n",
                 label, f[i], max[i], bar, control
      }
      exit bad }' || fail=1
}

# 1. start: a fresh server, idgen created, no generator run yet
round start "$port"

# 2. restart: the binding kept in the file, the reservation stale
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -m fast restart >/dev/null
pg_wait_for 30 "the clock past the reservation made before the restart" pg_sql_true "$port" \
  "SELECT clock_timestamp() > reserved_until FROM idgen_reservation_status()"
round restart "$port"

# 3. promotion: a standby of this server, promoted after it stops
pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres \
  -D "$standby/data" -R -X stream -c fast
printf '%s\n' "port = $standby_port" "unix_socket_directories = '$standby'" |
  pg_as_owner tee -a "$standby/data/postgresql.conf" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$standby/data" -l "$standby/server.log" -w start >/dev/null
pg_psql "$port" -o /dev/null -c "SELECT count(snowflake_id()) FROM generate_series(1, 1000)"
pg_wait_for 60 "the standby replaying the primary's last reservation" pg_sql_true "$standby_port" \
  "SELECT pg_last_wal_replay_lsn() >= '$(pg_psql "$port" -At -c "SELECT pg_current_wal_lsn()")'"
pg_server_stop "$PG_DIR"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$standby/data" -w promote >/dev/null
pg_wait_for 60 "the standby out of recovery" pg_sql_true "$standby_port" "SELECT NOT pg_is_in_recovery()"
round promotion "$standby_port"
pg_sql_true "$standby_port" "SELECT bool_and(promoted_at IS NOT NULL) FROM idgen_status" &&
  echo "ok: the promotion was applied" || { echo "FAIL: idgen_status shows no promotion"; fail=1; }
exit $fail
