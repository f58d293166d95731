-- tsid() and sonyflake_id(): the shared state's properties, as
-- shared_generators.sql checks them for snowflake_id().
BEGIN;
SELECT plan(12);

CREATE TEMP TABLE t AS SELECT n, tsid() AS id FROM generate_series(1, 200000) n;
SELECT is((SELECT count(DISTINCT id) FROM t), 200000::bigint, '200,000 TSIDs are distinct');
SELECT is((SELECT count(*) FROM (SELECT id > lag(id) OVER (ORDER BY n) AS up FROM t) x WHERE NOT up),
          0::bigint, 'each TSID is larger than the one before it');
SELECT is((SELECT count(*) FROM t WHERE tsid_node(id) <> current_setting('idgen.node_id')::int),
          0::bigint, 'each TSID carries idgen.node_id');
SELECT ok((SELECT max(tsid_timestamp(id)) <= clock_timestamp() FROM t),
          'no TSID is ahead of the clock: an exhausted millisecond waits for the next');
SELECT ok((SELECT max(c) <= 4096 FROM (SELECT count(*) c FROM t GROUP BY tsid_timestamp(id)) x),
          'at most 4096 TSIDs per millisecond');

CREATE TEMP TABLE s AS SELECT n, sonyflake_id() AS id FROM generate_series(1, 20000) n;
SELECT is((SELECT count(DISTINCT id) FROM s), 20000::bigint, '20,000 Sonyflake IDs are distinct');
SELECT is((SELECT count(*) FROM (SELECT id > lag(id) OVER (ORDER BY n) AS up FROM s) x WHERE NOT up),
          0::bigint, 'each Sonyflake ID is larger than the one before it');
SELECT is((SELECT count(*) FROM s, sonyflake_decode(s.id) d
            WHERE d.machine <> current_setting('idgen.node_id')::int), 0::bigint,
          'each Sonyflake ID carries idgen.node_id as its machine id');
SELECT ok((SELECT max(sonyflake_timestamp(id)) <= clock_timestamp() FROM s),
          'no Sonyflake ID is ahead of the clock: an exhausted 10 ms unit waits for the next');
SELECT ok((SELECT max(c) <= 256 FROM (SELECT count(*) c FROM s GROUP BY sonyflake_timestamp(id)) x),
          'at most 256 Sonyflake IDs per 10 ms');

-- Parallel workers share the leader's state.
CREATE TABLE big AS SELECT g FROM generate_series(1, 100000) g;
ANALYZE big;
SET LOCAL parallel_setup_cost = 0;
SET LOCAL parallel_tuple_cost = 0;
SET LOCAL min_parallel_table_scan_size = 0;
SET LOCAL max_parallel_workers_per_gather = 2;
SELECT cmp_ok(workers_launched('CREATE TEMP TABLE p AS SELECT tsid() AS t FROM big'),
              '>', 0, 'tsid() ran in parallel workers');
SELECT is((SELECT count(DISTINCT t) FROM p), 100000::bigint, 'TSIDs from parallel workers are distinct');

SELECT * FROM finish();
ROLLBACK;
