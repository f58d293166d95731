#!/usr/bin/env bash
# idgen-pg against a real server, with pg from npm as package-lock.json pins
# it; node's own test runner. A run that passed no test fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${CLIENTS_NODE_PORT:-$((25861 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server clients-node "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 7"
pg_psql "$port" -c "CREATE EXTENSION idgen"

cd clients/node
npm ci --no-audit --no-fund --loglevel=error
export PGHOST=127.0.0.1 PGPORT=$port PGUSER=postgres PGDATABASE=postgres
node --test --test-reporter=tap test/*.test.js examples/*.test.js | tee "$PG_DIR/node-test.tap"
grep -q '^# pass [1-9]' "$PG_DIR/node-test.tap" || { echo "clients/node: no test passed" >&2; exit 1; }
