#!/usr/bin/env bash
# docs/reference.md's function table, made from the installed extension's catalog:
# every function with its signature, result type, volatility and an example
# from test/doc/examples.tsv, run on a throwaway server to show its result.
#   test/doc/reference.sh           prints the table
#   test/doc/reference.sh --write   puts it into docs/reference.md between the markers:
#                                   a row whose function, types, volatility and
#                                   example stand keeps its place and its result
#   test/doc/reference.sh --check   fails if docs/reference.md's table lists other
#                                   functions or markings than the catalog, its
#                                   setup block is not this script's, or "The
#                                   rest of the SQL interface" leaves out one of
#                                   a kind of function it lists
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${DOC_PORT:-$((25825 + ${IDGEN_PORT_OFFSET:-0}))}
mode=${1:-print}
doc=docs/reference.md
pg_throwaway_server reference "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
pg_psql "$port" -q <<'SQL' >/dev/null
SET client_min_messages = warning;
CREATE EXTENSION idgen;
-- what the examples name, as docs/reference.md shows it (--check compares
-- the two); a key of known bytes, so that the public IDs' examples give the
-- same results at every run
CREATE SEQUENCE photos_id_seq;
CREATE TABLE legacy_orders (id serial PRIMARY KEY);
SELECT idgen_key_import('example', '\x000102030405060708090a0b0c0d0e0f');
CREATE TABLE events_by_day (id ulid NOT NULL) PARTITION BY RANGE (id);
SQL

# the examples: examples.tsv's, then idgen-native-types' for what it makes
# from the family table that examples.tsv does not name
source test/lib/native_types.sh
examples=$(grep -v '^#' test/doc/examples.tsv; "$(native_types_bin "$PG_DIR")" --examples)

# function, returns, volatility: the table's first three columns
catalog=$(pg_psql "$port" -At -F $'\t' <<'SQL'
SELECT p.oid::regprocedure,
       format('`%s(%s)`', p.proname, pg_get_function_arguments(p.oid)),
       CASE WHEN p.prokind = 'a' THEN 'aggregate' ELSE pg_get_function_result(p.oid) END,
       CASE p.provolatile WHEN 'i' THEN 'immutable' WHEN 's' THEN 'stable' ELSE 'volatile' END
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
   -- the types' input/output, operator, index and aggregate support, planner support
   AND p.proname !~ '_(in|out|recv|send|eq|ne|lt|le|gt|ge|cmp|sortsupport|hash|hash_extended|larger|smaller|support)$'
   AND p.proname !~ '^brin_minmax_multi_distance_'
   AND p.prorettype <> 'trigger'::regtype
 ORDER BY p.oid
SQL
)

table() {
  echo "| function | returns | volatility | example | result |"
  echo "|---|---|---|---|---|"
  local proc signature returns volatility example result
  while IFS=$'\t' read -r proc signature returns volatility; do
    example=$(awk -F'\t' -v p="$proc" '$1 == p { print $2; exit }' <<<"$examples")
    if [ -z "$example" ]; then
      echo "no example for $proc in test/doc/examples.tsv (nor from idgen-native-types --examples)" >&2; return 1
    fi
    result=$(pg_psql "$port" -At -F ', ' -c "SET timezone = 'UTC'" -c "SELECT $example" | head -1)
    echo "| $signature | $returns | $volatility | \`SELECT ${example//|/\\|}\` | ${result:+\`${result//|/\\|}\`} |"
  done <<<"$catalog"
}

begin='<!-- function reference: made by test/doc/reference.sh --write -->'
end='<!-- end of function reference -->'
case $mode in
  print) table ;;
  --write)
    table >"$PG_DIR/made.md"
    # rows already in the page stay where they are, with the result they
    # show, while their function, result type, volatility and example are
    # the catalog's: a generator's result changes at every run. A new row
    # goes after the row of the function before it in the catalog.
    awk -v b="$begin" -v e="$end" '$0 == b { on = 1; next } $0 == e { on = 0 } on' "$doc" >"$PG_DIR/old.md"
    python3 - "$PG_DIR/old.md" "$PG_DIR/made.md" >"$PG_DIR/table.md" <<'PY'
import sys
def rows(path):
    lines = open(path).read().splitlines()
    return lines[:2], [(l.split(' | ')[0], l) for l in lines[2:] if l.startswith('| `')]
def same(a, b):  # all but the result
    return a.rsplit(' | ', 1)[0] == b.rsplit(' | ', 1)[0]
_, old = rows(sys.argv[1])
head, made = rows(sys.argv[2])
old_line, made_line = dict(old), dict(made)
order = [k for k, _ in old if k in made_line]
for i, (k, _) in enumerate(made):
    if k not in order:
        before = next((made[j][0] for j in range(i - 1, -1, -1) if made[j][0] in order), None)
        order.insert(order.index(before) + 1 if before else 0, k)
print('\n'.join(head))
for k in order:
    print(old_line[k] if k in old_line and same(old_line[k], made_line[k]) else made_line[k])
PY
    awk -v b="$begin" -v e="$end" -v f="$PG_DIR/table.md" '
      $0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
      $0 == e { skip = 0 }
      !skip' "$doc" >"$PG_DIR/doc.md"
    grep -qxF "$begin" "$doc" || { echo "$doc lacks the marker: $begin" >&2; exit 1; }
    cat "$PG_DIR/doc.md" >"$doc" ;;
  --check)
    # compare function, returns and volatility only: results of generators vary
    cut -d'|' -f2-4 <(table | tail -n +3) | sort >"$PG_DIR/catalog.txt"
    awk -v b="$begin" -v e="$end" '$0 == b { on = 1 } $0 == e { on = 0 } on' "$doc" | grep '^| `' | cut -d'|' -f2-4 | sort >"$PG_DIR/doc.txt"
    if ! diff -u "$PG_DIR/doc.txt" "$PG_DIR/catalog.txt"; then
      echo "$doc's function reference is out of date: run test/doc/reference.sh --write" >&2
      exit 1
    fi
    # the setup the page shows is this script's (its first here-document,
    # but for its SET, CREATE EXTENSION and comments)
    awk "/<<'SQL' >\/dev\/null\$/ { on = 1; next } on && /^SQL\$/ { exit } on" test/doc/reference.sh |
      grep -v -e '^--' -e '^SET ' -e '^CREATE EXTENSION ' >"$PG_DIR/setup.sql"
    awk '/^<!-- the examples. setup:/ { on = 1; next } on && /^```sql$/ { next } on && /^```$/ { exit } on' "$doc" >"$PG_DIR/doc_setup.sql"
    if ! diff -u "$PG_DIR/doc_setup.sql" "$PG_DIR/setup.sql"; then
      echo "$doc's block of the examples' setup is not what test/doc/reference.sh makes" >&2
      exit 1
    fi
    # "The rest of the SQL interface" lists kinds of function by name: every
    # one of each kind the catalog has (a list that drifted missed two). The
    # types' support functions, which the family table makes for a new type,
    # it names by rule, as a new family's example (adding-a-family.md) keeps
    rest=$(awk '/^## The rest of the SQL interface$/ { on = 1; next } on && /^## / { exit } on' "$doc")
    missing=$(pg_psql "$port" -At <<'SQL' | while read -r f; do grep -qF "\`$f\`" <<<"$rest" || echo "$f"; done
SELECT DISTINCT p.proname
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
   AND p.proname ~ '(_resume_after|_time_encoder|_time_decoder)$'
 ORDER BY 1
SQL
)
    if [ -n "$missing" ]; then
      echo "$doc's \"The rest of the SQL interface\" leaves out:" $missing >&2
      exit 1
    fi
    echo "function reference: $(wc -l <"$PG_DIR/catalog.txt") functions, as in the catalog" ;;
  *) echo "usage: $0 [--write|--check]" >&2; exit 2 ;;
esac
