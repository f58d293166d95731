#!/usr/bin/env bash
# The Python package's tests again where SQLAlchemy is 2 (Debian 12 has 1.4,
# which has no postgresql+psycopg dialect): in a root of Debian 13 with its
# own SQLAlchemy 2, psycopg 3, psycopg2 and pytest (the root of the Debian
# package of 17, test/lib/release_root.sh, with those added to a throwaway
# overlay of it), the package
# installed into a venv there as docs/from-your-application.md shows, and
# pytest against a server of this machine. IDGEN_TEST_REQUIRE_SQLALCHEMY_2
# makes every test run: the psycopg 3 dialect's are not skipped here.
# Needs root (it builds and enters the root).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/release_root.sh
[ "$(id -u)" -eq 0 ] || { echo "FAIL: test_sqlalchemy2.sh needs root (it builds and enters a Debian root)"; exit 1; }

# the Debian 13 root the package of 17 is built in (test/lib/release_root.sh),
# with Python's packages added to a throwaway overlay of it
cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
packages=(python3-sqlalchemy python3-psycopg python3-psycopg2 python3-pytest python3-venv python3-setuptools python3-wheel)
release_root_cached "$cache" 17 || { echo "FAIL: no Debian 13 root"; exit 1; }
root=$release_root

port=${CLIENTS_PORT:-$((25863 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server clients-python-sa2 "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 5"
trap 'set +e; debian_root_leave; rm -rf --one-file-system "$PG_DIR/enter"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
pg_psql "$port" -c "CREATE EXTENSION idgen"

debian_root_enter "$root" "$PG_DIR/enter" || { echo "FAIL: could not mount the root"; exit 1; }
in_root=$PG_DIR/enter/root
{ debian_root_apt "$in_root" update && debian_root_apt "$in_root" install --no-install-recommends "${packages[@]}"; } \
  >"$PG_DIR/apt.log" 2>&1 || { tail -20 "$PG_DIR/apt.log"; echo "FAIL: could not install ${packages[*]} in the root"; exit 1; }
mkdir -p "$in_root/src"
git ls-files -z clients/python | xargs -0 cp --parents -t "$in_root/src"
debian_root_run "$in_root" env IDGEN_TEST_DSN="host=127.0.0.1 port=$port user=postgres dbname=postgres" \
  IDGEN_TEST_REQUIRE_SQLALCHEMY_2=1 bash -euc '
    python3 -c "import sqlalchemy, psycopg; print(\"SQLAlchemy\", sqlalchemy.__version__, \"psycopg\", psycopg.__version__)"
    python3 -m venv --system-site-packages /tmp/venv
    /tmp/venv/bin/pip install --quiet --no-index --no-build-isolation --no-deps /src/clients/python
    cd /tmp && /tmp/venv/bin/python -m pytest -q -p no:cacheprovider --rootdir=/src/clients/python /src/clients/python/tests'
