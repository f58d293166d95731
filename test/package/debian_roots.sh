#!/usr/bin/env bash
# Builds the Debian roots test/pg-matrix and test/package/*.sh use
# (test/lib/release_root.sh: sid first, which the matrix needs soonest, then
# bullseye, trixie and bookworm), one after the other, where they are not
# cached yet. test/run-all.sh starts it in the background while the first
# suites run: a root is mostly downloads and unpacking. A test that needs a
# root waits for the build under way (a lock), and builds it itself if this
# failed. Prints how long each root took.
# Usage (as root): test/package/debian_roots.sh [MAJOR...]  (default: 19 13 17 15)
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
source test/lib/release_root.sh

cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
[ "$(id -u)" -eq 0 ] || { echo "debian_roots.sh needs root (debootstrap, chroot)"; exit 1; }
[ $# -gt 0 ] || set -- 19 13 17 15
trap 'debian_root_leave' EXIT
status=0
for major in "$@"; do
  started=$SECONDS
  if release_root_cached "$cache" "$major"; then
    echo "root for PostgreSQL $major ($(release_root_suite "$major")): ready after $((SECONDS - started)) s"
  else
    echo "root for PostgreSQL $major: could not be built"; status=1
  fi
done
exit $status
