#!/usr/bin/env bash
# TypeID against typeid-js (TypeID's authors' JavaScript implementation, from
# the npm registry, pinned in test/conformance/package.json), both ways, and
# both against the spec's published vectors (test/vectors/typeid_*.tsv):
#  - typeid-js makes TypeIDs (new UUIDv7s, and random UUIDs of any version)
#    with random valid prefixes: the server parses each to the same prefix,
#    UUID and time, and writes the same text from them;
#  - the server makes TypeIDs (typeid_generate, typeid_from_uuid) with random
#    valid prefixes: typeid-js reads each to the same fields and text;
#  - texts near valid ones (a character changed, added or removed): the
#    server accepts exactly those typeid-js accepts, with the same fields;
#  - the spec's valid vectors decode and encode, its invalid ones are refused.
# Every comparison prints its count of differences; any difference fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/conformance.sh

n=${TYPEID_CONFORMANCE_N:-5000}
seed=${TYPEID_CONFORMANCE_SEED:-$(date +%s)}
echo "seed $seed (TYPEID_CONFORMANCE_SEED=$seed repeats this run)"
conformance_modules
port=${INTEGRATION_PORT:-$((25843 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server conformance-typeid "$port"
export PGCLIENTENCODING=UTF8
work=$PG_DIR

pg_psql "$port" <<'SQL'
CREATE EXTENSION idgen;
CREATE TABLE theirs (id text, prefix text, uuid uuid, v7_ms bigint);
CREATE TABLE prefixes (prefix text);
CREATE TABLE candidates (id text, valid int, prefix text, uuid uuid);
CREATE TABLE valid_vectors (name text, id text, prefix text, uuid uuid);
CREATE TABLE invalid_vectors (name text, id text, description text);
-- what the server makes of text: its fields, or the SQLSTATE of its refusal
CREATE FUNCTION parsed(t text, OUT prefix text, OUT uuid uuid, OUT v7_ms bigint, OUT text_again text,
                       OUT refused text)
LANGUAGE plpgsql AS $$
DECLARE id typeid;
BEGIN
  id := typeid_parse(t);
  prefix := typeid_prefix(id);
  uuid := typeid_uuid(id);
  v7_ms := floor(extract(epoch FROM typeid_timestamp(id)) * 1000);
  text_again := typeid_text(id);
EXCEPTION WHEN OTHERS THEN
  refused := SQLSTATE;
END $$;
SQL

status=0
# differences LABEL SQL: SQL counts (rows, differences); fails on a difference or no rows
differences() {
  local got
  got=$(pg_psql "$port" -At -F ' ' -c "$2")
  read -r rows diffs <<<"$got"
  echo "$1: $rows compared, $diffs differences"
  if [ "$rows" -eq 0 ] || [ "$diffs" -ne 0 ]; then status=1; fi
}

echo "--- typeid-js makes, the server reads"
conformance_node typeid.mjs theirs "$n" "$seed" | pg_psql "$port" -c "COPY theirs FROM STDIN"
differences "typeid-js's TypeIDs read by the server" "
  SELECT count(*), count(*) FILTER (WHERE (p.prefix, p.uuid, p.text_again, p.refused)
                                          IS DISTINCT FROM (t.prefix, t.uuid, t.id, NULL)
                                       OR p.v7_ms IS DISTINCT FROM t.v7_ms
                                       OR typeid_text(typeid_from_uuid(t.prefix, t.uuid)) <> t.id)
    FROM theirs t, parsed(t.id) p"
differences "of them, new UUIDv7s by typeid-js whose time the server reads" "
  SELECT count(*), count(*) FILTER (WHERE typeid_timestamp(id::typeid) IS NULL) FROM theirs WHERE v7_ms IS NOT NULL"

echo "--- the server makes, typeid-js reads"
conformance_node typeid.mjs prefixes "$n" "$seed" | pg_psql "$port" -c "COPY prefixes FROM STDIN"
pg_psql "$port" -At -c "SELECT count(*) FILTER (WHERE prefix = ''), count(*) FILTER (WHERE length(prefix) = 63),
                               count(*) FILTER (WHERE prefix LIKE '%\_%') FROM prefixes" |
  { IFS='|' read -r empty longest underscored
    echo "prefixes: $empty empty, $longest of 63 characters, $underscored with '_' inside"
    [ "$empty" -gt 0 ] && [ "$longest" -gt 0 ] && [ "$underscored" -gt 0 ]; } || status=1
if ! pg_psql "$port" -c "COPY (SELECT typeid_text(t), typeid_prefix(t), typeid_uuid(t),
                                      floor(extract(epoch FROM typeid_timestamp(t)) * 1000)::bigint
                                 FROM (SELECT typeid_generate(prefix) t FROM prefixes
                                       UNION ALL
                                       SELECT typeid_from_uuid(prefix, md5(prefix || random())::uuid) FROM prefixes
                                       UNION ALL
                                       SELECT typeid_generate(prefix, now() - random() * interval '50 years') FROM prefixes) g)
                         TO STDOUT" | conformance_node typeid.mjs check; then
  status=1
fi

echo "--- texts near valid ones: the same verdicts"
conformance_node typeid.mjs candidates "$n" "$seed" | pg_psql "$port" -c "COPY candidates FROM STDIN"
pg_psql "$port" -At -c "SELECT count(*) FILTER (WHERE valid = 1), count(*) FILTER (WHERE valid = 0) FROM candidates" |
  { IFS='|' read -r accepted refused; echo "typeid-js accepts $accepted and refuses $refused of them"
    [ "$accepted" -gt 0 ] && [ "$refused" -gt 0 ]; } || status=1
differences "verdicts and fields on texts near valid ones" "
  SELECT count(*), count(*) FILTER (WHERE CASE WHEN c.valid = 1
                                               THEN (p.prefix, p.uuid, p.text_again) IS DISTINCT FROM (c.prefix, c.uuid, c.id)
                                               ELSE p.refused IS NULL END)
    FROM candidates c, parsed(c.id) p"
differences "refusals of a bad text with 22P02, or 22003 above 7zz...z" "
  SELECT count(*), count(*) FILTER (WHERE p.refused NOT IN ('22P02', '22003'))
    FROM candidates c, parsed(c.id) p WHERE c.valid = 0"

echo "--- the spec's vectors (test/vectors/typeid_*.tsv)"
conformance_node typeid.mjs vectors "$PWD/test/vectors" || status=1
grep -v '^#' test/vectors/typeid_valid.tsv | sed 's/\t-\t/\t\t/' | pg_psql "$port" -c "COPY valid_vectors FROM STDIN"
grep -v '^#' test/vectors/typeid_invalid.tsv | pg_psql "$port" -c "COPY invalid_vectors FROM STDIN"
differences "the spec's valid vectors on the server" "
  SELECT count(*), count(*) FILTER (WHERE (p.prefix, p.uuid, p.text_again) IS DISTINCT FROM (v.prefix, v.uuid, v.id)
                                       OR typeid_text(typeid_from_uuid(v.prefix, v.uuid)) <> v.id)
    FROM valid_vectors v, parsed(v.id) p"
differences "the spec's invalid vectors on the server (each refused)" "
  SELECT count(*), count(*) FILTER (WHERE p.refused IS NULL OR p.refused NOT IN ('22P02', '22003'))
    FROM invalid_vectors v, parsed(v.id) p"

[ "$status" -eq 0 ] && echo "conformance_typeid: passed" || echo "conformance_typeid: FAILED"
exit "$status"
