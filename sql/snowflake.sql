-- Snowflake: seed 001's (wrong) example, bit edges, decoding, refusals.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- seed 001 composes 2018-06-09 10:00:00 UTC (epoch 1420070400000), node 786 and
-- sequence 3450 and prints 454947766275219456. That number carries sequence 0:
SELECT * FROM snowflake_decode(454947766275219456, 1420070400000);
-- with sequence 3450 the ID is 454947766275222906:
SELECT * FROM snowflake_decode(454947766275222906, 1420070400000);
SELECT snowflake_id_from_time('2018-06-09 10:00:00+00', 1420070400000) | (786 << 12) | 3450 AS with_seq_3450;
-- Discord uses this layout with epoch 2015-01-01: its first ever ID's time
SELECT snowflake_timestamp(175928847299117063, 1420070400000);

-- the default epoch is Twitter's
SHOW idgen.snowflake_epoch;
SELECT snowflake_timestamp(0);
SELECT * FROM snowflake_decode(9223372036854775807);
SELECT snowflake_node(9223372036854775807), snowflake_seq(9223372036854775807);
SELECT snowflake_id_from_time('2026-01-01 00:00:00+00');
SELECT snowflake_id_from_time('2080-07-10 17:30:30.208+00') = 9223372036854775807 & ~4194303 AS last_ms;

-- generated IDs: this server's node, the current time, increasing
SELECT snowflake_node(snowflake_id()) = current_setting('idgen.node_id')::int AS configured_node;
SELECT abs(extract(epoch FROM snowflake_timestamp(snowflake_id()) - clock_timestamp())) < 5 AS now_ish;
SELECT count(*) = count(DISTINCT id) AS unique_ids,
       bool_and(id > prev) AS increasing
  FROM (SELECT id, lag(id, 1, 0::bigint) OVER (ORDER BY n) AS prev
          FROM (SELECT n, snowflake_id() AS id FROM generate_series(1, 100000) n) g) s;
CREATE TEMP TABLE events (id bigint PRIMARY KEY DEFAULT snowflake_id(), what text);
INSERT INTO events (what) VALUES ('a'), ('b'), ('c');
SELECT what, snowflake_node(id) = current_setting('idgen.node_id')::int AS node_ok FROM events ORDER BY id;
-- time-range queries with the bound
SELECT count(*) FROM events
 WHERE id >= snowflake_id_from_time(now() - interval '1 hour')
   AND id < snowflake_id_from_time(now() + interval '1 hour');

-- errors
SELECT snowflake_timestamp(-1);
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_node(-9223372036854775808);
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_seq(-1);
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_decode(-1, 1420070400000);
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_timestamp(1, -1);
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_decode(1, 9223372036854775807);
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_id_from_time('2010-11-04 01:42:54.656+00');
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_id_from_time('2080-07-10 17:30:30.209+00');
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_id_from_time('infinity');
\echo :LAST_ERROR_SQLSTATE
SELECT snowflake_id_from_time('2014-12-31 23:59:59.999+00', 1420070400000);
\echo :LAST_ERROR_SQLSTATE
