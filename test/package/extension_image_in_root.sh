#!/usr/bin/env bash
# test/package/extension_image.sh's work in the sid root, for one major:
# builds idgen, lays it out with `make install-image IMAGE_ROOT=/image/MAJOR`
# (an extension image's two directories), and checks that a server whose own
# directories hold no idgen runs it from there with
#   extension_control_path = '$system:/image/MAJOR/share'
#   dynamic_library_path   = '$libdir:/image/MAJOR/lib'
# - the whole pg_regress suite, idgen preloaded (shared_preload_libraries =
#   'idgen', a bare name found on dynamic_library_path) and without;
# - CREATE EXTENSION, and CREATE EXTENSION VERSION '0.4.0' then ALTER
#   EXTENSION UPDATE to the current version, on a server without the preload:
#   the functions' library, module_pathname '$libdir/idgen', is loaded from
#   the image (the backend's memory map names the image's idgen.so);
# - with the preload, the postmaster mapped the image's idgen.so; without
#   dynamic_library_path, CREATE EXTENSION fails for want of idgen.so.
# Usage (as root, in the root, from the copy of the checkout): MAJOR
# Ports: 25960.. plus IDGEN_PORT_OFFSET.
set -euo pipefail
cd "$(dirname "$0")/../.."
major=$1
pg_bin=/usr/lib/postgresql/$major/bin
image=/image/$major
port=$((25960 + ${IDGEN_PORT_OFFSET:-0}))
export PATH=$pg_bin:$PATH PG_BINDIR=$pg_bin
source test/lib/pg_server.sh
fail() { echo "FAIL: $*" >&2; exit 1; }
version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control)

# idgen's files anywhere in the server's own directories
server_idgen_files() {
  find "$("$pg_bin/pg_config" --sharedir)" "$("$pg_bin/pg_config" --pkglibdir)" -name 'idgen*'
}
[ -z "$(server_idgen_files)" ] || fail "the root's PostgreSQL $major holds idgen already: $(server_idgen_files)"

make -s clean PG_CONFIG="$pg_bin/pg_config" >/dev/null
make -s -j2 IDGEN_WERROR=1 PG_CONFIG="$pg_bin/pg_config" >/dev/null
make -s install-image IMAGE_ROOT="$image" PG_CONFIG="$pg_bin/pg_config" >/dev/null
[ -z "$(server_idgen_files)" ] || fail "make install-image wrote into the server's directories: $(server_idgen_files)"
# exactly the two directories: the control file and every SQL script, and idgen.so
want=$( { echo lib/idgen.so; echo share/extension/idgen.control; echo "share/extension/idgen--$version.sql"
          for script in sql/idgen--*.sql; do echo "share/extension/${script#sql/}"; done; } | sort)
got=$(cd "$image" && find . -type f | sed 's|^\./||' | sort)
[ "$got" = "$want" ] || fail "the image holds:"$'\n'"$got"$'\n'"expected:"$'\n'"$want"
echo "image for PostgreSQL $major: $(echo "$got" | wc -l) files in $image/share/extension and $image/lib"

printf '%s\n' "extension_control_path = '\$system:$image/share'" "dynamic_library_path = '\$libdir:$image/lib'" \
  >/tmp/image-settings.conf
mapfile -t settings </tmp/image-settings.conf

echo "--- pg_regress, the server's directories without idgen"
chmod -R a+rX . "$image"
IDGEN_REGRESS_SETTINGS=/tmp/image-settings.conf \
  PG_REGRESS=/usr/lib/postgresql/$major/lib/pgxs/src/test/regress/pg_regress REGRESS_PORT=$port \
  bash test/run-regress.sh

dirs=()
trap 'for d in "${dirs[@]}"; do pg_server_stop "$d"; rm -rf "$d"; done' EXIT
plain=$(pg_scratch_dir image-plain); dirs+=("$plain")
preloaded=$(pg_scratch_dir image-preloaded); dirs+=("$preloaded")
pg_server_start "$plain" $((port + 1)) "${settings[@]}"
mapfile -t preload_conf < <(grep -v '^#' test/regress.conf)
pg_server_start "$preloaded" $((port + 2)) "${settings[@]}" "${preload_conf[@]}"


echo "--- CREATE EXTENSION and ALTER EXTENSION UPDATE from the image, without the preload"
pg_psql $((port + 1)) -c 'CREATE DATABASE fresh' -c 'CREATE DATABASE updated'
got=$(pg_psql $((port + 1)) -d fresh -At <<'SQL'
CREATE EXTENSION idgen;
SELECT extversion FROM pg_extension WHERE extname = 'idgen';
SELECT DISTINCT probin FROM pg_proc WHERE probin LIKE '%idgen%';
SELECT uuid_version(uuid_v7());
SQL
)
[ "$(paste -sd' ' <<<"$got")" = "$version \$libdir/idgen 7" ] ||
  fail "CREATE EXTENSION from the image gave: $got"
# a session that has called a function of idgen: which idgen.so did it load?
loaded=$(pg_psql $((port + 1)) -d fresh -At <<SQL
SELECT uuid_version(uuid_v4());
SELECT pg_backend_pid() AS pid \gset
\setenv BACKEND :pid
\! echo "mapped: \$(grep -c ' $image/lib/idgen.so\$' /proc/\$BACKEND/maps)"
SQL
)
grep -qx 'mapped: [1-9][0-9]*' <<<"$loaded" || fail "the backend did not map $image/lib/idgen.so: $loaded"
echo "ok: module_pathname '\$libdir/idgen' loads $image/lib/idgen.so (no idgen.so in \$libdir)"
got=$(pg_psql $((port + 1)) -d updated -At -c "CREATE EXTENSION idgen VERSION '0.4.0'" \
  -c 'ALTER EXTENSION idgen UPDATE' \
  -c "SELECT extversion FROM pg_extension WHERE extname = 'idgen'" -c 'SELECT ulid() IS NOT NULL')
[ "$got" = "$version"$'\n't ] || fail "ALTER EXTENSION idgen UPDATE from 0.4.0 gave: $got"
echo "ok: CREATE EXTENSION idgen VERSION '0.4.0'; ALTER EXTENSION idgen UPDATE: $version"

# the control: the image's share without its lib, and CREATE EXTENSION
# finds the scripts but no library
no_lib=$(pg_scratch_dir image-no-lib); dirs+=("$no_lib")
pg_server_start "$no_lib" $((port + 3)) "${settings[0]}"
pg_refuses $((port + 3)) 'CREATE EXTENSION idgen' 58P01 'could not access file "(\$libdir/)?idgen": No such file or directory' ||
  fail "without dynamic_library_path, CREATE EXTENSION did not fail for want of idgen.so"

echo "--- shared_preload_libraries = 'idgen' from the image"
grep -q " $image/lib/idgen.so\$" "/proc/$(head -1 "$preloaded/data/postmaster.pid")/maps" || fail "the postmaster did not map $image/lib/idgen.so"
got=$(pg_psql $((port + 2)) -At -c 'CREATE EXTENSION idgen' -c 'SELECT snowflake_node(snowflake_id())')
[ "$got" = 42 ] || fail "snowflake_id() with the preload from the image gave: $got"
echo "ok: preloaded from $image/lib; snowflake_id() runs (node 42)"
echo "extension image on PostgreSQL $major: passed"
