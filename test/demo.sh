#!/usr/bin/env bash
# Builds and installs idgen, starts a throwaway PostgreSQL 15 with idgen
# preloaded (loopback only), runs test/demo.sql (Snowflakes, shard IDs, ULIDs
# and UUIDv7s, each decoded; under a screen of output), and stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash test/install-deps.sh --demo
make -s -j2
make -s install >/dev/null
source test/lib/pg_server.sh

port=${DEMO_PORT:-$((25810 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server demo "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
echo "PostgreSQL $(pg_psql "$port" -At -c 'SHOW server_version') on 127.0.0.1:$port, idgen.node_id = 1"
pg_psql "$port" -f test/demo.sql
