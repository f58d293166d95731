#!/usr/bin/env bash
# pgTAP: the property tests in test/pgtap/, run by pg_prove on a throwaway
# server with idgen preloaded.
set -euo pipefail
cd "$(dirname "$0")/.."
source test/lib/pg_server.sh

port=${PGTAP_PORT:-$((25812 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server pgtap "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 42"
pg_psql "$port" -c "CREATE EXTENSION pgtap" -c "CREATE EXTENSION idgen" -f test/pgtap/lib/workers_launched.sql
pg_prove -h 127.0.0.1 -p "$port" -U postgres -d postgres test/pgtap/*.sql
