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
# Then README's blocks and every page's, top to bottom in one database as
# test/doc/sql_blocks.sh runs them, with the blocks that need pg_partman 5.2
# (docs/partitioning.md's): on trixie's 17 and 5.2.4, and on Debian 12's 15
# and pg_partman 4.7.2 with the blocks that need 4.7 instead: the server on
# PATH, this Debian 12 machine's own, with postgresql-15-partman (installed
# by test/install-deps.sh) and idgen as the tests' `make install` left it.
# Needs root (chroot, mounts). A root that cannot be built fails the test.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
checkout=$PWD
source test/lib/pg_server.sh
source test/lib/release_root.sh
source test/lib/pg_major.sh

port=$((25860 + ${IDGEN_PORT_OFFSET:-0}))
docs_port=$((port + 1))
cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
started=$SECONDS

[ "$(id -u)" -eq 0 ] || { echo "FAIL: pg_partman.sh needs root (it builds and enters the trixie root)"; exit 1; }
work=$(pg_scratch_dir pg-partman)
# the root's mounts go first: the removal must not reach through them
trap 'debian_root_leave; rm -rf --one-file-system "$work"' EXIT
trap 'exit 1' INT TERM
src=/tmp/idgen-src

# enter_root MAJOR: the cached root of the release that ships MAJOR, entered
# at $work/MAJOR/root ($in_root), with idgen built and installed there
enter_root() {
  local major=$1
  release_root_cached "$cache" "$major" || { echo "FAIL: no root with PostgreSQL $major and pg_partman"; return 1; }
  mkdir -p "$work/$major"
  debian_root_enter "$release_root" "$work/$major" || { echo "FAIL: could not mount the root at $work/$major/root"; return 1; }
  in_root=$work/$major/root
  pg_major_copy_source "$checkout" "$in_root$src"
  if ! debian_root_run "$in_root" bash -c 'cd "$0" && make -s clean PG_CONFIG="$1" &&
         make -s -j2 PG_CONFIG="$1" && make -s install PG_CONFIG="$1"' \
         "$src" "/usr/lib/postgresql/$major/bin/pg_config" >"$work/build-$major.log" 2>&1; then
    tail -20 "$work/build-$major.log"
    echo "FAIL: idgen does not build or install for PostgreSQL $major"; return 1
  fi
  chmod -R a+rX "$in_root$src"
}

# doc_blocks MAJOR NEEDS [IN_ROOT]: README's and the pages' blocks on a
# server of MAJOR, run from this checkout by test/doc/sql_blocks.py --with
# NEEDS; the server in the root IN_ROOT, or PATH's without one
doc_blocks() {
  local major=$1 needs=$2 root=${3:-} status=0 server
  if [ -n "$root" ]; then
    debian_root_run "$root" install -d -o postgres -g postgres /tmp/doc-blocks
    server=(debian_root_run "$root" env PORT="$docs_port" MAJOR="$major" WORK=/tmp/doc-blocks
            bash "$src/test/integration/pg_partman/docs_server.sh")
  else
    install -d -o postgres -g postgres "$work/doc-blocks-$major"
    server=(env PORT="$docs_port" MAJOR="$major" WORK="$work/doc-blocks-$major" PG_BINDIR="$(pg_config --bindir)"
            bash test/integration/pg_partman/docs_server.sh)
  fi
  "${server[@]}" start || { echo "FAIL: no server for the docs on $major"; return 1; }
  printf '%s\n' psql -X -q -h 127.0.0.1 -p "$docs_port" -U postgres -d idgen_docs >"$work/psql_args"
  # shown outputs are in UTC with ISO dates, as test/doc/sql_blocks.sh has them
  PGTZ=UTC PGDATESTYLE='ISO, MDY' /usr/bin/python3 test/doc/sql_blocks.py --with "$needs" "$work/psql_args" \
    README.md docs/*.md || status=1
  "${server[@]}" stop
  if [ $status -eq 0 ]; then echo "ok: the docs' blocks on PostgreSQL $major with $needs"
  else echo "FAIL: the docs' blocks on PostgreSQL $major with $needs"; fi
  return $status
}

# Debian 12's pg_partman 4.7, on PATH's server: checked before the long part
partman=$(pg_config --sharedir)/extension/pg_partman.control
if [[ $(pg_config --version) != "PostgreSQL 15."* ]] || ! grep -q "^default_version = '4\.7\." "$partman" 2>/dev/null; then
  echo "FAIL: PATH's server is not PostgreSQL 15 with pg_partman 4.7 ($(pg_config --version); $partman):" \
    "test/install-deps.sh installs Debian 12's postgresql-15-partman"
  exit 1
fi

status=0
enter_root 17 || exit 1
built=$SECONDS
debian_root_run "$in_root" install -d -o postgres -g postgres /tmp/pg-partman
debian_root_run "$in_root" env PORT="$port" WORK=/tmp/pg-partman bash "$src/test/integration/pg_partman/in_root.sh" || status=1
doc_blocks 17 "pg_partman,pg_partman 5.2" "$in_root" || status=1
checked=$SECONDS
# Debian 12: what docs/partitioning.md says works with its pg_partman 4.7
doc_blocks 15 "pg_partman,pg_partman 4.7" || status=1
echo "pg_partman.sh: $((SECONDS - started)) s in all (trixie $((checked - started)) s, of it tests $((checked - built)) s; Debian 12 $((SECONDS - checked)) s)"
exit $status
