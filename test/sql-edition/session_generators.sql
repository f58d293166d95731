-- The SQL edition's generators of one session, checked value by value in
-- one session (their random bits differ from the C edition's, so there is
-- nothing to compare one to one): version and variant, the time each
-- carries (within the statement's clock readings), each value above the
-- one before, the parts drawn once per session (the v1/v6 node with its
-- multicast bit, ObjectId's process bytes) and ObjectId's counter counting
-- by one. On 18 and later, PostgreSQL's own uuid_extract_* read the SQL
-- edition's v7 as idgen's decoders do, and idgen's decoders read 18's.
-- psql -f test/sql-edition/session_generators.sql; fails (exit 3) on a violation.
\set ON_ERROR_STOP 1
\set QUIET 1
SET client_min_messages = warning;
SET search_path = idgen_sql, public;

CREATE TEMP TABLE drawn AS
    SELECT n, clock_timestamp() AS before_ts, uuid_v7() AS v7, ulid() AS ul, ksuid() AS ks, objectid() AS oi,
           uuid_v1() AS v1, uuid_v6() AS v6, uuid_v4() AS v4, clock_timestamp() AS after_ts
      FROM generate_series(1, 2000) n;

CREATE TEMP TABLE violations (what text, n bigint);
INSERT INTO violations
    SELECT 'uuid_v7(): version 7, time of the call', count(*) FROM drawn
     WHERE uuid_version(v7) IS DISTINCT FROM 7
        OR uuid_v7_timestamp(v7) NOT BETWEEN date_trunc('milliseconds', before_ts) AND after_ts
    UNION ALL SELECT 'uuid_v4(): version 4', count(*) FROM drawn WHERE uuid_version(v4) IS DISTINCT FROM 4
    UNION ALL SELECT 'uuid_v1(), uuid_v6(): version, time of the call, multicast node', count(*) FROM drawn
     WHERE uuid_version(v1) IS DISTINCT FROM 1 OR uuid_version(v6) IS DISTINCT FROM 6
        OR uuid_timestamp(v1) NOT BETWEEN before_ts AND after_ts + interval '1 ms'
        OR uuid_timestamp(v6) NOT BETWEEN before_ts AND after_ts + interval '1 ms'
        OR get_byte(uuid_send(v1), 10) & 1 = 0 OR substr(v1::text, 20) <> substr(v6::text, 20)
    UNION ALL SELECT 'ulid(): time of the call', count(*) FROM drawn
     WHERE ulid_timestamp(ul) NOT BETWEEN date_trunc('milliseconds', before_ts) AND after_ts
    UNION ALL SELECT 'ksuid(): 20 bytes, time of the call', count(*) FROM drawn
     WHERE octet_length(ks) <> 20 OR ksuid_timestamp(ks) NOT BETWEEN date_trunc('second', before_ts) AND after_ts
    UNION ALL SELECT 'objectid(): 12 bytes, time of the call', count(*) FROM drawn
     WHERE octet_length(oi) <> 12 OR objectid_timestamp(oi) NOT BETWEEN date_trunc('second', before_ts) AND after_ts
    UNION ALL SELECT 'each value of the session above the one before', count(*) FROM (
        SELECT v7 <= lag(v7) OVER w AS a, ul <= lag(ul) OVER w AS b, ks <= lag(ks) OVER w AS c,
               v6 <= lag(v6) OVER w AS d, uuid_timestamp(v1) < lag(uuid_timestamp(v1)) OVER w AS e
          FROM drawn WINDOW w AS (ORDER BY n)) x WHERE a OR b OR c OR d OR e
    UNION ALL SELECT 'objectid(): one process part a session, the counter counts by one', count(*) FROM (
        SELECT substring(oi, 5, 5) <> lag(substring(oi, 5, 5)) OVER w AS a,
               (objectid_counter(oi) - lag(objectid_counter(oi)) OVER w + 16777216) % 16777216 <> 1 AS b
          FROM drawn WINDOW w AS (ORDER BY n)) x WHERE a OR b
    UNION ALL SELECT 'no value twice', 5 * 2000 - (SELECT count(DISTINCT v7) + count(DISTINCT ul) + count(DISTINCT ks)
                                                        + count(DISTINCT oi) + count(DISTINCT v6) FROM drawn);

-- KSUID-ms and push IDs: time of the call (KSUID-ms to 4 ms), each above
-- the one before, the same tick's random part one more; nanoid's shapes;
-- cuid2() refused (no SHA3-512 in SQL)
CREATE FUNCTION pg_temp.push_random(id text) RETURNS numeric LANGUAGE sql AS $$
    SELECT sum((strpos('-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz', substr(id, i, 1)) - 1)::numeric
               * 64::numeric ^ (20 - i)) FROM generate_series(9, 20) i $$;
CREATE TEMP TABLE drawn_text AS
    SELECT n, clock_timestamp() AS before_ts, ksuid_ms() AS km, pushid() AS p, nanoid() AS nano,
           nanoid(12, 'äöü€xyz') AS custom, clock_timestamp() AS after_ts
      FROM generate_series(1, 2000) n;
INSERT INTO violations
    SELECT 'ksuid_ms(): 20 bytes, time of the call to 4 ms', count(*) FROM drawn_text
     WHERE octet_length(km) <> 20 OR get_byte(km, 4) > 249
        OR ksuid_ms_timestamp(km) NOT BETWEEN date_trunc('milliseconds', before_ts) - interval '3 ms' AND after_ts
        OR ksuid_timestamp(km) <> date_trunc('second', ksuid_ms_timestamp(km))
    UNION ALL SELECT 'pushid(): 20 characters, time of the call', count(*) FROM drawn_text
     WHERE p !~ '^[-0-9A-Z_a-z]{20}$' OR pushid_timestamp(p) NOT BETWEEN date_trunc('milliseconds', before_ts) AND after_ts
    UNION ALL SELECT 'ksuid_ms(), pushid(): above the one before; one tick''s random part one more', count(*) FROM (
        SELECT km <= lag(km) OVER w AS a, p <= lag(p) OVER w COLLATE "C" AS b,
               substring(km, 1, 5) = lag(substring(km, 1, 5)) OVER w
               AND ('x' || encode(substring(km, 13, 8), 'hex'))::bit(64)::int8
                   <> ('x' || encode(lag(substring(km, 13, 8)) OVER w, 'hex'))::bit(64)::int8 + 1
               AND ('x' || encode(substring(km, 13, 8), 'hex'))::bit(64)::int8 <> 0 AS c,
               left(p, 8) = lag(left(p, 8)) OVER w
               AND pg_temp.push_random(p) <> pg_temp.push_random(lag(p) OVER w) + 1 AS d
          FROM drawn_text WINDOW w AS (ORDER BY n)) x WHERE a OR b OR c OR d
    UNION ALL SELECT 'nanoid(), nanoid(12, alphabet): size and alphabet', count(*) FROM drawn_text
     WHERE nano !~ '^[-_0-9A-Za-z]{21}$' OR custom !~ '^[äöü€xyz]{12}$'
    UNION ALL SELECT 'no KSUID-ms, push ID or nanoid twice', 3 * 2000 - (SELECT count(DISTINCT km) + count(DISTINCT p)
                                                                          + count(DISTINCT nano) FROM drawn_text);
DO $$
BEGIN
    PERFORM cuid2();
    INSERT INTO violations VALUES ('cuid2() refused: feature_not_supported', 1);
EXCEPTION WHEN feature_not_supported THEN
    INSERT INTO violations VALUES ('cuid2() refused: feature_not_supported', 0);
END $$;

-- uuid_v7(shift): the clock moved by the interval, to the microsecond; a
-- shift that leaves v7's range refused as the C edition refuses it
SET timezone = 'UTC';
SET datestyle = 'ISO';
INSERT INTO violations
    SELECT 'uuid_v7(shift): the shifted clock', count(*)
      FROM (SELECT s, clock_timestamp() + s AS lo, uuid_v7(s) AS u, clock_timestamp() + s AS hi
              FROM unnest(ARRAY[interval '0', '1 hour', '-1 day', '1 month', '-30 years', '1000 years']) s,
                   generate_series(1, 200)) x
     WHERE uuid_version(u) IS DISTINCT FROM 7 OR uuid_timestamp_us(u) NOT BETWEEN lo AND hi;
DO $$
DECLARE state text; message text; detail text;
BEGIN
    PERFORM uuid_v7(interval '-100 years');
    INSERT INTO violations VALUES ('uuid_v7(interval ''-100 years'') refused', 1);
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
    INSERT INTO violations VALUES ('uuid_v7(interval ''-100 years'') refused', CASE WHEN state = '22003'
        AND message ~ '^timestamp \d{4}-\d\d-\d\d [0-9:.]+\+00 is out of range for uuid_v7$'
        AND detail = 'The clock shifted by interval ''-100 years''. Valid times are 1970-01-01 00:00:00+00 '
                     'to 10889-08-02 05:31:50.655999+00: a UUIDv7 holds 48 bits of Unix milliseconds.'
        THEN 0 ELSE 1 END);
END $$;

SELECT current_setting('server_version_num')::int >= 180000 AS pg18 \gset
\if :pg18
INSERT INTO violations
    SELECT 'PostgreSQL 18''s uuid_extract_* on uuid_v7(), idgen''s decoders on uuidv7()', count(*)
      FROM (SELECT v7 AS u FROM drawn UNION ALL SELECT uuidv7() FROM generate_series(1, 2000)) x
     WHERE uuid_extract_version(u) IS DISTINCT FROM uuid_version(u)
        OR uuid_extract_timestamp(u) IS DISTINCT FROM uuid_v7_timestamp(u);
\endif

\pset footer off
SELECT what AS "session generators: violations", n FROM violations ORDER BY what;
SELECT count(*) FILTER (WHERE n <> 0) = 0 AND count(*) >= 11 AS ok FROM violations \gset
\if :ok
\echo session generators: ok
\else
DO $$ BEGIN RAISE EXCEPTION 'session generators: a rule is broken'; END $$;
\endif
