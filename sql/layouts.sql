-- Bigint layouts as data: the named layouts against their owners' published
-- examples, a declared layout's checks (at, below and above each bound),
-- decoders, the smallest ID of a time, layout_id() and its refusals.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

SELECT name, epoch, time_unit, time_bits, node_bits, sequence_bits,
       sequence_above_node, time_in_sign_bit, named
  FROM idgen_layouts ORDER BY named DESC, name;

-- Discord's API reference: 175928847299117063 is 2016-04-30 11:18:25.796 UTC,
-- worker 1, process 0, increment 7 (node = worker << 5 | process)
SELECT * FROM layout_decode(175928847299117063, 'discord');
SELECT (layout_decode(175928847299117063, 'discord')).node >> 5 AS worker,
       (layout_decode(175928847299117063, 'discord')).node & 31 AS process;
SELECT layout_id_from_time('2016-04-30 11:18:25.796+00', 'discord') = 175928847299117063 & ~4194303 AS discord_from_time;
-- Mastodon's timestamp_id(): Unix ms << 16 | 16 bits of sequence data
SELECT layout_id_from_time('2023-11-14 22:13:20.123+00', 'mastodon') = (1700000000123::bigint << 16) AS mastodon_time_part;
SELECT * FROM layout_decode((1700000000123::bigint << 16) | 65535, 'mastodon');
-- CockroachDB's SERIAL page: three unique_rowid() values of one insert, node 1
SELECT id, d.* FROM unnest(ARRAY[148656994422095873, 148656994422161409, 148656994422194177]) AS id,
       layout_decode(id, 'cockroachdb') AS d;
-- sony/sonyflake's Decompose: time << 24 | sequence << 16 | machine, v1 and v2
SELECT * FROM layout_decode((1000::bigint << 24) | (7 << 16) | 48879, 'sonyflake');
SELECT * FROM layout_decode((1000::bigint << 24) | (7 << 16) | 48879, 'sonyflake_v2');
-- the layouts idgen's families already have decode as their families do
SELECT bool_and(l.ts = s.ts AND l.node = s.node AND l.sequence = s.seq) AS twitter
  FROM unnest(ARRAY[0, 1, 454947766275219456, 9223372036854775807, 1099511627776]::bigint[]) AS id,
       layout_decode(id, 'twitter') AS l, snowflake_decode(id, 1288834974657) AS s;
SELECT bool_and(l.ts = s.ts AND l.node = s.shard AND l.sequence = s.seq) AS instagram
  FROM unnest(ARRAY[0, 1, 454947766275219456, 9223372036854775807, 1099511627776]::bigint[]) AS id,
       layout_decode(id, 'instagram') AS l, shard_id_decode(id, 1314220021721) AS s;
SELECT bool_and(l.ts = tsid_timestamp(id) AND l.node = tsid_node(id) AND l.sequence = tsid_counter(id)) AS tsid
  FROM unnest(ARRAY[0, 1, -1, 454947766275219456, 9223372036854775807, -9223372036854775808]::bigint[]) AS id,
       layout_decode(id, 'tsid') AS l;
SELECT bool_and(l.ts = s.ts AND l.node = s.machine AND l.sequence = s.sequence) AS sonyflake
  FROM unnest(ARRAY[0, 1, 65536, 454947766275219456, 9223372036854775807]::bigint[]) AS id,
       layout_decode(id, 'sonyflake') AS l, sonyflake_decode(id) AS s;

-- a decoder given a negative ID: refused where the sign bit is not time
SELECT * FROM layout_decode(-1, 'twitter');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM layout_decode(-1, 'discord');  -- unsigned 64-bit: past 2084
SELECT layout_decode(NULL, 'twitter') IS NULL AS strict_id, layout_decode(1, NULL) IS NULL AS strict_layout;
-- an encoder given a time outside the layout: at, below and above its range
SELECT layout_id_from_time('2014-09-01 00:00:00+00', 'sonyflake') AS at_epoch;
SELECT layout_id_from_time('2014-08-31 23:59:59.999999+00', 'sonyflake');
\echo :LAST_ERROR_SQLSTATE
SELECT layout_id_from_time('2188-11-16 03:28:58.879999+00', 'sonyflake') = 9223372036837998592 AS at_last;
SELECT layout_id_from_time('2188-11-16 03:28:58.88+00', 'sonyflake');
\echo :LAST_ERROR_SQLSTATE
SELECT layout_id_from_time('infinity', 'twitter');
\echo :LAST_ERROR_SQLSTATE
-- an unknown layout
SELECT layout_id_from_time(now(), 'snowflake');
\echo :LAST_ERROR_SQLSTATE

-- Declared layouts (superuser): the time gets the rest of 63 bits
SELECT idgen_layout_create('orders', '2026-01-01 00:00:00+00', '1 millisecond', 12, 10);
SELECT name, epoch, time_unit, time_bits, node_bits, sequence_bits, named
  FROM idgen_layouts WHERE NOT named;
SELECT * FROM layout_decode(9223372036854775807, 'orders');
SELECT layout_id_from_time('2026-01-01 00:00:01+00', 'orders') AS one_second_in;
SELECT idgen_layout_create('orders', '2026-01-01 00:00:00+00', '1 millisecond', 12, 10);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('twitter', '2026-01-01 00:00:00+00', '1 millisecond', 12, 10);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('Orders', '2026-01-01 00:00:00+00', '1 millisecond', 12, 10);
\echo :LAST_ERROR_SQLSTATE
-- widths that do not sum to 63: node + sequence 62 is the most
SELECT idgen_layout_create('wide', '2020-01-01+00', '1 day', 31, 32);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('wide', '2020-01-01+00', '1 day', 40, 22);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('wide', '2020-01-01+00', '1 ms', -1, 12);
\echo :LAST_ERROR_SQLSTATE
-- an epoch in the future
SELECT idgen_layout_create('later', '2999-01-01+00', '1 ms', 10, 12);
\echo :LAST_ERROR_SQLSTATE
\set VERBOSITY sqlstate
SELECT idgen_layout_create('later', clock_timestamp() + interval '1 second', '1 ms', 10, 12);
\set VERBOSITY default
SELECT idgen_layout_create('at_now', date_trunc('milliseconds', now()), '1 ms', 10, 11);
-- whole milliseconds: layout_id() counts them from the epoch
SELECT idgen_layout_create('fraction', '2026-01-01 00:00:00.0005+00', '1 ms', 10, 11);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('before_unix', '1969-12-31 23:59:59+00', '1 ms', 10, 11);
\echo :LAST_ERROR_SQLSTATE
-- a time unit of 0, below and above its range
SELECT idgen_layout_create('unit', '2020-01-01+00', '0', 10, 12);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('unit', '2020-01-01+00', '-1 ms', 10, 12);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('unit', '2020-01-01+00', '1 day 1 microsecond', 21, 21);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('unit', '2020-01-01+00', '1 mon', 10, 12);
\echo :LAST_ERROR_SQLSTATE
-- no overflow before 2070: 41 bits of ms from 2000 end in 2069, 42 in 2139
SELECT idgen_layout_create('short', '2000-01-01+00', '1 ms', 10, 12);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('short', '2000-01-01+00', '1 ms', 10, 11);
-- and none past year 9999
SELECT idgen_layout_create('long', '2020-01-01+00', '1 day', 0, 0);
\echo :LAST_ERROR_SQLSTATE
-- CockroachDB's own: 10 µs units since 2015, 15 node bits
SELECT idgen_layout_create('crdb_like', '2015-01-01+00', '10 microseconds', 15, 0);
SELECT layout_decode(148656994422095873, 'crdb_like') = layout_decode(148656994422095873, 'cockroachdb') AS same_as_named;
-- Sonyflake's order, as sony/sonyflake v2 with other settings (BitsMachineID
-- 12, BitsSequence 10; 39 bits of 1 ms units from 2025 would end in 2042)
SELECT idgen_layout_create('sony_custom', '2025-01-01 00:00:00+00', '1 millisecond', 16, 8, true);
SELECT idgen_layout_create('sony_custom', '2025-01-01 00:00:00+00', '10 milliseconds', 12, 10, true);
SELECT * FROM layout_decode((1000::bigint << 22) | (7 << 12) | 3003, 'sony_custom');
SELECT sequence_above_node, time_bits FROM idgen_layouts WHERE name = 'sony_custom';
SELECT (layout_decode(layout_id('sony_custom'), 'sony_custom')).node AS machine_42;
-- midnight epoch, 1 ms: the smallest ID of a day is a whole multiple of 2^22 days' ms
SELECT layout_id_from_time('2026-01-02+00', 'orders') = (86400000::bigint << 22) AS day_aligned;

-- only a superuser declares or drops a layout, and only through these
CREATE ROLE layout_user;
SET ROLE layout_user;
SELECT idgen_layout_create('mine', '2020-01-01+00', '1 ms', 10, 11);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_drop('orders');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO idgen_declared_layouts (name, epoch, time_unit, node_bits, sequence_bits, created_timeline)
    VALUES ('mine', '2020-01-01+00', '1 ms', 10, 11, 1);
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) > 0 AS readable FROM idgen_layouts;
SELECT * FROM layout_decode(1, 'orders');
RESET ROLE;
DROP ROLE layout_user;

-- layout_id(): idgen.node_id (42 here) in the node field, strictly increasing
SELECT bool_and((layout_decode(id, 'discord')).node = 42) AS node_42,
       count(DISTINCT id) = 5000 AS distinct_ids,
       abs(extract(epoch FROM max((layout_decode(id, 'discord')).ts) - clock_timestamp())) < 5 AS now_ish
  FROM (SELECT layout_id('discord') AS id FROM generate_series(1, 5000)) AS g;
SELECT bool_and(id > prev) AS increasing
  FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev
          FROM (SELECT n, layout_id('orders') AS id FROM generate_series(1, 5000) AS n) AS g) AS s
 WHERE prev IS NOT NULL;
SELECT (layout_decode(layout_id('sonyflake_v2'), 'sonyflake_v2')).node AS machine;
-- a named layout that is one of idgen's families runs that family's word:
-- drawn in turn with it, no ID twice
SELECT count(DISTINCT id) = 4000 AS tsid_shares_tsid
  FROM (SELECT unnest(ARRAY[tsid(), layout_id('tsid')]) AS id FROM generate_series(1, 2000)) AS g;
SELECT count(DISTINCT id) = 4000 AS twitter_shares_snowflake
  FROM (SELECT unnest(ARRAY[snowflake_id(), layout_id('twitter')]) AS id FROM generate_series(1, 2000)) AS g;
SELECT count(DISTINCT id) = 1000 AS sonyflake_shares_sonyflake
  FROM (SELECT unnest(ARRAY[sonyflake_id(), layout_id('sonyflake')]) AS id FROM generate_series(1, 500)) AS g;
SELECT count(DISTINCT id) = 4000 AS instagram_shares_shard_42
  FROM (SELECT unnest(ARRAY[next_shard_id(42), layout_id('instagram')]) AS id FROM generate_series(1, 2000)) AS g;
-- a node that does not fit: Mastodon's IDs have no node field
SELECT layout_id('mastodon');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_create('few_nodes', '2026-01-01+00', '1 ms', 5, 12);
SELECT layout_id('few_nodes');
\echo :LAST_ERROR_SQLSTATE
-- a time unit the generator does not count
SELECT layout_id('cockroachdb');
\echo :LAST_ERROR_SQLSTATE
SELECT layout_id('nonesuch');
\echo :LAST_ERROR_SQLSTATE

-- dropping: refused once the layout handed out IDs, taken before
SELECT idgen_layout_drop('orders');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_drop('few_nodes');
SELECT idgen_layout_drop('twitter');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_drop('nonesuch');
\echo :LAST_ERROR_SQLSTATE
-- declared again with another epoch after a refused call handed out nothing: taken
SELECT idgen_layout_create('few_nodes', '2025-01-01+00', '1 ms', 10, 12);
SELECT (layout_decode(layout_id('few_nodes'), 'few_nodes')).node AS node;
-- changed under the name after it handed out IDs: layout_id() refuses
BEGIN;
DELETE FROM idgen_declared_layouts WHERE name = 'few_nodes';
SELECT idgen_layout_create('few_nodes', '2026-01-01+00', '1 ms', 10, 12);
SELECT layout_id('few_nodes');
\echo :LAST_ERROR_SQLSTATE
ROLLBACK;
SELECT layout_id('few_nodes') > 0 AS as_declared_again;

-- replica mode (a logical replication apply, or a superuser's session): a
-- change goes for a row written since the server started and not run since
-- (kept by its transaction ID, never by its created); one changed outside
-- the apply stays (logical_replication.sh: one run)
SELECT idgen_layout_create('fresh', '2025-01-01+00', '1 ms', 10, 12);
SET session_replication_role = replica;
UPDATE idgen_declared_layouts SET node_bits = 9 WHERE name = 'fresh';
DELETE FROM idgen_declared_layouts WHERE name = 'fresh';
SET session_replication_role = origin;
SELECT idgen_layout_create('changed_here', '2025-01-01+00', '1 ms', 10, 12);
UPDATE idgen_declared_layouts SET created_in = created_in WHERE name = 'changed_here';
SET session_replication_role = replica;
DELETE FROM idgen_declared_layouts WHERE name = 'changed_here';
\echo :LAST_ERROR_SQLSTATE
RESET session_replication_role;
SELECT name FROM idgen_declared_layouts WHERE name IN ('fresh', 'changed_here') ORDER BY name;
-- a row changed in the transaction that declared another is not fresh: it
-- is kept by name too (attack6 S2)
BEGIN;
SELECT idgen_layout_create('declared_beside', '2025-01-01+00', '1 ms', 10, 12);
UPDATE idgen_declared_layouts SET created_in = created_in WHERE name = 'changed_here';
COMMIT;
SET session_replication_role = replica;
DELETE FROM idgen_declared_layouts WHERE name = 'changed_here';
\echo :LAST_ERROR_SQLSTATE
DELETE FROM idgen_declared_layouts WHERE name = 'declared_beside';
RESET session_replication_role;
SELECT name FROM idgen_declared_layouts WHERE name IN ('changed_here', 'declared_beside') ORDER BY name;

-- never changed in place outside the apply: a name or shape by hand is
-- refused, created_in goes (attack7: a rename repeated every ID)
UPDATE idgen_declared_layouts SET name = 'renamed' WHERE name = 'changed_here';
UPDATE idgen_declared_layouts SET node_bits = 9 WHERE name = 'changed_here';
UPDATE idgen_declared_layouts SET created_in = created_in WHERE name = 'changed_here';

-- PARALLEL SAFE: a parallel query reads a declared layout, as it is now, in
-- its leader and workers (attack7 P: refused there once)
SELECT idgen_layout_create('parallel_read', '2025-01-01+00', '1 ms', 10, 12);
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
CREATE TABLE layout_rows AS SELECT g::bigint AS g FROM generate_series(1, 20000) g;
SELECT count(*) FILTER (WHERE (layout_decode((g << 22), 'parallel_read')).node = 0
                          AND (g << 22) >= layout_id_from_time('2025-01-01+00', 'parallel_read'))
       AS parallel_reads
  FROM layout_rows;
RESET parallel_setup_cost; RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size; RESET max_parallel_workers_per_gather;
DROP TABLE layout_rows;

-- the catalog: markings, privileges, dumped with the database
SELECT p.oid::regprocedure, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_proc p WHERE p.proname IN ('layout_id', 'layout_decode', 'layout_id_from_time',
        'idgen_layout_create', 'idgen_layout_drop', 'idgen_named_layouts') ORDER BY 1;
SELECT has_function_privilege('public', 'idgen_layout_create(text, timestamptz, interval, int, int)', 'execute') AS create_public,
       has_function_privilege('public', 'idgen_layout_create(text, timestamptz, interval, int, int, boolean)', 'execute') AS create6_public,
       has_function_privilege('public', 'idgen_layout_drop(text)', 'execute') AS drop_public,
       has_table_privilege('public', 'idgen_declared_layouts', 'insert') AS insert_public;
SELECT extconfig @> ARRAY['idgen_declared_layouts'::regclass::oid] AS dumped FROM pg_extension WHERE extname = 'idgen';
