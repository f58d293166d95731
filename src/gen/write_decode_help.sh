#!/bin/sh
# Writes idgen-decode's --help into DOC, in place of the block that follows
# its "$ idgen-decode --help" line, so the page shows every kind the family
# table has (the Makefile runs it whenever idgen-decode is built;
# test/cli/run.sh fails while the page differs). DOC's mtime moves either way.
#   sh src/gen/write_decode_help.sh ./idgen-decode docs/idgen-decode.md
set -eu
bin=$1 doc=$2
[ "$(grep -c '^\$ idgen-decode --help$' "$doc")" = 1 ] || {
  echo "$doc: no single \"\$ idgen-decode --help\" line" >&2; exit 1; }
"$bin" --help >"$doc.help"
awk -v help="$doc.help" '
  /^\$ idgen-decode --help$/ { print; while ((getline line < help) > 0) print line; skip = 1; next }
  skip && /^```$/ { skip = 0 }
  !skip { print }
' "$doc" >"$doc.new"
rm -f "$doc.help"
if cmp -s "$doc.new" "$doc"; then rm -f "$doc.new"; touch "$doc"; else mv "$doc.new" "$doc"; fi
