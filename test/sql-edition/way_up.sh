#!/usr/bin/env bash
# way_up.sh PORT PG_DIR: from the SQL edition to the C extension, as
# docs/managed-services.md tells it, on database sqled_app (concurrent.sh's
# tables): the node id moves to postgresql.conf, the server restarts with
# idgen preloaded, CREATE EXTENSION idgen beside the SQL edition, each
# generator resumes after the SQL edition's last ID, the columns move to the
# C types and generators. Checks that every old value reads the same, that
# new IDs sort above the old ones, and that uninstall.sql is refused while a
# default uses the SQL edition and removes all of it afterwards.
set -euo pipefail
port=$1 dir=$2
source test/lib/pg_server.sh
app() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U app -d sqled_app "$@"; }
su() { pg_psql "$port" -d sqled_app "$@"; }

echo "--- the way up to the C extension"
app <<'SQL'
CREATE TABLE ks (id bytea PRIMARY KEY DEFAULT idgen_sql.ksuid(), n int);
CREATE TABLE oi (id bytea PRIMARY KEY DEFAULT idgen_sql.objectid(), n int);
INSERT INTO ks (n) SELECT generate_series(1, 100);
INSERT INTO oi (n) SELECT generate_series(1, 100);
SQL
# every old value as text, to read again after the move
old_text="SELECT string_agg(x, ',' ORDER BY x COLLATE \"C\") FROM (
  SELECT 'sf' || id::text AS x FROM sf UNION ALL SELECT 'sh' || id::text FROM sh UNION ALL SELECT 'u7' || id::text FROM u7
  UNION ALL SELECT 'ul' || %s FROM ul UNION ALL SELECT 'um' || %s FROM um
  UNION ALL SELECT 'ks' || %s FROM ks UNION ALL SELECT 'oi' || %s FROM oi) v"
# shellcheck disable=SC2059
app -At -c "$(printf "$old_text" 'idgen_sql.ulid_text(id)' 'idgen_sql.ulid_text(id)' 'idgen_sql.ksuid_text(id)' 'idgen_sql.objectid_text(id)')" >"$dir/old_values"

if app -c 'SET search_path = idgen_sql' -f sql-edition/uninstall.sql 2>"$dir/uninstall.err"; then
  echo "FAIL: uninstall.sql ran while tables default to the SQL edition"; exit 1
fi
grep -q 'cannot drop function .* because other objects depend on it' "$dir/uninstall.err" &&
  echo "ok: uninstall.sql refused while defaults use the SQL edition: $(grep -m1 ERROR "$dir/uninstall.err")"

# the node id moves to postgresql.conf, where the C extension reads it
su -c "ALTER DATABASE sqled_app RESET idgen.node_id"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
printf '%s\n' "shared_preload_libraries = 'idgen'" "idgen.node_id = 5" | pg_as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null
su -o /dev/null <<'SQL'
CREATE SCHEMA idgen;
CREATE EXTENSION idgen SCHEMA idgen;
GRANT USAGE ON SCHEMA idgen TO app;
-- IDs handed out ahead of the clock (idgen_sql's state may lead it): the C
-- generators go on after the largest
SELECT idgen.snowflake_resume_after(max(id)) FROM sf;
SELECT idgen.shard_id_resume_after(max(id)) FROM sh;
SELECT idgen.ulid_monotonic_resume_after((SELECT id FROM um ORDER BY id DESC LIMIT 1)::idgen.ulid);
SQL
# the two editions with one node id make the same Snowflakes: the edition's
# owner cannot give it the C extension's (which it has now, on the way up)
out=$(app -v VERBOSITY=verbose -c "SELECT idgen_sql.idgen_set_node_id(5)" 2>&1) &&
  { echo "FAIL: the SQL edition took the C extension's node id 5"; exit 1; }
want="ERROR:  22023: node id 5 is the C extension's in this database
DETAIL:  idgen, the C extension (schema idgen), makes Snowflakes with node id 5 here: with one node id the two editions make the same IDs.
HINT:  Give the SQL edition another node id, or move up to the C extension alone (docs/managed-services.md, \"Moving up to the C extension\")."
[ "$(grep -v '^LOCATION:\|^CONTEXT:\|^PL/pgSQL' <<<"$out")" = "$want" ] &&
  echo "ok: idgen_set_node_id(5), the C extension's node id: refused, 22023" ||
  { echo "FAIL: idgen_set_node_id(5) beside the C extension's 5:"$'\n'"$out"$'\n'"  expected:"$'\n'"$want"; exit 1; }
app -o /dev/null <<'SQL'
SELECT idgen.idgen_convert_column('sf', 'id', 'snowflake_id()');
SELECT idgen.idgen_convert_column('sh', 'id', 'next_shard_id(3)');
SELECT idgen.idgen_convert_column('u7', 'id', 'uuid_v7()');
ALTER TABLE ul ALTER COLUMN id DROP DEFAULT, ALTER COLUMN id TYPE idgen.ulid USING id::idgen.ulid,
               ALTER COLUMN id SET DEFAULT idgen.ulid();
ALTER TABLE um ALTER COLUMN id DROP DEFAULT, ALTER COLUMN id TYPE idgen.ulid USING id::idgen.ulid,
               ALTER COLUMN id SET DEFAULT idgen.ulid_monotonic();
ALTER TABLE ks ALTER COLUMN id DROP DEFAULT, ALTER COLUMN id TYPE idgen.ksuid USING idgen_sql.ksuid_text(id)::idgen.ksuid,
               ALTER COLUMN id SET DEFAULT idgen.ksuid();
ALTER TABLE oi ALTER COLUMN id DROP DEFAULT, ALTER COLUMN id TYPE idgen.objectid USING idgen_sql.objectid_text(id)::idgen.objectid,
               ALTER COLUMN id SET DEFAULT idgen.objectid();
SQL
# shellcheck disable=SC2059
if app -At -c "$(printf "$old_text" 'id::text' 'id::text' 'id::text' 'id::text')" | cmp -s - "$dir/old_values"; then
  echo "ok: every old value reads the same through the C types ($(tr ',' '\n' <"$dir/old_values" | wc -l) values)"
else
  echo "FAIL: old values read differently through the C types"; exit 1
fi

app -At <<'SQL' >"$dir/above"
SET search_path = public, idgen;  -- the C types' operators
CREATE TEMP TABLE old_max AS
    SELECT (SELECT id FROM sf ORDER BY id DESC LIMIT 1) AS sf, (SELECT id FROM sh ORDER BY id DESC LIMIT 1) AS sh, (SELECT id FROM u7 ORDER BY id DESC LIMIT 1) AS u7,
           (SELECT id FROM ul ORDER BY id DESC LIMIT 1) AS ul, (SELECT id FROM um ORDER BY id DESC LIMIT 1) AS um, (SELECT id FROM ks ORDER BY id DESC LIMIT 1) AS ks,
           (SELECT id FROM oi ORDER BY id DESC LIMIT 1) AS oi;
SELECT pg_sleep(1.1);  -- KSUID and ObjectId count seconds
INSERT INTO sf (client, n) SELECT 0, g FROM generate_series(1, 100) g;
INSERT INTO sh (client, n) SELECT 0, g FROM generate_series(1, 100) g;
INSERT INTO u7 (client, n) SELECT 0, g FROM generate_series(1, 100) g;
INSERT INTO ul (client, n) SELECT 0, g FROM generate_series(1, 100) g;
INSERT INTO um (client, n) SELECT 0, g FROM generate_series(1, 100) g;
INSERT INTO ks (n) SELECT generate_series(101, 200);
INSERT INTO oi (n) SELECT generate_series(101, 200);
SELECT (SELECT count(*) FROM sf, old_max WHERE client = 0 AND id > old_max.sf)
     + (SELECT count(*) FROM sh, old_max WHERE client = 0 AND id > old_max.sh)
     + (SELECT count(*) FROM u7, old_max WHERE client = 0 AND id > old_max.u7)
     + (SELECT count(*) FROM ul, old_max WHERE client = 0 AND id > old_max.ul)
     + (SELECT count(*) FROM um, old_max WHERE client = 0 AND id > old_max.um)
     + (SELECT count(*) FROM ks, old_max WHERE n > 100 AND id > old_max.ks)
     + (SELECT count(*) FROM oi, old_max WHERE n > 100 AND id > old_max.oi);
SQL
[ "$(tail -1 "$dir/above")" = 700 ] && echo "ok: 700 new IDs of the C extension (100 of each of 7 columns) all above the SQL edition's" \
  || { echo "FAIL: of 700 new IDs only $(tail -1 "$dir/above") are above the old ones"; exit 1; }

# a comment of the user's own on one of its functions does not hide it
app -c "COMMENT ON FUNCTION idgen_sql.uuid_v4() IS 'ours now'"
app -c 'SET search_path = idgen_sql' -f sql-edition/uninstall.sql
left=$(app -At -c "SELECT count(*) FROM pg_class WHERE relnamespace = 'idgen_sql'::regnamespace")+$(app -At -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'idgen_sql'::regnamespace")
[ "$left" = "0+0" ] && echo "ok: uninstall.sql removed every function, sequence and table of the SQL edition" \
  || { echo "FAIL: uninstall.sql left $left relations+functions"; exit 1; }
