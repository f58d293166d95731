#!/usr/bin/env bash
# pgTAP: the property tests in test/pgtap/ (or the files given), run by
# pg_prove on a throwaway server with idgen preloaded. PGTAP_PRELOAD=no runs
# them on a server without preload: on 17+ the shared generators then live
# in the DSM registry (test/pg-matrix runs shared_generators.sql so).
set -euo pipefail
cd "$(dirname "$0")/.."
source test/lib/pg_server.sh

port=${PGTAP_PORT:-$((25812 + ${IDGEN_PORT_OFFSET:-0}))}
settings=("idgen.node_id = 42")
[ "${PGTAP_PRELOAD:-yes}" = no ] || settings+=("shared_preload_libraries = 'idgen'")
files=("$@")
[ $# -gt 0 ] || files=(test/pgtap/*.sql)
# decode_vectors.sql reads the kinds from this checkout's idgen-decode
# (\copy FROM PROGRAM): on PATH here, built if missing, never another's
[ -x idgen-decode ] || make -s idgen-decode >/dev/null
export PATH="$PWD:$PATH"
pg_throwaway_server pgtap "$port" "${settings[@]}"
pg_psql "$port" -c "CREATE EXTENSION pgtap" -c "CREATE EXTENSION idgen" -f test/pgtap/lib/workers_launched.sql
pg_prove -h 127.0.0.1 -p "$port" -U postgres -d postgres "${files[@]}"
