#!/usr/bin/env bash
# idgen_status's counters, which each session keeps in its own memory and
# adds to the shared ones every 1,024 IDs, when a transaction ends (commit
# or rollback) and when the session exits. Another session reads them:
#  - a session that stays open: its committed IDs show at once;
#  - a transaction still running: its IDs show when it ends, whichever way;
#    a long one shows them in batches of 1,024 meanwhile;
#  - a session that exits, even in the middle of a transaction: all its
#    IDs show.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25831 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server status-counts "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 3"
pg_psql "$port" -c "CREATE EXTENSION idgen" >/dev/null

# session A: a psql that stays open; `run SQL` sends SQL and waits for it
# (bash unsets A and A_PID once the coprocess has ended: kept here)
coproc A { pg_psql "$port" -At -f - 2>&1; }
a_pid=$A_PID a_in=${A[1]} a_out=${A[0]}
run() {
  local line
  printf '%s\n\\echo @done\n' "$1" >&"$a_in"
  while IFS= read -r line <&"$a_out"; do [ "$line" = "@done" ] && return 0; done
  return 1
}
issued() {
  pg_psql "$port" -At -c "SELECT issued FROM idgen_status WHERE generator = 'snowflake_id'"
}

fail=0
check() {
  if [ "$2" = "$3" ]; then echo "ok: $1 ($2)"; else echo "FAIL: $1: $2, expected $3"; fail=1; fi
}

pg_psql "$port" -c "SELECT idgen_status_reset()" >/dev/null
run "SELECT count(snowflake_id()) FROM generate_series(1, 10);"
check "an open session's committed IDs show at once" "$(issued)" 10

run "BEGIN; SELECT count(snowflake_id()) FROM generate_series(1, 5);"
check "a transaction still running: not yet" "$(issued)" 10
run "COMMIT;"
check "at its commit" "$(issued)" 15

run "BEGIN; SELECT count(snowflake_id()) FROM generate_series(1, 7); ROLLBACK;"
check "a rolled-back transaction's IDs were handed out: they count" "$(issued)" 22

run "BEGIN; SELECT count(snowflake_id()) FROM generate_series(1, 3000);"
check "a long transaction shows batches of 1,024 meanwhile" "$(issued)" $((22 + 2048))
run "COMMIT;"
check "and the rest at its commit" "$(issued)" 3022

# leaving in the middle of a transaction: the backend rolls it back as it
# exits (after the client has gone: waited for)
run "BEGIN; SELECT count(snowflake_id()) FROM generate_series(1, 4);"
exec {a_in}>&-
wait "$a_pid" || true
if pg_wait_for 30 "the exited session's IDs in idgen_status" pg_sql_true "$port" \
     "SELECT issued = 3026 FROM idgen_status WHERE generator = 'snowflake_id'"; then
  echo "ok: a session that exits mid-transaction: its IDs show (3026)"
else
  echo "FAIL: after the session exited: $(issued), expected 3026"; fail=1
fi

# idgen_status reads its own session's counts first, in a transaction too
check "within one transaction, idgen_status counts its own session's IDs" \
  "$(pg_psql "$port" -At -c "BEGIN" -c "SELECT count(snowflake_id()) FROM generate_series(1, 6)" \
       -c "SELECT issued FROM idgen_status WHERE generator = 'snowflake_id'" -c "COMMIT" | sed -n 2p)" 3032
exit $fail
