-- ULID: the type's text rules, casts, order, generators and decoders.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- the spec's time encoding: 1469918176385 ms gives the prefix 01ARYZ6S41
SELECT ulid_from_time(to_timestamp(1469918176.385));
SELECT ulid_timestamp('01ARYZ6S41TSV4RRFFQ69G5FAV');
-- seed 003's ULID and its uuid: the same 16 bytes
SELECT '01E5V7GWA9CHP337PB8SR18ZP4'::ulid::uuid;
SELECT '01717678-7149-646c-319e-cb4670147ec4'::uuid::ulid;
SELECT ulid_send('01E5V7GWA9CHP337PB8SR18ZP4');
SELECT ulid_timestamp('01E5V7GWA9CHP337PB8SR18ZP4'), '01E5V7GWA9CHP337PB8SR18ZP4'::ulid::timestamptz;
-- case-insensitive in, upper case out; text casts both ways
SELECT '01arz3ndektsv4rrffq69g5fav'::ulid, '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::text;
SELECT '01arz3ndektsv4rrffq69g5fav'::text::ulid = '01ARZ3NDEKTSV4RRFFQ69G5FAV' AS same;
-- the extremes
SELECT '00000000000000000000000000'::ulid::uuid, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid::uuid;
SELECT ulid_timestamp('7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
SELECT ulid_from_time('1970-01-01 00:00:00+00'), ulid_from_time('2026-01-01 00:00:00.0019+00');
-- into a uuid column and back without casts written out (assignment casts)
CREATE TEMP TABLE u (id uuid);
INSERT INTO u VALUES ('01E5V7GWA9CHP337PB8SR18ZP4'::ulid);
CREATE TEMP TABLE l (id ulid);
INSERT INTO l SELECT id FROM u;
INSERT INTO l VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'::text);
SELECT * FROM l ORDER BY id;

-- operators
SELECT a < b AS lt, a <= b AS le, a = b AS eq, a <> b AS ne, a >= b AS ge, a > b AS gt,
       sign(ulid_cmp(a, b)) AS cmp
  FROM (VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid, '01E5V7GWA9CHP337PB8SR18ZP4'::ulid),
               ('01E5V7GWA9CHP337PB8SR18ZP4', '01E5V7GWA9CHP337PB8SR18ZP4'),
               ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', '00000000000000000000000000')) v(a, b);
SELECT min(id), max(id) FROM (VALUES ('01E5V7GWA9CHP337PB8SR18ZP4'::ulid), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
                                      ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), (NULL)) v(id);
SELECT ulid_hash('01E5V7GWA9CHP337PB8SR18ZP4') = uuid_hash('01717678-7149-646c-319e-cb4670147ec4') AS hash_is_uuids;

-- ORDER BY id equals ordering by its text (C collation) and by its uuid
CREATE TEMP TABLE many AS SELECT ulid(now() - g * interval '1 ms' * (g % 97)) AS id FROM generate_series(1, 5000) g;
SELECT (SELECT array_agg(id ORDER BY id) FROM many)
     = (SELECT array_agg(id ORDER BY id::text COLLATE "C") FROM many) AS text_order,
       (SELECT array_agg(id ORDER BY id) FROM many)
     = (SELECT array_agg(id ORDER BY id::uuid) FROM many) AS uuid_order;

-- generators
SELECT abs(extract(epoch FROM ulid_timestamp(ulid()) - clock_timestamp())) < 5 AS now_ish;
-- (a bare literal, ulid('...'), is read as a cast to ulid: give it its type)
SELECT ulid_timestamp(ulid(timestamptz '2020-04-13 21:48:33.123456+00'));
-- before 2000 (negative PostgreSQL timestamps) the time floors to its millisecond
SELECT ulid_timestamp(ulid(timestamptz '1990-06-01 00:00:00.000001+00')) AS before_2000_first_us,
       ulid_timestamp(ulid(timestamptz '1990-06-01 00:00:00.999999+00')) AS before_2000_last_us,
       left(ulid(timestamptz '1990-06-01 00:00:00.999999+00')::text, 10) AS time_part,
       ulid_timestamp(ulid(timestamptz '1970-01-01 00:00:00.000999+00')) AS unix_epoch_last_us;
SELECT ulid(timestamptz '2020-04-13 21:48:33+00') <> ulid(timestamptz '2020-04-13 21:48:33+00') AS random_part_differs;
SELECT ulid_from_time('2020-04-13 21:48:33+00') <= ulid(timestamptz '2020-04-13 21:48:33+00') AS bound_below,
       ulid(timestamptz '2020-04-13 21:48:33.999+00') < ulid_from_time('2020-04-13 21:48:34+00') AS bound_above;
SELECT count(DISTINCT id) FROM (SELECT ulid() AS id FROM generate_series(1, 10000)) g;
-- ulid() is strictly increasing within a session (sub-ms fraction), and
-- its last 64 bits are random
SELECT bool_and(id > prev) AS session_increasing FROM
  (SELECT id, lag(id, 1, '00000000000000000000000000') OVER (ORDER BY n) AS prev
     FROM (SELECT n, ulid() AS id FROM generate_series(1, 50000) n) g) s;
SELECT count(DISTINCT substr(ulid()::text, 15)) AS distinct_tails FROM generate_series(1, 1000);
SELECT bool_and(id > prev) AS increasing FROM
  (SELECT id, lag(id, 1, '00000000000000000000000000') OVER (ORDER BY n) AS prev
     FROM (SELECT n, ulid_monotonic() AS id FROM generate_series(1, 50000) n) g) s;
CREATE TEMP TABLE events (id ulid PRIMARY KEY DEFAULT ulid(), what text);
INSERT INTO events (what) VALUES ('a'), ('b');
SELECT what, ulid_timestamp(id) <= now() + interval '1 second' AS ok FROM events ORDER BY what;

-- errors, each followed by its SQLSTATE
SELECT 'ABC'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT ''::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '01E5V7GWA9CHP337PB8SR18ZP4A'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '01E5V7GWA9CHP337PB8SR18ZPI'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '01E5V7GWA9CHP337PB8SR18ZPL'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '01E5V7GWA9CHP337PB8SR18ZPO'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT 'U1E5V7GWA9CHP337PB8SR18ZP4'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '01E5V7GWA9-HP337PB8SR18ZP4'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT ' 01E5V7GWA9CHP337PB8SR18ZP4'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '01E5V7GWA9CHP337PB8SR18Zé'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT ulid(timestamptz '1969-12-31 23:59:59.999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT ulid(timestamptz '1969-12-31 23:59:59.999999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT ulid_from_time('10889-08-02 05:31:50.656+00');
\echo :LAST_ERROR_SQLSTATE
SELECT ulid_from_time('infinity');
\echo :LAST_ERROR_SQLSTATE
SELECT ulid_timestamp(NULL) IS NULL AS null_in_null_out;
