-- xid12: rs/xid's xid. Its text (the published vectors of rs/xid's
-- id_test.go), every refusal with its SQLSTATE, the fields, the casts to
-- bytea and objectid, order and indexes, and xid_generate() on a server
-- with idgen.node_id = 42 (test/regress.conf).
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- id_test.go: 9m4e2mr0ui3e8a215n4g is 4d88e15b60f486e428412dc9: 1300816219,
-- machine 60f486, pid e428, counter 4271561
SELECT x, x::bytea, xid_timestamp(x), extract(epoch FROM xid_timestamp(x))::bigint AS unix_s,
       to_hex(xid_machine(x)) AS machine, to_hex(xid_pid(x)) AS pid, xid_counter(x)
  FROM (VALUES (xid_parse('9m4e2mr0ui3e8a215n4g')), ('00000000000000000000'::xid12),
               ('0000005anf6drrg0000g'::xid12)) v(x);
SELECT xid_text('\x4d88e15b60f486e428412dc9'::bytea::xid12) AS from_bytes;
-- the largest: every byte 0xff; its last character is g (4 padding bits)
SELECT 'vvvvvvvvvvvvvvvvvvvg'::xid12::bytea, xid_timestamp('vvvvvvvvvvvvvvvvvvvg');

-- refusals: the padding bits (id_test.go's c6e52g2mrqcjl44hf179), upper case
-- (rs/xid reads lower case only), w (past v), 19 and 21 characters
SELECT xid_parse('c6e52g2mrqcjl44hf179');
\echo :LAST_ERROR_SQLSTATE
SELECT 'c6e52g2mrqcjl44hf17g'::xid12 AS last_g, 'c6e52g2mrqcjl44hf170'::xid12 AS last_0;
SELECT 'c6e52g2mrqcjl44hf17h'::xid12;
\echo :LAST_ERROR_SQLSTATE
SELECT '9M4E2MR0UI3E8A215N4G'::xid12;
\echo :LAST_ERROR_SQLSTATE
SELECT '9m4e2mr0ui3e8a215n4w'::xid12;
\echo :LAST_ERROR_SQLSTATE
SELECT '9m4e2mr0ui3e8a215n4'::xid12;
\echo :LAST_ERROR_SQLSTATE
SELECT '9m4e2mr0ui3e8a215n4g0'::xid12;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x4d88e15b60f486e428412d'::bytea::xid12;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x4d88e15b60f486e428412dc900'::bytea::xid12;
\echo :LAST_ERROR_SQLSTATE

-- an xid is an ObjectId's bytes: the casts keep them, both ways
SELECT '9m4e2mr0ui3e8a215n4g'::xid12::objectid AS objectid,
       '4d88e15b60f486e428412dc9'::objectid::xid12 AS xid,
       objectid_timestamp('9m4e2mr0ui3e8a215n4g'::xid12::objectid) = xid_timestamp('9m4e2mr0ui3e8a215n4g') AS same_time;

-- generated: machine idgen.node_id, the same pid every call, a counter
-- that goes up by one within a millisecond, unique and increasing
CREATE TEMP TABLE xids AS SELECT xid_generate() AS x, n FROM generate_series(1, 20000) n;
SELECT count(DISTINCT x) AS distinct_xids, count(DISTINCT xid_machine(x)) AS machines,
       min(xid_machine(x)) AS machine, count(DISTINCT xid_pid(x)) AS pids,
       bool_and(xid_timestamp(x) BETWEEN now() - interval '1 minute' AND clock_timestamp()) AS now_ish
  FROM xids;
SELECT bool_and(x > prev) AS increasing FROM (SELECT x, lag(x) OVER (ORDER BY n) AS prev FROM xids) s
 WHERE prev IS NOT NULL;
SELECT bool_and(xid_counter(x) < 16384000) AS counter_below_2_24 FROM xids;
-- the text sorts like the value (base32hex keeps the order)
SELECT bool_and((x::text COLLATE "C" > prev::text COLLATE "C") = (x > prev)) AS text_order
  FROM (SELECT x, lag(x) OVER (ORDER BY n) AS prev FROM xids) s WHERE prev IS NOT NULL;
SELECT pg_typeof(xid_generate()), length(xid_text(xid_generate())) AS text_len;

-- operators, min/max, btree, hash and BRIN
SELECT '00000000000000000000'::xid12 < 'vvvvvvvvvvvvvvvvvvvg'::xid12 AS lt,
       '9m4e2mr0ui3e8a215n4g'::xid12 = xid_parse('9m4e2mr0ui3e8a215n4g') AS eq,
       '9m4e2mr0ui3e8a215n4g'::xid12 <> '9m4e2mr0ui3e8a215n40'::xid12 AS ne;
SELECT min(x) = (SELECT x FROM xids ORDER BY n LIMIT 1) AS min_first,
       max(x) = (SELECT x FROM xids ORDER BY n DESC LIMIT 1) AS max_last FROM xids;
CREATE INDEX xids_btree ON xids (x);
ANALYZE xids;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM xids WHERE x = '9m4e2mr0ui3e8a215n4g';
SELECT count(*) FROM xids WHERE x >= (SELECT x FROM xids WHERE n = 15001);
RESET enable_bitmapscan;
DROP INDEX xids_btree;
CREATE INDEX xids_hash ON xids USING hash (x);
EXPLAIN (COSTS OFF) SELECT * FROM xids WHERE x = '9m4e2mr0ui3e8a215n4g';
SELECT count(*) FROM xids WHERE x = (SELECT x FROM xids WHERE n = 777);
DROP INDEX xids_hash;
CREATE INDEX xids_brin ON xids USING brin (x);
EXPLAIN (COSTS OFF) SELECT * FROM xids WHERE x > '9m4e2mr0ui3e8a215n4g';
SELECT count(*) FROM xids WHERE x > (SELECT x FROM xids WHERE n = 19990);
RESET enable_seqscan;
-- minmax-multi and bloom from 14 (their support functions are 14's)
SELECT count(*) = CASE WHEN current_setting('server_version_num')::int >= 140000 THEN 3 ELSE 1 END
         AS brin_classes
  FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
 WHERE a.amname = 'brin' AND c.opcintype = 'xid12'::regtype;
