#!/usr/bin/env bash
# README.md's and docs/reference.md's lists of what needs idgen in
# shared_preload_libraries before PostgreSQL 17, against a server without
# the preload on which every function and view of the extension is called
# (test/doc/preload_list.py): a list that misses one, or names one that
# runs without it, fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${PRELOAD_LIST_PORT:-$((25933 + ${IDGEN_PORT_OFFSET:-0}))}
# a node id: the generators that need one and no preload (flake() of
# docs/adding-a-family.md's example) then run, as they would on a server
pg_throwaway_server preload-list "$port" "idgen.node_id = 1"
# the setup test/doc/reference.sh makes for test/doc/examples.tsv's examples
# (CREATE EXTENSION, the tables they name), read from it: its first heredoc
setup=$(awk "in_sql && /^SQL\$/ { exit } in_sql { print } /<<'SQL'/ { in_sql = 1 }" test/doc/reference.sh)
grep -q 'CREATE EXTENSION idgen' <<<"$setup" || { echo "FAIL: no setup with CREATE EXTENSION idgen in test/doc/reference.sh" >&2; exit 1; }
pg_psql "$port" -q -v ON_ERROR_STOP=1 <<<"$setup" >/dev/null
source test/lib/native_types.sh
IDGEN_NATIVE_TYPES=$(native_types_bin "$PG_DIR") /usr/bin/python3 test/doc/preload_list.py "host=127.0.0.1 port=$port user=postgres dbname=postgres" \
  "README.md:Before PostgreSQL 17, the functions that keep server-wide state need the preload:" \
  "docs/reference.md:Before PostgreSQL 17,"
