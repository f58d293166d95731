# sid_root.sh: PostgreSQL 19 with today's compilers (sid's g++ and clang) in
# a Debian sid root, for test/pg-matrix, and sid's PostgreSQL 18 beside it for
# test/integration/pg_upgrade.sh (pg_upgrade from 18 to 19). Debian's archive has 19 only in
# experimental, whose packages need sid's libraries: they cannot be unpacked
# on this machine as the other majors are. Everything comes from Debian's
# archive, through the mirror this machine's apt sources name. Needs root and
# debootstrap (test/install-deps.sh installs it).
# Source it, then:
#   sid_root_cached CACHE          sets sid_root to a complete root in CACHE,
#                                  built first (a few minutes) if it is missing
#                                  or incomplete (not in a subshell: what it
#                                  mounts while building, sid_root_leave undoes)
#   sid_root_enter ROOT DIR        a throwaway view of ROOT at DIR/root (an
#                                  overlay: the cached root stays as built),
#                                  with /dev, a private /dev/shm and /proc
#   sid_root_leave                 stops what still runs in the roots and
#                                  unmounts what these functions mounted; call
#                                  it from the caller's EXIT trap, before it
#                                  removes DIR
# Servers in the root share this machine's network: the tests make them listen
# on 127.0.0.1 only, as they do here.

source "$(dirname "${BASH_SOURCE[0]}")/debian_mirror.sh"

# What the matrix runs in the root: 19's server and PGXS, its build tools,
# clang for the warning check, pg_prove. pgTAP is SQL only and experimental
# has no postgresql-19-pgtap: its extension files come from sid's package
# for 18 (sid_root_add_pgtap).
sid_root_packages=(postgresql-19 postgresql-server-dev-19 make g++ libssl-dev clang
                   libtap-parser-sourcehandler-pgtap-perl)
# From sid, not experimental (whose postgresql-18, if any, can be an old
# beta): the major pg_upgrade.sh upgrades from.
sid_root_sid_packages=(postgresql-18 postgresql-server-dev-18)
# what a complete root holds; a cached root without one of them is rebuilt
sid_root_files=(usr/lib/postgresql/19/bin/postgres usr/lib/postgresql/19/bin/pg_config
                usr/lib/postgresql/19/lib/pgxs/src/makefiles/pgxs.mk usr/bin/g++ usr/bin/clang
                usr/bin/pg_prove usr/share/postgresql/19/extension/pgtap.control
                usr/lib/postgresql/19/bin/pg_upgrade usr/lib/postgresql/18/bin/postgres
                usr/lib/postgresql/18/lib/pgxs/src/makefiles/pgxs.mk)
sid_root_mounted=() sid_root_roots=()

# sid_root_run ROOT CMD...: CMD in ROOT, with none of this machine's
# environment (its TMPDIR, for one, is not in the root).
sid_root_run() {
  local root=$1; shift
  chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"
}

# apt in ROOT. The mirror's Release files may be past their Valid-Until (a
# mirror that is a snapshot): apt is told not to refuse them.
sid_root_apt() {
  local root=$1; shift
  sid_root_run "$root" apt-get -qq -y -o Acquire::Check-Valid-Until=false -o Acquire::Retries=2 "$@"
}

# /dev, a /dev/shm of the root's own (PostgreSQL's shared memory; the host's
# stays apart) and /proc, each recorded for sid_root_leave.
sid_root_mount_system() {
  local root=$1
  sid_root_roots+=("$root")
  mount --bind /dev "$root/dev" && sid_root_mounted+=("$root/dev") &&
    mount --make-private "$root/dev" &&
    mount -t tmpfs -o mode=1777,size=512m tmpfs "$root/dev/shm" && sid_root_mounted+=("$root/dev/shm") &&
    mount -t proc proc "$root/proc" && sid_root_mounted+=("$root/proc")
}

sid_root_add_pgtap() {
  local root=$1
  sid_root_run "$root" sh -ec '
    cd /tmp && rm -rf pgtap && mkdir pgtap && cd pgtap
    apt-get -qq -o Acquire::Check-Valid-Until=false download postgresql-18-pgtap
    dpkg-deb -x postgresql-18-pgtap_*.deb .
    cp usr/share/postgresql/18/extension/pgtap* /usr/share/postgresql/19/extension/
    cd /tmp && rm -rf pgtap'
}

# debootstrap sid into DIR, then experimental's 19 and the tools into it.
sid_root_build() {
  local dir=$1 mirror
  mirror=$(debian_mirror) || return 1
  command -v debootstrap >/dev/null ||
    { echo "no debootstrap on this machine: run test/install-deps.sh"; return 1; }
  # twice: a mirror's hiccup mid-download is not a test failure
  debootstrap --variant=minbase sid "$dir" "$mirror" >"$dir.log" 2>&1 ||
    { rm -rf --one-file-system "$dir" &&
      debootstrap --variant=minbase sid "$dir" "$mirror" >>"$dir.log" 2>&1; } ||
    { tail -5 "$dir.log"; echo "debootstrap of sid from $mirror failed twice (log: $dir.log)"; return 1; }
  echo "deb $mirror experimental main" >"$dir/etc/apt/sources.list.d/experimental.list"
  # no service starts in the root and no cluster of its own: the tests make theirs
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" && chmod 755 "$dir/usr/sbin/policy-rc.d"
  mkdir -p "$dir/etc/postgresql-common/createcluster.d" &&
    echo "create_main_cluster = false" >"$dir/etc/postgresql-common/createcluster.d/idgen.conf"
  local status=0
  if ! sid_root_mount_system "$dir"; then
    echo "could not mount /dev and /proc into $dir"; status=1
  elif ! { sid_root_apt "$dir" update &&
           sid_root_apt "$dir" install --no-install-recommends perl postgresql-common &&
           sid_root_apt "$dir" -t experimental install --no-install-recommends "${sid_root_packages[@]}" &&
           sid_root_apt "$dir" install --no-install-recommends "${sid_root_sid_packages[@]}" &&
           sid_root_add_pgtap "$dir" && sid_root_apt "$dir" clean; } >>"$dir.log" 2>&1; then
    grep -E '^(E|W):' "$dir.log" | tail -5
    echo "could not install PostgreSQL 19, 18 and the tools from sid and experimental at $mirror (log: $dir.log)"
    status=1
  fi
  sid_root_leave
  [ $status -eq 0 ] && rm -f "$dir.log"
  return $status
}

sid_root_complete() {
  local root=$1 file
  for file in "${sid_root_files[@]}"; do [ -e "$root/$file" ] || return 1; done
}

# The name changes with the packages: a root built for another list is not reused.
sid_root_cached() {
  local cache=$1 root part
  [ "$(id -u)" -eq 0 ] || { echo "building and entering the sid root needs root"; return 1; }
  root=$cache/sid-pg19-$(printf '%s\n' "${sid_root_packages[@]}" / "${sid_root_sid_packages[@]}" |
                         sha1sum | cut -c1-8)
  if [ -d "$root" ] && ! sid_root_complete "$root"; then
    echo "$root is incomplete: building it again"
    rm -rf --one-file-system "$root"
  fi
  if [ ! -d "$root" ]; then
    part=$root.part.$$
    rm -rf --one-file-system "$part"
    echo "building the sid root for PostgreSQL 19 in $root (a few minutes)"
    if ! sid_root_build "$part"; then
      rm -rf --one-file-system "$part"
      return 1
    fi
    sid_root_complete "$part" || { echo "the sid root built in $part lacks files it needs"; return 1; }
    # another run may have finished one meanwhile: keep that one
    mv -T "$part" "$root" 2>/dev/null || rm -rf --one-file-system "$part"
  fi
  sid_root=$root
}

sid_root_enter() {
  local lower=$1 dir=$2
  mkdir -p "$dir/upper" "$dir/overlay" "$dir/root" &&
    mount -t overlay overlay -o "lowerdir=$lower,upperdir=$dir/upper,workdir=$dir/overlay" "$dir/root" &&
    sid_root_mounted+=("$dir/root") &&
    sid_root_mount_system "$dir/root"
}

# A process whose root is one of ours is one this run started there (a server
# a failed test left): it is stopped by its id before the root goes away.
sid_root_processes() {
  local proc root ours
  for proc in /proc/[0-9]*; do
    root=$(readlink "$proc/root" 2>/dev/null) || continue
    for ours in "${sid_root_roots[@]}"; do
      [ "$root" = "$ours" ] && echo "${proc#/proc/}"
    done
  done
}

sid_root_stop_processes() {
  local pids try
  for try in TERM TERM TERM KILL; do
    pids=$(sid_root_processes)
    [ -n "$pids" ] || return 0
    echo "stopping processes left in the sid root (SIG$try):" $pids >&2
    kill -s $try $pids 2>/dev/null
    sleep 2
  done
}

sid_root_leave() {
  local i mounted
  [ ${#sid_root_mounted[@]} -gt 0 ] || return 0
  sid_root_stop_processes
  for ((i = ${#sid_root_mounted[@]} - 1; i >= 0; i--)); do
    mounted=${sid_root_mounted[i]}
    umount "$mounted" 2>/dev/null || umount -l "$mounted" ||
      echo "could not unmount $mounted" >&2
  done
  sid_root_mounted=() sid_root_roots=()
}
