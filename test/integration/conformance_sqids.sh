#!/usr/bin/env bash
# Sqids in both editions against the reference implementation from npm
# (sqids: test/conformance/package.json), both ways: thousands of random
# numbers, alphabets, minimum lengths and blocklists encoded by the C
# extension, the SQL edition and the reference; texts near theirs decoded
# (test/conformance/sqids.mjs). The two editions agree value by value and
# error by error; the reference agrees on every text and on why it refuses.
# Also: the default blocklist in the core's header and in the SQL edition is
# the reference's (test/conformance/sqids_blocklist.mjs --check).
# 0 differences, counted and printed. Without node or the npm package it fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/conformance.sh

conformance_modules
conformance_node sqids_blocklist.mjs --check
port=${INTEGRATION_PORT:-$((25960 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server conformance-sqids "$port"
pg_psql "$port" <<SQL
CREATE EXTENSION idgen;
CREATE DATABASE sqled;
\c sqled
CREATE SCHEMA idgen_sql;
SET search_path = idgen_sql;
\i sql-edition/idgen.sql
SQL
conformance_node sqids.mjs "$port" sqled "${SQIDS_COUNT:-3000}"
echo "conformance_sqids: ok"
