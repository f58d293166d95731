# release_root.sh: for each PostgreSQL major Debian ships, a root of the
# release that ships it, with that release's server and what pg_buildext
# needs to build an extension package for it (test/package/debian.sh).
# 18 and 19 share the sid root of test/pg-matrix (test/lib/sid_root.sh).
# The roots are cached where the matrix keeps its own.
# Source it, then:
#   release_root_suite MAJOR          prints the release (bullseye, ...), or
#                                     fails for a major Debian does not ship
#   release_root_cached CACHE MAJOR   sets release_root to that root, built
#                                     first if it is missing
# and debian_root_enter / debian_root_run / debian_root_leave
# (test/lib/debian_root.sh) to use it.

source "$(dirname "${BASH_SOURCE[0]}")/sid_root.sh"

# major  release; 19 is in experimental, with sid's libraries
release_root_majors=("13 bullseye" "15 bookworm" "17 trixie" "18 sid" "19 sid")

release_root_suite() {
  local entry
  for entry in "${release_root_majors[@]}"; do
    [ "${entry%% *}" = "$1" ] && { echo "${entry#* }"; return 0; }
  done
  return 1
}

# The release's server (its postgresql-common makes the postgres user),
# pg_buildext's tools and git (sql_edition.sh reads 0.6.1's file from the
# copy's history); in trixie's root, also its pg_partman 5 for 17, which
# test/integration/pg_partman.sh partitions idgen's keys with (its pg_partman
# 4.7 leg runs on this Debian 12 machine's own server).
release_root_packages() {
  local extra=
  case $1 in 17) extra=" postgresql-$1-partman" ;; esac
  echo "postgresql-$1 postgresql-server-dev-all build-essential debhelper libssl-dev git$extra"
}

# debian_root_cached's SETUP for a release that ships one major
release_root_setup() {
  local dir=$1
  # shellcheck disable=SC2046
  debian_root_apt "$dir" install --no-install-recommends $(release_root_packages "$release_root_major")
}

release_root_cached() {
  local cache=$1 major=$2 suite
  suite=$(release_root_suite "$major") || { echo "Debian ships no PostgreSQL $major"; return 1; }
  if [ "$suite" = sid ]; then
    sid_root_cached "$cache" || return 1
    release_root=$sid_root
    return 0
  fi
  release_root_major=$major
  local extra_files=()
  case $major in 17) extra_files=("usr/share/postgresql/$major/extension/pg_partman.control") ;; esac
  debian_root_cached "$cache" "$suite-pg$major" "$suite" release_root_setup "$(release_root_packages "$major")" \
    "usr/lib/postgresql/$major/bin/postgres" "usr/lib/postgresql/$major/bin/pg_config" \
    "usr/lib/postgresql/$major/lib/pgxs/src/test/regress/pg_regress" \
    usr/bin/pg_buildext usr/bin/dh usr/bin/g++ "${extra_files[@]}" || return 1
  release_root=$debian_root
}
