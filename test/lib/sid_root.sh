# sid_root.sh: PostgreSQL 19 with today's compilers (sid's g++ and clang) in
# a Debian sid root, for test/pg-matrix, and sid's PostgreSQL 18 beside it for
# test/integration/pg_upgrade.sh (pg_upgrade from 18 to 19); with Debian's
# packaging tools, test/package/debian.sh builds postgresql-18-idgen and
# postgresql-19-idgen in it. Debian's archive has 19 only in experimental,
# whose packages need sid's libraries: they cannot be unpacked on this
# machine as the other majors are. Made by test/lib/debian_root.sh.
# Source it, then:
#   sid_root_cached CACHE          sets sid_root to a complete root in CACHE,
#                                  built first (a few minutes) if it is missing
#                                  or incomplete (not in a subshell: what it
#                                  mounts while building, it unmounts again)
#   sid_root_enter ROOT DIR        a throwaway view of ROOT at DIR/root
#   sid_root_run ROOT CMD...       CMD in ROOT
#   sid_root_leave                 as debian_root_leave (test/lib/debian_root.sh)

source "$(dirname "${BASH_SOURCE[0]}")/debian_root.sh"

# What the matrix runs in the root: 19's server and PGXS, its build tools,
# clang for the warning check, pg_prove. pgTAP is SQL only and experimental
# has no postgresql-19-pgtap: its extension files come from sid's package
# for 18 (sid_root_add_pgtap).
sid_root_packages=(postgresql-19 postgresql-server-dev-19 make g++ libssl-dev clang
                   libtap-parser-sourcehandler-pgtap-perl)
# From sid, not experimental (whose postgresql-18, if any, can be an old
# beta): the major pg_upgrade.sh upgrades from; pg_buildext's tools; git, for
# sql_edition.sh's update from the last release, read from the copy's history.
sid_root_sid_packages=(postgresql-18 postgresql-server-dev-18
                       build-essential debhelper postgresql-server-dev-all git)
# what a complete root holds; a cached root without one of them is rebuilt
sid_root_files=(usr/lib/postgresql/19/bin/postgres usr/lib/postgresql/19/bin/pg_config
                usr/lib/postgresql/19/lib/pgxs/src/makefiles/pgxs.mk usr/bin/g++ usr/bin/clang
                usr/bin/pg_prove usr/share/postgresql/19/extension/pgtap.control
                usr/lib/postgresql/19/bin/pg_upgrade usr/lib/postgresql/18/bin/postgres
                usr/lib/postgresql/18/lib/pgxs/src/makefiles/pgxs.mk
                usr/bin/pg_buildext usr/bin/dh usr/share/postgresql-common/pgxs_debian_control.mk
                usr/bin/git)

sid_root_run() { debian_root_run "$@"; }
sid_root_enter() { debian_root_enter "$@"; }
sid_root_leave() { debian_root_leave; }

sid_root_add_pgtap() {
  local root=$1
  debian_root_run "$root" sh -ec '
    cd /tmp && rm -rf pgtap && mkdir pgtap && cd pgtap
    apt-get -qq -o Acquire::Check-Valid-Until=false -o Acquire::Retries=3 download postgresql-18-pgtap
    dpkg-deb -x postgresql-18-pgtap_*.deb .
    cp usr/share/postgresql/18/extension/pgtap* /usr/share/postgresql/19/extension/
    cd /tmp && rm -rf pgtap'
}

# debian_root_cached's SETUP: experimental's 19 and the tools into the sid root.
sid_root_setup() {
  local dir=$1 mirror
  mirror=$(debian_mirror) || return 1
  echo "deb $mirror experimental main" >"$dir/etc/apt/sources.list.d/experimental.list"
  debian_root_apt "$dir" update &&
    debian_root_apt "$dir" install --no-install-recommends perl postgresql-common &&
    debian_root_apt "$dir" -t experimental install --no-install-recommends "${sid_root_packages[@]}" &&
    debian_root_apt "$dir" install --no-install-recommends "${sid_root_sid_packages[@]}" &&
    sid_root_add_pgtap "$dir"
}

# The name changes with the packages: a root built for another list is not reused.
sid_root_cached() {
  local cache=$1
  debian_root_cached "$cache" sid-pg19 sid sid_root_setup \
    "${sid_root_packages[*]} / ${sid_root_sid_packages[*]}" "${sid_root_files[@]}" || return 1
  sid_root=$debian_root
}
