#!/usr/bin/env bash
# Two builds of idgen side by side, per call: the PATH's installation and
# another (BASE_BINDIR: the bin directory of a copy of PostgreSQL with the
# other build installed, e.g. the last release's), each on a server of its
# own, the same statements on both, rounds interleaved (each round runs every
# case on both, so a burst of load on the shared machine hits them alike).
# The cases are those a change to the family table, the native types' SQL
# or the server-wide registry could slow: the node generators, text in and
# out of the fixed-size types, and typeid's and objectid's comparisons,
# sorts, hashes and max(). Prints each case's median µs per row on both
# and their ratio; never fails on a number.
#   BASE_BINDIR=DIR bash test/bench/two_builds.sh    BENCH_ROWS (200000), BENCH_ROUNDS (7)
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -n "${BASE_BINDIR:-}" ] && [ -x "$BASE_BINDIR/postgres" ] ||
  { echo "BASE_BINDIR must be the bin directory of the other build's PostgreSQL" >&2; exit 2; }
rows=${BENCH_ROWS:-200000}
rounds=${BENCH_ROUNDS:-7}
port=${BENCH_PORT:-$((25888 + ${IDGEN_PORT_OFFSET:-0}))}
source test/lib/pg_server.sh

this_bindir=$PG_BINDIR
dirs=()
trap 'set +e; for d in "${dirs[@]}"; do PG_BINDIR=$d/bindir; pg_server_stop "$d"; rm -rf "$d"; done' EXIT
start() {  # start NAME BINDIR PORT
  local dir
  dir=$(pg_scratch_dir "bench-$1")
  dirs+=("$dir")
  ln -s "$2" "$dir/bindir"
  PG_BINDIR=$2 pg_server_start "$dir" "$3" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
}
start this "$this_bindir" "$port"
start base "$BASE_BINDIR" "$((port + 1))"

setup=$(cat <<SQL
CREATE EXTENSION idgen;
CREATE FUNCTION per_row_us(query text, n int) RETURNS float8 LANGUAGE plpgsql AS \$\$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN
    EXECUTE query;
    RETURN extract(epoch FROM clock_timestamp() - t0) * 1e6 / n;
END \$\$;
CREATE TABLE t AS
SELECT typeid_from_uuid('user', md5(g::text)::uuid) AS tid,
       substr(md5(g::text), 1, 24)::objectid AS oid
  FROM generate_series(1, $rows) AS g;
ANALYZE t;
SET work_mem = '256MB';
SQL
)
for p in "$port" "$((port + 1))"; do pg_psql "$p" -c "$setup" >/dev/null; done

# label|query (over $rows rows)
cases=(
  "tsid()|SELECT count(tsid()) FROM generate_series(1, $rows)"
  "sonyflake_id()|SELECT count(sonyflake_id()) FROM generate_series(1, $rows)"
  "snowflake_id()|SELECT count(snowflake_id()) FROM generate_series(1, $rows)"
  "ksuid()::text (out)|SELECT count(ksuid()::text) FROM generate_series(1, $rows)"
  "text::objectid (in)|SELECT count(lpad(to_hex(g), 24, '0')::objectid) FROM generate_series(1, $rows) AS g"
  "scru128_parse|SELECT count(scru128_parse(lpad(to_hex(g), 25, '0'))) FROM generate_series(1, $rows) AS g"
  "typeid: ORDER BY (sortsupport)|SELECT max(r) FROM (SELECT row_number() OVER (ORDER BY tid) AS r FROM t) s"
  "typeid: < (operator)|SELECT count(*) FILTER (WHERE tid < 'user_01h455vb4pex5vsknk084sn02q') FROM t"
  "typeid: GROUP BY (hash)|SELECT count(*) FROM (SELECT tid FROM t GROUP BY tid) s"
  "typeid: max()|SELECT max(tid) FROM t"
  "objectid: ORDER BY (sortsupport)|SELECT max(r) FROM (SELECT row_number() OVER (ORDER BY oid) AS r FROM t) s"
  "objectid: GROUP BY (hash)|SELECT count(*) FROM (SELECT oid FROM t GROUP BY oid) s"
  "objectid: max()|SELECT max(oid) FROM t"
)
measure() {  # measure PORT QUERY
  pg_psql "$1" -At -c "SET work_mem = '256MB'; SET enable_sort = on" \
    -c "SELECT per_row_us(\$q\$$2\$q\$, $rows)" | tail -1
}
for c in "${cases[@]}"; do measure "$port" "${c#*|}" >/dev/null; measure "$((port + 1))" "${c#*|}" >/dev/null; done
results=$(mktemp)
for r in $(seq 1 "$rounds"); do
  echo "round $r of $rounds" >&2
  for c in "${cases[@]}"; do
    printf '%s\tthis\t%s\n' "${c%%|*}" "$(measure "$port" "${c#*|}")" >>"$results"
    printf '%s\tbase\t%s\n' "${c%%|*}" "$(measure "$((port + 1))" "${c#*|}")" >>"$results"
  done
done
printf '| case | base µs/row | this µs/row | this / base |\n|---|---|---|---|\n'
for c in "${cases[@]}"; do
  label=${c%%|*}
  median() { awk -F'\t' -v l="$label" -v b="$1" '$1 == l && $2 == b { print $3 }' "$results" | sort -g |
             awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
  base=$(median base) this=$(median this)
  awk -v l="$label" -v b="$base" -v t="$this" 'BEGIN { printf "| %s | %.4f | %.4f | %.3f |\n", l, b, t, t / b }'
done
rm -f "$results"
