#!/usr/bin/env bash
# Every ```sql block of README.md and docs/*.md, in that order, on a fresh
# database of a throwaway server with idgen preloaded: fails on any error and
# on any output that differs from what the document shows (the conventions
# are in test/doc/sql_blocks.py). A block that cannot run here is marked in
# the document, with its reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${DOC_PORT:-$((25830 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server doc-blocks "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
pg_psql "$port" -c 'CREATE DATABASE idgen_docs'

# shown outputs are in UTC with ISO dates, as a reader's psql would print them with PGTZ=UTC
export PGTZ=UTC PGDATESTYLE='ISO, MDY'
printf '%s\n' psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d idgen_docs >"$PG_DIR/psql_args"
/usr/bin/python3 test/doc/sql_blocks.py "$PG_DIR/psql_args" README.md docs/*.md
