#!/usr/bin/env bash
# test/package/debian.sh's work inside the root of the Debian release that
# ships MAJOR (test/lib/release_root.sh), on a throwaway overlay of it:
# builds postgresql-MAJOR-idgen with pg_buildext from the copy of the tracked
# files it runs from, installs it beside the release's own postgresql-MAJOR,
# checks what landed and what the package depends on, and runs the
# regression suite (`make installcheck`) against clean servers that load the
# installed files; then CREATE EXTENSION without preload and ALTER EXTENSION
# UPDATE from 0.1.0. Leaves the .deb files in the copy's parent directory.
# Usage (as root, in the root): debian_in_root.sh MAJOR
# Ports: 25950 (idgen preloaded), 25951 (not preloaded), plus IDGEN_PORT_OFFSET.
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
major=$1
port_preloaded=$((25950 + ${IDGEN_PORT_OFFSET:-0})) port_plain=$((25951 + ${IDGEN_PORT_OFFSET:-0}))
fail() { echo "FAIL: $*" >&2; exit 1; }

version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control)
[ -n "$version" ] || fail "no default_version in idgen.control"
grep -q "^idgen ($version)" debian/changelog \
  || fail "debian/changelog's top entry is not $version (idgen.control)"
[ "$(id -u)" -eq 0 ] || fail "installs a package: run as root"
package=postgresql-$major-idgen
pg_bin=/usr/lib/postgresql/$major/bin
work=$(mktemp -d /tmp/idgen-deb.XXXXXX)
chmod 755 "$work"

# --- build: for this major only (the release may have others: sid has 18
# and 19), with debian/control made for it from debian/control.in ---
export PG_SUPPORTED_VERSIONS=$major
[ "$(pg_buildext supported-versions)" = "$major" ] ||
  fail "pg_buildext supported-versions gave '$(pg_buildext supported-versions)', not $major"
pg_buildext updatecontrol
grep -qx "Package: $package" debian/control || fail "debian/control names no $package"
echo "building $package $version on $(. /etc/os-release && echo "$PRETTY_NAME")"
dpkg-buildpackage -us -uc -b -j2 >"$work/build.log" 2>&1 || { tail -40 "$work/build.log" >&2; fail "dpkg-buildpackage"; }
deb=$(dirname "$src")/${package}_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || { ls "$(dirname "$src")" >&2; fail "no $deb"; }

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
  grep -qE "(^|, )postgresql-$major( |,|$)" <<<"$depends" || fail "the package does not depend on postgresql-$major"
  grep -qE "(^|, )libssl[0-9.]+(t64)?( |,|$)" <<<"$depends" || fail "the package does not depend on libssl"
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

PG_BINDIR=$pg_bin
export PATH=$pg_bin:$PATH
source test/lib/pg_server.sh
dirs=()
cleanup() {
  local status=$? dir
  set +e
  for dir in "${dirs[@]}"; do pg_server_stop "$dir"; rm -rf "$dir"; done
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT

# --- install beside the release's server, and check the files ---
dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -i $deb (are its Depends installed?)"; }
dpkg -L "$package" >"$work/files"
expected=("/usr/lib/postgresql/$major/lib/idgen.so" "/usr/share/postgresql/$major/extension/idgen.control"
          "/usr/share/postgresql/$major/extension/idgen--$version.sql"
          "/usr/lib/postgresql/$major/bin/idgen-decode" "/usr/share/doc/$package/copyright")
for script in sql/idgen--*.sql; do expected+=("/usr/share/postgresql/$major/extension/${script#sql/}"); done
for f in "${expected[@]}"; do
  grep -qxF "$f" "$work/files" || fail "$package does not list $f"
  [ -f "$f" ] || fail "$f is listed but missing"
done
# the command-line decoder runs from the package (no server needed)
decoded=$("/usr/lib/postgresql/$major/bin/idgen-decode" 01ARZ3NDEKTSV4RRFFQ69G5FAV) ||
  fail "the packaged idgen-decode failed"
[ "$decoded" = "01ARZ3NDEKTSV4RRFFQ69G5FAV ulid ts=2016-07-30T23:54:10.259Z" ] ||
  fail "the packaged idgen-decode printed: $decoded"
# and it is on PATH as /usr/bin/idgen-decode, the package's (update-alternatives)
[ "$(readlink -f /usr/bin/idgen-decode)" = "/usr/lib/postgresql/$major/bin/idgen-decode" ] ||
  fail "/usr/bin/idgen-decode is not the package's: $(ls -l /usr/bin/idgen-decode 2>&1)"
[ "$(env -i PATH=/usr/local/bin:/usr/bin:/bin sh -c 'command -v idgen-decode')" = /usr/bin/idgen-decode ] ||
  fail "idgen-decode is not on a login shell's PATH"
decoded=$(env -i PATH=/usr/local/bin:/usr/bin:/bin idgen-decode --kind=ulid 01ARZ3NDEKTSV4RRFFQ69G5FAV) ||
  fail "idgen-decode by name failed"
[ "$decoded" = "01ARZ3NDEKTSV4RRFFQ69G5FAV ulid ts=2016-07-30T23:54:10.259Z" ] ||
  fail "idgen-decode by name printed: $decoded"
dpkg --verify "$package" || fail "installed files differ from the package's"
echo "installed: $(grep -c . "$work/files") paths"

# --- the regression suite against the installed package ---
# installcheck writes results/ where it runs: in the build copy, as postgres.
chown -R postgres: "$src"
installcheck() {
  local port=$1; shift
  local log="$work/installcheck-$port.log"
  local status=0
  pg_as_owner env PGHOST=127.0.0.1 PGPORT="$port" PGUSER=postgres \
    make installcheck PG_CONFIG="$pg_bin/pg_config" "$@" >"$log" 2>&1 || status=$?
  if [ $status -ne 0 ]; then
    {
      echo "make installcheck${*:+ $*} in $src as postgres, port $port: exit $status; its output:"
      cat "$log"
      if [ -f regression.diffs ]; then cat regression.diffs; else echo "(no regression.diffs)"; fi
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
# last on this server: on 17+ it sets idgen.node_id with ALTER SYSTEM and
# resets it, after which a session that loads idgen fails until a restart
installcheck $port_plain REGRESS=without_preload REGRESS_OPTS=
# removed, the package takes /usr/bin/idgen-decode with it
dpkg -r "$package" >"$work/dpkg-r.log" 2>&1 || { cat "$work/dpkg-r.log" >&2; fail "dpkg -r $package"; }
[ ! -e /usr/bin/idgen-decode ] && [ ! -L /usr/bin/idgen-decode ] ||
  fail "dpkg -r $package left $(ls -l /usr/bin/idgen-decode)"
echo "$package: ok"
