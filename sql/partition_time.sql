-- Partitioning by the time inside an ID: pg_partman's encoder/decoder pairs
-- (round trips, the unit boundaries either side, refusals), the bigint
-- interval and start, and idgen_partition_maintain.
-- (test/integration/pg_partman.sh runs them under the real pg_partman.)
SET timezone = 'UTC';
\set SHOW_CONTEXT never

-- every pair: decoder(encoder(t)) is t on its unit; one unit below
-- encodes to a smaller text; the encoder floors inside a unit
CREATE TEMP TABLE pairs (family text, unit interval);
INSERT INTO pairs VALUES ('ulid', '1 ms'), ('ksuid', '1 s'), ('xid', '1 s'), ('scru128', '1 ms'),
                         ('timeflake', '1 ms'), ('tsid', '1 ms'), ('pushid', '1 ms'), ('typeid', '1 ms');
CREATE FUNCTION pg_temp.enc(family text, ts timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN EXECUTE format('SELECT %I(%L::timestamptz)', family || '_text_time_encoder', ts) INTO r; RETURN r; END $$;
CREATE FUNCTION pg_temp.dec(family text, id text) RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE r timestamptz;
BEGIN EXECUTE format('SELECT %I(%L)', family || '_text_time_decoder', id) INTO r; RETURN r; END $$;
SELECT family, pg_temp.enc(family, '2026-03-01 00:00+00') AS bound,
       pg_temp.dec(family, pg_temp.enc(family, '2026-03-01 00:00+00')) = '2026-03-01 00:00+00' AS round_trip,
       pg_temp.enc(family, timestamptz '2026-03-01 00:00+00' - unit) COLLATE "C"
         < pg_temp.enc(family, '2026-03-01 00:00+00') COLLATE "C" AS unit_below_sorts_below,
       pg_temp.enc(family, timestamptz '2026-03-01 00:00+00' + unit - interval '1 microsecond')
         = pg_temp.enc(family, '2026-03-01 00:00+00') AS floored_in_unit,
       pg_temp.enc(family, timestamptz '2026-03-01 00:00+00' + unit) COLLATE "C"
         > pg_temp.enc(family, '2026-03-01 00:00+00') COLLATE "C" AS unit_above_sorts_above
  FROM pairs ORDER BY family;
-- an ID of a time sorts at or after its time's bound, before the next unit's
SELECT bool_and(ulid(t)::text COLLATE "C" >= ulid_text_time_encoder(t)
                AND ulid(t)::text COLLATE "C" < ulid_text_time_encoder(t + interval '1 ms')) AS ulid_between,
       bool_and(ksuid(t)::text COLLATE "C" >= ksuid_text_time_encoder(t)
                AND ksuid(t)::text COLLATE "C" < ksuid_text_time_encoder(t + interval '1 s')) AS ksuid_between,
       bool_and(typeid_generate('user', t)::text COLLATE "C" >= typeid_text_time_encoder('user', t)
                AND typeid_generate('user', t)::text COLLATE "C" < typeid_text_time_encoder('user', t + interval '1 ms')) AS typeid_between
  FROM (SELECT timestamptz '2026-03-01 00:00+00' + i * interval '7 ms 3 us' AS t FROM generate_series(0, 300) i) s;
-- the decoders read what the families' own decoders read
SELECT ulid_text_time_decoder('01ARZ3NDEKTSV4RRFFQ69G5FAV') = ulid_timestamp('01ARZ3NDEKTSV4RRFFQ69G5FAV') AS ulid,
       typeid_text_time_decoder('user_01h455vb4pex5vsknk084sn02q'),
       typeid_text_time_decoder('01h455vb4pex5vsknk084sn02q'),
       typeid_text_time_encoder('2026-03-01+00') AS no_prefix;
-- the range ends: the first and last time of a field, one past refused
SELECT ulid_text_time_encoder('1970-01-01 00:00+00'), ulid_text_time_encoder('10889-08-02 05:31:50.655+00');
SELECT ulid_text_time_encoder('10889-08-02 05:31:50.656+00');
\echo :LAST_ERROR_SQLSTATE
SELECT ulid_text_time_encoder('1969-12-31 23:59:59.999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_text_time_encoder('2020-01-01 00:00+00'), tsid_text_time_decoder(tsid_text_time_encoder('2020-01-01 00:00+00'));
SELECT tsid_text_time_encoder('2019-12-31 23:59:59.999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT ksuid_text_time_encoder('2014-05-13 16:53:19+00');
\echo :LAST_ERROR_SQLSTATE
SELECT pushid_text_time_encoder('infinity');
\echo :LAST_ERROR_SQLSTATE
SELECT typeid_text_time_encoder('User', '2026-03-01+00');
\echo :LAST_ERROR_SQLSTATE
-- a decoder given what is no such ID
SELECT ulid_text_time_decoder('01ARZ3NDEKTSV4RRFFQ69G5FA');
\echo :LAST_ERROR_SQLSTATE
SELECT typeid_text_time_decoder('user_00000000000000000000000000');
\echo :LAST_ERROR_SQLSTATE
-- NULL in, NULL out (pg_partman checks it)
SELECT ulid_text_time_encoder(NULL) IS NULL AS enc_null, ulid_text_time_decoder(NULL) IS NULL AS dec_null;

-- uuid keys: ULIDs kept as uuid and UUIDv6, decoders taking text or uuid
SELECT ulid_uuid_time_encoder('2026-03-01+00'),
       ulid_uuid_time_encoder('2026-03-01+00') = ulid_from_time('2026-03-01+00')::uuid AS is_ulid_bound,
       ulid_uuid_time_decoder(ulid_uuid_time_encoder('2026-03-01+00')::text),
       ulid_uuid_time_decoder(ulid(timestamptz '2026-03-01 00:00:00.123+00')::uuid);
SELECT uuid_v6_time_encoder('2026-03-01 00:00:00.000001+00'),
       uuid_v6_time_decoder(uuid_v6_time_encoder('2026-03-01 00:00:00.000001+00')::text),
       uuid_v6_time_decoder(uuid_v6_time_encoder('2026-03-01 00:00:00.000001+00'));
SELECT uuid_v6_time_decoder('016f5e66-e800-7400-b57a-b560c45f595f');
\echo :LAST_ERROR_SQLSTATE
SELECT ulid_uuid_time_decoder('not a uuid');
\echo :LAST_ERROR_SQLSTATE

-- bigint keys: a day in IDs, and the smallest ID of a time
SELECT idgen_partition_interval('snowflake', '1 day') = 86400000::bigint << 22 AS snowflake_day,
       idgen_partition_interval('shard', '1 day') = 86400000::bigint << 23 AS shard_day,
       idgen_partition_interval('tsid', '1 hour') = 3600000::bigint << 22 AS tsid_hour,
       idgen_partition_interval('sonyflake', '1 day') = 8640000::bigint << 24 AS sonyflake_day,
       idgen_partition_interval('snowflake', '1 ms') = 1::bigint << 22 AS snowflake_ms,
       idgen_partition_interval('sonyflake', '10 ms') = 1::bigint << 24 AS sonyflake_unit;
SELECT idgen_partition_start('snowflake', '2026-03-01+00') = snowflake_id_from_time('2026-03-01+00') AS snowflake,
       idgen_partition_start('shard', '2026-03-01+00') = shard_id_from_time('2026-03-01+00') AS shard,
       tsid_timestamp(idgen_partition_start('tsid', '2026-03-01+00')) AS tsid,
       sonyflake_timestamp(idgen_partition_start('sonyflake', '2026-03-01 00:00:00.019+00')) AS sonyflake_floored;
-- TSID's and Sonyflake's epochs are midnights: their day partitions start at midnight
SELECT idgen_partition_start('tsid', '2026-03-01+00') % idgen_partition_interval('tsid', '1 day') AS tsid_offset,
       idgen_partition_start('sonyflake', '2026-03-01+00') % idgen_partition_interval('sonyflake', '1 day') AS sonyflake_offset,
       idgen_partition_start('snowflake', '2026-03-01+00') % idgen_partition_interval('snowflake', '1 day') <> 0 AS snowflake_not_aligned;
-- the longest span: the whole time field; one unit more is refused
SELECT idgen_partition_interval('snowflake', interval '1 ms' * 2199023255551) AS snowflake_longest,
       idgen_partition_interval('tsid', interval '1 ms' * 2199023255551) AS tsid_longest;
SELECT idgen_partition_interval('snowflake', interval '1 ms' * 2199023255552);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('sonyflake', '15 ms');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('snowflake', '0');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('snowflake', '1.5 ms');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('snowflake', '1 month');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('ulid', '1 day');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_start('tsid', '2019-12-31 23:59:59.999+00');
\echo :LAST_ERROR_SQLSTATE

-- bigint keys of a layout, named or declared: the span in units of its time
-- unit, above the node and sequence fields, whichever order they are in
SELECT idgen_partition_interval('twitter', '1 ms') = 1::bigint << 22 AS twitter_ms,
       idgen_partition_interval('instagram', '1 day') = 86400000::bigint << 23 AS instagram_day,
       idgen_partition_interval('discord', '1 ms') = 1::bigint << 22 AS discord_ms,
       idgen_partition_interval('mastodon', '1 hour') = 3600000::bigint << 16 AS mastodon_hour,
       idgen_partition_interval('cockroachdb', '1 day') = 8640000000::bigint << 15 AS cockroachdb_day,
       idgen_partition_interval('sonyflake_v2', '10 ms') = 1::bigint << 24 AS sonyflake_v2_unit;
-- every named layout: start + a day's interval is the start of the next day, node and sequence 0
SELECT l.name, d.*
  FROM idgen_layouts l,
       LATERAL layout_decode(idgen_partition_start(l.name, '2026-03-01+00') + idgen_partition_interval(l.name, '1 day'), l.name) d
 WHERE l.named ORDER BY l.name;
-- a family and the layout it shares a name with agree
SELECT idgen_partition_interval('snowflake', '1 day') = idgen_partition_interval('twitter', '1 day') AS snowflake_twitter,
       idgen_partition_interval('shard', '1 day') = idgen_partition_interval('instagram', '1 day') AS shard_instagram,
       idgen_partition_start('snowflake', '2026-03-01+00') = idgen_partition_start('twitter', '2026-03-01+00') AS snowflake_start,
       idgen_partition_start('sonyflake', '2026-03-01 00:00:00.019+00') = layout_id_from_time('2026-03-01 00:00:00.019+00', 'sonyflake') AS sonyflake_start,
       idgen_partition_start('tsid', '2026-03-01+00') = layout_id_from_time('2026-03-01+00', 'tsid') AS tsid_start,
       layout_decode(idgen_partition_interval('sonyflake', '1 day'), 'sonyflake') AS sonyflake_day,
       layout_decode(idgen_partition_interval('tsid', '1 day'), 'tsid') AS tsid_day;
-- a declared layout whose epoch is midnight UTC: day partitions start at midnight
SELECT idgen_layout_create('orders_daily', '2026-01-01 00:00+00', '1 millisecond', 10, 12);
SELECT idgen_layout_create('orders_sequence_first', '2025-01-01 00:00+00', '10 milliseconds', 16, 8, true);
SELECT idgen_partition_interval('orders_daily', '1 day') AS orders_day,
       idgen_partition_start('orders_daily', '2026-03-01+00') AS orders_start,
       idgen_partition_start('orders_daily', '2026-03-01+00') % idgen_partition_interval('orders_daily', '1 day') AS orders_offset,
       idgen_partition_start('orders_daily', '2026-03-01 00:00:00.0015+00') = layout_id_from_time('2026-03-01 00:00:00.0015+00', 'orders_daily') AS orders_start_floored,
       idgen_partition_interval('orders_sequence_first', '10 ms') = 1::bigint << 24 AS sequence_first_unit,
       layout_decode(idgen_partition_interval('orders_sequence_first', '1 day'), 'orders_sequence_first') AS sequence_first_day;
-- one unit, and one below it; the whole time field, and one unit above it
SELECT idgen_partition_interval('orders_daily', '1 ms') AS orders_unit,
       idgen_partition_interval('orders_daily', interval '1 ms' * 2199023255551) AS orders_whole,
       idgen_partition_interval('cockroachdb', '10 microseconds') AS cockroachdb_unit,
       idgen_partition_interval('cockroachdb', interval '10 microseconds' * 281474976710655) AS cockroachdb_whole,
       idgen_partition_interval('discord', interval '1 ms' * 2199023255551) AS discord_positive_half;
SELECT idgen_partition_interval('orders_daily', '0.999 ms');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('cockroachdb', '9 microseconds');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('cockroachdb', '15 microseconds');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('orders_daily', interval '1 ms' * 2199023255552);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('cockroachdb', interval '10 microseconds' * 281474976710656);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('discord', interval '1 ms' * 2199023255552);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_interval('orders_sequence_first', '1 month');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_start('orders_daily', '2025-12-31 23:59:59.999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_start('orders_daily', 'infinity');
\echo :LAST_ERROR_SQLSTATE
-- a name that is neither a bigint family nor a layout
SELECT idgen_partition_interval('nonesuch', '1 day');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_partition_start('nonesuch', '2026-03-01+00');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_layout_drop('orders_daily'), idgen_layout_drop('orders_sequence_first');

-- the native types' new bounds
SELECT xid_from_time('2026-03-01+00'), xid_timestamp(xid_from_time('2026-03-01 00:00:00.9+00')),
       scru128_from_time('2026-03-01+00'), scru128_timestamp(scru128_from_time('2026-03-01+00')),
       timeflake_from_time('2026-03-01+00'), timeflake_timestamp(timeflake_from_time('2026-03-01+00'));

-- idgen_partition_maintain: today and 2 days ahead, idempotent, retention
CREATE TABLE docs (id ulid NOT NULL, body text) PARTITION BY RANGE (id);
SELECT * FROM idgen_partition_maintain('docs', '1 day', 2, as_of => '2026-03-10 12:00+00');
SELECT * FROM idgen_partition_maintain('docs', '1 day', 2, as_of => '2026-03-10 23:59:59+00');
-- the boundary: the last ms of a day and the first of the next
INSERT INTO docs VALUES (ulid(timestamptz '2026-03-10 23:59:59.999+00'), 'last of the 10th'),
                        (ulid(timestamptz '2026-03-11 00:00:00+00'), 'first of the 11th');
SELECT tableoid::regclass AS partition, body FROM docs ORDER BY id;
-- a time range on the key prunes to the partitions it needs
EXPLAIN (COSTS OFF)
SELECT * FROM docs WHERE id >= ulid_from_time('2026-03-11 01:00+00') AND id < ulid_from_time('2026-03-11 02:00+00');
-- 3 days on, retention 1 day: the 10th and 11th are dropped (ended at or
-- before the 12th 12:00), the 12th kept; the 12th to 16th exist
SELECT * FROM idgen_partition_maintain('docs', '1 day', 2, retention => '1 day 12 hours', as_of => '2026-03-14 00:00+00');
SELECT * FROM idgen_partition_maintain('docs', '1 day', 2, retention => '1 day', keep_detached => true, as_of => '2026-03-14 00:00+00');
SELECT relname FROM pg_class WHERE relname LIKE 'docs_p%' AND relkind = 'r' AND NOT relispartition ORDER BY 1;
DROP TABLE docs_p20260312;
-- months, and hours: the partition names follow the span
CREATE TABLE by_month (id xid12 NOT NULL) PARTITION BY RANGE (id);
SELECT * FROM idgen_partition_maintain('by_month', '3 months', 1, as_of => '2026-05-31 23:00+00');
CREATE TABLE by_hour (id scru128 NOT NULL) PARTITION BY RANGE (id);
SELECT * FROM idgen_partition_maintain('by_hour', '6 hours', 1, as_of => '2026-03-01 05:59:59.999+00');
-- a TypeID key, per prefix; a UUIDv7 key
CREATE TABLE users (id typeid NOT NULL) PARTITION BY RANGE (id);
SELECT * FROM idgen_partition_maintain('users', '1 year', 0, prefix => 'user', as_of => '2026-03-01+00');
SELECT * FROM idgen_partition_maintain('users', '1 year', 0, prefix => 'org', as_of => '2026-03-01+00');
INSERT INTO users VALUES (typeid_generate('user', '2026-07-01+00')), (typeid_generate('org', '2026-07-01+00'));
SELECT tableoid::regclass, typeid_prefix(id) FROM users ORDER BY 2;
-- retention for one prefix leaves the other's partitions alone
SELECT * FROM idgen_partition_maintain('users', '1 year', 0, retention => '1 day', prefix => 'user', as_of => '2028-06-01+00');
SELECT relname FROM pg_class WHERE relname LIKE 'users_%' AND relispartition ORDER BY 1;
CREATE TABLE orders (id uuid NOT NULL) PARTITION BY RANGE (id);
SELECT * FROM idgen_partition_maintain('orders', '1 month', 0, as_of => '2026-03-01+00');
-- under a hostile search_path: idgen's functions are called through its
-- schema, so a planted one of the same name never runs
CREATE SCHEMA hostile;
CREATE FUNCTION hostile.uuid_v7_from_time(ts timestamptz) RETURNS uuid LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'the planted function ran'; END $$;
CREATE FUNCTION hostile.uuid_v7_timestamp(id uuid) RETURNS timestamptz LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'the planted function ran'; END $$;
SET search_path = hostile, public;
SELECT action, partition_name FROM idgen_partition_maintain('orders', '1 month', 1, as_of => '2026-03-01+00');
RESET search_path;
DROP SCHEMA hostile CASCADE;
-- refusals
SELECT * FROM idgen_partition_maintain('orders_p202603', '1 day');
\echo :LAST_ERROR_SQLSTATE
CREATE TABLE by_text (id text NOT NULL) PARTITION BY RANGE (id);
SELECT * FROM idgen_partition_maintain('by_text', '1 day');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_partition_maintain('users', '1 day');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_partition_maintain('docs', '1 day', prefix => 'user');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_partition_maintain('docs', '1 month 1 day');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_partition_maintain('docs', '500 ms');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_partition_maintain('docs', '1 day', -1);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_partition_maintain('docs', '1 day', 1001);
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_partition_maintain('docs', '1 day', retention => '-1 day');
\echo :LAST_ERROR_SQLSTATE
-- a span that overlaps the partitions there are is skipped, not an error
SELECT * FROM idgen_partition_maintain('docs', '12 hours', 1, as_of => '2026-03-14 00:00+00');
-- a span coarser than the partitions there: where they cover it exactly
-- it is skipped, and the new span takes over where they end; where they
-- cover it in part it is refused, naming both spans (skipping it would
-- leave a gap), and nothing of the call is kept
CREATE TABLE by_day (id ulid NOT NULL) PARTITION BY RANGE (id);
SELECT action, partition_name FROM idgen_partition_maintain('by_day', '1 day', 6, as_of => '2026-03-02 12:00+00');
SELECT action, partition_name FROM idgen_partition_maintain('by_day', '1 week', 1, as_of => '2026-03-08 23:59:59.999999+00');
SELECT action, partition_name FROM idgen_partition_maintain('by_day', '1 month', 1, as_of => '2026-02-10+00');
\echo :LAST_ERROR_SQLSTATE
SELECT count(*) FROM pg_inherits WHERE inhparent = 'by_day'::regclass;
-- a fortnight covered by seven days and a week: skipped
SELECT action, partition_name FROM idgen_partition_maintain('by_day', '14 days', 0, as_of => '2026-03-12+00');
DROP TABLE docs, by_month, by_hour, users, orders, by_text, by_day;
