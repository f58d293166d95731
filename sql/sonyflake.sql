-- Sonyflake (sony/sonyflake v1): time | sequence | machine, the fields as
-- Decompose reads them, bit edges, refusals, and sonyflake_id() itself.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- sonyflake.go's toID: elapsed 10 ms units << 24 | sequence << 16 | machine id
SELECT * FROM sonyflake_decode((1000::bigint << 24) | (7 << 16) | 48879);
SELECT sonyflake_timestamp((1000::bigint << 24) | (7 << 16) | 48879);
-- the edges: the epoch (2014-09-01, the default StartTime), the last unit of 39 bits
SELECT * FROM sonyflake_decode(0);
SELECT * FROM sonyflake_decode(1);
SELECT * FROM sonyflake_decode(65536);
SELECT * FROM sonyflake_decode(9223372036854775807);
SELECT sonyflake_timestamp(9223372036854775807) AS last_unit;
-- the machine id is the low 16 bits, the sequence the 8 above them
SELECT (sonyflake_decode(16777215)).*;
SELECT (sonyflake_decode(16777216)).*;

-- refusals: the sign bit is never set
SELECT sonyflake_decode(-1);
\echo :LAST_ERROR_SQLSTATE
SELECT sonyflake_timestamp(-9223372036854775808);
\echo :LAST_ERROR_SQLSTATE
SELECT sonyflake_decode(NULL) IS NULL AS strict;

-- sonyflake_id(): idgen.node_id as the machine, the current 10 ms unit,
-- unique and increasing; 256 a unit, so a used-up unit waits for the next
SELECT (sonyflake_decode(sonyflake_id())).machine = current_setting('idgen.node_id')::int AS configured_machine;
SELECT abs(extract(epoch FROM sonyflake_timestamp(sonyflake_id()) - clock_timestamp())) < 5 AS now_ish;
SELECT count(*) = count(DISTINCT id) AS unique_ids,
       bool_and(id > prev) AS increasing,
       max((sonyflake_decode(id)).sequence) > 0 AS sequence_counts,
       bool_and(extract(microseconds FROM sonyflake_timestamp(id))::bigint % 10000 = 0) AS whole_units
  FROM (SELECT id, lag(id, 1, 0::bigint) OVER (ORDER BY n) AS prev
          FROM (SELECT n, sonyflake_id() AS id FROM generate_series(1, 3000) n) g) s;
CREATE TEMP TABLE parcels (id bigint PRIMARY KEY DEFAULT sonyflake_id(), what text);
INSERT INTO parcels (what) VALUES ('a'), ('b'), ('c');
SELECT what, (sonyflake_decode(id)).machine = current_setting('idgen.node_id')::int AS machine_ok
  FROM parcels ORDER BY id;
