#!/usr/bin/env bash
# The generated SQL that is committed is what its sources write, compared
# with git's copy (the index), not the working tree's, which `make` writes
# again:
#   - the native types' SQL (sql/generated/native_types.sql) is what the
#     family table writes: idgen-native-types is built apart and run;
#   - the SQL edition (sql-edition/idgen.sql) is its committed pieces
#     (sql-edition/src/*.sql) joined.
# Fails on any difference, naming the file and the command that refreshes it.
set -euo pipefail
cd "$(dirname "$0")/.."
source test/lib/committed.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

file=sql/generated/native_types.sql
${CXX:-g++} -std=c++20 -fno-exceptions -fno-rtti -o "$work/idgen-native-types" src/gen/native_types.cpp
"$work/idgen-native-types" >"$work/written.sql"
if committed "$file" | diff -u - "$work/written.sql"; then
  echo "$file: the family table's ($(grep -c '^CREATE TYPE [a-z0-9]*;' "$work/written.sql") types)"
else
  echo "$file is stale: run make and commit it" >&2
  status=1
fi

file=sql-edition/idgen.sql
mkdir "$work/pieces"
n=0
for piece in $(committed_files 'sql-edition/src/*.sql'); do
  committed "$piece" >"$work/pieces/$(basename "$piece")"
  n=$((n + 1))
done
sh src/gen/join_sql_edition.sh "$work/pieces" >"$work/joined.sql"
if committed "$file" | diff -u - "$work/joined.sql"; then
  echo "$file: its $n pieces in sql-edition/src joined"
else
  echo "$file is stale: it is not sql-edition/src/*.sql joined (run make and commit it)" >&2
  status=1
fi
exit $status
