#!/usr/bin/env bash
# The generated copies of the family table's facts are current: what
# idgen-family-constants writes now (into a scratch copy of the files) is
# what is committed. Fails naming each stale file; make family-constants
# rewrites them.
set -euo pipefail
cd "$(dirname "$0")/.."
make -s idgen-family-constants >/dev/null

files=(sql-edition/idgen.sql clients/python/src/idgen/families.py clients/node/lib/families.js)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for f in "${files[@]}"; do
  mkdir -p "$scratch/$(dirname "$f")"
  cp "$f" "$scratch/$f"
done
sh src/gen/write_family_constants.sh ./idgen-family-constants "$scratch"

stale=0
for f in "${files[@]}"; do
  if ! diff -u "$f" "$scratch/$f"; then
    echo "stale: $f is not what the family table writes (run make family-constants)" >&2
    stale=1
  fi
done
[ $stale = 0 ] && echo "family constants: ${#files[@]} generated files are current"
