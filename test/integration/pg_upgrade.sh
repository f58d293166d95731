#!/usr/bin/env bash
# pg_upgrade from PostgreSQL 18 to 19 with idgen, as docs/operations.md
# ("Upgrading PostgreSQL's major version") says, in the Debian sid root that
# test/pg-matrix uses (test/lib/sid_root.sh: sid's postgresql-18 beside
# experimental's postgresql-19), with idgen built and installed for both.
# Tables keyed by every family are filled on 18, with the server-wide
# generators running 2 minutes ahead of the clock; after pg_upgrade:
#  - pg_upgrade does not copy idgen.reservation: on a copy of the upgraded
#    cluster, the three server-wide generators refuse (55000, the file
#    missing, the hint naming pg_upgrade) while the rest works; stopped, the
#    file copied, started, they go on above the old IDs;
#  - the documented step (the old cluster's file copied into the new data
#    directory before the first start): every table's contents equal (md5),
#    amcheck finds the primary keys consistent, and every new ID of the
#    three generators is above every old one.
# Needs root (chroot, mounts). A root that cannot be built fails the test.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
root=$PWD
source test/lib/pg_server.sh
source test/lib/sid_root.sh
source test/lib/pg_major.sh

offset=${IDGEN_PORT_OFFSET:-0}
base=${INTEGRATION_PORT:-$((25852 + offset))}
cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
started=$(date +%s)

[ "$(id -u)" -eq 0 ] || { echo "FAIL: pg_upgrade.sh needs root (it builds and enters the sid root)"; exit 1; }
work=$(pg_scratch_dir pg-upgrade)
# the root's mounts go first: the removal must not reach through them
trap 'sid_root_leave; rm -rf --one-file-system "$work"' EXIT
trap 'exit 1' INT TERM
mkdir -p "$cache"
sid_root_cached "$cache" || { echo "FAIL: no sid root with PostgreSQL 18 and 19"; exit 1; }
sid_root_enter "$sid_root" "$work" || { echo "FAIL: could not mount the sid root at $work/root"; exit 1; }
in_root=$work/root src=/tmp/idgen-src

pg_major_copy_source "$root" "$in_root$src"
for major in 18 19; do
  echo "--- idgen built and installed for PostgreSQL $major"
  if ! sid_root_run "$in_root" bash -c 'cd "$0" && make -s clean PG_CONFIG="$1" &&
         make -s -j2 PG_CONFIG="$1" && make -s install PG_CONFIG="$1"' \
         "$src" "/usr/lib/postgresql/$major/bin/pg_config" >"$work/build-$major.log" 2>&1; then
    tail -20 "$work/build-$major.log"
    echo "FAIL: idgen does not build or install for PostgreSQL $major"; exit 1
  fi
done
chmod -R a+rX "$in_root$src"
# the root's postgres (its own uid) owns the servers' directory
sid_root_run "$in_root" install -d -o postgres -g postgres /tmp/pg-upgrade
sid_root_run "$in_root" env OLD_PORT="$base" NEW_PORT=$((base + 1)) SKIP_PORT=$((base + 2)) \
  WORK=/tmp/pg-upgrade bash "$src/test/integration/pg_upgrade/in_root.sh"
status=$?
echo "pg_upgrade.sh: $(($(date +%s) - started)) s in all"
exit $status
