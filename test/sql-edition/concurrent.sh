#!/usr/bin/env bash
# concurrent.sh PORT DB CLIENTS ROWS: CLIENTS psql sessions of role app at
# once, each inserting ROWS rows one statement at a time into tables whose
# key defaults to the SQL edition's generators (snowflake_id(), uuid_v7(),
# ulid_monotonic(), next_shard_id(3), ulid()), and drawing IDs in
# transactions that roll back. Then: no key twice, none of the rolled-back
# IDs in a table, and each session's keys in the order it inserted them.
# Prints what it checked; exits 1 on a failure.
set -euo pipefail
port=$1 db=$2 clients=$3 rows=$4
app() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U app -d "$db" "$@"; }
work=$(mktemp -d "${TMPDIR:-/tmp}/sqled-concurrent.XXXXXX")
trap 'rm -rf "$work"' EXIT

app <<'SQL'
SET client_min_messages = warning;
DROP TABLE IF EXISTS sf, u7, um, sh, ul;
CREATE TABLE sf (id bigint PRIMARY KEY DEFAULT idgen_sql.snowflake_id(), client int, n int);
CREATE TABLE u7 (id uuid PRIMARY KEY DEFAULT idgen_sql.uuid_v7(), client int, n int);
CREATE TABLE um (id uuid PRIMARY KEY DEFAULT idgen_sql.ulid_monotonic(), client int, n int);
CREATE TABLE sh (id bigint PRIMARY KEY DEFAULT idgen_sql.next_shard_id(3), client int, n int);
CREATE TABLE ul (id uuid PRIMARY KEY DEFAULT idgen_sql.ulid(), client int, n int);
SQL

pids=()
for c in $(seq 1 "$clients"); do
  for i in $(seq 1 "$rows"); do
    for t in sf u7 um sh ul; do echo "INSERT INTO $t (client, n) VALUES ($c, $i);"; done
    # every 10th row: IDs handed out in a transaction that rolls back
    if [ $((i % 10)) -eq 0 ]; then
      echo "BEGIN; SELECT 'rolled back', idgen_sql.snowflake_id()::text UNION ALL SELECT 'rolled back', idgen_sql.uuid_v7()::text
            UNION ALL SELECT 'rolled back', idgen_sql.ulid_monotonic()::text UNION ALL SELECT 'rolled back', idgen_sql.next_shard_id(3)::text; ROLLBACK;"
    fi
  done >"$work/client$c.sql"
  app -At -F ' ' -f "$work/client$c.sql" >"$work/client$c.out" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
[ $status -eq 0 ] || { echo "FAIL: a client failed"; exit 1; }
grep -h '^rolled back ' "$work"/client*.out | cut -d' ' -f3 >"$work/rolled_back"
app -c 'CREATE TEMP TABLE rolled_back (id text)' -c "\\copy rolled_back FROM '$work/rolled_back'" -At -f - <<SQL >"$work/checks"
SELECT t, count(*), count(DISTINCT id),
       (SELECT count(*) FROM rolled_back r WHERE r.id IN (SELECT id::text FROM sf UNION ALL SELECT id::text FROM u7
                                                         UNION ALL SELECT id::text FROM um UNION ALL SELECT id::text FROM sh)),
       (SELECT count(*) FROM rolled_back) - (SELECT count(DISTINCT id) FROM rolled_back),
       out_of_order
  FROM (SELECT 'snowflake_id' AS t, id::text AS id, (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY client ORDER BY n) AS bad FROM sf) x WHERE bad) AS out_of_order FROM sf
        UNION ALL SELECT 'uuid_v7', id::text, (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY client ORDER BY n) AS bad FROM u7) x WHERE bad) FROM u7
        UNION ALL SELECT 'ulid_monotonic', id::text, (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY client ORDER BY n) AS bad FROM um) x WHERE bad) FROM um
        UNION ALL SELECT 'next_shard_id(3)', id::text, (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY client ORDER BY n) AS bad FROM sh) x WHERE bad) FROM sh
        UNION ALL SELECT 'ulid', id::text, (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY client ORDER BY n) AS bad FROM ul) x WHERE bad) FROM ul) a
 GROUP BY t, out_of_order ORDER BY t;
SELECT 'snowflake node', count(*) FILTER (WHERE idgen_sql.snowflake_node(id) <> (SELECT node_id FROM idgen_sql._idgen_node)) FROM sf;
SELECT 'shard', count(*) FILTER (WHERE idgen_sql.shard_id_shard(id) <> 3) FROM sh;
SQL
expected=$((clients * rows))
rolled=$(wc -l <"$work/rolled_back")
fail=0
while IFS='|' read -r gen n distinct reused repeated disorder; do
  [ "$gen" = "snowflake node" ] || [ "$gen" = shard ] && {
    [ "$n" = 0 ] && echo "ok: every $gen field is the one set" || { echo "FAIL: $n IDs with another $gen"; fail=1; }
    continue; }
  line="$gen: $n rows from $clients sessions, $distinct distinct, $disorder out of session order"
  if [ "$n" = "$expected" ] && [ "$distinct" = "$n" ] && [ "$disorder" = 0 ]; then echo "ok: $line"; else echo "FAIL: $line"; fail=1; fi
  in_tables=$reused twice=$repeated
done <"$work/checks"
rolled_line="${in_tables:-?} of $rolled IDs drawn in rolled-back transactions are in a table, ${twice:-?} drawn twice"
if [ "$rolled" -gt 0 ] && [ "${in_tables:-x}" = 0 ] && [ "${twice:-x}" = 0 ]; then echo "ok: $rolled_line"; else echo "FAIL: ${rolled_line:-no rolled-back IDs}"; fail=1; fi
exit $fail
