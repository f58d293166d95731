#!/usr/bin/env bash
# The SQL edition's cost, on a throwaway PostgreSQL 15 (idgen preloaded,
# idgen.node_id = 1): per row, each SQL-edition function against the C
# extension's and against the snippets people paste (Instagram's PL/pgSQL
# next_id() from the seeds, the PL/pgSQL uuid_generate_v7() of a popular
# gist); then INSERT throughput with each generator as the key's DEFAULT.
# Prints Markdown tables (docs/performance.md has one run). Rounds are
# interleaved, each cell is the median of its rounds. Not a test: it never
# fails on a number.
#   bash test/bench/sql_edition.sh        BENCH_ROWS (20000), BENCH_ROUNDS (5)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
rows=${BENCH_ROWS:-20000}
rounds=${BENCH_ROUNDS:-5}
port=${BENCH_PORT:-$((25880 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server bench-sql-edition "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
sql() { pg_psql "$port" -At "$@"; }

sql -o /dev/null <<'SQL'
CREATE SCHEMA idgen;
CREATE EXTENSION idgen SCHEMA idgen;
CREATE SCHEMA idgen_sql;
CREATE SEQUENCE s;
-- Instagram's next_id(), as seed 001 prints it (%% there is printf's %)
CREATE SCHEMA insta5;
CREATE SEQUENCE insta5.table_id_seq;
CREATE OR REPLACE FUNCTION insta5.next_id(OUT result bigint) AS $$ DECLARE our_epoch bigint := 1314220021721; seq_id bigint; now_millis bigint; shard_id int := 5; BEGIN SELECT nextval('insta5.table_id_seq') % 1024 INTO seq_id; SELECT FLOOR(EXTRACT(EPOCH FROM clock_timestamp()) * 1000) INTO now_millis; result := (now_millis - our_epoch) << 23; result := result | (shard_id <<10); result := result | (seq_id); END; $$ LANGUAGE PLPGSQL;
-- the uuid_generate_v7() of kjmph's gist (the one blog posts copy)
CREATE FUNCTION uuid_generate_v7() RETURNS uuid AS $$
BEGIN
  RETURN encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
                from 1 for 6), 52, 1), 53, 1), 'hex')::uuid;
END $$ LANGUAGE plpgsql VOLATILE;
SQL
pg_psql "$port" -q -f test/bench/timing.sql
pg_psql "$port" -q -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql -c 'SELECT idgen_sql.idgen_set_node_id(1)' >/dev/null

# what | SQL edition | C extension | pasted snippet ('-': none); @ is the schema
contenders=(
  "snowflake_id()|@.snowflake_id()|-"
  "next_shard_id(5)|@.next_shard_id(5)|insta5.next_id()"
  "next_shard_id(5, nextval('s'))|@.next_shard_id(5, nextval('s'))|insta5.next_id()"
  "uuid_v7()|@.uuid_v7()|uuid_generate_v7()"
  "uuid_v4()|@.uuid_v4()|gen_random_uuid()"
  "ulid()|@.ulid()|-"
  "ulid_monotonic()|@.ulid_monotonic()|-"
  "ksuid()|@.ksuid()|-"
  "objectid()|@.objectid()|-"
  "uuid_v1()|@.uuid_v1()|-"
  "uuid_v5(dns, g::text)|@.uuid_v5(@.uuid_namespace_dns(), g::text)|-"
  "snowflake_timestamp(id)|@.snowflake_timestamp(g::bigint << 22)|-"
  "ULID text of a uuid|@.ulid_text(md5(g::text)::uuid)|-"
)
# the C edition's text of a ULID is a cast
c_expr() { local e=${1//@/idgen}; echo "${e/idgen.ulid_text(md5(g::text)::uuid)/md5(g::text)::uuid::idgen.ulid::text}"; }
s_expr() { echo "${1//@/idgen_sql}"; }

declare -A us
for r in $(seq 1 "$rounds"); do
  echo "per row: round $r of $rounds ($rows rows each)" >&2
  for c in "${contenders[@]}"; do
    IFS='|' read -r label expr snippet <<<"$c"
    us[$label,s]+=" $(sql -c "SELECT bench_per_row_us(\$q\$$(s_expr "$expr")\$q\$, $rows)")"
    us[$label,c]+=" $(sql -c "SELECT bench_per_row_us(\$q\$$(c_expr "$expr")\$q\$, $rows)")"
    [ "$snippet" = - ] || us[$label,p]+=" $(sql -c "SELECT bench_per_row_us(\$q\$$snippet\$q\$, $rows)")"
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo
echo "Per row, µs (median of $rounds rounds of $rows rows; SELECT count(f) FROM generate_series):"
echo
echo "| function | SQL edition | C extension | SQL / C | pasted snippet | snippet |"
echo "|---|---:|---:|---:|---|---:|"
for c in "${contenders[@]}"; do
  IFS='|' read -r label expr snippet <<<"$c"
  s=$(median "${us[$label,s]}") cc=$(median "${us[$label,c]}")
  p=-; [ "$snippet" = - ] || p=$(median "${us[$label,p]}")
  printf '| `%s` | %s | %s | %s× | %s | %s |\n' "$label" "$s" "$cc" "$(awk -v a="$s" -v b="$cc" 'BEGIN { printf "%.0f", a / b }')" \
    "$([ "$snippet" = - ] && echo - || echo "\`$snippet\`")" "$p"
done

# INSERT with the generator as the primary key's DEFAULT
inserts=(
  "snowflake_id()|bigint|@.snowflake_id()"
  "next_shard_id(5)|bigint|@.next_shard_id(5)"
  "Instagram next_id()|bigint|insta5.next_id()"
  "uuid_v7()|uuid|@.uuid_v7()"
  "uuid_generate_v7() (gist)|uuid|uuid_generate_v7()"
  "ulid()|@ulid|@.ulid()"
  "ulid_monotonic()|@ulid|@.ulid_monotonic()"
  "ksuid()|@ksuid|@.ksuid()"
)
n=0
for i in "${inserts[@]}"; do
  IFS='|' read -r label type expr <<<"$i"
  n=$((n + 1))
  ctype=${type/@/idgen.}; stype=${type/@/}; [ "$stype" = ksuid ] && stype=bytea; [ "$stype" = ulid ] && stype=uuid
  sql -c "CREATE TABLE ins_s$n (id $stype PRIMARY KEY DEFAULT $(s_expr "$expr"), n int)" \
      -c "CREATE TABLE ins_c$n (id $ctype PRIMARY KEY DEFAULT ${expr//@/idgen}, n int)"
done
declare -A ins
for r in $(seq 1 "$rounds"); do
  echo "insert: round $r of $rounds" >&2
  for k in $(seq 1 $n); do
    ins[$k,s]+=" $(sql -c "TRUNCATE ins_s$k" -c "SELECT $rows / bench_insert_s('ins_s$k', $rows)")"
    ins[$k,c]+=" $(sql -c "TRUNCATE ins_c$k" -c "SELECT $rows / bench_insert_s('ins_c$k', $rows)")"
  done
done
echo
echo "INSERT of $rows rows in one statement, the key filled by its DEFAULT, rows per second (median of $rounds):"
echo
echo "| DEFAULT | SQL edition | C extension | C / SQL |"
echo "|---|---:|---:|---:|"
k=0
for i in "${inserts[@]}"; do
  IFS='|' read -r label type expr <<<"$i"
  k=$((k + 1))
  s=$(median "${ins[$k,s]}") cc=$(median "${ins[$k,c]}")
  if [[ $expr == *@* ]]; then
    printf '| `%s` | %.0f | %.0f | %s× |\n' "$label" "$s" "$cc" "$(awk -v a="$s" -v b="$cc" 'BEGIN { printf "%.1f", b / a }')"
  else
    printf '| `%s` (pasted snippet) | %.0f | | |\n' "$label" "$s"
  fi
done
