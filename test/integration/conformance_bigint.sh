#!/usr/bin/env bash
# TSID and Sonyflake against their reference implementations from npm
# (tsid-ts, sonyflake: test/conformance/package.json), both ways, and against
# tsid-creator's and sony/sonyflake's published values (test/vectors/):
#   - the references make thousands of values: the server parses and decodes
#     each (tsid_parse, tsid_text, tsid_timestamp/node/counter,
#     sonyflake_decode); every field equal, text back byte for byte (upper case)
#   - the server makes thousands (tsid(), sonyflake_id(), and random bigints
#     through tsid_text): the references read each back, fields equal
#   - the published vectors: every valid one reads as published, every
#     invalid one is refused with 22P02 or 22003
#   - where tsid-ts is laxer than tsid-creator (G000000000000, U), idgen
#     refuses as tsid-creator does
# 0 differences, counted and printed. Without node or the npm packages it fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/conformance.sh

conformance_modules
port=${INTEGRATION_PORT:-$((25960 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server conformance-bigint "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 7"
pg_psql "$port" -c "CREATE EXTENSION idgen"
n=5000
failed=0
# count NAME SQL: SQL returns a count of differences; prints it; 0 passes
count() {
  local got
  got=$(pg_psql "$port" -At -c "$2")
  echo "$1: $got differences"
  [ "$got" = 0 ] || failed=1
}

# The references' values -> the server
conformance_node tsid_sonyflake.mjs reference "$n" > "$PG_DIR/reference.tsv"
pg_psql "$port" <<SQL
CREATE TABLE ref_tsid (kind text, t text, id bigint, unix_ms bigint, node int, counter int);
CREATE TABLE ref_sonyflake (kind text, id bigint, unix_ms bigint, sequence int, machine int);
\copy ref_tsid FROM PROGRAM 'grep "^tsid" $PG_DIR/reference.tsv'
\copy ref_sonyflake FROM PROGRAM 'grep "^sonyflake" $PG_DIR/reference.tsv'
SQL
[ "$(pg_psql "$port" -At -c "SELECT count(*) FROM ref_tsid")" = "$n" ]
[ "$(pg_psql "$port" -At -c "SELECT count(*) FROM ref_sonyflake")" = "$n" ]
count "tsid-ts -> server ($n TSIDs)" "
  SELECT count(*) FROM ref_tsid
   WHERE tsid_parse(t) <> id OR tsid_text(id) <> upper(t)
      OR tsid_timestamp(id) <> to_timestamp(unix_ms / 1000.0)
      OR tsid_node(id) <> node OR tsid_counter(id) <> counter"
count "sonyflake -> server ($n Sonyflake IDs)" "
  SELECT count(*) FROM ref_sonyflake r, sonyflake_decode(r.id) d
   WHERE d.ts <> to_timestamp(r.unix_ms / 1000.0) OR d.sequence <> r.sequence
      OR d.machine <> r.machine OR sonyflake_timestamp(r.id) <> d.ts"

# The server's values -> the references: generated, and any bigint
pg_psql "$port" -At -F $'\t' > "$PG_DIR/server.tsv" <<SQL
SELECT 'tsid', tsid_text(id), id, (extract(epoch FROM tsid_timestamp(id)) * 1000)::bigint,
       tsid_node(id), tsid_counter(id)
  FROM (SELECT tsid() AS id FROM generate_series(1, $n / 2)
        UNION ALL
        SELECT (random() * 18446744073709551615 - 9223372036854775808)::numeric(20)::bigint
          FROM generate_series(1, $n / 2)) s;
SELECT 'sonyflake', id, (extract(epoch FROM d.ts) * 1000)::bigint, d.sequence, d.machine
  FROM (SELECT sonyflake_id() AS id FROM generate_series(1, $n / 2)
        UNION ALL
        SELECT (random() * 9223372036854775807)::numeric(19)::bigint
          FROM generate_series(1, $n / 2)) s, sonyflake_decode(id) d;
SQL
[ "$(grep -c . "$PG_DIR/server.tsv")" = $((2 * n)) ]
conformance_node tsid_sonyflake.mjs check < "$PG_DIR/server.tsv" || failed=1

# The published vectors
pg_psql "$port" <<SQL
CREATE TABLE tsid_vectors (t text, expected text, note text);
\copy tsid_vectors FROM PROGRAM 'grep -v "^#" test/vectors/tsid_creator.tsv'
CREATE TABLE sonyflake_vectors (id bigint, unix_ms text, sequence text, machine text, note text);
\copy sonyflake_vectors FROM PROGRAM 'grep -v "^#" test/vectors/sonyflake.tsv'
CREATE FUNCTION outcome(sql text) RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE v text;
BEGIN
  EXECUTE sql INTO v;
  RETURN v;
EXCEPTION WHEN OTHERS THEN
  RETURN CASE WHEN SQLSTATE IN ('22P02', '22003') THEN 'invalid' ELSE 'error ' || SQLSTATE END;
END \$\$;
SQL
[ "$(pg_psql "$port" -At -c "SELECT count(*) >= 15 FROM tsid_vectors")" = t ]
[ "$(pg_psql "$port" -At -c "SELECT count(*) >= 10 FROM sonyflake_vectors")" = t ]
count "tsid-creator's published values ($(pg_psql "$port" -At -c "SELECT count(*) FROM tsid_vectors"))" "
  SELECT count(*) FROM tsid_vectors
   WHERE outcome(format('SELECT tsid_parse(%L)::text', coalesce(t, ''))) <> expected
      OR (expected <> 'invalid' AND tsid_text(expected::bigint) <> upper(translate(t, 'iIlLoO', '111100')))"
count "sony/sonyflake's layout ($(pg_psql "$port" -At -c "SELECT count(*) FROM sonyflake_vectors"))" "
  SELECT count(*) FROM sonyflake_vectors
   WHERE outcome(format('SELECT (extract(epoch FROM ts) * 1000)::bigint || '' '' || sequence || '' '' || machine
                           FROM sonyflake_decode(%s)', id))
         <> CASE WHEN unix_ms = 'invalid' THEN 'invalid' ELSE unix_ms || ' ' || sequence || ' ' || machine END"

# What tsid-ts reads and tsid-creator refuses: idgen refuses it too
while IFS=$'\t' read -r text lax; do
  got=$(pg_psql "$port" -At -c "SELECT outcome(format('SELECT tsid_parse(%L)::text', '$text'))")
  echo "tsid-ts reads $text as $lax; tsid-creator refuses it; idgen: $got"
  [ "$got" = invalid ] || failed=1
done < <(conformance_node tsid_sonyflake.mjs lax)

# The SQL edition's generators (node 7, set as its owner sets it):
# unique, increasing, read by the references like the C extension's
pg_psql "$port" <<SQL
CREATE DATABASE sqled;
\c sqled
CREATE SCHEMA idgen_sql;
SET search_path = idgen_sql;
\i sql-edition/idgen.sql
SELECT idgen_sql.idgen_set_node_id(7);
SQL
sqled() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d sqled "$@"; }
sqled -At -F $'\t' > "$PG_DIR/sqled.tsv" <<SQL
CREATE TEMP TABLE g AS SELECT n, idgen_sql.tsid() AS t, idgen_sql.sonyflake_id() AS s FROM generate_series(1, 3000) n;
SELECT 'tsid', idgen_sql.tsid_text(t), t, (extract(epoch FROM idgen_sql.tsid_timestamp(t)) * 1000)::bigint,
       idgen_sql.tsid_node(t), idgen_sql.tsid_counter(t) FROM g;
SELECT 'sonyflake', s, (extract(epoch FROM d.ts) * 1000)::bigint, d.sequence, d.machine
  FROM g, idgen_sql.sonyflake_decode(s) d;
SQL
pg_psql "$port" <<SQL
CREATE TABLE sqled_tsid (n serial, kind text, t text, id bigint, unix_ms bigint, node int, counter int);
CREATE TABLE sqled_sonyflake (n serial, kind text, id bigint, unix_ms bigint, sequence int, machine int);
\copy sqled_tsid (kind, t, id, unix_ms, node, counter) FROM PROGRAM 'grep "^tsid" $PG_DIR/sqled.tsv'
\copy sqled_sonyflake (kind, id, unix_ms, sequence, machine) FROM PROGRAM 'grep "^sonyflake" $PG_DIR/sqled.tsv'
SQL
count "SQL edition's tsid() and sonyflake_id() (3000 each): node 7 (this server's idgen.node_id), unique, increasing" "
  SELECT (SELECT count(*) FROM (SELECT id, node, lag(id) OVER (ORDER BY n) AS prev FROM sqled_tsid) x
           WHERE node <> 7 OR id <= prev)
       + (SELECT count(*) FROM (SELECT id, machine, lag(id) OVER (ORDER BY n) AS prev FROM sqled_sonyflake) x
           WHERE machine <> 7 OR id <= prev)
       + abs((SELECT count(*) FROM sqled_tsid) - 3000) + abs((SELECT count(*) FROM sqled_sonyflake) - 3000)"
conformance_node tsid_sonyflake.mjs check < "$PG_DIR/sqled.tsv" || failed=1

[ "$failed" = 0 ] && echo "conformance_bigint: ok" || { echo "conformance_bigint: FAILED"; exit 1; }
