-- The rest of the seeds' systems: KSUID, MongoDB ObjectId, UUID v1 and v6,
-- Flickr's ticket sequences.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- KSUID: Segment's published example carries timestamp 107608047 (seconds
-- after 1400000000) and payload B5A1CD34B5F99D1154FB6853345C9735
-- ::bigint: extract() is double precision before PostgreSQL 14, numeric since
SELECT ksuid_timestamp('0ujtsYcgvSTl8PAuAdqWYSMnLOv'),
       (extract(epoch FROM ksuid_timestamp('0ujtsYcgvSTl8PAuAdqWYSMnLOv')) - 1400000000)::bigint AS seconds_field,
       upper(encode(substr(ksuid_send('0ujtsYcgvSTl8PAuAdqWYSMnLOv'), 5), 'hex')) AS payload;
SELECT '000000000000000000000000000'::ksuid, 'aWgEPTl1tmebfsQzFP4bxwgy80V'::ksuid;
SELECT ksuid_from_time('2017-10-10 04:00:47.999+00'), ksuid_from_time('2014-05-13 16:53:20+00');
SELECT ksuid_timestamp(ksuid(timestamptz '2020-02-02 02:02:02.5+00'));
SELECT ksuid_from_time('2020-01-01+00') <= ksuid(timestamptz '2020-01-01+00')
   AND ksuid(timestamptz '2020-01-01 00:00:00.999+00') < ksuid_from_time('2020-01-01 00:00:01+00') AS bounds;
SELECT min(k), max(k) FROM (VALUES ('0ujtsYcgvSTl8PAuAdqWYSMnLOv'::ksuid), ('aWgEPTl1tmebfsQzFP4bxwgy80V'),
                                   ('000000000000000000000000000')) v(k);
SELECT count(DISTINCT k) FROM (SELECT ksuid() AS k FROM generate_series(1, 10000)) g;
SELECT abs(extract(epoch FROM ksuid_timestamp(ksuid()) - clock_timestamp())) < 5 AS now_ish;
-- ksuid() strictly increases within a session, in one statement and from
-- one statement to the next: its payload's top 32 bits are the fraction of
-- the second, the clock's own (between the clock's readings around the
-- call; a fraction is floored, so at most 1 us before), its last 96 random
SELECT bool_and(id > prev) AS session_increasing, bool_and(id::text > prev::text) AS text_increasing
  FROM (SELECT id, lag(id, 1, '000000000000000000000000000') OVER (ORDER BY n) AS prev
          FROM (SELECT n, ksuid() AS id FROM generate_series(1, 100000) n) g) s;
SELECT max(id) AS last_ksuid FROM (SELECT ksuid() AS id FROM generate_series(1, 1000)) g \gset
SELECT ksuid() > :'last_ksuid' AS next_statement_increasing;
SELECT bool_and(before - interval '1 microsecond' <= made AND made <= after) AS fraction_is_the_clock
  FROM (SELECT before, after, ksuid_timestamp(id) + floor(('x' || encode(substr(ksuid_send(id), 5, 4), 'hex'))::bit(32)::bigint
                 * 1000000 / 4294967296.0) * interval '1 microsecond' AS made
          FROM generate_series(1, 1000),
               LATERAL (SELECT clock_timestamp() AS before, ksuid() AS id, clock_timestamp() AS after) c) s;
SELECT count(DISTINCT substr(ksuid_send(ksuid()), 9)) AS distinct_random_parts FROM generate_series(1, 1000);
-- ksuid(at) keeps 128 random bits: the top 32 differ (1,000 draws of 32
-- bits meet twice once in 8,600 runs, more than 10 times never)
SELECT count(DISTINCT substr(ksuid_send(ksuid(timestamptz '2020-01-01+00')), 5, 4)) > 990 AS at_random_tops
  FROM generate_series(1, 1000);

-- MongoDB ObjectId: 507f1f77bcf86cd799439011 carries 2012-10-17 21:13:27 UTC
SELECT objectid_timestamp('507f1f77bcf86cd799439011'), objectid_counter('507f1f77bcf86cd799439011'),
       '507F1F77BCF86CD799439011'::objectid;
SELECT objectid_from_time('2012-10-17 21:13:27.9+00');
SELECT objectid_timestamp(objectid(timestamptz '2024-02-29 12:00:00.7+00'));
-- one session: the same 5 random bytes, the counter counting up by one
-- (modulo 2^24), call after call
SELECT count(DISTINCT substr(o::text, 9, 10)) AS process_parts,
       count(*) FILTER (WHERE objectid_counter(o) = (objectid_counter(previous) + 1) % 16777216)
         AS steps_of_one
  FROM (SELECT o, lag(o) OVER (ORDER BY n) AS previous
          FROM (SELECT n, objectid() AS o FROM generate_series(1, 1000) n) g) s;
SELECT count(DISTINCT o) FROM (SELECT objectid() AS o FROM generate_series(1, 10000)) g;

-- UUID v1 and v6: RFC 9562's examples, both 2022-02-22 14:22:22 -05:00
SELECT uuid_timestamp('C232AB00-9414-11EC-B3C8-9F6BDECED846') AS v1_time,
       uuid_timestamp('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS v6_time,
       uuid_timestamp('017F22E2-79B0-7CC3-98C4-DC0C0C07398F') AS v7_time,
       uuid_timestamp('919108f7-52d1-4320-9bac-f847db4148a8') AS v4_time;
SELECT uuid_v6_from_time('2022-02-22 14:22:22-05');
SELECT uuid_version(uuid_v1()) AS v1, uuid_version(uuid_v6()) AS v6,
       get_byte(uuid_send(uuid_v1()), 10) & 1 AS multicast_bit;
SELECT abs(extract(epoch FROM uuid_timestamp(uuid_v1()) - clock_timestamp())) < 5 AS v1_now_ish,
       abs(extract(epoch FROM uuid_timestamp(uuid_v6()) - clock_timestamp())) < 5 AS v6_now_ish;
SELECT bool_and(id > prev) AS v6_increasing FROM
  (SELECT id, lag(id, 1, uuid_min()) OVER (ORDER BY n) AS prev
     FROM (SELECT n, uuid_v6() AS id FROM generate_series(1, 20000) n) g) s;

-- Flickr's ticket servers: server k of n counts k, k+n, k+2n, ...
SELECT create_ticket_sequence('tickets_odd', 1, 2), create_ticket_sequence('public."Tickets Even"', 2, 2);
SELECT nextval('tickets_odd'), nextval('tickets_odd'), nextval('"Tickets Even"'), nextval('"Tickets Even"');
DROP SEQUENCE tickets_odd, "Tickets Even";

-- errors, each followed by its SQLSTATE
SELECT 'aWgEPTl1tmebfsQzFP4bxwgy80W'::ksuid;
\echo :LAST_ERROR_SQLSTATE
SELECT '0ujtsYcgvSTl8PAuAdqWYSMnLO'::ksuid;
\echo :LAST_ERROR_SQLSTATE
SELECT '0ujtsYcgvSTl8PAuAdqWYSMnLO_'::ksuid;
\echo :LAST_ERROR_SQLSTATE
SELECT ksuid(timestamptz '2014-05-13 16:53:19+00');
\echo :LAST_ERROR_SQLSTATE
SELECT ksuid_from_time('2150-06-19 23:21:36+00');
\echo :LAST_ERROR_SQLSTATE
SELECT '507f1f77bcf86cd79943901'::objectid;
\echo :LAST_ERROR_SQLSTATE
SELECT '507f1f77bcf86cd79943901g'::objectid;
\echo :LAST_ERROR_SQLSTATE
SELECT objectid(timestamptz '1969-12-31 23:59:59+00');
\echo :LAST_ERROR_SQLSTATE
SELECT objectid_from_time('2106-02-07 06:28:16+00');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v6_from_time('1582-10-14 23:59:59+00');
\echo :LAST_ERROR_SQLSTATE
SELECT create_ticket_sequence('t', 3, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT create_ticket_sequence('a.b.c', 1, 2);
\echo :LAST_ERROR_SQLSTATE
-- a NULL argument, named
SELECT create_ticket_sequence(NULL, 1, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT create_ticket_sequence('t', NULL, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT create_ticket_sequence('t', 1, NULL);
\echo :LAST_ERROR_SQLSTATE
-- names that are not identifiers, named
SELECT create_ticket_sequence('', 1, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT create_ticket_sequence('tickets; DROP TABLE x', 1, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT create_ticket_sequence('"unclosed', 1, 2);
\echo :LAST_ERROR_SQLSTATE
SELECT create_ticket_sequence('public.', 1, 2);
\echo :LAST_ERROR_SQLSTATE
-- an unqualified name goes into the caller's current schema, as with CREATE SEQUENCE
CREATE SCHEMA tickets_here;
SET search_path = tickets_here, public;
SELECT create_ticket_sequence('t', 1, 2)::oid AS made \gset
SELECT :made = 'tickets_here.t'::regclass::oid AS in_current_schema;
SELECT create_ticket_sequence('t', 1, 2, 'public')::oid AS made \gset
SELECT :made = 'public.t'::regclass::oid AS in_given_schema;
SET search_path = no_such_schema;
SELECT public.create_ticket_sequence('t', 1, 2);
\echo :LAST_ERROR_SQLSTATE
RESET search_path;
DROP SEQUENCE tickets_here.t, public.t;
DROP SCHEMA tickets_here;
