#!/usr/bin/env bash
# node_id.sh PORT: the SQL edition's node id (idgen_set_node_id), on
# database sqled_app where role app installed the edition in idgen_sql:
#  - unset, snowflake_id() refuses (55000) with a hint naming idgen_set_node_id;
#  - only the owner and the roles it grants EXECUTE may set it (42501 else),
#    0 to 1023 (22023 naming the value and the range, at and past each end);
#  - a session's SET, a connection option, a role's and the database's
#    setting are ignored: every Snowflake carries the node id set (5);
#  - a database set up as 0.4.0 told (ALTER DATABASE ... SET idgen.node_id)
#    moves over: the install takes the setting once, a second run keeps it;
#    0.4.0's one shard sequence: every shard's IDs go on above it.
set -euo pipefail
port=$1
source test/lib/pg_server.sh
source test/sql-edition/lib.sh
node_of() { app "$1" -At "${@:3}" -c "$2" -c "SELECT idgen_sql.snowflake_node(idgen_sql.snowflake_id())" | tail -1; }
expect_node() {  # expect_node WHAT NODE DB [SQL first] [psql args]
  local got; got=$(node_of "$3" "${4:-SELECT 1}" "${@:5}")
  [ "$got" = "$2" ] && echo "ok: $1: node $got" || { echo "FAIL: $1: node $got, expected $2"; return 1; }
}

echo "--- the node id"
app_refuses sqled_app "SELECT idgen_sql.snowflake_id()" 55000 "snowflake_id needs idgen.node_id to be set"
hint=$(app sqled_app -c "SELECT idgen_sql.snowflake_id()" 2>&1 || true)
grep -q "^HINT:  Have the SQL edition's owner run SELECT idgen_sql.idgen_set_node_id(1); with a number no other server or database uses.$" <<<"$hint" &&
  echo "ok: the refusal's hint names idgen_set_node_id" || { echo "FAIL: the refusal's hint: $hint"; exit 1; }

# another role of the database, with USAGE on the schema but no EXECUTE
pg_psql "$port" -c "CREATE ROLE other LOGIN" -d sqled_app -c "GRANT USAGE ON SCHEMA idgen_sql TO other"
other() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U other -d sqled_app "$@"; }
if out=$(other -v VERBOSITY=verbose -c "SELECT idgen_sql.idgen_set_node_id(3)" 2>&1); then
  echo "FAIL: a role without EXECUTE set the node id"; exit 1
fi
grep -q '^ERROR:  42501: permission denied for function idgen_set_node_id$' <<<"$out" &&
  echo "ok: a role the owner did not grant EXECUTE: refused, 42501" || { echo "FAIL: $out"; exit 1; }
app sqled_app -c "GRANT EXECUTE ON FUNCTION idgen_sql.idgen_set_node_id(int) TO other"
app sqled_app -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql  # keeps the grant
other -c "SELECT idgen_sql.idgen_set_node_id(6)" >/dev/null
expect_node "set by a role granted EXECUTE (before a second run of the file)" 6 sqled_app

for bad in -1 1024 2147483647 NULL; do
  app_refuses sqled_app "SELECT idgen_sql.idgen_set_node_id($bad)" 22023 "node id $bad is out of range for idgen_set_node_id"
done
detail=$(app sqled_app -c "SELECT idgen_sql.idgen_set_node_id(1024)" 2>&1 || true)
grep -q '^DETAIL:  Valid node ids are 0 to 1023: the node field of a Snowflake has 10 bits.$' <<<"$detail" &&
  echo "ok: the refusal names the range" || { echo "FAIL: $detail"; exit 1; }
expect_node "a refused value changes nothing" 6 sqled_app
expect_node "the lowest" 0 sqled_app "SELECT idgen_sql.idgen_set_node_id(0)"
expect_node "the highest" 1023 sqled_app "SELECT idgen_sql.idgen_set_node_id(1023)"
expect_node "set by the owner" 5 sqled_app "SELECT idgen_sql.idgen_set_node_id(5)"

# nothing a session, a client or a role's setting does changes it
expect_node "after SET idgen.node_id = 7" 5 sqled_app "SET idgen.node_id = 7"
expect_node "after SET idgen.node_id = 1024" 5 sqled_app "SET idgen.node_id = 1024"
PGOPTIONS="-c idgen.node_id=8" expect_node "a connection option idgen.node_id=8" 5 sqled_app
pg_psql "$port" -c "ALTER ROLE app SET idgen.node_id = 9" -c "ALTER DATABASE sqled_app SET idgen.node_id = 10"
expect_node "a role's and the database's setting" 5 sqled_app
pg_psql "$port" -c "ALTER ROLE app RESET idgen.node_id" -c "ALTER DATABASE sqled_app RESET idgen.node_id"

echo "--- a database set up with 0.4.0 (ALTER DATABASE ... SET idgen.node_id)"
pg_psql "$port" -c "CREATE DATABASE sqled_old OWNER app" -c "ALTER DATABASE sqled_old SET idgen.node_id = 9"
pg_psql "$port" -d sqled_old -c "CREATE SCHEMA idgen_sql AUTHORIZATION app"
# 0.4.0's one sequence for every shard, 20 s ahead of the clock
app sqled_old -At <<'SQL' >/dev/null
CREATE SEQUENCE idgen_sql._idgen_shard_state AS bigint;
SELECT setval('idgen_sql._idgen_shard_state', ((extract(epoch FROM clock_timestamp()) * 1000)::bigint + 20000) << 10);
CREATE TABLE old_state AS SELECT last_value FROM idgen_sql._idgen_shard_state;
SQL
out=$(app sqled_old -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>&1)
grep -q "WARNING:  node id 9 of database sqled_old's setting idgen.node_id is now the SQL edition's" <<<"$out" &&
  echo "ok: the install says it took the database's setting" || { echo "FAIL: install: $out"; exit 1; }
expect_node "taken from the database's setting" 9 sqled_old "SET idgen.node_id = 3"
# each shard's next ID above the last 0.4.0 could have given that shard
above=$(app sqled_old -At -c "SELECT bool_and(idgen_sql.next_shard_id(s) > ((((o >> 10) - 1314220021721) << 23) | (s::bigint << 10) | (o & 1023)))
                                     AND to_regclass('idgen_sql._idgen_shard_state') IS NULL
                                FROM generate_series(0, 8191, 97) s, (SELECT last_value AS o FROM old_state) o")
[ "$above" = t ] && echo "ok: 0.4.0's shard sequence gone, each shard's next ID above the last it could have had" || { echo "FAIL: shard IDs after the move: $above"; exit 1; }
pg_psql "$port" -c "ALTER DATABASE sqled_old SET idgen.node_id = 11"
app sqled_old -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql
expect_node "a second run keeps it, whatever the setting says now" 9 sqled_old
