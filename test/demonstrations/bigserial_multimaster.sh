#!/usr/bin/env bash
# Not a test: what users hit without idgen. The same two pglogical servers as
# test/integration/pglogical_multimaster.sh, a bigserial key, two clients per
# server inserting at once; prints what each side ends up with and how many
# conflicts pglogical logged. docs/operations.md quotes a run.
set -uo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/pglogical.sh

base=${DEMO_PORT:-$((25832 + ${IDGEN_PORT_OFFSET:-0}))}
rows=${ROWS:-2000}
trap 'set +e; for d in "${PGL_DIRS[@]}"; do pg_server_stop "$d"; rm -rf "$d"; done' EXIT
pglogical_servers "$base" || exit 1
for node in 1 2; do
  pg_psql $((base + node)) -c "CREATE TABLE t (id bigserial PRIMARY KEY, origin int, n int)"
done
pglogical_link "$base" || exit 1
for node in 1 2; do
  for c in 1 2; do
    pg_psql $((base + node)) -c "
      DO \$\$ BEGIN FOR b IN 1..($rows / 100) LOOP
        INSERT INTO t (origin, n) SELECT $node, g FROM generate_series(1, 100) g;
        COMMIT;
      END LOOP; END \$\$" 2>"${PGL_DIRS[0]}/client-$node-$c.err" &
  done
done
wait
sleep 5
echo "attempted: $((4 * rows)) rows, $((2 * rows)) on each server, by 4 clients, bigserial keys"
echo "pglogical.conflict_resolution = $(pg_psql $((base + 1)) -At -c 'SHOW pglogical.conflict_resolution')"
for node in 1 2; do
  pg_psql $((base + node)) -At -c "SELECT 'node $node: ' || count(*) || ' rows, ' ||
      count(*) FILTER (WHERE origin = 1) || ' from node 1, ' || count(*) FILTER (WHERE origin = 2) ||
      ' from node 2, md5 ' || md5(string_agg(id || ',' || origin || ',' || n, ';' ORDER BY id)) FROM t"
done
echo "client errors: $(cat "${PGL_DIRS[0]}"/client-*.err | grep -c ERROR) ($(cat "${PGL_DIRS[0]}"/client-*.err | grep -m1 ERROR))"
for node in 1 2; do
  echo "node $node log: $(grep -c 'CONFLICT' "${PGL_DIRS[$((node - 1))]}/server.log") CONFLICT lines, e.g.:"
  grep -m1 'CONFLICT' "${PGL_DIRS[$((node - 1))]}/server.log" | sed 's/^.*\] //'
done
