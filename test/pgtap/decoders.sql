-- Decoders against the from_time bounds, on random IDs: every non-negative
-- bigint is a valid ID of both layouts and comes back apart and together.
BEGIN;
SELECT plan(6);

CREATE TEMP TABLE ids AS
SELECT (random() * 9223372036854775807)::bigint AS id FROM generate_series(1, 5000)
UNION ALL VALUES (0), (1), (9223372036854775807);

SELECT is((SELECT count(*) FROM ids
            WHERE snowflake_id_from_time(snowflake_timestamp(id)) | (snowflake_node(id)::bigint << 12)
                  | snowflake_seq(id) <> id),
          0::bigint, 'Snowflake: time, node and seq put back together give the ID');
SELECT is((SELECT count(*) FROM ids
            WHERE shard_id_from_time(shard_id_timestamp(id)) | (shard_id_shard(id)::bigint << 10)
                  | shard_id_seq(id) <> id),
          0::bigint, 'shard ID: time, shard and seq put back together give the ID');
SELECT is((SELECT count(*) FROM ids
            WHERE (snowflake_decode(id, 1420070400000)).ts <> snowflake_timestamp(id, 1420070400000)
               OR (shard_id_decode(id, 1325376000000)).ts <> shard_id_timestamp(id, 1325376000000)),
          0::bigint, 'the decode rows agree with the single-field decoders');
SELECT is((SELECT count(*) FROM ids
            WHERE snowflake_timestamp(id) - snowflake_timestamp(id, 0)
                  <> (current_setting('idgen.snowflake_epoch')::bigint * interval '1 millisecond')),
          0::bigint, 'the explicit-epoch overloads shift by the epoch');

-- A time-range query over a bound is an index range scan.
CREATE TEMP TABLE t (id bigint PRIMARY KEY);
INSERT INTO t SELECT snowflake_id_from_time(now() - g * interval '1 second') + g FROM generate_series(1, 20000) g;
ANALYZE t;
SELECT is((SELECT count(*) FROM t WHERE id >= snowflake_id_from_time(now() - interval '100 seconds')
                                    AND id < snowflake_id_from_time(now())),
          100::bigint, 'the range bound selects exactly the IDs of those milliseconds');
CREATE TEMP TABLE plan_lines (line text);
DO $$
DECLARE r record;
BEGIN
    FOR r IN EXPLAIN SELECT * FROM t WHERE id >= snowflake_id_from_time(now() - interval '100 seconds')
                                         AND id < snowflake_id_from_time(now()) LOOP
        INSERT INTO plan_lines VALUES (r."QUERY PLAN");
    END LOOP;
END $$;
SELECT ok(EXISTS (SELECT 1 FROM plan_lines WHERE line ~ 'Index (Only )?Scan'),
          'and the planner uses the primary key index for it');

SELECT * FROM finish();
ROLLBACK;
