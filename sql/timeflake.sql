-- timeflake: the reference's README examples, base62 and hex in, base62
-- out, every refusal with its SQLSTATE, the timestamp, the casts to bytea,
-- uuid and ulid, order and indexes, and timeflake() increasing in a session.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- README: 02i2XhN7hAuaFh3MwztcMd = 016fb4209023b444fd07590f81b7b0eb, timestamp 1579275030563
SELECT t, t::uuid, timeflake_timestamp(t), (extract(epoch FROM timeflake_timestamp(t)) * 1000)::bigint AS unix_ms
  FROM (VALUES (timeflake_parse('02i2XhN7hAuaFh3MwztcMd')), (timeflake_parse('016fa936bff0997a0a3c428548fee8c9')),
               ('016FB4209023B444FD07590F81B7B0EB'::timeflake), ('0000000000000000000000'::timeflake),
               ('7n42DGM5Tflk9n8mt7Fhc7'::timeflake)) v(t);
SELECT timeflake_text('\x016fb4209023b444fd07590f81b7b0eb'::bytea::timeflake) AS from_bytes,
       '02i2XhN7hAuaFh3MwztcMd'::timeflake::bytea AS to_bytes;
-- the same 16 bytes as a uuid and a ulid, both ways
SELECT '016fb420-9023-b444-fd07-590f81b7b0eb'::uuid::timeflake AS from_uuid,
       '02i2XhN7hAuaFh3MwztcMd'::timeflake::ulid AS to_ulid,
       ulid_timestamp('02i2XhN7hAuaFh3MwztcMd'::timeflake::ulid) = timeflake_timestamp('02i2XhN7hAuaFh3MwztcMd') AS same_time,
       '01DYT21413PH2FT1TS1Y0VFC7B'::ulid::timeflake AS from_ulid;

-- refusals: above the largest (one above, and case is a digit's value),
-- outside the alphabet, the lengths, hex that is not
SELECT timeflake_parse('7n42DGM5Tflk9n8mt7Fhc8');
\echo :LAST_ERROR_SQLSTATE
SELECT '7n42DGM5Tflk9n8mt7Fhc6'::timeflake AS below_largest, '7n42DGM5Tflk9n8mt7FhC7'::timeflake AS upper_c_is_less;
SELECT 'zzzzzzzzzzzzzzzzzzzzzz'::timeflake;
\echo :LAST_ERROR_SQLSTATE
SELECT '02i2XhN7hAuaFh3MwztcM-'::timeflake;
\echo :LAST_ERROR_SQLSTATE
SELECT '02i2XhN7hAuaFh3MwztcM'::timeflake;
\echo :LAST_ERROR_SQLSTATE
SELECT '0002HCZffkHWhKPVdXxs0YH'::timeflake;
\echo :LAST_ERROR_SQLSTATE
SELECT '016fb4209023b444fd07590f81b7b0eg'::timeflake;
\echo :LAST_ERROR_SQLSTATE
SELECT '016fb4209023b444fd07590f81b7b0e'::timeflake;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x016fb4209023b444fd07590f81b7b0'::bytea::timeflake;
\echo :LAST_ERROR_SQLSTATE

-- generated: strictly increasing in a session, now's time
CREATE TEMP TABLE ids AS SELECT timeflake() AS t, n FROM generate_series(1, 20000) n;
SELECT count(DISTINCT t) AS distinct_ids,
       bool_and(timeflake_timestamp(t) BETWEEN now() - interval '1 minute' AND clock_timestamp() + interval '1 second') AS now_ish,
       bool_and(length(timeflake_text(t)) = 22) AS text_len
  FROM ids;
SELECT bool_and(t > prev) AS increasing,
       bool_and(t::text COLLATE "C" > prev::text COLLATE "C") AS text_increasing
  FROM (SELECT t, lag(t) OVER (ORDER BY n) AS prev FROM ids) s WHERE prev IS NOT NULL;

-- operators, min/max, btree, hash and BRIN
SELECT min(t) = (SELECT t FROM ids ORDER BY n LIMIT 1) AS min_first,
       max(t) = (SELECT t FROM ids ORDER BY n DESC LIMIT 1) AS max_last FROM ids;
CREATE INDEX ids_btree ON ids (t);
ANALYZE ids;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE t = '02i2XhN7hAuaFh3MwztcMd';
SELECT count(*) FROM ids WHERE t >= (SELECT t FROM ids WHERE n = 15001);
RESET enable_bitmapscan;
DROP INDEX ids_btree;
CREATE INDEX ids_hash ON ids USING hash (t);
EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE t = '02i2XhN7hAuaFh3MwztcMd';
SELECT count(*) FROM ids WHERE t = (SELECT t FROM ids WHERE n = 777);
DROP INDEX ids_hash;
CREATE INDEX ids_brin ON ids USING brin (t);
EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE t > '02i2XhN7hAuaFh3MwztcMd';
SELECT count(*) FROM ids WHERE t > (SELECT t FROM ids WHERE n = 19990);
RESET enable_seqscan;
SELECT count(*) = CASE WHEN current_setting('server_version_num')::int >= 140000 THEN 3 ELSE 1 END
         AS brin_classes
  FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
 WHERE a.amname = 'brin' AND c.opcintype = 'timeflake'::regtype;
