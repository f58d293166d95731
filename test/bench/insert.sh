#!/usr/bin/env bash
# Measurement 2, bulk insert: one INSERT ... SELECT of N rows into a table
# whose primary key is filled by DEFAULT f(), then the key's index size
# (pg_relation_size) and its leaf density (pgstatindex, where the server has
# pgstattuple). "insert" contenders get the default fillfactor (90 for a
# B-tree), "ff100" ones a second table with fillfactor = 100 on the key.
# Writes BENCH_OUT/insert.tsv.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/bench/lib.sh

rows=${BENCH_INSERT_ROWS:-1000000}
out=$BENCH_OUT/insert.tsv
printf 'label\tserver\tkey_type\tfillfactor\trows\tseconds\tindex_bytes\ttable_bytes\tleaf_density\n' >"$out"

measure() {
  local label=$1 expr=$2 server=$3 ff=$4 type key
  if [ "$expr" = identity ]; then
    type=bigint
    key="id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY WITH (fillfactor = $ff)"
  else
    type=$(bench_sql "$server" "SELECT pg_typeof($expr)")
    key="id $type PRIMARY KEY WITH (fillfactor = $ff) DEFAULT $expr"
  fi
  echo "insert: $label, fillfactor $ff" >&2
  bench_sql "$server" "SET client_min_messages = warning; DROP TABLE IF EXISTS bench_insert; CREATE TABLE bench_insert ($key, n int); CHECKPOINT" >/dev/null
  local s sizes
  s=$(bench_sql "$server" "SELECT bench_insert_s('bench_insert', $rows)")
  sizes=$(bench_sql "$server" "SELECT pg_relation_size('bench_insert_pkey') || E'\t' || pg_relation_size('bench_insert') || E'\t' ||
      coalesce((SELECT (pgstatindex('bench_insert_pkey')).avg_leaf_density::text
                  WHERE EXISTS (SELECT FROM pg_extension WHERE extname = 'pgstattuple')), '')")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$server" "$type" "$ff" "$rows" "$s" "$sizes" >>"$out"
  bench_sql "$server" "DROP TABLE bench_insert" >/dev/null
}

while IFS=$'\t' read -r label expr server; do
  measure "$label" "$expr" "$server" 90
done < <(contenders insert)
while IFS=$'\t' read -r label expr server; do
  measure "$label" "$expr" "$server" 100
done < <(contenders ff100)
