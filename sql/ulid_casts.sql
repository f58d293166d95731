-- pgx_ulid's casts with its documented results, and what they must not
-- change: every comparison that resolved (or failed) before resolves (or
-- fails) the same way.
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
-- ulid <-> timestamp is UTC whatever the session's time zone
SET timezone = 'America/New_York';

-- pgx_ulid's values
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamp;
SELECT '2023-03-10 12:00:49.111'::timestamp::ulid;
SELECT '2023-03-10 12:00:49.111+00'::timestamptz::ulid;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::bytea;
-- pgx_ulid's function names for the timestamp casts
SELECT ulid_to_timestamp('01GV5PA9EQG7D82Q3Y4PKBZSYV'), timestamp_to_ulid('2023-03-10 12:00:49.111');
-- timestamptz -> ulid reads the session's zone, as every timestamptz does
SELECT '2023-03-10 07:00:49.111'::timestamptz::ulid;
-- the smallest ULID of the millisecond: the sub-ms part is floored
SELECT '2023-03-10 12:00:49.1119'::timestamp::ulid, '2023-03-10 12:00:49.111999+00'::timestamptz::ulid;
-- and back: the millisecond, not the random part
SELECT '01GV5PA9EQ0000000000000000'::ulid::timestamp = '01GV5PA9EQZZZZZZZZZZZZZZZZ'::ulid::timestamp AS same_ms;
-- the extremes of a ULID's time, and past them
SELECT '00000000000000000000000000'::ulid::timestamp, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid::timestamp;
SELECT '1970-01-01 00:00:00'::timestamp::ulid, '10889-08-02 05:31:50.655'::timestamp::ulid;
SELECT '1969-12-31 23:59:59.999'::timestamp::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '10889-08-02 05:31:50.656'::timestamp::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT 'infinity'::timestamp::ulid;
\echo :LAST_ERROR_SQLSTATE

-- bytea: the 16 bytes both ways, as uuid's
SELECT '\x0186cb6525d781da815c7e25a6bfe7db'::bytea::ulid;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::bytea = '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::uuid::text::bytea AS not_text,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::bytea = decode(replace('0186cb65-25d7-81da-815c-7e25a6bfe7db', '-', ''), 'hex') AS uuid_bytes;
SELECT id::bytea::ulid = id AS round_trip FROM (VALUES ('00000000000000000000000000'::ulid), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')) v(id);
SELECT bytea_to_ulid('\x0186cb6525d781da815c7e25a6bfe7db');
-- exactly 16 bytes: 15 and 17 are refused
SELECT '\x0186cb6525d781da815c7e25a6bfe7'::bytea::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT '\x0186cb6525d781da815c7e25a6bfe7db00'::bytea::ulid;
\echo :LAST_ERROR_SQLSTATE
SELECT ''::bytea::ulid;
\echo :LAST_ERROR_SQLSTATE

-- pgx_ulid's README: a stored generated column (the cast must be immutable)
CREATE TABLE users (id ulid NOT NULL DEFAULT ulid() PRIMARY KEY, name text NOT NULL);
ALTER TABLE users ADD COLUMN created_at timestamp GENERATED ALWAYS AS (id::timestamp) STORED;
INSERT INTO users (id, name) VALUES ('01GV5PA9EQG7D82Q3Y4PKBZSYV', 'pgx_ulid');
INSERT INTO users (name) VALUES ('now');
SELECT created_at FROM users WHERE name = 'pgx_ulid';
SELECT abs(extract(epoch FROM created_at - (now() AT TIME ZONE 'UTC'))) < 60 AS created_now_in_utc
  FROM users WHERE name = 'now';
-- and its range query over a day
SELECT name FROM users WHERE id BETWEEN '2023-03-10'::timestamp::ulid AND '2023-03-11'::timestamp::ulid;
SELECT provolatile FROM pg_proc WHERE oid IN ('ulid_to_timestamp(ulid)'::regprocedure,
    'timestamp_to_ulid(timestamp)'::regprocedure, 'bytea_to_ulid(bytea)'::regprocedure,
    'ulid_from_time(timestamptz)'::regprocedure, 'ulid_send(ulid)'::regprocedure) GROUP BY 1;
DROP TABLE users;

-- every cast of ulid and its context: the new ones explicit, like ulid -> timestamptz
SELECT castsource::regtype, casttarget::regtype, castcontext, castmethod
  FROM pg_cast WHERE 'ulid'::regtype IN (castsource, casttarget)
 ORDER BY castsource::regtype::text, casttarget::regtype::text;

-- what resolved before still resolves the same way
CREATE TEMP TABLE mixed (u ulid, g uuid, t text, b bytea, ts timestamp, tz timestamptz);
INSERT INTO mixed VALUES ('01GV5PA9EQG7D82Q3Y4PKBZSYV', '0186cb65-25d7-81da-815c-7e25a6bfe7db',
                          '01GV5PA9EQG7D82Q3Y4PKBZSYV', '\x0186cb6525d781da815c7e25a6bfe7db',
                          '2023-03-10 12:00:49.111', '2023-03-10 12:00:49.111+00');
SELECT u = '01GV5PA9EQG7D82Q3Y4PKBZSYV' AS unknown_literal, u::uuid = g AS as_uuid, u::text = t AS as_text,
       u = t::ulid AS text_as_ulid, u::timestamptz = tz AS as_timestamptz FROM mixed;
-- (a bare literal compared with a ulid is a ulid, even one that looks like a time)
SELECT u < '2023-03-10 12:00:49.111' FROM mixed;
-- mixed comparisons still fail: no cast is implicit (terse: PostgreSQL 19
-- words the hint of a missing operator differently)
\set VERBOSITY terse
SELECT u = g FROM mixed;
SELECT u = t FROM mixed;
SELECT u = b FROM mixed;
SELECT u < now() FROM mixed;
SELECT u < ts FROM mixed;
SELECT u < tz FROM mixed;
\set VERBOSITY default
-- a ulid still goes into a uuid or text column without a cast (assignment),
-- but a time or bytes do not go into a ulid column silently
CREATE TEMP TABLE targets (u ulid, g uuid, t text);
INSERT INTO targets (g, t) SELECT u, u FROM mixed;
INSERT INTO targets (u) SELECT g FROM mixed;
INSERT INTO targets (u) SELECT ts FROM mixed;
INSERT INTO targets (u) SELECT tz FROM mixed;
INSERT INTO targets (u) SELECT b FROM mixed;
INSERT INTO targets (u) VALUES (now());
SELECT count(*) FROM targets;
-- nor does a ulid go into a time or bytea column silently
CREATE TEMP TABLE times (ts timestamp, tz timestamptz, b bytea);
INSERT INTO times (ts) SELECT u FROM mixed;
INSERT INTO times (tz) SELECT u FROM mixed;
INSERT INTO times (b) SELECT u FROM mixed;
-- ulid(timestamp) is still ulid(timestamptz): the session's zone, random bits
SELECT ulid_timestamp(ulid(ts)) = ts::timestamptz AS ulid_of_a_timestamp FROM mixed;
SELECT ulid_from_time(ts) = ts::timestamptz::ulid AS from_time_reads_the_zone,
       ulid_from_time(ts) = ts::ulid AS cast_reads_utc FROM mixed;
