#!/usr/bin/env bash
# Several clients at once against one server: 4 sessions each draw 50,000
# snowflake_id(), next_shard_id(5), ulid_monotonic(), ulid(), uuid_v7(),
# uuid_v4(), uuid_v6(), uuid_v1(), ksuid() and objectid() concurrently.
# Checks: no duplicate anywhere, the configured node / shard in every bigint
# ID, and each session's IDs strictly increasing in the order it drew them
# (the random or per-process ones: unique only; uuid_v7() and uuid_v6()
# increase within a session, not across sessions).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
pids=()

port=${INTEGRATION_PORT:-$((25813 + ${IDGEN_PORT_OFFSET:-0}))}
clients=${CLIENTS:-4}
per_client=${PER_CLIENT:-50000}
node=7
pg_throwaway_server concurrent "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = $node"

pg_psql "$port" <<'SQL'
CREATE EXTENSION idgen;
-- bigint IDs in id; ULIDs and UUIDs, as their 16 bytes, in u; others as text
CREATE UNLOGGED TABLE drawn (family text, client int, n int, id bigint, u ulid, t text);
SQL

# Each client draws in batches of 500 per statement, so the sessions
# interleave on the shared words for the whole run.
for c in $(seq 1 "$clients"); do
  pg_psql "$port" -c "
    DO \$\$
    BEGIN
      FOR b IN 0..($per_client / 500 - 1) LOOP
        INSERT INTO drawn SELECT 'snowflake', $c, b * 500 + g, snowflake_id() FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'shard', $c, b * 500 + g, next_shard_id(5) FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'ulid_monotonic', $c, b * 500 + g, NULL, ulid_monotonic() FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'ulid', $c, b * 500 + g, NULL, ulid() FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'uuid_v7', $c, b * 500 + g, NULL, uuid_v7() FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'uuid_v4', $c, b * 500 + g, NULL, uuid_v4() FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'uuid_v6', $c, b * 500 + g, NULL, uuid_v6() FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'uuid_v1', $c, b * 500 + g, NULL, uuid_v1() FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'ksuid', $c, b * 500 + g, NULL, NULL, ksuid() FROM generate_series(1, 500) g;
        INSERT INTO drawn SELECT 'objectid', $c, b * 500 + g, NULL, NULL, objectid() FROM generate_series(1, 500) g;
        COMMIT;
      END LOOP;
    END \$\$;" & pids+=($!)
done
wait_all "${pids[@]}"; pids=()

result=$(pg_psql "$port" -At -F ' ' <<SQL
SELECT family,
       count(*),
       count(*) - count(DISTINCT (id, u, t)),
       count(*) FILTER (WHERE CASE family WHEN 'snowflake' THEN snowflake_node(id) <> $node
                                          WHEN 'shard' THEN shard_id_shard(id) <> 5
                                          WHEN 'uuid_v7' THEN uuid_version(u::uuid) IS DISTINCT FROM 7
                                          WHEN 'uuid_v4' THEN uuid_version(u::uuid) IS DISTINCT FROM 4
                                          WHEN 'uuid_v6' THEN uuid_version(u::uuid) IS DISTINCT FROM 6
                                          WHEN 'uuid_v1' THEN uuid_version(u::uuid) IS DISTINCT FROM 1
                                          WHEN 'ksuid' THEN t::ksuid IS NULL
                                          WHEN 'objectid' THEN t::objectid IS NULL
                                          ELSE u IS NULL END),
       -- a family fills id or u, the other is NULL: compared apart, as a row
       -- comparison with a NULL in front is NULL and would never count
       (SELECT count(*) FROM (SELECT id <= lag(id) OVER w OR u <= lag(u) OVER w AS down
                                FROM drawn d2 WHERE d2.family = d.family
                                 AND d.family IN ('snowflake', 'shard', 'ulid_monotonic',
                                                  'uuid_v7', 'uuid_v6')
                              WINDOW w AS (PARTITION BY client ORDER BY n)) x
         WHERE down)
  FROM drawn d GROUP BY family ORDER BY family;
SQL
)
echo "family rows duplicates wrong_field not_increasing"
echo "$result"
# every family, each with all its rows and nothing wrong: compared as text,
# so a family missing or a line that is empty fails too
expected=$(for family in ksuid objectid shard snowflake ulid ulid_monotonic uuid_v1 uuid_v4 uuid_v6 uuid_v7; do
  echo "$family $((clients * per_client)) 0 0 0"
done)
fail=0
if [ "$result" != "$expected" ]; then
  echo "FAIL: expected" >&2; echo "$expected" >&2; fail=1
fi
# With the clock never stepping back, contention alone must not push the
# shared generators ahead of it: each used-up millisecond is waited out.
ahead=$(pg_psql "$port" -At -F ' ' -c "
  SELECT coalesce(sum(issued_ahead), 0), coalesce(max(ahead_of_clock_ms), 0), sum(issued), sum(waits)
    FROM idgen_status")
read -r issued_ahead lead issued waits <<<"$ahead"
echo "shared generators: $issued issued, $waits waited for the clock, $issued_ahead ahead of it, lead now ${lead} ms"
if [ "$issued" != $((3 * clients * per_client)) ] || ! [[ $waits =~ ^[0-9]+$ ]]; then
  echo "FAIL: idgen_status counted $issued IDs ($waits waits), not the $((3 * clients * per_client)) drawn" >&2; fail=1
fi
if [ "$issued_ahead" != 0 ] || ! [[ $lead =~ ^-?[0-9]+$ ]] || [ "$lead" -gt 0 ]; then
  echo "FAIL: the shared generators ran ahead of the clock under contention" >&2; fail=1
fi
[ $fail -eq 0 ] && echo "concurrent clients: $clients x $per_client per family, no duplicates"
exit $fail
