#!/usr/bin/env bash
# The committed copies of the family table's facts are current: what
# idgen-family-constants writes now (into a scratch tree) is what is
# committed (git's copy: make writes the working tree's again). Fails naming
# each stale file and the command that refreshes it.
set -euo pipefail
cd "$(dirname "$0")/.."
source test/lib/committed.sh
make -s idgen-family-constants >/dev/null

files=(sql-edition/src/05-family-constants.sql clients/python/src/idgen/families.py clients/node/lib/families.js)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for f in "${files[@]}"; do mkdir -p "$scratch/$(dirname "$f")"; done
sh src/gen/write_family_constants.sh ./idgen-family-constants "$scratch"

stale=0
for f in "${files[@]}"; do
  if ! committed "$f" | diff -u - "$scratch/$f"; then
    echo "stale: $f is not what the family table writes (run make, then commit it)" >&2
    stale=1
  fi
done
[ $stale = 0 ] && echo "family constants: ${#files[@]} generated files are current"
