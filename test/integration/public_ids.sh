#!/usr/bin/env bash
# Public IDs on a real server, where pg_regress cannot go:
#   - every session's copy of the keys follows a change made in another
#     session (a key dropped, a key of the same name imported again) at its
#     next transaction, and a rolled-back change changes nothing
#   - pg_dump keeps the keys: a restored database reads the faces and
#     permuted IDs handed out before, and its idgen_key_store stays owner-only
#   - no error of idgen's about a key puts its bytes in the server's log
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25873 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server public-ids "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
key_a=000102030405060708090a0b0c0d0e0f
key_b=f0e0d0c0b0a090807060504030201000
pg_psql "$port" -v key="$key_a" <<'SQL' >/dev/null
CREATE EXTENSION idgen;
SELECT idgen_key_import('site', decode(:'key', 'hex'));
CREATE TABLE items (id uuid PRIMARY KEY DEFAULT uuid_v7(), n bigint);
INSERT INTO items (n) SELECT snowflake_id() FROM generate_series(1, 1000);
CREATE TABLE handed_out AS
    SELECT id, uuid_v47_encode(id, 'site') AS face, n, idgen_permute(n, 'site') AS shown FROM items;
CREATE ROLE web LOGIN;
SQL
fail=0
check() { # check WHAT EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected $2, got $3"; fail=1; fi
}

echo "--- a session's copy of the keys follows other sessions' changes"
# session 1 keeps running (a coprocess): it reads the keys once, then is asked again
coproc S1 { psql -X -q -At -h 127.0.0.1 -p "$port" -U postgres -d postgres 2>&1; }
ask() { echo "$1" >&"${S1[1]}"; local line; read -r -t 60 line <&"${S1[0]}"; echo "$line"; }
face_a=$(ask "SELECT uuid_v47_encode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'site');")
check "session 1 makes a face with key A" \
  "$(pg_psql "$port" -At -c "SELECT uuid_v47_encode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'site')")" "$face_a"
pg_psql "$port" -v key="$key_b" <<'SQL' >/dev/null
BEGIN;
SELECT idgen_key_drop('site');
SELECT idgen_key_import('site', decode(:'key', 'hex'));
ROLLBACK;
SQL
check "a rolled-back change leaves session 1 with key A" "$face_a" \
  "$(ask "SELECT uuid_v47_encode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'site');")"
pg_psql "$port" -c "SELECT idgen_key_drop('site')" >/dev/null
check "session 1 sees the key dropped" 'ERROR:  uuid_v47_encode: there is no key named "site"' \
  "$(ask "SELECT uuid_v47_encode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'site');")"
read -r -t 10 _hint <&"${S1[0]}" || true
pg_psql "$port" -v key="$key_b" <<<"SELECT idgen_key_import('site', decode(:'key', 'hex'));" >/dev/null
face_b=$(ask "SELECT uuid_v47_encode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'site');")
check "session 1 uses the key imported again under the name (key B)" \
  "$(pg_psql "$port" -At -c "SELECT uuid_v47_encode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'site')")" "$face_b"
[ "$face_a" != "$face_b" ] && echo "ok: keys A and B give other faces" || { echo "FAIL: keys A and B gave one face"; fail=1; }
echo '\q' >&"${S1[1]}"
wait "$S1_PID" 2>/dev/null || true
# back to key A for what follows
pg_psql "$port" -v key="$key_a" <<<"SELECT idgen_key_drop('site'); SELECT idgen_key_import('site', decode(:'key', 'hex'));" >/dev/null

echo "--- pg_dump keeps the keys"
pg_psql "$port" -c "CREATE DATABASE restored" >/dev/null
pg_as_owner "$PG_BINDIR/pg_dump" -h 127.0.0.1 -p "$port" -U postgres -Fc -f "$PG_DIR/dump" postgres
pg_as_owner "$PG_BINDIR/pg_restore" -h 127.0.0.1 -p "$port" -U postgres -d restored "$PG_DIR/dump"
check "the restored database holds the key" 1 \
  "$(pg_psql "$port" -d restored -At -c "SELECT count(*) FROM idgen_keys WHERE name = 'site'")"
check "the restored database reads every face and permuted ID handed out" 1000 \
  "$(pg_psql "$port" -d restored -At -c "SELECT count(*) FROM handed_out WHERE uuid_v47_decode(face, 'site') = id AND idgen_unpermute(shown, 'site') = n")"
check "the restored idgen_key_store is the owner's only" f \
  "$(pg_psql "$port" -d restored -At -c "SELECT has_table_privilege('web', 'idgen_key_store', 'SELECT')")"
pg_refuses "$port" "SET ROLE web; SELECT key FROM idgen_key_store" 42501 'permission denied for table idgen_key_store' || fail=1

echo "--- no key in the server's log"
pg_psql "$port" -v key="$key_a" <<'SQL' >/dev/null 2>&1 || true
\set ON_ERROR_STOP 0
SELECT idgen_key_import('site', decode(:'key', 'hex'));
SELECT idgen_key_import('other', decode(:'key' || '00', 'hex'));
SELECT uuid_v47_decode(uuid_v7(), 'site');
SELECT idgen_permute(-1, 'site');
SQL
errors=$(grep -c 'ERROR:' "$PG_DIR/server.log" || true)
[ "$errors" -ge 4 ] && echo "ok: the log holds the $errors refusals" || { echo "FAIL: the log holds $errors refusals, not 4 or more"; fail=1; }
# PostgreSQL logs a failed statement's text (log_min_error_statement), key
# literal and all: docs/public-ids.md says so. idgen's own lines (ERROR,
# DETAIL, HINT, CONTEXT) must never hold a key's bytes.
if grep -v 'STATEMENT:' "$PG_DIR/server.log" | grep -qi -e "$key_a" -e "$key_b" -e '\\x0001020304'; then
  echo "FAIL: a key's bytes are in idgen's log lines"; grep -v 'STATEMENT:' "$PG_DIR/server.log" | grep -i -e "$key_a" -e "$key_b" | head -3; fail=1
else
  echo "ok: no key's bytes in idgen's log lines"
fi
[ "$fail" -eq 0 ] && echo "public_ids: passed" || { echo "public_ids: FAILED"; exit 1; }
