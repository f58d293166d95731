#!/usr/bin/env bash
# docs/adding-a-family.md's two worked examples, as the page writes them: its
# blocks marked <!-- add_family EXAMPLE: FILE after|before "LINE" --> (or
# FILE new, FILE end) go into one copy of the tracked files, which is built and
# installed into a copy of the server's installation. For each example it
# prints the files edited by hand outside test/ and docs/ and fails when
# there are more than the page says ("**EXAMPLE**: files edited by hand
# outside test/ and docs/: N"). The copy then passes the fast tier (what a
# contributor runs before sending it: the generated files' checks, the unit
# tests that read the family table, idgen-decode's, pg_regress with the
# catalog outputs, pgTAP, the documents' tests, both clients', and the update
# from the first release), and each new type is checked on a server: its text
# both ways and its refusals, order, indexes, its generator and decoders,
# and idgen-decode.
#   ADD_FAMILY_TIER=no   the examples' own checks only
#   ADD_FAMILY_KEEP=yes  keep the copy, to look into a failure
set -euo pipefail
cd "$(dirname "$0")/../.."
doc=docs/adding-a-family.md
port=${INTEGRATION_PORT:-$((25887 + ${IDGEN_PORT_OFFSET:-0}))}
python3=/usr/bin/python3
[ -x "$python3" ] || { echo "$python3 is missing: run test/install-deps.sh" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/idgen-add-family-tree.XXXXXX")
chmod 755 "$work"
PG_DIR=
keep=${ADD_FAMILY_KEEP:-no}  # yes: the copy stays (its path is printed), to look into a failure
trap 'set +e; [ -n "$PG_DIR" ] && { pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"; }
      if [ "$keep" = yes ]; then echo "the copy: $work/tree (its installation: $work/pg)"; else rm -rf "$work"; fi' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
SECONDS=0

# --- the tree, and both examples applied to it; each example's files to $work/EXAMPLE.files
mkdir "$work/tree"
git ls-files -z | xargs -0 cp --parents -t "$work/tree"
"$python3" - "$doc" "$work/tree" "$work" <<'PY'
import collections, pathlib, re, sys
doc, tree, out = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
blocks = re.findall(r'<!-- add_family (\w+): (\S+) (after|before|new|end)(?: "(.*?)")? -->\n```\w*\n(.*?)```', doc, re.S)
if not blocks:
    sys.exit(f"{sys.argv[1]} has no add_family blocks")
files = collections.defaultdict(set)
for example, path, where, anchor, text in blocks:
    f = tree / path
    files[example].add(path)
    if where == 'new':
        if f.exists():
            sys.exit(f"{path}: the page makes it new, but it exists")
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text)
        continue
    lines = f.read_text().splitlines(keepends=True)
    if where == 'end':
        f.write_text("".join(lines) + text)
        continue
    at = next((i for i, l in enumerate(lines) if l.startswith(anchor)), None)
    if at is None:
        sys.exit(f"{path}: no line starts with {anchor!r}")
    lines[at + 1 if where == "after" else at:at] = [text]
    f.write_text("".join(lines))
for example, paths in files.items():
    (out / f'{example}.files').write_text(''.join(p + '\n' for p in sorted(paths)))
PY

# --- what each example edits by hand outside test/ and docs/, against the page
for list in "$work"/*.files; do
  example=$(basename "$list" .files)
  hand=$(grep -v -e '^test/' -e '^docs/' "$list" || true)
  n=$(printf '%s' "$hand" | grep -c . || true)
  stated=$(sed -n "s/.*\*\*$example\*\*: files edited by hand outside test\/ and docs\/: \([0-9]*\)\..*/\1/p" "$doc" | head -1)
  [ -n "$stated" ] || fail "$doc does not say how many files $example edits by hand"
  echo "$example: files edited by hand outside test/ and docs/: $n (the page: at most $stated)"
  printf '  %s\n' $hand
  [ "$n" -le "$stated" ] || fail "$example edits $n files outside test/ and docs/; $doc says $stated"
done

# --- a copy of the server's installation to install into
pg_bindir=$(pg_config --bindir)
root=${pg_bindir%/usr/lib/postgresql/*}
major=$(basename "$(dirname "$pg_bindir")")
[ -d "$root/usr/share/postgresql/$major" ] || fail "cannot find $pg_bindir's installation"
for dir in lib share include; do
  mkdir -p "$work/pg/usr/$dir/postgresql"
  cp -a "$root/usr/$dir/postgresql/$major" "$work/pg/usr/$dir/postgresql/"
done
export PATH=$work/pg/usr/lib/postgresql/$major/bin:$PATH PG_BINDIR=$work/pg/usr/lib/postgresql/$major/bin
[ "$(pg_config --bindir)" = "$PG_BINDIR" ] || fail "the copy's pg_config is not first on PATH"

(cd "$work/tree" && find . -type f -exec md5sum {} + >"$work/before.md5")
(cd "$work/tree" && make -s -j"$(nproc)" IDGEN_WERROR=1 && make -s install) >"$work/build.log" 2>&1 ||
  { tail -n 40 "$work/build.log" >&2; fail "the tree with the examples does not build"; }
echo "built and installed: ${SECONDS}s"
# what make wrote into tracked files (the generated ones, to commit)
(cd "$work/tree" && md5sum --quiet -c "$work/before.md5" 2>/dev/null | sed -n 's|^\./\(.*\): FAILED$|  written by make: \1|p') || true

# --- the fast tier, in the copy
tier() {  # tier NAME COMMAND...: runs it in the copy, its output kept apart
  local t=$SECONDS
  if (cd "$work/tree" && "$@") >"$work/tier.log" 2>&1; then
    echo "ok: $1 $2 ($((SECONDS - t))s)"
  else
    tail -n 40 "$work/tier.log" >&2
    fail "the copy with the examples fails: $*"
  fi
}
if [ "${ADD_FAMILY_TIER:-yes}" != no ]; then
  tier bash test/generated_sql.sh
  tier bash test/family_constants.sh
  tier bash test/cli/run.sh
  # the unit tests that read the family table, linked with the core make built
  tier bash -c 'g++ -std=c++20 -fno-exceptions -fno-rtti -DIDGEN_ONE_THREAD_PER_PROCESS -Isrc/core -o unit-tests \
                  test/unit/family_fields_test.cpp test/unit/family_digits_test.cpp test/unit/reservation_text_test.cpp \
                  src/core/*.o -lgtest -lgtest_main -lcrypto -pthread && ./unit-tests'
  tier bash test/run-regress.sh
  tier bash test/run-pgtap.sh
  # the page's step for the documents: reference.md's rows written, then checked
  tier bash -c 'test/doc/reference.sh --write && test/doc/reference.sh --check'
  tier bash test/doc/preload_list.sh
  # what CI checks of the documents and the mutants that a family's row or
  # its functions change: README's length, every page's blocks (the SQL
  # edition's install notice counts the functions), every mutant's snippet
  tier bash test/doc/readme.sh
  tier bash test/doc/sql_blocks.sh
  tier bash test/doc/overview_claims.sh
  tier /usr/bin/python3 -c 'from importlib.machinery import SourceFileLoader
m = SourceFileLoader("mutants", "test/mutants").load_module()
stale = m.stale_snippets(m.MUTANTS)
print("\n".join(m.name for m in stale))
raise SystemExit(1 if stale else 0)'
  tier bash clients/python/test.sh
  tier bash clients/node/test.sh
  # every update from the first release (sql/idgen--0.1.0.sql is the one full
  # script of a release that is installed: a later release's full script
  # is on no fresh machine), the new types' in the update to their `since`
  tier bash test/integration/upgrade.sh
fi

# --- the new types, on a server of the copy
source test/lib/pg_server.sh
PG_DIR=$(pg_scratch_dir add-family)
pg_server_start "$PG_DIR" "$port" "shared_preload_libraries = 'idgen'" "TimeZone = 'UTC'" "idgen.node_id = 3"
pg_psql "$port" -c "CREATE EXTENSION idgen"
checks=0
same() {  # same WHAT GOT EXPECTED
  checks=$((checks + 1))
  [ "$2" == "$3" ] || fail "$1"$'\n'"  expected: $3"$'\n'"  got:      $2"
}
sql() { pg_psql "$port" -At -c "$1" 2>&1; }
decode=$PG_BINDIR/idgen-decode

# sulid: its text, written in upper case, read in either; 2^32 is 1 ms of time
same "round trip" "$(sql "SELECT '0000000004000000'::sulid, 'zzzzzzzzzzzzzzzz'::sulid::text")" \
  "0000000004000000|ZZZZZZZZZZZZZZZZ"
same "decoder" "$(sql "SELECT sulid_timestamp('0000000004000000')")" "1970-01-01 00:00:00.001+00"
same "a new one is of now" \
  "$(sql "SELECT abs(extract(epoch FROM sulid_timestamp(sulid()) - now())) < 5")" "t"
same "casts to and from text" "$(sql "SELECT ('0000000004000000'::sulid)::text::sulid = '0000000004000000'")" "t"
same "bad character" "$(sql "SELECT 'U000000004000000'::sulid" | head -2)" \
  'ERROR:  invalid input syntax for type sulid: "U000000004000000"
LINE 1: SELECT '"'"'U000000004000000'"'"'::sulid'
same "its refusal names its alphabet" \
  "$(pg_psql "$port" -At -c "SELECT 'U000000004000000'::sulid" 2>&1 | sed -n 's/^DETAIL:  //p')" \
  'Character 1, "U", is not in Crockford'"'"'s base32 alphabet: 0-9 and A-Z without I, L, O and U.'
same "bad length" "$(pg_psql "$port" -At -v VERBOSITY=verbose -c "SELECT '000'::sulid" 2>&1 | sed -n 's/^ERROR:  \([0-9A-Z]*\):.*/\1/p')" "22P02"

# order: the bytes' order, which is the text's; min and max
pg_psql "$port" <<'SQL'
CREATE TABLE ids (id sulid);
INSERT INTO ids SELECT sulid() FROM generate_series(1, 2000);
INSERT INTO ids SELECT ('000000000' || i % 10 || '00000' || i % 7)::sulid FROM generate_series(1, 200) AS i;
CREATE INDEX ids_btree ON ids (id);
CREATE INDEX ids_hash ON ids USING hash (id);
ANALYZE ids;
SQL
same "sorts as its text" "$(sql "SELECT bool_and(a) FROM (SELECT (lag(id) OVER (ORDER BY id))::text <= id::text AS a FROM ids) s")" "t"
same "min and max" "$(sql "SELECT min(id) = (SELECT id FROM ids ORDER BY id LIMIT 1) AND max(id) = (SELECT id FROM ids ORDER BY id DESC LIMIT 1) FROM ids")" "t"
same "equality (i = 14, 84, 154)" "$(sql "SELECT count(*) FROM ids WHERE id = '0000000004000000'")" "3"
same "range" "$(sql "SELECT count(*) FROM ids WHERE id < '0000000010000000'")" "200"

# the indexes answer it
plan() { pg_psql "$port" -At -c "SET enable_seqscan = off; SET enable_bitmapscan = off; $1; EXPLAIN (COSTS OFF) $2"; }
same "btree index" "$(plan "SET enable_indexonlyscan = off" "SELECT * FROM ids WHERE id < '0000000010000000'" | head -1)" \
  "Index Scan using ids_btree on ids"
same "hash index" "$(plan "DROP INDEX ids_btree" "SELECT * FROM ids WHERE id = '0000000004000000'" | head -1)" \
  "Index Scan using ids_hash on ids"
same "btree answers" "$(pg_psql "$port" -At -c "SET enable_seqscan = off; SELECT count(*) FROM ids WHERE id = '0000000009000006'")" \
  "$(sql "SELECT count(*) FROM ids WHERE id::text = '0000000009000006'")"
same "idgen-decode --kind" "$("$decode" --kind sulid 0000000004000000)" "0000000004000000 sulid ts=1970-01-01T00:00:00.001Z"
same "idgen-decode guesses it" "$("$decode" 000000000400000z)" "000000000400000z sulid ts=1970-01-01T00:00:00.001Z"

# flake: 64-bit ms | 48-bit worker | 16-bit sequence, 32 hex digits
f=0000017176787149a1b2c3d4e5f6ffff
same "flake's decoders" "$(sql "SELECT flake_timestamp('$f'), flake_worker('$f'), flake_seq('$f')")" \
  "2020-04-14 02:15:37.033+00|177789161760246|65535"
same "flake's text, read in either case" "$(sql "SELECT upper('$f')::flake")" "$f"
same "flake(): node 3 and this backend, strictly increasing" \
  "$(sql "SELECT count(DISTINCT f) = 5000 AND bool_and(flake_worker(f) >> 32 = 3)
                 AND bool_and(f > p) FILTER (WHERE p IS NOT NULL)
            FROM (SELECT f, lag(f) OVER (ORDER BY n) p FROM (SELECT n, flake() f FROM generate_series(1, 5000) n) s) t")" "t"
same "flake(): two sessions never share one" \
  "$(sql "CREATE TABLE flakes AS SELECT flake() f FROM generate_series(1, 3000);
          INSERT INTO flakes SELECT flake() FROM generate_series(1, 3000)" >/dev/null
     pg_psql "$port" -At -c "INSERT INTO flakes SELECT flake() FROM generate_series(1, 3000)" >/dev/null
     sql "SELECT count(*) = count(DISTINCT f) FROM flakes")" "t"
same "flake's time past its row is refused" \
  "$(pg_psql "$port" -At -v VERBOSITY=verbose -c "SELECT flake_timestamp('ffffffffffffffff0000000000000000')" 2>&1 | head -1)" \
  "ERROR:  22003: timestamp (Unix ms 9223372036854775807) is out of range for flake_timestamp(flake)"
same "flake's refusal names its alphabet" \
  "$(pg_psql "$port" -At -c "SELECT 'g000017176787149a1b2c3d4e5f6ffff'::flake" 2>&1 | sed -n 's/^DETAIL:  //p')" \
  'Character 1, "g", is not in hexadecimal: 0-9, a-f and A-F.'
same "flake btree" "$(pg_psql "$port" -At -c "CREATE INDEX ON flakes (f); SET enable_seqscan = off; SELECT count(*) FROM flakes WHERE f >= (SELECT min(f) FROM flakes)")" "9000"
same "idgen-decode --kind flake" "$("$decode" --kind flake $f)" \
  "$f flake ts=2020-04-14T02:15:37.033Z worker=177789161760246 seq=65535"

echo "add_family: both examples pass $checks checks; all in ${SECONDS}s"
