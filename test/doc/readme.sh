#!/usr/bin/env bash
# README.md as a new user meets it: at most 500 lines (reference material
# lives under docs/); every relative link of README.md, docs/ and the
# changelog names a file there is and every #anchor a heading of it, and
# every contents list its page's sections (test/doc/links.py); every source
# file has its entry in docs/internals.md's map (test/doc/source_map.py);
# the From-source apt line names the packages test/install-deps.sh --build
# installs; the SQL edition's line, copied from README.md, installs it into
# a fresh database as a role that is no superuser, schema and all, run (as
# root) from a directory that the OS user psql runs as cannot enter; and the
# text shows that line for root in full, under su - postgres; testing.md's
# example of a mutant is an entry of test/mutants.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

fail=0
lines=$(wc -l <README.md)
if [ "$lines" -le 500 ]; then echo "ok: README.md is $lines lines"
else echo "FAIL: README.md is $lines lines, more than 500: move reference material to docs/"; fail=1; fi

/usr/bin/python3 test/doc/links.py README.md docs/*.md CHANGELOG.md || fail=1
/usr/bin/python3 test/doc/source_map.py || fail=1
# docs/testing.md's example of a mutant is one test/mutants has, as written
if /usr/bin/python3 - <<'PY'
import re, sys
page = open('docs/testing.md').read()
block = re.search(r'```python\n(Mutant\(.*?)```', page, re.S)
entries = re.sub(r'\s+', ' ', open('test/mutants').read())
sys.exit(0 if block and re.sub(r'\s+', ' ', block.group(1)).strip() in entries else 1)
PY
then echo "ok: docs/testing.md's example mutant is an entry of test/mutants"
else echo "FAIL: docs/testing.md's example mutant is not an entry of test/mutants as written"; fail=1; fi

# the sh block lines of README.md that contain PATTERN
sh_lines() { awk -v p="$1" '/^```sh$/ { in_sh = 1; next } /^```/ { in_sh = 0 } in_sh && index($0, p)' README.md; }

readme_packages=$(sh_lines 'apt-get install make' | sed 's/^apt-get install //' | tr ' ' '\n' | sort)
deps_packages=$(sed -n '/^build_packages=(/,/^)/p' test/install-deps.sh | sed 's/#.*//; 1d; $d' | tr -s ' ' '\n' | sed '/^$/d' | sort)
if [ -n "$readme_packages" ] && [ "$readme_packages" = "$deps_packages" ]; then
  echo "ok: README.md's apt line names install-deps.sh --build's packages:" $readme_packages
else
  echo "FAIL: README.md's apt line names [$(echo $readme_packages)], install-deps.sh --build installs [$(echo $deps_packages)]"; fail=1
fi

line=$(sh_lines 'sql-edition/idgen.sql')
if [ "$(wc -l <<<"$line")" != 1 ] || [ -z "$line" ]; then
  echo "FAIL: README.md shows no one sh line that installs sql-edition/idgen.sql"; fail=1
else
  port=${README_PORT:-$((25836 + ${IDGEN_PORT_OFFSET:-0}))}
  pg_throwaway_server readme "$port" >/dev/null
  pg_psql "$port" -q -c "CREATE ROLE newcomer LOGIN" -c "CREATE DATABASE newcomer OWNER newcomer"
  # psql as README.md's reader runs it: connected by the environment, and
  # (as root here) from a clone that the OS user psql runs as cannot enter,
  # as root's clone and psql under su postgres: the line must not have psql
  # open the file itself
  clone=$PWD as_other=
  if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 && command -v runuser >/dev/null; then
    clone=$(mktemp -d "${TMPDIR:-/tmp}/idgen-readme-clone.XXXXXX")
    mkdir "$clone/sql-edition" && cp sql-edition/idgen.sql "$clone/sql-edition/"
    if runuser -u nobody -- test -r "$clone/sql-edition/idgen.sql"; then
      echo "FAIL: nobody can read $clone/sql-edition/idgen.sql: the test would prove nothing"; fail=1
    fi
    as_other="runuser -u nobody --"
  fi
  if out=$(cd "$clone" && PGHOST=127.0.0.1 PGPORT=$port PGUSER=newcomer PGDATABASE=newcomer \
             bash -c "psql() { $as_other $(command -v psql) \"\$@\"; }; $line -v ON_ERROR_STOP=1 -X -q" 2>&1) &&
     [ "$(PGHOST=127.0.0.1 psql -X -At -p "$port" -U newcomer -d newcomer -c "SELECT count(*) > 100 FROM pg_proc WHERE pronamespace = 'idgen_sql'::regnamespace")" = t ]; then
    echo "ok: README.md's line installs the SQL edition as a role that is no superuser: $line"
  else
    echo "$out" | tail -5
    echo "FAIL: README.md's line does not install the SQL edition: $line"; fail=1
  fi
  [ "$clone" = "$PWD" ] || rm -rf "$clone"
  # the line for root, in the text: the same psql line, run as postgres
  as_root="su - postgres -c \"${line% < sql-edition/idgen.sql}\" < sql-edition/idgen.sql"
  if grep -qF "\`$as_root\`" README.md; then
    echo "ok: README.md's line for root is the same, as postgres: $as_root"
  else
    echo "FAIL: README.md does not show the line for root in full: \`$as_root\`"; fail=1
  fi
fi
exit $fail
