#!/usr/bin/env bash
# xid12, scru128 and timeflake against their reference implementations:
# xid-ts and scru128 from the npm registry (test/conformance/package.json),
# and for Timeflake, which has no npm package, an independent BigInt
# implementation of the Python reference's documented format
# (test/conformance/timeflake.mjs). For each family:
#   - the published vectors (test/vectors/<family>_published.tsv: rs/xid's
#     id_test.go, the SCRU128 spec's base36_128.c, Timeflake's README): the
#     reference and the server give the stated bytes and fields, and refuse
#     the invalid ones;
#   - the reference's values (half from its generator, half random bytes)
#     through the server: parsed, decoded, written back byte for byte;
#   - the server's values (half from its generator, half random bytes)
#     through the reference, the same way.
# Every comparison prints its count of differences; any difference, or a
# reference that cannot run, fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/conformance.sh

n=${CONFORMANCE_COUNT:-5000}
port=${INTEGRATION_PORT:-$((25877 + ${IDGEN_PORT_OFFSET:-0}))}
conformance_modules
pg_throwaway_server conformance-fixed "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 42"
pg_psql "$port" -c "CREATE EXTENSION idgen"
work=$PG_DIR/conformance
mkdir -p "$work"
chmod 777 "$work"
fail=0

# the server's row of a value v, as the reference's scripts print theirs
declare -A row_sql=(
  [xid12]="xid_text(v), encode(v::bytea, 'hex'), extract(epoch FROM xid_timestamp(v))::bigint::text,
           xid_machine(v)::text, xid_pid(v)::text, xid_counter(v)::text"
  [scru128]="scru128_text(v), encode(v::bytea, 'hex'), (extract(epoch FROM scru128_timestamp(v)) * 1000)::bigint::text"
  [timeflake]="timeflake_text(v), encode(v::bytea, 'hex'), (extract(epoch FROM timeflake_timestamp(v)) * 1000)::bigint::text,
               (('x' || substr(encode(v::bytea, 'hex'), 13, 10))::bit(40)::bigint::numeric * 1099511627776
                 + ('x' || substr(encode(v::bytea, 'hex'), 23, 10))::bit(40)::bigint)::text"
)
declare -A generator=([xid12]="xid_generate()" [scru128]="scru128()" [timeflake]="timeflake()")
declare -A text_function=([xid12]=xid_text [scru128]=scru128_text [timeflake]=timeflake_text)

check() {  # check WHAT DIFFERENCES
  if [ "$2" = 0 ]; then echo "ok: $1: 0 differences"; else echo "FAIL: $1: $2 differences"; fail=1; fi
}

# Lines of a TSV file as text[] (no column count to declare), and whether
# a text is refused as a type's input
pg_psql "$port" <<'SQL'
CREATE TABLE lines (file text, f text[]);
CREATE FUNCTION refused(typ regtype, input text) RETURNS bool LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('SELECT %L::%s', input, typ);
  RETURN false;
EXCEPTION WHEN invalid_text_representation OR numeric_value_out_of_range THEN
  RETURN true;
END $$;
SQL
load() {  # load NAME FILE
  grep -v '^#' "$2" | sed 's/\\/\\\\/g' > "$work/$1.lines"
  pg_psql "$port" <<SQL
CREATE TEMP TABLE raw (line text);
\copy raw FROM '$work/$1.lines' WITH (FORMAT text, DELIMITER E'\x01')
INSERT INTO lines SELECT '$1', string_to_array(line, E'\t') FROM raw;
SQL
}

for family in xid12 scru128 timeflake; do
  row="ARRAY[${row_sql[$family]}]"
  # SCRU128 is read in either case and written in lower case
  published_text=$([ "$family" = scru128 ] && echo "lower(f[1])" || echo "f[1]")

  # the published vectors, through the reference and through the server
  conformance_node "$family.mjs" vectors "test/vectors/${family}_published.tsv" || fail=1
  load "$family-published" "test/vectors/${family}_published.tsv"
  IFS='|' read -r valid invalid differences <<<"$(pg_psql "$port" -At <<SQL
SELECT count(*) FILTER (WHERE f[1] <> 'invalid'), count(*) FILTER (WHERE f[1] = 'invalid'),
       count(*) FILTER (WHERE f[1] <> 'invalid' AND
                        (SELECT $row FROM (SELECT f[1]::$family AS v) x)[1:array_length(f, 1)]
                          IS DISTINCT FROM ($published_text || f[2:]))
       + count(*) FILTER (WHERE f[1] = 'invalid' AND NOT refused('$family', f[2]))
  FROM lines WHERE file = '$family-published';
SQL
)"
  check "$family: $valid published vectors and $invalid published refusals on the server" "$differences"
  [ "$valid" -gt 0 ] && [ "$invalid" -gt 0 ] || { echo "FAIL: $family: no published vectors read"; fail=1; }

  # the reference's values through the server: parsed, decoded, and the
  # bytes written back as the reference wrote them
  conformance_node "$family.mjs" reference "$n" > "$work/reference.tsv"
  load "$family-reference" "$work/reference.tsv"
  differences=$(pg_psql "$port" -At <<SQL
SELECT count(*) FILTER (WHERE (SELECT $row FROM (SELECT f[1]::$family AS v) x) IS DISTINCT FROM f
                           OR ${text_function[$family]}(decode(f[2], 'hex')::$family) <> f[1])
       + abs(count(*) - $n)
  FROM lines WHERE file = '$family-reference';
SQL
)
  check "$family: $n of the reference's values through the server" "$differences"

  # the server's values through the reference: its generator's and random bytes'
  pg_psql "$port" -At -F $'\t' > "$work/server.tsv" <<SQL
SELECT ${row_sql[$family]} FROM (SELECT ${generator[$family]} AS v FROM generate_series(1, $n / 2)) g;
SELECT ${row_sql[$family]} FROM (
  SELECT substr(decode(md5(random()::text) || md5(random()::text), 'hex'), 1,
                length(${generator[$family]}::bytea))::$family AS v
    FROM generate_series(1, $n - $n / 2)) r;
SQL
  rows=$(wc -l < "$work/server.tsv")
  [ "$rows" = "$n" ] || { echo "FAIL: $family: the server gave $rows rows, not $n"; fail=1; }
  conformance_node "$family.mjs" check "$work/server.tsv" || fail=1
done

exit $fail
