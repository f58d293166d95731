#!/usr/bin/env bash
# README.md's path on a fresh Debian 12, in a bookworm root
# (test/lib/release_root.sh's, on a throwaway overlay): Debian's default
# cluster 15 main, made as postgresql-15's postinst makes it (with service
# starts denied, as test/install-deps.sh installs); then `bash test/demo.sh`
# as README.md runs it; the cluster is then down, as README.md says; then
# README.md's lines that start it with its settings (the sh block with
# pg_ctlcluster, copied from README.md, not written here), run in the clone
# in /root (which postgres may not enter) with no warning, after which
# idgen runs there with node id 1. Needs root. The cluster listens on
# 127.0.0.1 at 25937 + IDGEN_PORT_OFFSET, the demo on its own port.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/release_root.sh
[ "$(id -u)" -eq 0 ] || { echo "FAIL: needs root (it builds and enters a Debian root)"; exit 1; }

cache=${IDGEN_PG_MATRIX_CACHE:-$HOME/.cache/idgen/pg-matrix}
port=$((25937 + ${IDGEN_PORT_OFFSET:-0}))
lines=$(awk '/^```sh$/ { in_sh = 1; block = ""; next } in_sh && /^```$/ { in_sh = 0; if (block ~ /pg_ctlcluster 15 main start/) print block; next } in_sh { block = block $0 "\n" }' README.md)
[ -n "$lines" ] || { echo "FAIL: README.md has no sh block that starts 15 main (pg_ctlcluster 15 main start)"; exit 1; }
grep -q 'left stopped' README.md || { echo "FAIL: README.md does not say that 15 main is left stopped"; exit 1; }

release_root_cached "$cache" 15 || { echo "FAIL: no bookworm root"; exit 1; }
work=$(pg_scratch_dir default-cluster)
in_root=$work/root
trap 'set +e; debian_root_run "$in_root" pg_ctlcluster 15 main stop -m immediate 2>/dev/null; debian_root_leave; rm -rf --one-file-system "$work"' EXIT
debian_root_enter "$release_root" "$work" || { echo "FAIL: could not mount the root"; exit 1; }
# the clone in root's home, as a reader's: postgres may not enter it
mkdir -p "$in_root/root/idgen" && chmod 700 "$in_root/root"
git ls-files -z | xargs -0 cp --parents -t "$in_root/root/idgen"
in_root() { debian_root_run "$in_root" env IDGEN_PORT_OFFSET="${IDGEN_PORT_OFFSET:-0}" bash -euc "$1"; }

# postgresql-15's postinst: pg_createcluster 15 main, started unless service starts are denied
in_root "pg_createcluster -p $port 15 main >/dev/null &&
  echo \"listen_addresses = '127.0.0.1'  # the test's: loopback only\" >/etc/postgresql/15/main/conf.d/loopback.conf"
in_root 'cd /root/idgen && bash test/demo.sh' >"$work/demo.log" 2>&1 ||
  { tail -30 "$work/demo.log"; echo "FAIL: test/demo.sh in the root"; exit 1; }
echo "ok: test/demo.sh ran in the root"
status=$(in_root 'pg_lsclusters -h' | awk '$1 == 15 && $2 == "main" { print $4 }')
[ "$status" = down ] || { echo "FAIL: after the demo, 15 main is '$status', not down as README.md says"; exit 1; }
echo "ok: 15 main is down after the demo, as README.md says"

echo "README.md's lines:"; sed 's/^/  /' <<<"$lines"
in_root "cd /root/idgen && $lines" >"$work/readme.log" 2>&1 ||
  { cat "$work/readme.log"; echo "FAIL: README.md's lines failed in the root"; exit 1; }
if grep -q 'could not change directory' "$work/readme.log"; then
  cat "$work/readme.log"; echo "FAIL: README.md's lines, run in the clone in /root, warn"; exit 1
fi
got=$(in_root "su postgres -c \"psql -X -At -c 'SELECT snowflake_node(snowflake_id()), uuid_version(uuid_v7())'\"")
status=$(in_root 'pg_lsclusters -h' | awk '$1 == 15 && $2 == "main" { print $4 }')
[ "$status|$got" = "online|1|7" ] ||
  { cat "$work/readme.log"; echo "FAIL: after README.md's lines: 15 main '$status', idgen said '$got'"; exit 1; }
echo "ok: after README.md's lines 15 main is online, with idgen preloaded and node id 1"
echo "debian_default_cluster: passed"
