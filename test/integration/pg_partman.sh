#!/usr/bin/env bash
# idgen's keys partitioned by the real pg_partman 5 (Debian 13's
# postgresql-17-partman, 5.2.4), in the trixie root test/package/debian.sh
# uses (test/lib/release_root.sh: built first if it is missing, then cached),
# with idgen built and installed for PostgreSQL 17 there. The steps are
# test/integration/pg_partman/in_root.sh's: create_parent with idgen's time
# encoders (text and uuid keys) and integer intervals (bigint keys),
# run_maintenance() making future partitions, rows landing in the partition
# of their time, retention dropping old partitions, pg_partman's own UUIDv7
# pair against idgen's, and pg_partman's refusal of a native idgen type.
# Needs root (chroot, mounts). A root that cannot be built fails the test.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
checkout=$PWD
source test/lib/pg_server.sh
source test/lib/release_root.sh
source test/lib/pg_major.sh

port=$((25860 + ${IDGEN_PORT_OFFSET:-0}))
cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
started=$SECONDS

[ "$(id -u)" -eq 0 ] || { echo "FAIL: pg_partman.sh needs root (it builds and enters the trixie root)"; exit 1; }
work=$(pg_scratch_dir pg-partman)
# the root's mounts go first: the removal must not reach through them
trap 'debian_root_leave; rm -rf --one-file-system "$work"' EXIT
trap 'exit 1' INT TERM
release_root_cached "$cache" 17 || { echo "FAIL: no trixie root with PostgreSQL 17 and pg_partman"; exit 1; }
rooted=$SECONDS
debian_root_enter "$release_root" "$work" || { echo "FAIL: could not mount the trixie root at $work/root"; exit 1; }
in_root=$work/root src=/tmp/idgen-src

pg_major_copy_source "$checkout" "$in_root$src"
if ! debian_root_run "$in_root" bash -c 'cd "$0" && make -s clean PG_CONFIG="$1" &&
       make -s -j2 PG_CONFIG="$1" && make -s install PG_CONFIG="$1"' \
       "$src" /usr/lib/postgresql/17/bin/pg_config >"$work/build.log" 2>&1; then
  tail -20 "$work/build.log"
  echo "FAIL: idgen does not build or install for PostgreSQL 17"; exit 1
fi
built=$SECONDS
chmod -R a+rX "$in_root$src"
debian_root_run "$in_root" install -d -o postgres -g postgres /tmp/pg-partman
debian_root_run "$in_root" env PORT="$port" WORK=/tmp/pg-partman bash "$src/test/integration/pg_partman/in_root.sh"
status=$?
echo "pg_partman.sh: $((SECONDS - started)) s in all (root $((rooted - started)) s, build $((built - rooted)) s, test $((SECONDS - built)) s)"
exit $status
