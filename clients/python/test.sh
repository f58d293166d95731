#!/usr/bin/env bash
# The Python package against a real server: pip installs it from the checkout
# into a throwaway venv (Debian's psycopg, psycopg2, SQLAlchemy and pytest
# seen through --system-site-packages, which belong to /usr/bin/python3), then
# pytest runs its tests and recipes from outside the checkout, where no
# idgen.so or source directory can stand in for the installed package.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
checkout=$PWD

port=${CLIENTS_PORT:-$((25860 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server clients-python "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 5"
pg_psql "$port" -c "CREATE EXTENSION idgen"

venv=$PG_DIR/venv
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/pip" install --quiet --no-index --no-build-isolation --no-deps "$checkout/clients/python"

cd "$PG_DIR"
# pytest exits 5 when it collected no test: that fails this script too.
IDGEN_TEST_DSN="host=127.0.0.1 port=$port user=postgres dbname=postgres" \
  "$venv/bin/python" -m pytest -q --basetemp="$PG_DIR/pytest" --rootdir="$checkout/clients/python" "$checkout/clients/python/tests"
