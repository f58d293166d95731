#!/usr/bin/env bash
# Public IDs tried as an attacker would (issue 43), on a real server with
# sessions side by side, in steps ordered by locks, never by the clock:
#   - a dropped key is never used again: not by a session whose reading of
#     the keys raced the drop (the drop's invalidation taken during the
#     reading), not in a REPEATABLE READ transaction begun before the drop,
#     not after a DELETE under session_replication_role = replica
#   - no byte of a key made or imported reaches the client or the server log
#     through debug_print_plan (and parse, rewritten) or auto_explain
#     (nested statements, verbose, analyze), as hex or as a node dump's bytes
#   - a database owner that is no superuser dumps the database: with the
#     keys once granted SELECT on idgen_key_store, without them by leaving
#     its data out, and nothing else refused
#   - a call that worked on 0.6.0 works after ALTER EXTENSION idgen UPDATE:
#     a role with EXECUTE on the encoder still uses a key kept before
# The SQL edition's side of these is test/integration/sql_edition.sh's.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/sessions.sh

port=${INTEGRATION_PORT:-$((25874 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server public-ids-attacks "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
fail=0
check() { # check WHAT EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected $2, got $3"; fail=1; fi
}
v7=017f22e2-79b0-7cc3-98c4-dc0c0c07398f
encode="SELECT uuid_v47_encode('$v7', 'k');"
gone='ERROR:  uuid_v47_encode: there is no key named "k"'
pg_psql "$port" -c "CREATE EXTENSION idgen" >/dev/null
remake_key() { pg_psql "$port" -c "SELECT idgen_key_create('k')" >/dev/null; }
waiting_on_advisory_lock() {
  pg_sql_true "$port" "SELECT EXISTS (SELECT FROM pg_locks WHERE locktype = 'advisory' AND NOT granted)"
}

echo "--- a reading of the keys that races the drop"
remake_key
session_open a "$port"
session_open holder "$port"
session_send holder "SELECT pg_advisory_lock(43);"
session_wait holder >/dev/null
# a's statement takes its snapshot, then waits; the drop commits; a reads
# the keys (a first reading: nothing kept yet) and locks the table, which
# takes the drop's invalidation during the reading
session_send a "SELECT uuid_v47_encode('$v7', 'k') FROM (SELECT pg_advisory_lock(43) OFFSET 0) s;"
pg_wait_for 60 "session a waiting on the advisory lock" waiting_on_advisory_lock
pg_psql "$port" -c "SELECT idgen_key_drop('k')" >/dev/null
session_send holder "SELECT pg_advisory_unlock(43);"
session_wait holder >/dev/null
racing=$(session_wait a | head -1)
case "$racing" in
  "$gone"|????????-????-4???-????-????????????) echo "ok: the racing statement: ${racing:0:60}" ;;
  *) echo "FAIL: the racing statement: $racing"; fail=1 ;;
esac
session_send a "SELECT pg_advisory_unlock_all();"
session_wait a >/dev/null
session_send a "$encode"
check "after the race, the next statement refuses the dropped key" "$gone" "$(session_wait a | head -1)"

echo "--- a REPEATABLE READ transaction begun before the drop"
remake_key
session_send a "$encode"
session_wait a >/dev/null  # a keeps the key
session_open b "$port"     # b has read nothing yet
session_send a "BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT 1;"
session_send b "BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT 1;"
session_wait a >/dev/null; session_wait b >/dev/null
pg_psql "$port" -c "SELECT idgen_key_drop('k')" >/dev/null
session_send a "$encode"
check "a session that kept the key refuses it in its older transaction" "$gone" "$(session_wait a | head -1)"
session_send b "$encode"
check "a session that reads the keys first in its older transaction refuses it" "$gone" "$(session_wait b | head -1)"
session_send a "ROLLBACK;"; session_send b "ROLLBACK;"
session_send a "$encode"; session_send b "$encode"
check "and after its transaction (a)" "$gone" "$(session_wait a | grep ERROR | head -1)"
check "and after its transaction (b)" "$gone" "$(session_wait b | grep ERROR | head -1)"

echo "--- a DELETE under session_replication_role = replica"
remake_key
session_send a "$encode"
face=$(session_wait a | head -1)
[[ $face =~ ^........-....-4 ]] && echo "ok: session a keeps the key" || { echo "FAIL: session a: $face"; fail=1; }
pg_psql "$port" -c "SET session_replication_role = replica; DELETE FROM idgen_key_store WHERE name = 'k'" >/dev/null
session_send a "$encode"
check "session a refuses the key deleted in replica mode" "$gone" "$(session_wait a | head -1)"
remake_key
session_send a "$encode"
session_wait a >/dev/null
pg_psql "$port" -c "SET session_replication_role = replica; TRUNCATE idgen_key_store" >/dev/null
session_send a "$encode"
check "session a refuses the key truncated in replica mode" "$gone" "$(session_wait a | head -1)"
session_close a; session_close b; session_close holder

echo "--- a revoke and a grant of one role, on two keys, in two transactions at once"
pg_psql "$port" -q -c "CREATE ROLE racer" -c "SELECT idgen_key_create('race 1'), idgen_key_create('race 2')" \
  -c "SELECT idgen_key_grant('race 1', 'racer')" >/dev/null
session_open c "$port"; session_open d "$port"
session_send c "BEGIN; SELECT idgen_key_revoke('race 1', 'racer');"
session_wait c >/dev/null
session_send d "SELECT idgen_key_grant('race 2', 'racer');"
# d's grant waits for c's transaction to end, or (nothing to wait for) is done
waiting_or_done() {
  pg_sql_true "$port" "SELECT EXISTS (SELECT FROM pg_stat_activity WHERE query LIKE 'SELECT idgen_key_grant(''race 2''%'
                                        AND (wait_event_type = 'Lock' OR state = 'idle'))"
}
pg_wait_for 60 "session d waiting or done" waiting_or_done
session_send c "COMMIT;"
session_wait c >/dev/null; session_wait d >/dev/null
check "DROP ROLE refuses the role granted meanwhile" 'ERROR:  role "racer" cannot be dropped because some objects depend on it' \
  "$(pg_psql "$port" -c "DROP ROLE racer" 2>&1 | head -1)"
check "the grant names the role" "race 1|{} race 2|{racer}" \
  "$(pg_psql "$port" -At -c "SELECT string_agg(name || '|' || granted_to::text, ' ' ORDER BY name) FROM idgen_keys WHERE name LIKE 'race %'")"
session_close c; session_close d

echo "--- no key byte in plan dumps or auto_explain"
pg_psql "$port" -c "ALTER SYSTEM SET session_preload_libraries = 'auto_explain'" >/dev/null
pg_reload "$port"
imported=00112233445566778899aabbccddeeff
client=$(pg_psql "$port" 2>&1 <<SQL
SET client_min_messages = log;
SET debug_print_plan = on; SET debug_print_parse = on; SET debug_print_rewritten = on;
SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on;
SET auto_explain.log_verbose = on; SET auto_explain.log_analyze = on;
SELECT idgen_key_create('dumped 1');
-- the key read from a table filled by COPY (never planned): the caller's
-- own statements hold no literal of it
CREATE TEMP TABLE brought (key bytea);
COPY brought FROM STDIN;
\\\\x$imported
\.
SELECT idgen_key_import('dumped 2', key) FROM brought;
SQL
)
made=$(pg_psql "$port" -At -c "SELECT encode(key, 'hex') FROM idgen_key_store WHERE name = 'dumped 1'")
[ "${#made}" -eq 32 ] && echo "ok: the key made is kept" || { echo "FAIL: no key made"; fail=1; }
check "the key imported is kept" "$imported" \
  "$(pg_psql "$port" -At -c "SELECT encode(key, 'hex') FROM idgen_key_store WHERE name = 'dumped 2'")"
check "the plan dumps were printed to the client" yes "$(grep -q 'PLANNEDSTMT' <<<"$client" && echo yes || echo no)"
check "auto_explain logged idgen's nested INSERT" yes \
  "$(grep -q 'Query Text: INSERT INTO public.idgen_key_store' "$PG_DIR/server.log" && echo yes || echo no)"
# a key as hex, and as a node dump prints a bytea constant: its bytes in decimal
as_decimal() { local hex=$1 out="" i; for ((i = 0; i < 32; i += 2)); do local v=$((16#${hex:i:2})); [ $v -gt 127 ] && v=$((v - 256)); out+="$v "; done; echo "${out% }"; }
for key in "$made" "$imported"; do
  dec=$(as_decimal "$key")
  for where in log client; do
    text=$(cat "$PG_DIR/server.log"); [ "$where" = client ] && text=$client
    if grep -qi -e "$key" -e "${key:0:12}" -e "${dec% * * * * * * * * * *}" <<<"$text"; then
      echo "FAIL: key ${key:0:8}... in the $where"; grep -i -e "${key:0:12}" -e "${dec% * * * * * * * * * *}" <<<"$text" | head -3; fail=1
    else
      echo "ok: no byte of key ${key:0:8}... in the $where"
    fi
  done
done
pg_psql "$port" -c "ALTER SYSTEM RESET session_preload_libraries" >/dev/null
pg_reload "$port"

echo "--- a database owner that is no superuser dumps the database"
pg_psql "$port" -c "CREATE ROLE shop_owner LOGIN" -c "CREATE DATABASE shop OWNER shop_owner" -c "CREATE DATABASE shop_copy OWNER shop_owner" >/dev/null
pg_psql "$port" -d shop -c "CREATE EXTENSION idgen" >/dev/null
dump() { pg_as_owner "$PG_BINDIR/pg_dump" -h 127.0.0.1 -p "$port" -U shop_owner "$@" shop; }
out=$(dump --exclude-table-data='*.idgen_key_store' 2>&1) && echo "ok: with no key, leaving the keys out" \
  || { echo "FAIL: with no key, leaving the keys out: $out"; fail=1; }
pg_psql "$port" -d shop -c "SELECT idgen_key_create('shop')" \
  -c "CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_v7(), n int)" -c "ALTER TABLE orders OWNER TO shop_owner" \
  -c "INSERT INTO orders (n) VALUES (1), (2)" >/dev/null
out=$(dump --exclude-table-data='*.idgen_key_store' 2>&1) || { echo "FAIL: leaving the keys out: $out"; fail=1; }
check "a dump without the keys holds the table, not the key" "yes no" \
  "$(grep -q 'COPY public.orders' <<<"$out" && echo yes || echo no) $(grep -q "COPY public.idgen_key_store" <<<"$out" && echo yes || echo no)"
out=$(dump 2>&1) && { echo "FAIL: the owner dumped the keys without SELECT on idgen_key_store"; fail=1; } \
  || check "the keys are refused to the owner by default" "yes" \
       "$(grep -q 'permission denied for table idgen_key_store' <<<"$out" && echo yes || echo no)"
pg_psql "$port" -d shop -c "GRANT SELECT ON idgen_key_store TO shop_owner" >/dev/null
out=$(dump -Fc -f "$PG_DIR/shop.dump" 2>&1) && echo "ok: granted SELECT on the keys, the owner dumps them" \
  || { echo "FAIL: granted, the dump: $out"; fail=1; }
pg_as_owner "$PG_BINDIR/pg_restore" -h 127.0.0.1 -p "$port" -U postgres -d shop_copy "$PG_DIR/shop.dump"
check "the restored copy makes the faces the original makes" \
  "$(pg_psql "$port" -d shop -At -c "SELECT string_agg(uuid_v47_encode(id, 'shop')::text, ',' ORDER BY n) FROM orders")" \
  "$(pg_psql "$port" -d shop_copy -At -c "SELECT string_agg(uuid_v47_encode(id, 'shop')::text, ',' ORDER BY n) FROM orders")"

echo "--- a key kept on 0.6.0, after the update"
pg_psql "$port" -q -c "CREATE DATABASE updated" -c "CREATE ROLE web"
pg_psql "$port" -q -d updated <<'SQL' >/dev/null
CREATE EXTENSION idgen VERSION '0.6.0';
SELECT idgen_key_import('site', '\xefcdab89674523011032547698badcfe');
GRANT EXECUTE ON FUNCTION uuid_v47_encode(uuid, text), idgen_permute(bigint, text) TO web;
SQL
before=$(pg_psql "$port" -d updated -At -c "SET ROLE web" -c "SELECT uuid_v47_encode('$v7', 'site'), idgen_permute(12345, 'site')")
pg_psql "$port" -q -d updated -c "ALTER EXTENSION idgen UPDATE" -c "SELECT idgen_key_create('new')" >/dev/null
check "the role's call gives what it gave on 0.6.0" "$before" \
  "$(pg_psql "$port" -d updated -At -c "SET ROLE web" -c "SELECT uuid_v47_encode('$v7', 'site'), idgen_permute(12345, 'site')")"
check "the key kept is PUBLIC's, the key made after nobody's" "site|{PUBLIC} new|{}" \
  "$(pg_psql "$port" -d updated -At -c "SELECT string_agg(name || '|' || granted_to::text, ' ' ORDER BY created_at) FROM idgen_keys")"
check "a key made after is refused to the role" 'ERROR:  42501: uuid_v47_encode: permission denied for key "new"' \
  "$(pg_psql "$port" -d updated -v VERBOSITY=verbose -c "SET ROLE web" -c "SELECT uuid_v47_encode('$v7', 'new')" 2>&1 | head -1)"

[ "$fail" -eq 0 ] && echo "public_ids_attacks: passed" || { echo "public_ids_attacks: FAILED"; exit 1; }
