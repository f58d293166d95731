#!/usr/bin/env bash
# test/fresh-machine.sh: CI on a fresh machine, twice. Builds a Debian 12
# root (debootstrap --variant=minbase bookworm, from this machine's Debian
# mirror), clones this checkout's committed HEAD into it (/root/idgen, where
# the postgres user cannot enter, as in a clone made by root), and runs
# `bash .ci/run` in it as root two times: the first run installs every
# package and downloads the version matrix, the second finds them there.
# Prints each run's time and result; exits non-zero unless both passed.
# Run as root. The root is removed at exit.
#
# Nothing of the project's is cached or copied from this machine: no build,
# no package, no download. Only three things come from the host:
#  - Citus's source (test/lib/citus_build.sh finds it), put beside the clone
#    in /root/shared/vendor/citus, where README.md tells a user with a clone
#    to put it (docs/testing.md#citus-source): a clone does not hold it, and
#    without it the Citus suites fail;
#  - the CA certificates (/etc/ssl/certs, /usr/local/share/ca-certificates)
#    and npm's `cafile` setting, because this sandbox's network intercepts
#    TLS and npm would refuse the registry's certificate without them;
#  - with IDGEN_FRESH_TARBALL=FILE, the debootstrap base system (Debian's
#    packages only) is kept in FILE and unpacked from it next time, to save
#    a minute when iterating; without it, debootstrap downloads it anew.
# The root shares the host's network, so the tests' ports move by
# IDGEN_PORT_OFFSET (1000 unless set) away from the host's own test runs.
# IDGEN_FRESH_DIR chooses where the root is made (default /var/tmp);
# IDGEN_FRESH_COMMAND runs another command than `bash .ci/run` (to look into
# one suite: 'bash test/install-deps.sh && make -s install && bash test/package/debian.sh').
# The whole script is one block: bash reads it all before running any of it,
# so a checkout that changes during the run (it takes a while) cannot
# change what runs.
{
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD
source test/lib/debian_pg_headers.sh   # debian_mirror

[ "$(id -u)" -eq 0 ] || { echo "fresh-machine.sh: needs root (debootstrap, chroot, mount)" >&2; exit 1; }
command -v debootstrap >/dev/null || bash test/install-deps.sh debootstrap
mirror=$(debian_mirror)
head=$(git rev-parse HEAD)
offset=${IDGEN_PORT_OFFSET:-1000}
command=${IDGEN_FRESH_COMMAND:-bash .ci/run}

root=$(mktemp -d "${IDGEN_FRESH_DIR:-/var/tmp}/idgen-fresh.XXXXXX")
chmod 755 "$root"   # the root's /: mktemp's 700 would keep the postgres user out of everything

mounted_under_root() { awk -v r="$root" '$5 == r || index($5, r "/") == 1 {print $5}' /proc/self/mountinfo; }

cleanup() {
  local status=$? pid dir
  set +e
  # whatever still runs inside the root, or in a root made inside it (a
  # server a package's postinst started, a test's leftover), was started
  # here: stop it, so it lets go of the mounts
  for pid in /proc/[0-9]*; do
    pid=${pid#/proc/}
    dir=$(readlink "/proc/$pid/root" 2>/dev/null)
    [ "$dir" = "$root" ] || [[ $dir == "$root"/* ]] || continue
    echo "fresh-machine.sh: stopping $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) (pid $pid), still running in the root" >&2
    kill -KILL "$pid" 2>/dev/null
  done
  # the deepest first: ours, and any a test in the root left (a sid root's /proc)
  for dir in $(mounted_under_root | awk '{print length, $0}' | sort -rn | cut -d' ' -f2-); do
    umount "$dir" 2>/dev/null || umount -l "$dir"
  done
  # never rm -rf through a mount: a bound /dev would take the host's with it
  if [ -n "$(mounted_under_root)" ]; then
    echo "fresh-machine.sh: still mounted, $root left in place:" >&2; mounted_under_root >&2
    status=1
  else
    rm -rf --one-file-system "$root"
  fi
  rm -f "$root.debootstrap.log"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

section() { echo; echo "### $* ($(date -u +%H:%M:%S))"; }

section "Debian 12 minbase root in $root (mirror $mirror)"
start=$(date +%s)
tarball=${IDGEN_FRESH_TARBALL:+$(realpath -m "$IDGEN_FRESH_TARBALL")}
if [ -n "$tarball" ] && [ ! -f "$tarball" ]; then
  mkdir -p "$(dirname "$tarball")"
  debootstrap --variant=minbase --make-tarball="$tarball.part" bookworm "$root/mk" "$mirror" \
    >"$root.debootstrap.log" 2>&1 || { tail -20 "$root.debootstrap.log" >&2; exit 1; }
  mv "$tarball.part" "$tarball"; rm -rf "$root/mk"
fi
if ! debootstrap --variant=minbase ${tarball:+--unpack-tarball="$tarball"} bookworm "$root" "$mirror" \
       >"$root.debootstrap.log" 2>&1; then
  tail -20 "$root.debootstrap.log" >&2; exit 1
fi
rm -f "$root.debootstrap.log"
echo "debootstrap: $(( $(date +%s) - start )) s"

# A Debian 12 machine's apt sources: debootstrap writes only bookworm; a
# machine also has its updates and security suites (PostgreSQL's point
# releases come through bookworm-security). Same mirror, as debootstrap's.
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $mirror-security bookworm-security main
EOF
# The CA certificates: see the top of this file. update-ca-certificates in
# the root (ca-certificates is installed with npm) rebuilds the bundle from
# /usr/local/share/ca-certificates, so both places are copied.
mkdir -p "$root/etc/ssl" "$root/usr/local/share"
cp -a /etc/ssl/certs "$root/etc/ssl/"
[ -d /usr/local/share/ca-certificates ] && cp -a /usr/local/share/ca-certificates "$root/usr/local/share/"
ca_bundle=/etc/ssl/certs/ca-certificates.crt
npm_cafile=$(npm config get cafile 2>/dev/null || true)
[ -n "$npm_cafile" ] && [ "$npm_cafile" != null ] && [ -f "$npm_cafile" ] && ca_bundle=$npm_cafile
case $ca_bundle in /etc/ssl/certs/*) ;; *) mkdir -p "$root$(dirname "$ca_bundle")"; cp "$ca_bundle" "$root$ca_bundle" ;; esac
echo "cafile=$ca_bundle" >"$root/etc/npmrc"
ca_env=(NODE_EXTRA_CA_CERTS="$ca_bundle")

# The committed tree only: a clone of HEAD, not the work files.
git clone -q --no-hardlinks "$checkout" "$root/root/idgen"
git -C "$root/root/idgen" checkout -q --detach "$head"
echo "clone: $head"
source test/lib/citus_build.sh
if [ -f "$citus_vendor/$citus_tarball" ]; then
  mkdir -p "$root/root/shared/vendor" && cp -a "$citus_vendor" "$root/root/shared/vendor/citus"
else
  echo "no Citus source at $citus_vendor: the Citus suites will fail in the root"
fi

# PostgreSQL's shared memory wants /dev/shm: a tmpfs of the root's own.
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --make-rslave "$root/dev"   # where / is shared, the tmpfs below must not reach the host's /dev/shm
mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm"
mount --bind /dev/pts "$root/dev/pts"

# A clean environment, as CI's: no variable of this shell leaks in.
run_ci() {
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 CI=true IDGEN_PORT_OFFSET="$offset" "${ca_env[@]}" \
    /bin/bash -c "cd /root/idgen && $command" </dev/null
}

results=() failed=0
for n in 1 2; do
  section "run $n: $command (IDGEN_PORT_OFFSET=$offset)"
  start=$(date +%s)
  # in the background, so a TERM or INT stops the wait at once (bash defers
  # a trap until its foreground command ends) and cleanup stops the run
  run_ci & ci=$!
  if wait $ci; then result=passed; else result="FAILED (exit $?)"; failed=1; fi
  took=$(( $(date +%s) - start ))
  results+=("run $n: $result in $((took / 60)) min $((took % 60)) s")
  echo "${results[-1]}"
done

section "fresh machine, $head"
printf '%s\n' "${results[@]}"
exit $failed
}
