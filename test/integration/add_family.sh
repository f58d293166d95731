#!/usr/bin/env bash
# docs/adding-a-family.md's first worked example, as the page writes it: its
# blocks marked <!-- add_family: FILE after|before "LINE" --> go into a copy
# of the tracked files, which is built and installed into a copy of the
# server's installation. The new type must then round-trip its text, sort,
# be found through btree and hash indexes, refuse bad text in its own words,
# and be read by idgen-decode. It prints how many files outside test/ and
# docs/ the example touched, and fails when that is more than the page says.
set -euo pipefail
cd "$(dirname "$0")/../.."
doc=docs/adding-a-family.md
port=${INTEGRATION_PORT:-$((25887 + ${IDGEN_PORT_OFFSET:-0}))}
python3=/usr/bin/python3
[ -x "$python3" ] || { echo "$python3 is missing: run test/install-deps.sh" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/idgen-add-family-tree.XXXXXX")
chmod 755 "$work"
PG_DIR=
trap 'set +e; [ -n "$PG_DIR" ] && { pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"; }; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# --- the tree, and the example applied to it
mkdir "$work/tree"
git ls-files -z | xargs -0 cp --parents -t "$work/tree"
"$python3" - "$doc" "$work/tree" <<'PY'
import pathlib, re, sys
doc, tree = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2])
blocks = re.findall(r'<!-- add_family: (\S+) (after|before) "(.*?)" -->\n```\w*\n(.*?)```', doc, re.S)
if not blocks:
    sys.exit(f"{sys.argv[1]} has no add_family blocks")
for path, where, anchor, text in blocks:
    f = tree / path
    lines = f.read_text().splitlines(keepends=True)
    at = next((i for i, l in enumerate(lines) if l.startswith(anchor)), None)
    if at is None:
        sys.exit(f"{path}: no line starts with {anchor!r}")
    lines[at + 1 if where == "after" else at:at] = [text]
    f.write_text("".join(lines))
PY

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

# --- files the example touched outside test/ and docs/: those edited by
# hand, before make writes the generated files from the row
changed() {
  git ls-files | grep -v -e '^test/' -e '^docs/' | while read -r f; do
    cmp -s "$f" "$work/tree/$f" || echo "$f"; done
}
touched=$(changed)

SECONDS=0
(cd "$work/tree" && make -s -j"$(nproc)" IDGEN_WERROR=1 && make -s install) >"$work/build.log" 2>&1 ||
  { tail -n 40 "$work/build.log" >&2; fail "the tree with the example does not build"; }

n=$(printf '%s' "$touched" | grep -c . || true)
echo "built and installed in $SECONDS s"
echo "files touched outside test/ and docs/: $n"
printf '  %s\n' $touched
echo "files make wrote from the row:"
printf '  %s\n' $(changed | grep -vxF "$touched")
stated=$(sed -n 's/.*files touched outside test\/ and docs\/: \([0-9]*\)\..*/\1/p' "$doc" | head -1)
[ -n "$stated" ] || fail "$doc does not state how many files the example touches"
[ "$n" -le "$stated" ] || fail "the example touched $n files outside test/ and docs/; $doc says $stated"

# --- the new type, on a server of the copy
source test/lib/pg_server.sh
PG_DIR=$(pg_scratch_dir add-family)
pg_server_start "$PG_DIR" "$port" "shared_preload_libraries = 'idgen'" "TimeZone = 'UTC'"
pg_psql "$port" -c "CREATE EXTENSION idgen"
checks=0
same() {  # same WHAT GOT EXPECTED
  checks=$((checks + 1))
  [ "$2" == "$3" ] || fail "$1"$'\n'"  expected: $3"$'\n'"  got:      $2"
}
sql() { pg_psql "$port" -At -c "$1" 2>&1; }

# its text: written in upper case, read in either; 2^32 is 1 ms of time
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

# idgen-decode, as installed: by its name and by its length
decode=$PG_BINDIR/idgen-decode
same "idgen-decode --kind" "$("$decode" --kind sulid 0000000004000000)" "0000000004000000 sulid ts=1970-01-01T00:00:00.001Z"
same "idgen-decode guesses it" "$("$decode" 000000000400000z)" "000000000400000z sulid ts=1970-01-01T00:00:00.001Z"

echo "add_family: the example's sulid type passes $checks checks"
