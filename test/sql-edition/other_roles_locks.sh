#!/usr/bin/env bash
# other_roles_locks.sh PORT: no other role stops the database-wide
# generators (issue 43, F11), in databases of their own owned by app:
#   - mallory (LOGIN, USAGE on the schema, no grant) holds every lock it
#     can get: 0.6.1's advisory lock of every state, ACCESS SHARE on every
#     relation of the schema (pg_relation_size) in a transaction that also
#     drew from every generator and stays open, and ROW EXCLUSIVE and ROW
#     SHARE on _idgen_node, which PostgreSQL takes for a write and a FOR
#     UPDATE it will refuse, while it plans them (a function that waits);
#     every stronger lock and every row lock of the schema's tables is
#     refused it (42501). Meanwhile app draws from each generator, under a
#     statement_timeout, so that a generator that waited fails (57014)
#     rather than hangs.
#   - an update from 0.6.1 waits for the calls of its generators in
#     progress; one that a session's advisory lock holds up past
#     lock_timeout is refused (55P03) naming that session; once it lets go,
#     the update moves every state past the promotion margin, and its
#     advisory lock no longer stops a generator.
# Steps are ordered by locks, never by the clock (the timeouts only bound
# a wait that would never end). Needs role app and PG_DIR (sessions' files).
set -euo pipefail
port=$1
source test/lib/pg_server.sh
source test/lib/sessions.sh
source test/lib/idgen_versions.sh
source test/sql-edition/lib.sh
fail=0
check() { if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected $2, got $3"; fail=1; fi; }
mallory() { psql -X -q -At -v VERBOSITY=verbose -h 127.0.0.1 -p "$port" -U mallory -d "$@"; }
generators="idgen_sql.snowflake_id(), idgen_sql.next_shard_id(3), idgen_sql.tsid(), idgen_sql.sonyflake_id(),
            idgen_sql.ulid_monotonic(), idgen_sql.layout_id('orders')"
# draws DB: app draws from every database-wide generator; a wait is cut off
draws() {
  app "$1" -At -v VERBOSITY=verbose -c "SET statement_timeout = '30s'" \
    -c "SELECT concat_ws(' ', $(sed 's/),/) IS NOT NULL,/g' <<<"$generators") IS NOT NULL)" 2>&1 | head -1
}
held() {  # held DB PID: the relation locks session PID holds on the schema
  app "$1" -At -c "SELECT string_agg(DISTINCT mode, ',' ORDER BY mode) FROM pg_locks
                    WHERE pid = $2 AND granted AND locktype = 'relation'
                      AND relation IN (SELECT oid FROM pg_class WHERE relnamespace = 'idgen_sql'::regnamespace)"
}
advisory_held() {  # advisory_held DB PID: how many of 0.6.1's keys PID holds
  app "$1" -At -c "SELECT count(*) FROM pg_locks WHERE pid = $2 AND granted AND locktype = 'advisory' AND classid = 1768187749"
}

pg_psql "$port" -q <<'SQL'
CREATE ROLE mallory LOGIN;
CREATE DATABASE sqled_locks OWNER app;
CREATE DATABASE sqled_locks_up OWNER app;
\c sqled_locks
CREATE SCHEMA idgen_sql;
GRANT USAGE, CREATE ON SCHEMA idgen_sql TO app;
GRANT USAGE ON SCHEMA idgen_sql TO mallory;
\c sqled_locks_up
CREATE SCHEMA idgen_sql;
GRANT USAGE, CREATE ON SCHEMA idgen_sql TO app;
GRANT USAGE ON SCHEMA idgen_sql TO mallory;
SQL
app sqled_locks -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>/dev/null
app sqled_locks -q -o /dev/null -c "SELECT idgen_sql.idgen_set_node_id(1)" \
  -c "SELECT idgen_sql.idgen_layout_create('orders', '2026-01-01 00:00:00+00', '1 ms', 12, 10)"
check "app draws from every generator" "t t t t t t" "$(draws sqled_locks)"

echo "--- mallory holds every lock it can get"
session_open m "$port" -U mallory -d sqled_locks
session_send m "SELECT pg_backend_pid();"
m_pid=$(session_wait m)
session_send m "SELECT count(pg_advisory_lock(1768187749, c.oid::int4)) FROM pg_class c
                 WHERE c.relnamespace = 'idgen_sql'::regnamespace AND c.relkind = 'S';
BEGIN; SELECT count(pg_relation_size(c.oid)) > 0 FROM pg_class c WHERE c.relnamespace = 'idgen_sql'::regnamespace AND c.relkind IN ('r', 'S', 'i');
SELECT $generators;"
session_wait m >/dev/null
states=$(app sqled_locks -At -c "SELECT count(*) FROM pg_class WHERE relnamespace = 'idgen_sql'::regnamespace AND relkind = 'S'")
check "mallory holds 0.6.1's advisory lock of every state" "$states" "$(advisory_held sqled_locks "$m_pid")"
check "mallory's open transaction holds" "AccessShareLock,RowExclusiveLock" "$(held sqled_locks "$m_pid")"
# every lock PostgreSQL grants only with a privilege: refused, on every table
refusals=$(mallory sqled_locks -c "SELECT c.oid::regclass FROM pg_class c
                                    WHERE c.relnamespace = 'idgen_sql'::regnamespace AND c.relkind = 'r' ORDER BY 1" |
  while read -r t; do
    for q in "BEGIN; LOCK TABLE $t IN ROW SHARE MODE" "BEGIN; LOCK TABLE $t IN ACCESS EXCLUSIVE MODE" \
             "SELECT FROM $t FOR KEY SHARE" "SELECT FROM $t FOR SHARE" "SELECT FROM $t FOR UPDATE"; do
      out=$(mallory sqled_locks -c "$q" 2>&1 | head -1)
      [ "$out" = "ERROR:  42501: permission denied for table ${t#idgen_sql.}" ] || echo "$q: $out"
    done
  done)
check "mallory may take no lock and no row lock on a table of the schema" "" "$refusals"
check "app draws from every generator meanwhile" "t t t t t t" "$(draws sqled_locks)"

echo "--- mallory's write and FOR UPDATE, refused once planned, wait while planned"
session_open hold "$port" -U mallory -d sqled_locks
session_send hold "SELECT pg_advisory_lock(4343);"
session_wait hold >/dev/null
session_open w "$port" -U mallory -d sqled_locks -v VERBOSITY=verbose
session_open u "$port" -U mallory -d sqled_locks -v VERBOSITY=verbose
for s in w u; do
  session_send $s "CREATE FUNCTION pg_temp.planned() RETURNS boolean IMMUTABLE LANGUAGE plpgsql
                     AS \$\$BEGIN PERFORM pg_advisory_lock_shared(4343); RETURN true; END\$\$;
                   SELECT pg_backend_pid();"
done
w_pid=$(session_wait w) u_pid=$(session_wait u)
session_send w "INSERT INTO idgen_sql._idgen_node (one) SELECT true WHERE pg_temp.planned();"
session_send u "SELECT FROM idgen_sql._idgen_node WHERE pg_temp.planned() FOR UPDATE;"
planning() { pg_sql_true "$port" "SELECT count(*) = 2 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND pid IN ($w_pid, $u_pid)"; }
pg_wait_for 60 "two statements of mallory's waiting in their planning" planning
check "mallory's write holds, while planned" RowExclusiveLock "$(held sqled_locks "$w_pid")"
check "mallory's FOR UPDATE holds, while planned" RowShareLock "$(held sqled_locks "$u_pid")"
check "app draws from every generator meanwhile" "t t t t t t" "$(draws sqled_locks)"
session_send hold "SELECT pg_advisory_unlock(4343);"
session_wait hold >/dev/null
check "mallory's write, once planned" "ERROR:  42501: permission denied for table _idgen_node" "$(session_wait w | head -1)"
check "mallory's FOR UPDATE, once planned" "ERROR:  42501: permission denied for table _idgen_node" "$(session_wait u | head -1)"
for s in m hold w u; do session_close $s; done

echo "--- an update from 0.6.1 while mallory holds its lock"
release=$(idgen_releases | awk -F'\t' '$1 == "0.6.1" { print $2 }')
[ -n "$release" ] || { echo "FAIL: no commit of release 0.6.1 in git's history"; exit 1; }
git show "$release:sql-edition/idgen.sql" >"$PG_DIR/sql-edition-0.6.1.sql"
app sqled_locks_up -c 'SET search_path = idgen_sql' -f "$PG_DIR/sql-edition-0.6.1.sql" 2>/dev/null
app sqled_locks_up -q -o /dev/null -c "SELECT idgen_sql.idgen_set_node_id(1)"
before=$(app sqled_locks_up -At -c "SELECT idgen_sql.snowflake_id()")
session_open old "$port" -U mallory -d sqled_locks_up
session_send old "SELECT pg_backend_pid();"
old_pid=$(session_wait old)
session_send old "SELECT pg_advisory_lock(1768187749, 'idgen_sql._idgen_snowflake_state'::regclass::oid::int4);"
session_wait old >/dev/null
check "0.6.1: mallory's advisory lock stops snowflake_id()" "ERROR:  57014: canceling statement due to statement timeout" \
  "$(app sqled_locks_up -At -v VERBOSITY=verbose -c "SET statement_timeout = '1s'" -c "SELECT idgen_sql.snowflake_id()" 2>&1 | head -1)"
status=0
out=$(PGOPTIONS='-c lock_timeout=1s' app sqled_locks_up -v VERBOSITY=verbose -c 'SET search_path = idgen_sql' \
        -f sql-edition/idgen.sql 2>&1) || status=$?
check "the update, while mallory holds the lock: psql's status" 3 "$status"
check "the update, while mallory holds the lock: refused" \
  "ERROR:  55P03: the update cannot take the lock that the generators it replaces take on idgen_sql._idgen_snowflake_state|DETAIL:  Held by session $old_pid (role mallory) for longer than lock_timeout (1s): the update lets every call of the old generators end first." \
  "$(sed -n 's/^psql:[^ ]*: //; /^ERROR:/,/^DETAIL:/p' <<<"$out" | paste -sd'|')"
session_send old "SELECT pg_advisory_unlock_all();"
session_wait old >/dev/null
app sqled_locks_up -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>/dev/null
after=$(app sqled_locks_up -At -c "SELECT idgen_sql.snowflake_id()")
margin=$(app sqled_locks_up -At -c "SELECT promotion_margin_ms FROM idgen_sql._idgen_node")
check "after the update, snowflake_id() is past the promotion margin above the last ID before it" t \
  "$(app sqled_locks_up -At -c "SELECT ($after >> 22) - ($before >> 22) >= $margin")"
last=$(app sqled_locks_up -At -c "SELECT last_value FROM idgen_sql._idgen_snowflake_state")
app sqled_locks_up -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>/dev/null
check "a second run moves no state" "$last" "$(app sqled_locks_up -At -c "SELECT last_value FROM idgen_sql._idgen_snowflake_state")"
session_send old "SELECT count(pg_advisory_lock(1768187749, c.oid::int4)) FROM pg_class c
                 WHERE c.relnamespace = 'idgen_sql'::regnamespace AND c.relkind = 'S';"
session_wait old >/dev/null
check "after the update, mallory's advisory locks stop no generator" "t t t t t" \
  "$(app sqled_locks_up -At -v VERBOSITY=verbose -c "SET statement_timeout = '30s'" \
       -c "SELECT concat_ws(' ', idgen_sql.snowflake_id() IS NOT NULL, idgen_sql.next_shard_id(3) IS NOT NULL,
                            idgen_sql.tsid() IS NOT NULL, idgen_sql.sonyflake_id() IS NOT NULL,
                            idgen_sql.ulid_monotonic() IS NOT NULL)" 2>&1 | head -1)"
session_close old
exit $fail
