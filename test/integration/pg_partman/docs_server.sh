#!/usr/bin/env bash
# The server README's and the docs' blocks run on for
# test/integration/pg_partman.sh, in a Debian root or on this machine, as
# test/doc/sql_blocks.sh's: idgen preloaded, node 1, an empty database
# idgen_docs. `start` leaves it running for the checkout's
# test/doc/sql_blocks.py to reach on 127.0.0.1:PORT; `stop` stops it. The
# environment gives PORT, MAJOR and a directory postgres owns (WORK), and
# PG_BINDIR where the server is not Debian's of MAJOR (PATH's on this machine).
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PG_BINDIR=${PG_BINDIR:-/usr/lib/postgresql/$MAJOR/bin}
export PATH=$PG_BINDIR:$PATH
source test/lib/pg_server.sh

case $1 in
  start)
    pg_server_start "$WORK" "$PORT" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
    pg_psql "$PORT" -c 'CREATE DATABASE idgen_docs' ;;
  stop)
    pg_server_stop "$WORK" ;;
esac
