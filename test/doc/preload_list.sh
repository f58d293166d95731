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
pg_throwaway_server preload-list "$port"
pg_psql "$port" -q -c 'CREATE EXTENSION idgen' \
  -c 'CREATE SEQUENCE photos_id_seq' -c 'CREATE TABLE orders (id serial PRIMARY KEY)'
/usr/bin/python3 test/doc/preload_list.py "host=127.0.0.1 port=$port user=postgres dbname=postgres" \
  "README.md:Before PostgreSQL 17, the functions that keep server-wide state need the preload:" \
  "docs/reference.md:Before PostgreSQL 17,"
