#!/usr/bin/env bash
# The native types' SQL that is committed (sql/generated/native_types.sql) is
# what the family table writes: builds idgen-native-types apart, runs it and
# fails on any difference. It compares with git's copy (the index), not the
# working tree's: `make` writes that one again.
set -euo pipefail
cd "$(dirname "$0")/.."
file=sql/generated/native_types.sql
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
${CXX:-g++} -std=c++20 -fno-exceptions -fno-rtti -o "$work/idgen-native-types" src/gen/native_types.cpp
"$work/idgen-native-types" >"$work/written.sql"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git show ":$file" >"$work/committed.sql"
else
  cp "$file" "$work/committed.sql"
fi
if ! diff -u "$work/committed.sql" "$work/written.sql"; then
  echo "$file is stale: run make and commit it" >&2
  exit 1
fi
echo "$file: the family table's ($(grep -c '^CREATE TYPE [a-z0-9]*;' "$work/written.sql") types)"
