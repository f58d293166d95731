#!/usr/bin/env bash
# What the benchmark needs beyond the project's own dependencies: gnuplot
# for the chart (no X), and PostgreSQL 15's contrib modules and pgbench
# (Debian ships them with postgresql-15 and postgresql-client-15).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/install-deps.sh

packages=(gnuplot-nox postgresql-15 postgresql-client-15)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "bench deps: missing ${missing[*]}; run as root to install them" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "bench deps: installed ${missing[*]}"
