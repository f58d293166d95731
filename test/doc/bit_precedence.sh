#!/usr/bin/env bash
# No SQL of the project mixes <<, >>, &, | or # without parentheses (in SQL
# they share one precedence, left to right: test/doc/bit_precedence.py):
# README.md's and docs/'s sql blocks, and the SQL of sql/, sql-edition/ and
# test/ (files, here-documents and quoted strings of the scripts, the docs'
# example table).
set -euo pipefail
cd "$(dirname "$0")/../.."
mapfile -t files < <(git ls-files -- README.md 'docs/*.md' 'sql/*.sql' 'sql-edition/*' 'test/*' |
                     grep -E '\.(md|sql|psql|sh|tsv)$')
[ "${#files[@]}" -gt 0 ] || { echo "FAIL: no file to check (not a git checkout?)" >&2; exit 1; }
/usr/bin/python3 test/doc/bit_precedence.py "${files[@]}"
echo "bit operators: ${#files[@]} files, every mix parenthesised"
