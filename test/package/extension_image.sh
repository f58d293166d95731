#!/usr/bin/env bash
# Extension images (CloudNativePG, PostgreSQL 18+): `make install-image`
# lays idgen out as an image's two directories, and a server whose own
# directories hold no idgen runs the whole pg_regress suite from them
# (extension_control_path, dynamic_library_path), CREATE EXTENSION and
# ALTER EXTENSION UPDATE included: test/package/extension_image_in_root.sh,
# on sid's PostgreSQL 18 and experimental's 19 in test/pg-matrix's sid root
# (test/lib/sid_root.sh), entered through a throwaway overlay.
# Usage (as root): test/package/extension_image.sh [MAJOR...]  (default: 18 19)
# The Dockerfile of docs/install.md needs a container engine, which this
# machine has not: what it copies, the layout, is what is tested here.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
root=$PWD
source test/lib/pg_server.sh
source test/lib/sid_root.sh
source test/lib/pg_major.sh

cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
[ "$(id -u)" -eq 0 ] || { echo "FAIL: extension_image.sh needs root (it builds and enters the sid root)"; exit 1; }
[ $# -gt 0 ] || set -- 18 19
work=$(pg_scratch_dir extension-image)
# the root's mounts go first: the removal must not reach through them
trap 'sid_root_leave; rm -rf --one-file-system "$work"' EXIT
trap 'exit 1' INT TERM
sid_root_cached "$cache" || { echo "FAIL: no sid root with PostgreSQL 18 and 19"; exit 1; }
sid_root_enter "$sid_root" "$work" || { echo "FAIL: could not mount the sid root at $work/root"; exit 1; }
in_root=$work/root src=/tmp/idgen-src
pg_major_copy_source "$root" "$in_root$src"

status=0 results=()
for major in "$@"; do
  echo "=== PostgreSQL $major"
  started=$SECONDS
  if sid_root_run "$in_root" env IDGEN_PORT_OFFSET="${IDGEN_PORT_OFFSET:-0}" \
       bash "$src/test/package/extension_image_in_root.sh" "$major"; then
    results+=("extension image on PostgreSQL $major: passed ($((SECONDS - started)) s)")
  else
    results+=("extension image on PostgreSQL $major: failed"); status=1
  fi
done
echo
printf '%s\n' "${results[@]}"
exit $status
