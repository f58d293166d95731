# debian_root.sh: a root of any Debian release (debootstrap's minbase, then
# only the packages a test names), cached and entered with chroot. The
# releases' own PostgreSQL majors need their own libraries: they cannot be
# unpacked on this machine. Everything comes from Debian's archive, through
# the mirror this machine's apt sources name. Needs root and debootstrap
# (test/install-deps.sh installs it). test/lib/sid_root.sh (sid with
# experimental's PostgreSQL 19) and test/lib/release_root.sh (the release
# that ships each major, for the Debian packages) make theirs with it.
# Source it, then:
#   debian_root_cached CACHE NAME SUITE SETUP KEY FILE...
#       sets debian_root to a complete root CACHE/NAME-<hash of KEY>,
#       debootstrapped from SUITE and then set up by the function SETUP
#       (called as SETUP DIR, with /dev and /proc mounted; it installs with
#       debian_root_apt), built first if it is missing or lacks one of
#       FILE... (paths inside the root). KEY names what SETUP installs: a
#       root built for another KEY is not reused. Not in a subshell: what
#       it mounts while building, it unmounts again.
#   debian_root_enter ROOT DIR   a throwaway view of ROOT at DIR/root (an
#                                overlay: the cached root stays as built),
#                                with /dev, a private /dev/shm and /proc
#   debian_root_run ROOT CMD...  CMD in ROOT, with none of this machine's
#                                environment
#   debian_root_leave            stops what still runs in the roots and
#                                unmounts what these functions mounted; call
#                                it from the caller's EXIT trap, before it
#                                removes DIR
# Servers in a root share this machine's network: the tests make them listen
# on 127.0.0.1 only, as they do here.

source "$(dirname "${BASH_SOURCE[0]}")/debian_mirror.sh"

debian_root_mounted=() debian_root_roots=()

# debian_root_run ROOT CMD...: CMD in ROOT, with none of this machine's
# environment (its TMPDIR, for one, is not in the root).
debian_root_run() {
  local root=$1; shift
  chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"
}

# apt in ROOT. The mirror's Release files may be past their Valid-Until (a
# mirror that is a snapshot): apt is told not to refuse them. A mirror's
# hiccup is retried by apt itself.
debian_root_apt() {
  local root=$1; shift
  debian_root_run "$root" apt-get -qq -y -o Acquire::Check-Valid-Until=false -o Acquire::Retries=3 "$@"
}

# /dev, a /dev/shm of the root's own (PostgreSQL's shared memory; the host's
# stays apart) and /proc, each recorded for debian_root_leave.
debian_root_mount_system() {
  local root=$1
  debian_root_roots+=("$root")
  mount --bind /dev "$root/dev" && debian_root_mounted+=("$root/dev") &&
    mount --make-private "$root/dev" &&
    mount -t tmpfs -o mode=1777,size=512m tmpfs "$root/dev/shm" && debian_root_mounted+=("$root/dev/shm") &&
    mount -t proc proc "$root/proc" && debian_root_mounted+=("$root/proc")
}

# debian_root_build DIR SUITE SETUP: debootstrap SUITE into DIR, then SETUP DIR.
# Its mounts are its own: a root the caller has entered stays mounted.
debian_root_build() {
  local dir=$1 suite=$2 setup=$3 mirror status=0 started=$SECONDS
  local outer_mounted=("${debian_root_mounted[@]}") outer_roots=("${debian_root_roots[@]}")
  mirror=$(debian_mirror) || return 1
  command -v debootstrap >/dev/null ||
    { echo "no debootstrap on this machine: run test/install-deps.sh"; return 1; }
  # twice: a mirror's hiccup mid-download is not a test failure
  debootstrap --variant=minbase "$suite" "$dir" "$mirror" >"$dir.log" 2>&1 ||
    { rm -rf --one-file-system "$dir" &&
      debootstrap --variant=minbase "$suite" "$dir" "$mirror" >>"$dir.log" 2>&1; } ||
    { tail -5 "$dir.log"; echo "debootstrap of $suite from $mirror failed twice (log: $dir.log)"; return 1; }
  echo "debootstrap $suite: $((SECONDS - started)) s"
  # no service starts in the root and no cluster of its own: the tests make theirs
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" && chmod 755 "$dir/usr/sbin/policy-rc.d"
  mkdir -p "$dir/etc/postgresql-common/createcluster.d" &&
    echo "create_main_cluster = false" >"$dir/etc/postgresql-common/createcluster.d/idgen.conf"
  # no manual pages or translations: nobody reads them there, and man-db's
  # index of them is a slow step of every install
  printf '%s\n' 'path-exclude=/usr/share/man/*' 'path-exclude=/usr/share/locale/*' \
    >"$dir/etc/dpkg/dpkg.cfg.d/idgen-nodoc"
  debian_root_mounted=() debian_root_roots=()
  if ! debian_root_mount_system "$dir"; then
    echo "could not mount /dev and /proc into $dir"; status=1
  elif ! { debian_root_apt "$dir" update && "$setup" "$dir" && debian_root_apt "$dir" clean; } >>"$dir.log" 2>&1; then
    grep -E '^(E|W):' "$dir.log" | tail -5
    echo "could not install the packages of $setup into the $suite root from $mirror (log: $dir.log)"
    status=1
  fi
  debian_root_leave
  debian_root_mounted=("${outer_mounted[@]}") debian_root_roots=("${outer_roots[@]}")
  [ $status -eq 0 ] && { rm -f "$dir.log"; echo "$suite root complete: $((SECONDS - started)) s from scratch"; }
  return $status
}

debian_root_complete() {
  local root=$1 file; shift
  for file in "$@"; do [ -e "$root/$file" ] || return 1; done
}

debian_root_cached() {
  local cache=$1 name=$2 suite=$3 setup=$4 key=$5 root; shift 5
  [ "$(id -u)" -eq 0 ] || { echo "building and entering a Debian root needs root"; return 1; }
  mkdir -p "$cache"
  root=$cache/$name-$(printf '%s\n' "$suite" "$key" | sha1sum | cut -c1-8)
  # one builder at a time: another run building this root is waited for
  local lock status=0
  exec {lock}>"$root.lock" && flock "$lock" || { echo "could not lock $root.lock"; return 1; }
  debian_root_cached_locked "$root" "$suite" "$setup" "$@" || status=1
  exec {lock}>&-
  return $status
}

# A builder stopped before its rename leaves ROOT.part.<its pid> and its
# log, which no later run's pid names. Under the lock no other builder of
# ROOT runs: each is a leftover. One that still has a mount in it (a builder
# killed past its trap) is left, and named: rm would stop at the mount.
debian_root_remove_leftovers() {
  local root=$1 left
  for left in "$root".part.*; do
    [ -e "$left" ] || continue
    if [ -d "$left" ] && awk -v dir="$left/" 'index($2, dir) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
      echo "$left: left by a stopped build, still with a mount in it: not removed" >&2
      continue
    fi
    rm -rf --one-file-system "$left"
  done
}

debian_root_cached_locked() {
  local root=$1 suite=$2 setup=$3 part; shift 3
  debian_root_remove_leftovers "$root"
  if [ -d "$root" ] && ! debian_root_complete "$root" "$@"; then
    echo "$root is incomplete: building it again"
    rm -rf --one-file-system "$root"
  fi
  if [ ! -d "$root" ]; then
    part=$root.part.$$
    rm -rf --one-file-system "$part"
    echo "building the $suite root $root (a few minutes)"
    if ! debian_root_build "$part" "$suite" "$setup"; then
      rm -rf --one-file-system "$part"
      return 1
    fi
    debian_root_complete "$part" "$@" || { echo "the $suite root built in $part lacks files it needs"; return 1; }
    mv -T "$part" "$root" || { rm -rf --one-file-system "$part"; return 1; }
  fi
  debian_root=$root
}

debian_root_enter() {
  local lower=$1 dir=$2
  mkdir -p "$dir/upper" "$dir/overlay" "$dir/root" &&
    mount -t overlay overlay -o "lowerdir=$lower,upperdir=$dir/upper,workdir=$dir/overlay" "$dir/root" &&
    debian_root_mounted+=("$dir/root") &&
    debian_root_mount_system "$dir/root"
}

# A process whose root is one of ours is one this run started there (a server
# a failed test left): it is stopped by its id before the root goes away.
debian_root_processes() {
  local proc root ours
  for proc in /proc/[0-9]*; do
    root=$(readlink "$proc/root" 2>/dev/null) || continue
    for ours in "${debian_root_roots[@]}"; do
      [ "$root" = "$ours" ] && echo "${proc#/proc/}"
    done
  done
}

debian_root_stop_processes() {
  local pids try
  for try in TERM TERM TERM KILL; do
    pids=$(debian_root_processes)
    [ -n "$pids" ] || return 0
    echo "stopping processes left in a Debian root (SIG$try):" $pids >&2
    kill -s $try $pids 2>/dev/null
    sleep 2
  done
}

debian_root_leave() {
  local i mounted
  [ ${#debian_root_mounted[@]} -gt 0 ] || return 0
  debian_root_stop_processes
  for ((i = ${#debian_root_mounted[@]} - 1; i >= 0; i--)); do
    mounted=${debian_root_mounted[i]}
    umount "$mounted" 2>/dev/null || umount -l "$mounted" ||
      echo "could not unmount $mounted" >&2
  done
  debian_root_mounted=() debian_root_roots=()
}
