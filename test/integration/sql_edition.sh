#!/usr/bin/env bash
# The SQL edition (sql-edition/idgen.sql) on a server where idgen's library
# is never loaded into its sessions, installed and used by a role that is no
# superuser and may create only in its schemas:
#   - compared with the C extension on the same server (test/sql-edition/compare.sql)
#   - the generators of one session, value by value (session_generators.sql)
#   - snowflake_id() refuses without idgen.node_id; the database owner sets it
#     with ALTER DATABASE (from 15 a superuser first grants SET on it)
#   - concurrent clients insert with the generators as DEFAULTs: 0 duplicates,
#     per-session order, rolled-back IDs never handed out again
#   - a clock behind the generators' last millisecond: IDs go on above it, up
#     to idgen.max_clock_lead, then a refusal
#   - a second run changes nothing but the functions (grants and state kept)
#   - the install's notice: version, schema, functions, what a second run
#     added and changed, the next step (the node id while none is set)
#   - public IDs as an attacker tries them (test/sql-edition/public_ids.sh)
#   - no other role stops the generators: not with a lock it holds, nor
#     across an update from 0.6.1 (test/sql-edition/other_roles_locks.sh)
#   - the way up: the C extension beside it, columns converted, IDs above
#     the old ones, the old values read the same; then uninstall.sql
# test/pg-matrix runs it on every major; run-all.sh on this machine's 15.
# IDGEN_SQL_EDITION_C=no: a server for which the C extension cannot be built
# (14 and 16: no server headers in Debian's archive); all but the comparison
# and the way up, which need it.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
with_c=${IDGEN_SQL_EDITION_C:-yes}

port=${INTEGRATION_PORT:-$((25890 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server sql-edition "$port"
major=$(pg_psql "$port" -At -c "SELECT current_setting('server_version_num')::int / 10000")
echo "PostgreSQL $major"

source test/sql-edition/lib.sh  # app, app_refuses
install() { app "$1" -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql; }

# What a managed service's customer has: a login role, a database it owns,
# a schema to create in. The C extension is here only for the comparison
# (its own database; a superuser creates it).
pg_psql "$port" <<'SQL'
CREATE ROLE app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE sqled_cmp;
CREATE DATABASE sqled_app OWNER app;
\c sqled_cmp
CREATE SCHEMA idgen;
GRANT USAGE ON SCHEMA idgen TO app;
CREATE SCHEMA idgen_sql;
GRANT CREATE, USAGE ON SCHEMA idgen_sql TO app;
CREATE SCHEMA evil AUTHORIZATION app;
CREATE SCHEMA nousage;
GRANT CREATE ON SCHEMA nousage TO app;
\c sqled_app
CREATE SCHEMA idgen_sql;
GRANT CREATE, USAGE ON SCHEMA idgen_sql TO app;
SQL
[ "$with_c" = no ] || pg_psql "$port" -d sqled_cmp -c 'CREATE EXTENSION idgen SCHEMA idgen'
[ "$(pg_psql "$port" -At -c "SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = 'app'")" = f ]

echo "--- install as a role that is no superuser"
# install_refused DB SCHEMA SQLSTATE MESSAGE_REGEX: the file stops with that
# error (psql exits 3), having made nothing in the schema
install_refused() {
  local out status=0
  out=$(app "$1" -v VERBOSITY=verbose -c "SET search_path = $2" -f sql-edition/idgen.sql 2>&1 </dev/null) || status=$?
  if [ "$status" -ne 3 ] || ! grep -Eq "^psql:[^ ]*: ERROR:  $3: ($4)$" <<<"$out"; then
    echo "FAIL: install into $2: expected exit 3 and $3: $4"$'\n'"  got exit $status: $out"; return 1
  fi
  [ "$(app "$1" -At -c "SELECT count(*) FROM pg_proc WHERE pronamespace = '$2'::regnamespace")" = 0 ] \
    || { echo "FAIL: install into $2 was refused, but made functions there"; return 1; }
  echo "ok: install into $2: refused, $3"
}
# CREATE without USAGE: current_schema() skips the schema
install_refused sqled_cmp nousage 3F000 'no schema to install the idgen SQL edition into'
# The install's last word: the version, the schema, the functions, what a
# second run added and changed, and the next step. expect_notice DB WHAT
# HINT [DETAIL]: the install prints that notice, its function counts the
# catalog's, and returns the install's status.
version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control)
expect_notice() {
  local out counts want
  out=$(install "$1" 2>&1) || { echo "FAIL: install into $1: $out"; return 1; }
  counts=$(app "$1" -At -F' ' -c "SELECT count(*), count(*) FILTER (WHERE proname NOT LIKE '\_idgen\_%'),
                                         count(*) FILTER (WHERE proname LIKE '\_idgen\_%')
                                    FROM pg_proc WHERE pronamespace = 'idgen_sql'::regnamespace
                                     AND proconfig[1] = 'search_path=pg_catalog, idgen_sql, pg_temp'")
  read -r total to_call helpers <<<"$counts"
  want="NOTICE:  idgen SQL edition $version $2 in schema idgen_sql: $total functions ($to_call to call, $helpers helpers named _idgen_*)"
  [ -z "${4:-}" ] || want+=$'\n'"DETAIL:  $4"
  want+=$'\n'"HINT:  $3"
  if [ "$(sed 's/^psql:[^ ]*: //' <<<"$out")" != "$want" ]; then
    echo "FAIL: install into $1 said:"$'\n'"$out"$'\n'"  expected:"$'\n'"$want"; return 1
  fi
  echo "ok: install into $1: $2 ($total functions), then: ${3%%:*}"
}
expect_notice sqled_cmp installed "Next, as its owner: SELECT idgen_sql.idgen_set_node_id(1); with a node id, 0 to 1023, that no other server or database uses (snowflake_id() refuses until then)."
# a second copy would hand out the same IDs from its own state
install_refused sqled_cmp evil 42710 'the idgen SQL edition is installed in schema idgen_sql already'
[ "$(app sqled_cmp -At -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'idgen_sql'::regnamespace AND prolang = (SELECT oid FROM pg_language WHERE lanname = 'c')")" = 0 ] \
  && echo "ok: no C function in the SQL edition"
if [ "$with_c" = no ]; then
  echo "--- not compared with the C extension: it is not built for PostgreSQL $major here"
else
  seed=${IDGEN_COMPARE_SEED:-0.$RANDOM}
  echo "--- compared with the C extension (random inputs from seed $seed: IDGEN_COMPARE_SEED=$seed repeats them)"
  # the public IDs' key, the same 16 random bytes in both editions: the C
  # edition's owner (a superuser) imports it and lets app use it: the
  # functions and the key
  key=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  pg_psql "$port" -d sqled_cmp -v key="$key" <<'SQL'
SELECT idgen.idgen_key_import('compare', decode(:'key', 'hex'));
SELECT idgen.idgen_key_grant('compare', 'app');
GRANT EXECUTE ON FUNCTION idgen.uuid_v47_encode(uuid, text), idgen.uuid_v47_decode(uuid, text),
    idgen.uuid_v47_decode_candidates(uuid), idgen.idgen_permute(bigint, text), idgen.idgen_permute(bigint, text, int),
    idgen.idgen_unpermute(bigint, text), idgen.idgen_unpermute(bigint, text, int),
    idgen.idgen_unpermute_candidates(bigint), idgen.idgen_unpermute_candidates(bigint, int) TO app;
SQL
  app sqled_cmp -v key="$key" <<<"SELECT idgen_sql.idgen_key_import('compare', decode(:'key', 'hex'));" >/dev/null
  # the same declared layouts in both editions (a superuser declares them):
  # the partitioning of a declared layout is compared too
  for s in idgen idgen_sql; do
    pg_psql "$port" -d sqled_cmp -q -c "SELECT $s.idgen_layout_create('orders_daily', '2026-01-01 00:00+00', '1 millisecond', 10, 12),
      $s.idgen_layout_create('orders_sequence_first', '2025-01-01 00:00+00', '10 milliseconds', 16, 8, true)" >/dev/null
  done
  app sqled_cmp -v seed="$seed" -f test/sql-edition/compare.sql | sed -n '/^compared/,$p'
fi
app sqled_cmp -f test/sql-edition/session_generators.sql

# A clash half-way (a function of the same name and arguments but another
# result, made by the user) stops the install with nothing of it left.
clash=$(app sqled_app -v VERBOSITY=verbose 2>&1 <<'SQL' || echo "exit $?"
CREATE SCHEMA clash;
CREATE FUNCTION clash.ulid() RETURNS text LANGUAGE sql AS $$SELECT 'mine'$$;
SET search_path = clash;
\i sql-edition/idgen.sql
SQL
)
if grep -q '^exit 3$' <<<"$clash" && grep -q 'ERROR:  42P13: cannot change return type of existing function' <<<"$clash" &&
   [ "$(app sqled_app -At -c "SELECT string_agg(p.oid::regprocedure::text, ',') || '/' ||
                                     (SELECT count(*) FROM pg_class WHERE relnamespace = 'clash'::regnamespace)
                                FROM pg_proc p WHERE pronamespace = 'clash'::regnamespace")" = "clash.ulid()/0" ]; then
  echo "ok: a clash half-way: psql exits 3, and the schema holds only the user's function"
else
  echo "FAIL: a clash half-way left more than the user's function, or did not stop"$'\n'"$clash"; exit 1
fi
app sqled_app -c "DROP SCHEMA clash CASCADE"
# A user's own function of one of the edition's names and arguments is
# never replaced (nor then removed by uninstall.sql): the install refuses,
# for a function the file makes early (uuid_v4) and one it makes last of all
# (uuid_timestamp_us: 0.6.0 checked half-way and replaced it silently).
for fn in "uuid_v4() RETURNS uuid:uuid_v4():uuid" "uuid_timestamp_us(id uuid) RETURNS timestamptz:uuid_timestamp_us(uuid):timestamptz"; do
  IFS=: read -r def sig type <<<"$fn"
  mine_body="SELECT NULL::$type"
  foreign=$(app sqled_app -v VERBOSITY=verbose 2>&1 <<SQL || echo "exit $?"
CREATE SCHEMA mine;
CREATE FUNCTION mine.$def LANGUAGE sql AS \$\$$mine_body\$\$;
SET search_path = mine;
\\i sql-edition/idgen.sql
SQL
)
  if grep -q '^exit 3$' <<<"$foreign" && grep -q "ERROR:  42723: function mine.$sig is not the idgen SQL edition" <<<"$foreign" &&
     [ "$(app sqled_app -At -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'mine'::regnamespace")" = 1 ] &&
     [ "$(app sqled_app -At -c "SELECT prosrc FROM pg_proc WHERE pronamespace = 'mine'::regnamespace")" = "$mine_body" ]; then
    echo "ok: a user's function mine.$sig: refused, 42723, and it is still the user's"
  else
    echo "FAIL: a user's function mine.$sig was replaced, or the install did not stop"$'\n'"$foreign"; exit 1
  fi
  app sqled_app -c "DROP SCHEMA mine CASCADE"
done
# \i in a session: psql's settings and the session's are as they were after
settings=$(app sqled_app -At <<'SQL'
\set QUIET off
\set ON_ERROR_STOP off
SET search_path = idgen_sql;
\i sql-edition/idgen.sql
\echo :QUIET :ON_ERROR_STOP :{?idgen_sql_schema}
SHOW client_min_messages;
SQL
)
[ "$(tail -2 <<<"$settings" | paste -sd' ')" = "off off FALSE notice" ] &&
  echo "ok: \\i leaves QUIET, ON_ERROR_STOP and client_min_messages as they were" ||
  { echo "FAIL: after \\i: $settings"; exit 1; }

echo "--- generators"
install sqled_app

# idgen_partition_maintain on a UUIDv7 key, run by the table's owner (no
# superuser): a day and the next made, rows either side of midnight in
# their day's, then a day on with a retention of a day, the first dropped
parted=$(app sqled_app -At <<'SQL'
CREATE TABLE public.parted (id uuid NOT NULL) PARTITION BY RANGE (id);
SELECT string_agg(action || ' ' || partition_name, ',')
  FROM idgen_sql.idgen_partition_maintain('public.parted', '1 day', 1, as_of => '2026-03-01 12:00+00');
INSERT INTO public.parted VALUES (idgen_sql.uuid_v7_from_time('2026-03-01 23:59:59.999+00')),
                                 (idgen_sql.uuid_v7_from_time('2026-03-02 00:00+00'));
SELECT string_agg(tableoid::regclass::text, ',' ORDER BY id) FROM public.parted;
SELECT string_agg(action || ' ' || partition_name, ',')
  FROM idgen_sql.idgen_partition_maintain('public.parted', '1 day', 0, retention => '1 day', as_of => '2026-03-03 00:00+00');
DROP TABLE public.parted;
SQL
)
[ "$parted" = "created public.parted_p20260301,created public.parted_p20260302
parted_p20260301,parted_p20260302
created public.parted_p20260303,dropped public.parted_p20260301" ] &&
  echo "ok: idgen_partition_maintain: partitions made ahead, rows in their day's, retention" ||
  { echo "FAIL: idgen_partition_maintain in the SQL edition gave:"$'\n'"$parted"; exit 1; }
# a span coarser than the partitions there: a week that seven days cover is
# skipped; a month they cover in part is refused as the C edition refuses
# it (skipping it would leave a gap), and nothing of that call is kept
app sqled_app -q <<'SQL' >/dev/null
CREATE TABLE public.gapped (id uuid NOT NULL) PARTITION BY RANGE (id);
SELECT FROM idgen_sql.idgen_partition_maintain('public.gapped', '1 day', 6, as_of => '2026-03-02 12:00+00');
SELECT FROM idgen_sql.idgen_partition_maintain('public.gapped', '1 week', 1, as_of => '2026-03-08 23:59:59.999999+00');
SQL
app_refuses sqled_app "SELECT FROM idgen_sql.idgen_partition_maintain('public.gapped', '1 month', 1, as_of => '2026-02-10+00')" \
  22023 'span 1 mon does not fit the partitions of public\.gapped there are, of 1 day: it would leave a gap' || exit 1
gapped=$(app sqled_app -At -c "SELECT count(*) FROM pg_inherits WHERE inhparent = 'public.gapped'::regclass")
[ "$gapped" = 8 ] && echo "ok: idgen_partition_maintain: a week over seven days skipped, the refused month kept nothing" ||
  { echo "FAIL: idgen_partition_maintain left $gapped partitions of public.gapped, not 8 (seven days and a week)"; exit 1; }
app sqled_app -c 'DROP TABLE public.gapped'
bash test/sql-edition/node_id.sh "$port"
bash test/sql-edition/concurrent.sh "$port" sqled_app 4 400
bash test/sql-edition/shard_lanes.sh "$port"
bash test/sql-edition/layouts.sh "$port"
PG_DIR=$PG_DIR bash test/sql-edition/public_ids.sh "$port"
PG_DIR=$PG_DIR bash test/sql-edition/other_roles_locks.sh "$port"

# the clock 30 s behind the last millisecond (the state moved ahead instead):
# the IDs go on from that millisecond, never from the clock's. They are
# compared with the millisecond set, not with the clock read later, and the
# lead is 30 s, not 3, so that neither the check nor the refusal at a 1 s
# limit below depends on how fast the steps between them run.
app sqled_app -At <<'SQL' >"$PG_DIR/behind"
CREATE TEMP TABLE mark AS SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint + 30000 AS unix_ms;
SELECT setval('idgen_sql._idgen_snowflake_state', (SELECT unix_ms FROM mark) << 12);
CREATE TEMP TABLE ahead AS SELECT n, idgen_sql.snowflake_id() AS id FROM generate_series(1, 500) n;
SELECT count(*) FILTER (WHERE id <= prev),
       count(*) FILTER (WHERE (extract(epoch FROM idgen_sql.snowflake_timestamp(id)) * 1000)::bigint < (SELECT unix_ms FROM mark)),
       (SELECT min(id) FROM ahead) > (SELECT max(id) FROM sf)
  FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM ahead) x;
SQL
[ "$(tail -1 "$PG_DIR/behind")" = "0|0|t" ] && echo "ok: clock behind: 500 IDs in order, above every earlier one, none below the state's millisecond" \
  || { echo "FAIL: clock behind: $(tail -1 "$PG_DIR/behind")"; exit 1; }
app_refuses sqled_app "SET idgen.max_clock_lead = '1s'; SELECT idgen_sql.snowflake_id()" 55000 'snowflake_id would run [0-9]+ ms ahead of the system clock'
for lead in banana -5 "'100 years'" 3162240000001; do
  app_refuses sqled_app "SET idgen.max_clock_lead = $lead; SELECT idgen_sql.snowflake_id()" 22023 "invalid value for parameter \"idgen.max_clock_lead\": \"${lead//\'/}\""
done

bash test/sql-edition/server_change.sh "$port"

echo "--- a second run"
app sqled_app -At <<'SQL' >"$PG_DIR/before"
REVOKE EXECUTE ON FUNCTION idgen_sql.uuid_v4() FROM PUBLIC;
SELECT idgen_sql.snowflake_id(), (SELECT proacl FROM pg_proc WHERE oid = 'idgen_sql.uuid_v4()'::regprocedure),
       (SELECT count(*) FROM pg_proc WHERE pronamespace = 'idgen_sql'::regnamespace);
SQL
node=$(app sqled_app -At -c "SELECT node_id FROM idgen_sql._idgen_node")
expect_notice sqled_app "run again, nothing changed" "Node id $node is set. Try: SELECT idgen_sql.snowflake_id();"
after=$(app sqled_app -At -c "SELECT idgen_sql.snowflake_id() > $(cut -d'|' -f1 "$PG_DIR/before"),
         (SELECT proacl FROM pg_proc WHERE oid = 'idgen_sql.uuid_v4()'::regprocedure)::text = '$(cut -d'|' -f2 "$PG_DIR/before")',
         (SELECT count(*) FROM pg_proc WHERE pronamespace = 'idgen_sql'::regnamespace) = $(cut -d'|' -f3 "$PG_DIR/before")")
[ "$after" = "t|t|t" ] && echo "ok: second run: the generators go on, grants kept, no function added" \
  || { echo "FAIL: second run: $after"; exit 1; }
# an older edition: one function it lacked, one it made otherwise
app sqled_app -c 'DROP FUNCTION idgen_sql.uuid_v3(uuid, text)' -c 'ALTER FUNCTION idgen_sql.uuid_version(uuid) VOLATILE'
expect_notice sqled_app "updated, 1 new and 1 changed" "Node id $node is set. Try: SELECT idgen_sql.snowflake_id();" \
  "new: uuid_v3(namespace uuid, name text)"$'\n'"changed: uuid_version(id uuid)"

# uninstall.sql run without the edition's schema on the path removes nothing, loudly
status=0
out=$(app sqled_app -v VERBOSITY=verbose -c 'SET search_path = public' -f sql-edition/uninstall.sql 2>&1) || status=$?
[ "$status" = 3 ] && grep -q 'ERROR:  42704: the idgen SQL edition is not installed in schema public' <<<"$out" &&
  echo "ok: uninstall.sql in a schema without the edition: refused, 42704" ||
  { echo "FAIL: uninstall.sql in public: exit $status: $out"; exit 1; }

if [ "$with_c" = no ]; then
  echo "sql_edition: passed on PostgreSQL $major, without the C extension (no comparison, no way up)"
else
  bash test/sql-edition/way_up.sh "$port" "$PG_DIR"
  echo "sql_edition: passed on PostgreSQL $major"
fi
