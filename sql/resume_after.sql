-- Moving the shared generators past IDs another server handed out (a shard
-- moved here, a standby promoted with a clock behind its old primary's).
\set VERBOSITY default

-- a shard: its next ID is after the one given, even one ahead of the clock.
-- A minute ahead: the checks below see the clock still behind it unless
-- they take a minute to run (900 ms ahead would fail them on a machine
-- stalled that long), and no later test uses shard 7 or 8's sequence.
SELECT shard_id_from_time(now() + interval '1 minute') | (7 << 10) + 900 AS past \gset
SELECT shard_id_resume_after(:past);
SELECT next_shard_id(7) > :past AS after,
       shard_id_seq(next_shard_id(7)) > 900 AS same_ms_goes_on_in_seq;
-- only that shard moved
SELECT shard_id_timestamp(next_shard_id(8)) < shard_id_timestamp(:past) AS other_shard_untouched;
-- an ID the shard is already past changes nothing
SELECT next_shard_id(7) AS before \gset
SELECT shard_id_resume_after(next_shard_id(7, 1, now() - interval '1 day'));
SELECT next_shard_id(7) > :before AS still_in_order;

-- Snowflake: an ID of this node (42) goes on in its sequence; another node's
-- millisecond is passed altogether (within a ms, node orders before sequence)
SELECT snowflake_id_from_time(now() + interval '900 ms') | (42 << 12) + 7 AS mine \gset
SELECT snowflake_resume_after(:mine);
SELECT snowflake_id() > :mine AS after_own;
SELECT snowflake_id_from_time(now() + interval '950 ms') | (1000 << 12) + 5 AS theirs \gset
SELECT snowflake_resume_after(:theirs);
SELECT snowflake_id() > :theirs AS after_other_node;

-- ulid_monotonic: past that ULID's millisecond
SELECT ulid_from_time(now() + interval '950 ms') AS u \gset
SELECT ulid_monotonic_resume_after(:'u');
SELECT ulid_monotonic() > :'u'::ulid AS after_ulid,
       ulid_timestamp(ulid_monotonic()) > ulid_timestamp(:'u') AS next_millisecond;

-- the reservation on disk covers it: a restart also resumes after these IDs
SELECT (SELECT reserved_until FROM idgen_reservation_status()) >=
       shard_id_timestamp(:past) AS reserved;

-- an ID further ahead of the clock than idgen.max_clock_lead is refused:
-- the generator could hand out nothing until the clock caught up
-- (the lead is a day less the ms since now(): the message is shown with it
-- as N, and its value checked apart; test/integration/clock_lead_limit.sh
-- checks exact leads on a stopped clock)
\set VERBOSITY sqlstate
SELECT shard_id_resume_after(shard_id_from_time(now() + interval '1 day'));
\set VERBOSITY default
SELECT regexp_replace(:'LAST_ERROR_MESSAGE', '\d+ ms ahead', 'N ms ahead') AS message,
       substring(:'LAST_ERROR_MESSAGE' FROM '(\d+) ms ahead')::bigint
         BETWEEN 86400000 - 60000 AND 86400000 AS lead_is_a_day;
SELECT snowflake_resume_after(-1);
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_resume_after(NULL) IS NULL AS strict;

-- let the clock catch up with the Snowflake and ulid_monotonic generators,
-- moved under a second ahead above, so that the tests after this one see
-- them on the clock again (shard 7 stays a minute ahead: no test uses it)
SELECT pg_sleep(1);
