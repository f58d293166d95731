-- snowflake_id() and next_shard_id(shard): properties of the shared state.
BEGIN;
SELECT plan(11);

CREATE TEMP TABLE s AS
SELECT n, snowflake_id() AS id FROM generate_series(1, 200000) n;

SELECT is((SELECT count(DISTINCT id) FROM s), 200000::bigint, '200,000 Snowflakes are distinct');
SELECT is((SELECT count(*) FROM (SELECT id > lag(id) OVER (ORDER BY n) AS up FROM s) x WHERE NOT up),
          0::bigint, 'each is larger than the one before it');
SELECT is((SELECT count(*) FROM s WHERE snowflake_node(id) <> current_setting('idgen.node_id')::int),
          0::bigint, 'each carries idgen.node_id');
SELECT ok((SELECT max(snowflake_timestamp(id)) <= clock_timestamp() FROM s),
          'no timestamp is ahead of the clock: an exhausted millisecond waits for the next');
SELECT ok((SELECT max(c) <= 4096 FROM (SELECT count(*) c FROM s GROUP BY snowflake_timestamp(id)) x),
          'at most 4096 IDs per millisecond');

-- Parallel workers share the leader's state.
CREATE TABLE big AS SELECT g FROM generate_series(1, 300000) g;
ANALYZE big;
SET LOCAL parallel_setup_cost = 0;
SET LOCAL parallel_tuple_cost = 0;
SET LOCAL min_parallel_table_scan_size = 0;
SET LOCAL max_parallel_workers_per_gather = 2;
CREATE TEMP TABLE plan_lines (line text);
DO $$
DECLARE r record;
BEGIN
    FOR r IN EXPLAIN VERBOSE SELECT snowflake_id(), next_shard_id(11) FROM big LOOP
        INSERT INTO plan_lines VALUES (r."QUERY PLAN");
    END LOOP;
END $$;
SELECT ok(EXISTS (SELECT 1 FROM plan_lines WHERE line LIKE '%Parallel Seq Scan%')
          AND EXISTS (SELECT 1 FROM plan_lines WHERE line ~ '^\s+Output: snowflake_id\(\), next_shard_id\(11\)'),
          'the generators run in parallel workers (the scan, not the Gather, computes them)');
SELECT cmp_ok(workers_launched('CREATE TEMP TABLE p AS SELECT snowflake_id() AS sf, next_shard_id(11) AS sh FROM big'),
              '>', 0, 'snowflake_id() and next_shard_id(11) ran in parallel workers');
SELECT is((SELECT count(DISTINCT sf) FROM p), 300000::bigint,
          'Snowflakes from parallel workers are distinct');
SELECT is((SELECT count(DISTINCT sh) FROM p), 300000::bigint,
          'next_shard_id(11) from parallel workers is distinct');
SELECT is((SELECT count(*) FROM p WHERE shard_id_shard(sh) <> 11), 0::bigint,
          'and each carries shard 11');

-- Shards do not share a sequence: two shards in one millisecond both start at 0.
SELECT is((SELECT count(DISTINCT shard_id_shard(id)) FROM
             (SELECT next_shard_id(g % 8 + 100) AS id FROM generate_series(1, 8000) g) x),
          8::bigint, 'eight shards interleaved keep their own fields');

SELECT * FROM finish();
ROLLBACK;
