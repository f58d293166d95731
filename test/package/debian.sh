#!/usr/bin/env bash
# The Debian package, end to end: builds postgresql-<major>-idgen with
# pg_buildext from a copy of the tracked files, installs it into the system
# PostgreSQL, checks what landed, and runs the regression suite
# (`make installcheck`) against clean servers that load the installed files;
# then CREATE EXTENSION without preload and ALTER EXTENSION UPDATE from 0.1.0.
#
# It replaces the system's idgen files for about a minute: at exit it purges
# the package and runs `make install` from this checkout again, so the other
# suites test the checkout, as test/run-all.sh set it up.
# Ports: 25950 (idgen preloaded), 25951 (not preloaded), plus IDGEN_PORT_OFFSET.
set -euo pipefail
cd "$(dirname "$0")/../.."
checkout=$PWD
port_preloaded=$((25950 + ${IDGEN_PORT_OFFSET:-0})) port_plain=$((25951 + ${IDGEN_PORT_OFFSET:-0}))

version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control)
[ -n "$version" ] || { echo "debian.sh: no default_version in idgen.control" >&2; exit 1; }
grep -q "^idgen ($version)" debian/changelog \
  || { echo "debian.sh: debian/changelog's top entry is not $version (idgen.control)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "debian.sh: installs a package: run as root" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/idgen-deb.XXXXXX")
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
status_before=$(git status --porcelain)

# --- build, from a copy: dpkg-buildpackage writes debian/ and ../*.deb ---
src="$work/idgen-$version"
mkdir -p "$src"
git ls-files -z | xargs -0 cp --parents -t "$src"
majors=$(cd "$src" && pg_buildext supported-versions)
[ "$(echo "$majors" | wc -w)" -eq 1 ] \
  || { echo "debian.sh: expected one PostgreSQL major to build for, got: $majors" >&2; exit 1; }
major=$majors
package=postgresql-$major-idgen
pg_bin=/usr/lib/postgresql/$major/bin

if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q '^install ok installed$'; then
  echo "debian.sh: $package is installed already; this test would remove it (apt-get purge $package)" >&2
  exit 1
fi

echo "building $package $version"
(cd "$src" && dpkg-buildpackage -us -uc -b -j2) >"$work/build.log" 2>&1 \
  || { tail -40 "$work/build.log" >&2; exit 1; }
deb="$work/${package}_${version}_$(dpkg --print-architecture).deb"
[ -f "$deb" ] || { echo "debian.sh: no $deb" >&2; ls "$work" >&2; exit 1; }
[ "$(git status --porcelain)" = "$status_before" ] \
  || { echo "debian.sh: the build changed the checkout" >&2; git status --short >&2; exit 1; }

fail() { echo "FAIL: $*" >&2; exit 1; }

# Every library idgen.so needs must come from a package the .deb depends on
# (${shlibs:Depends}): libcrypto from libssl3, and so on.
owner_of() {  # dpkg knows a library by its /lib or its /usr/lib path
  local path
  for path in "$1" "/usr$1" "${1#/usr}"; do
    dpkg -S "$path" 2>/dev/null | cut -d: -f1 | head -1 | grep . && return
  done
  return 1
}
check_depends() {
  local depends so lib path owner
  depends=$(dpkg-deb -f "$deb" Depends)
  echo "Depends: $depends"
  grep -qw "postgresql-$major" <<<"$depends" || fail "the package does not depend on postgresql-$major"
  dpkg-deb -x "$deb" "$work/unpacked"
  for so in "$work/unpacked/usr/lib/postgresql/$major/lib/idgen.so" \
            "$work/unpacked/usr/lib/postgresql/$major/bin/idgen-decode"; do
    [ -f "$so" ] || fail "the package has no ${so#"$work/unpacked"}"
    for lib in $(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
      path=$(ldd "$so" | awk -v l="$lib" '$1 == l {print $3}')
      owner=$(owner_of "$path") || fail "no package owns $lib ($path)"
      grep -qw "$owner" <<<"$depends" ||
        fail "$(basename "$so") needs $lib from $owner, which Depends does not name"
      echo "  $(basename "$so"): $lib from $owner"
    done
  done
}
check_depends

make -s -j2 IDGEN_WERROR=1 PG_CONFIG="$pg_bin/pg_config" >/dev/null   # ready to restore at once

PG_BINDIR=$pg_bin
source test/lib/pg_server.sh
dirs=()
# Puts the machine back: no package, the checkout's build installed. A
# failure here fails the test, or the later suites would test the package.
cleanup() {
  local status=$? dir
  set +e
  for dir in "${dirs[@]}"; do pg_server_stop "$dir"; rm -rf "$dir"; done
  DEBIAN_FRONTEND=noninteractive apt-get -qq -o DPkg::Lock::Timeout=300 purge -y "$package" >/dev/null 2>&1
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q '^install ok installed$'; then
    echo "debian.sh: could not purge $package" >&2; status=1
  fi
  if ! (cd "$checkout" && make -s install PG_CONFIG="$pg_bin/pg_config" >/dev/null &&
        cmp -s idgen.so "$("$pg_bin/pg_config" --pkglibdir)/idgen.so"); then
    echo "debian.sh: could not reinstall idgen from $checkout" >&2; status=1
  fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT

# --- install and check the files ---
DEBIAN_FRONTEND=noninteractive apt-get -qq -o DPkg::Lock::Timeout=300 install -y "$deb" \
  >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get install $deb"; }
dpkg -L "$package" >"$work/files"
for f in "/usr/lib/postgresql/$major/lib/idgen.so" \
         "/usr/share/postgresql/$major/extension/idgen.control" \
         "/usr/share/postgresql/$major/extension/idgen--$version.sql" \
         "/usr/share/postgresql/$major/extension/idgen--0.1.0.sql" \
         "/usr/share/postgresql/$major/extension/idgen--0.1.0--0.2.0.sql" \
         "/usr/share/postgresql/$major/extension/idgen--0.2.0--0.3.0.sql" \
         "/usr/share/postgresql/$major/extension/idgen--0.3.0--0.4.0.sql" \
         "/usr/lib/postgresql/$major/bin/idgen-decode" \
         "/usr/share/doc/$package/copyright"; do
  grep -qxF "$f" "$work/files" || fail "$package does not list $f"
  [ -f "$f" ] || fail "$f is listed but missing"
done
# the command-line decoder runs from the package (no server needed)
decoded=$("/usr/lib/postgresql/$major/bin/idgen-decode" 01ARZ3NDEKTSV4RRFFQ69G5FAV) ||
  fail "the packaged idgen-decode failed"
[ "$decoded" = "01ARZ3NDEKTSV4RRFFQ69G5FAV ulid ts=2016-07-30T23:54:10.259Z" ] ||
  fail "the packaged idgen-decode printed: $decoded"
# the installed files are the package's (make install files overwritten)
dpkg --verify "$package" || fail "installed files differ from the package's"
echo "installed: $(grep -c . "$work/files") paths"

# --- the regression suite against the installed package ---
# installcheck writes results/ where it runs: in the build copy, as postgres.
chown -R postgres: "$src"
installcheck() {
  local port=$1; shift
  local log="$work/installcheck-$port.log"
  local status=0
  (cd "$src" && pg_as_owner env PGHOST=127.0.0.1 PGPORT="$port" PGUSER=postgres \
     make installcheck PG_CONFIG="$pg_bin/pg_config" "$@") >"$log" 2>&1 || status=$?
  if [ $status -ne 0 ]; then
    {
      echo "make installcheck${*:+ $*} in $src as postgres, port $port: exit $status; its output:"
      cat "$log"
      if [ -f "$src/regression.diffs" ]; then cat "$src/regression.diffs"; else echo "(no regression.diffs)"; fi
      echo "server log, last 20 lines:"; tail -n 20 "$(server_dir_of "$port")/server.log"
    } >&2
    fail "make installcheck${*:+ $*} on port $port"
  fi
  echo "make installcheck${*:+ $*} (port $port): $(grep -E 'tests? passed' "$log" | tr -s ' ')"
}

preloaded=$(pg_scratch_dir deb-preloaded); dirs+=("$preloaded")
plain=$(pg_scratch_dir deb-plain); dirs+=("$plain")
server_dir_of() { if [ "$1" = "$port_preloaded" ]; then echo "$preloaded"; else echo "$plain"; fi; }
mapfile -t preload_conf < <(grep -v '^#' test/regress.conf)
pg_server_start "$preloaded" $port_preloaded "${preload_conf[@]}"
pg_server_start "$plain" $port_plain

installcheck $port_preloaded
installcheck $port_plain REGRESS=without_preload REGRESS_OPTS=

# --- CREATE EXTENSION without preload; ALTER EXTENSION UPDATE from 0.1.0 ---
pg_psql $port_plain -c 'CREATE DATABASE fresh' -c 'CREATE DATABASE upgraded'
got=$(pg_psql $port_plain -d fresh -At -c 'CREATE EXTENSION idgen' \
  -c "SELECT extversion FROM pg_extension WHERE extname = 'idgen'" \
  -c 'SELECT uuid_version(uuid_v7())')
[ "$got" = "$version"$'\n'7 ] || fail "CREATE EXTENSION without preload gave: $got"
got=$(pg_psql $port_plain -d upgraded -At -c "CREATE EXTENSION idgen VERSION '0.1.0'" \
  -c 'ALTER EXTENSION idgen UPDATE' \
  -c "SELECT extversion FROM pg_extension WHERE extname = 'idgen'" \
  -c "SELECT count(*) FROM pg_proc WHERE proname = 'snowflake_resume_after'")
[ "$got" = "$version"$'\n'1 ] || fail "ALTER EXTENSION idgen UPDATE from 0.1.0 gave: $got"
echo "CREATE EXTENSION without preload: $version; 0.1.0 updated to $version"
echo "debian package: ok"
