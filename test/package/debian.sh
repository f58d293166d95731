#!/usr/bin/env bash
# The Debian packages, end to end, one per PostgreSQL major Debian ships,
# each built where that major lives: in a root of the release that ships it
# (test/lib/release_root.sh: 13 bullseye, 15 bookworm, 17 trixie, 18 sid,
# 19 sid with experimental's packages), cached in ~/.cache/idgen/pg-matrix
# beside test/pg-matrix's sid root, which 18 and 19 share. In a throwaway
# overlay of the root, test/package/debian_in_root.sh builds
# postgresql-MAJOR-idgen with pg_buildext from a copy of the tracked files,
# installs it beside the release's own postgresql-MAJOR and runs the
# regression suite against the installed package. Nothing is installed on
# this machine: its own PostgreSQL 15 is left alone.
# Usage (as root): test/package/debian.sh [MAJOR...]   (default: every major)
# The .deb files are left in IDGEN_DEB_OUT (default build/deb/).
# A root that cannot be built, or a major that fails, fails the test.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
source test/lib/pg_server.sh
source test/lib/release_root.sh

cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
out=${IDGEN_DEB_OUT:-build/deb}
[ "$(id -u)" -eq 0 ] || { echo "FAIL: debian.sh needs root (it builds and enters Debian roots)"; exit 1; }
version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control)
if [ $# -gt 0 ]; then majors=("$@"); else
  majors=(); for entry in "${release_root_majors[@]}"; do majors+=("${entry%% *}"); done
fi

work=$(pg_scratch_dir deb)
# the roots' mounts go first: the removal must not reach through them
trap 'debian_root_leave; rm -rf --one-file-system "$work"' EXIT
trap 'exit 1' INT TERM
mkdir -p "$out"

results=() failed=0
for major in "${majors[@]}"; do
  started=$SECONDS
  suite=$(release_root_suite "$major") ||
    { results+=("postgresql-$major-idgen: failed (Debian ships no PostgreSQL $major)"); failed=1; continue; }
  echo "=== postgresql-$major-idgen, in a $suite root"
  if ! release_root_cached "$cache" "$major"; then
    results+=("postgresql-$major-idgen ($suite): failed (no $suite root)"); failed=1; continue
  fi
  rooted=$SECONDS
  rm -f "$out/postgresql-$major-idgen"*.deb   # an earlier run's, for this major
  dir=$work/$major in_root=$work/$major/root
  if ! debian_root_enter "$release_root" "$dir"; then
    results+=("postgresql-$major-idgen ($suite): failed (could not mount the root)"); failed=1
    debian_root_leave; continue
  fi
  # the tracked files, in the directory dpkg-buildpackage expects (its .debs go next to it)
  src=/build/idgen-$version
  mkdir -p "$in_root$src"
  git ls-files -z | xargs -0 cp --parents -t "$in_root$src"
  if debian_root_run "$in_root" env IDGEN_PORT_OFFSET="${IDGEN_PORT_OFFSET:-0}" \
       bash "$src/test/package/debian_in_root.sh" "$major"; then
    cp "$in_root/build/"*.deb "$out/" &&
      results+=("postgresql-$major-idgen ($suite): passed; root $((rooted - started)) s, build and test $((SECONDS - rooted)) s")
  else
    results+=("postgresql-$major-idgen ($suite): failed"); failed=1
  fi
  debian_root_leave
  rm -rf --one-file-system "$dir"
done

echo
printf '%s\n' "${results[@]}"
echo ".deb files in $out: $(cd "$out" && ls ./*.deb 2>/dev/null | sed 's|^\./||' | paste -sd' ')"
exit $failed
