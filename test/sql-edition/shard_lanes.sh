#!/usr/bin/env bash
# shard_lanes.sh PORT: next_shard_id(shard) of the SQL edition counts per
# shard (database sqled_app, role app): calls for shards 1 and 2 taking turns
# in one millisecond number each shard 0, 1, 2 (one sequence for all shards
# numbered them 0, 2, 4 and 1, 3, 5); shard 257 shares shard 1's lane (256
# lanes) and goes on from its count. The millisecond is one set 30 s ahead
# of the clock in both lanes, so that the calls cannot straddle two.
set -euo pipefail
port=$1
source test/sql-edition/lib.sh

echo "--- next_shard_id(shard) counts per shard"
got=$(app sqled_app -At <<'SQL'
CREATE TEMP TABLE ms AS SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint + 30000 AS unix_ms;
SELECT setval('idgen_sql._idgen_shard_lane_1', (SELECT unix_ms FROM ms) << 10, false),
       setval('idgen_sql._idgen_shard_lane_2', (SELECT unix_ms FROM ms) << 10, false) \g /dev/null
CREATE TEMP TABLE drawn AS
    SELECT n, s, idgen_sql.next_shard_id(s) AS id FROM unnest(ARRAY[1, 2, 1, 2, 1, 2, 257]) WITH ORDINALITY AS t(s, n);
SELECT string_agg(idgen_sql.shard_id_shard(id) || ':' || idgen_sql.shard_id_seq(id), ' ' ORDER BY n),
       count(DISTINCT idgen_sql.shard_id_timestamp(id)),
       bool_and(idgen_sql.shard_id_timestamp(id) = 'epoch'::timestamptz + (SELECT unix_ms FROM ms) * interval '1 ms')
  FROM drawn;
SQL
)
[ "$got" = "1:0 2:0 1:1 2:1 1:2 2:2 257:3|1|t" ] &&
  echo "ok: shards 1 and 2 taking turns in one millisecond: 0, 1, 2 each; shard 257 (shard 1's lane) goes on at 3" ||
  { echo "FAIL: per-shard counting: $got (shard:seq ..., milliseconds, in the one set)"; exit 1; }
