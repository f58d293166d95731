#!/usr/bin/env bash
# A declared layout's drop and layout_id() in two sessions at once (attack6
# S1): the drop checks that layout_id() never ran the layout, so no statement
# may read the row before the drop and draw from it after the check. While a
# transaction has dropped a layout, layout_id() of it waits (here: refused by
# lock_timeout, 55P03) until it ends, and then reads the row as it is: the
# layout declared again in that transaction, with no refusal that it
# changed. A REPEATABLE READ transaction whose snapshot predates a drop and a
# new declaration draws from the new one too. And a drop waits for a
# transaction that drew from the layout, then is refused.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25898 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server layout-drop-race "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 9"
fail() { echo "FAIL: $*" >&2; exit 1; }
same() {  # same LABEL EXPECTED ACTUAL
  [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"
  echo "ok: $1"
}
waiting_on() {  # waiting_on APPLICATION_NAME: its session waits for a lock
  pg_sql_true "$port" "SELECT EXISTS (SELECT FROM pg_stat_activity
                        WHERE application_name = '$1' AND wait_event_type = 'Lock')"
}
hold() {  # hold N: a session holds advisory lock N until release N
  PGAPPNAME=holder$1 pg_psql "$port" -c "SELECT pg_advisory_lock($1)" -c "SELECT pg_sleep(3600)" \
    >/dev/null 2>&1 &
  pg_wait_for 30 "advisory lock $1 held" pg_sql_true "$port" \
    "SELECT EXISTS (SELECT FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted)"
}
sqlstate_of() {  # sqlstate_of SQL: what it raises, waiting 200 ms at most for a lock
  pg_psql "$port" -At -v ON_ERROR_STOP=0 -c "SET lock_timeout = '200ms'" \
    -c "\\set VERBOSITY sqlstate" -c "$1" 2>&1 || true
}
release() {  # release N
  pg_psql "$port" -q -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                          WHERE application_name = 'holder$1'" >/dev/null
}
pg_psql "$port" -q <<'SQL' >/dev/null
CREATE EXTENSION idgen;
SELECT idgen_layout_create('n', '2026-01-01+00', '1 millisecond', 10, 12);
SELECT idgen_layout_create('r', '2026-01-01+00', '1 millisecond', 10, 12);
SELECT idgen_layout_create('d', '2026-01-01+00', '1 millisecond', 10, 12);
SQL

# 1. a drop in flight: layout_id() waits for it, then reads the new declaration
hold 1
PGAPPNAME=dropper pg_psql "$port" -q <<'SQL' >/dev/null &
BEGIN;
SELECT idgen_layout_drop('n');
SELECT pg_advisory_lock_shared(1);
SELECT idgen_layout_create('n', '2026-01-02+00', '1 millisecond', 10, 12);
COMMIT;
SQL
dropper=$!
pg_wait_for 30 "the drop done, its transaction waiting" waiting_on dropper
same "layout_id() of a layout whose drop is in flight waits for it" "ERROR:  55P03" \
  "$(sqlstate_of "SELECT layout_id('n')")"
release 1
wait "$dropper"
same "then it draws from the layout declared again, no refusal that it changed" "t" \
  "$(pg_psql "$port" -At -c "SELECT layout_id('n') > 0")"

# 2. REPEATABLE READ: a snapshot taken before a drop and a new declaration
hold 2
PGAPPNAME=rr pg_psql "$port" -At <<'SQL' >"$PG_DIR/rr.out" &
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT count(*) FROM idgen_declared_layouts WHERE name = 'r';
SELECT pg_advisory_lock_shared(2);
SELECT (SELECT epoch FROM idgen_declared_layouts WHERE name = 'r') = '2026-01-01+00';
SELECT layout_id('r') > 0;
COMMIT;
SQL
rr=$!
pg_wait_for 30 "the repeatable read transaction waiting" waiting_on rr
pg_psql "$port" -q -c "SELECT idgen_layout_drop('r')" \
  -c "SELECT idgen_layout_create('r', '2026-01-03+00', '1 millisecond', 10, 12)" >/dev/null
release 2
wait "$rr"
same "the repeatable read snapshot still shows the old row, and layout_id() runs" "t t" \
  "$(sed -n '3p;4p' "$PG_DIR/rr.out" | tr '\n' ' ' | sed 's/ $//')"
same "layout_id() there drew from the new declaration: no refusal that it changed" "t" \
  "$(pg_psql "$port" -At -c "SELECT layout_id('r') > 0")"

# 3. a drop waits for a transaction that drew, then is refused
hold 3
PGAPPNAME=drawer pg_psql "$port" -At <<'SQL' >/dev/null &
BEGIN;
SELECT layout_id('d');
SELECT pg_advisory_lock_shared(3);
COMMIT;
SQL
drawer=$!
pg_wait_for 30 "the drawing transaction waiting" waiting_on drawer
same "a drop waits for a transaction that drew from the layout" "ERROR:  55P03" \
  "$(sqlstate_of "SELECT idgen_layout_drop('d')")"
release 3
wait "$drawer"
same "then it is refused" "ERROR:  55000" "$(sqlstate_of "SELECT idgen_layout_drop('d')")"
echo "layout_drop_race: all passed"
