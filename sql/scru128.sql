-- scru128: the spec's test vectors (base36_128.c) in either case, lower
-- case out, every refusal with its SQLSTATE, the timestamp, bytea, order and
-- indexes, and scru128() strictly increasing within a session.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

SELECT s, s::bytea, scru128_timestamp(s)
  FROM (VALUES (scru128_parse('0000000000000000000000000')), (scru128_parse('0372HG16CSMSM50L8DIKCVUKC')),
               ('0372hg16cy3nowracls909wcd'::scru128), ('0372IJOJUXUHJSFKERYI2MRTM'::scru128),
               (scru128_parse('F5LXX1ZZ5PNORYNQGLHZMSP33'))) v(s);
SELECT scru128_text('\x017fee7fef417e2b3432ac2ec553687c'::bytea::scru128) AS from_bytes,
       scru128_parse('0372Hg16CsMsM50l8dIkCvUkC') = '0372hg16csmsm50l8dikcvukc' AS mixed_case;

-- refusals: the spec's negative cases, and the edges around the largest
SELECT scru128_parse('F5LXX1ZZ5PNORYNQGLHZMSP34');
\echo :LAST_ERROR_SQLSTATE
SELECT 'f5lxx1zz5pnorynqglhzmsp32'::scru128 AS below_largest;
SELECT 'zzzzzzzzzzzzzzzzzzzzzzzzz'::scru128;
\echo :LAST_ERROR_SQLSTATE
SELECT 'F5LXX1ZZ5PN+RYNQGLHZMSP33'::scru128;
\echo :LAST_ERROR_SQLSTATE
SELECT '0'::scru128;
\echo :LAST_ERROR_SQLSTATE
SELECT '00000000000000000000000000'::scru128;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x017fee7fef417e2b3432ac2ec55368'::bytea::scru128;
\echo :LAST_ERROR_SQLSTATE

-- generated: strictly increasing in a session, now's time, 25 characters
CREATE TEMP TABLE ids AS SELECT scru128() AS s, n FROM generate_series(1, 20000) n;
SELECT count(DISTINCT s) AS distinct_ids,
       bool_and(scru128_timestamp(s) BETWEEN now() - interval '1 minute' AND clock_timestamp() + interval '1 second') AS now_ish,
       bool_and(length(scru128_text(s)) = 25) AS text_len
  FROM ids;
SELECT bool_and(s > prev) AS increasing,
       bool_and(s::text COLLATE "C" > prev::text COLLATE "C") AS text_increasing
  FROM (SELECT s, lag(s) OVER (ORDER BY n) AS prev FROM ids) t WHERE prev IS NOT NULL;

-- operators, min/max, btree, hash and BRIN
SELECT min(s) = (SELECT s FROM ids ORDER BY n LIMIT 1) AS min_first,
       max(s) = (SELECT s FROM ids ORDER BY n DESC LIMIT 1) AS max_last FROM ids;
CREATE INDEX ids_btree ON ids (s);
ANALYZE ids;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE s = '0372hg16csmsm50l8dikcvukc';
SELECT count(*) FROM ids WHERE s >= (SELECT s FROM ids WHERE n = 15001);
RESET enable_bitmapscan;
DROP INDEX ids_btree;
CREATE INDEX ids_hash ON ids USING hash (s);
EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE s = '0372hg16csmsm50l8dikcvukc';
SELECT count(*) FROM ids WHERE s = (SELECT s FROM ids WHERE n = 777);
DROP INDEX ids_hash;
CREATE INDEX ids_brin ON ids USING brin (s);
EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE s > '0372hg16csmsm50l8dikcvukc';
SELECT count(*) FROM ids WHERE s > (SELECT s FROM ids WHERE n = 19990);
RESET enable_seqscan;
SELECT count(*) = CASE WHEN current_setting('server_version_num')::int >= 140000 THEN 3 ELSE 1 END
         AS brin_classes
  FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
 WHERE a.amname = 'brin' AND c.opcintype = 'scru128'::regtype;
