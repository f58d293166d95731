-- layout_resume_after(layout, id): layout_id(layout) goes on after an ID its
-- word does not know (the original refreshed from a copy of its database:
-- docs/layouts.md, "Copies of a database"); test/integration/copied_database.sh
-- checks it after a refresh and a restart.
\set VERBOSITY default
SELECT idgen_layout_create('ra_hour', '2026-01-01+00', '1 hour', 16, 21);
SELECT idgen_layout_create('ra_ms', '2026-01-01+00', '1 millisecond', 12, 10);

-- before PostgreSQL 15 the reservation is not in WAL: it refuses, as
-- layout_id() does there (layout_resume_after_1.out), and nothing else runs
SELECT current_setting('server_version_num')::int < 150000 AS no_reservation_in_wal \gset
\if :no_reservation_in_wal
SELECT layout_resume_after('ra_hour', 1);
\quit
\endif

-- an hourly layout: an ID of this node (42) far along this hour's sequence;
-- the next goes on in its sequence (or in a later hour, if the clock moved on)
SELECT layout_id_from_time(now(), 'ra_hour') | (42 << 21) | 1000000 AS mine \gset
SELECT layout_resume_after('ra_hour', :mine);
SELECT layout_id('ra_hour') AS next \gset
SELECT :next > :mine AS after_own,
       (layout_decode(:next, 'ra_hour')).sequence = 1000001
         OR (layout_decode(:next, 'ra_hour')).ts > (layout_decode(:mine, 'ra_hour')).ts
         AS in_its_sequence;
-- an ID it is already past changes nothing: the word never moves down
SELECT layout_resume_after('ra_hour', layout_id_from_time(now() - interval '1 day', 'ra_hour'));
SELECT layout_resume_after('ra_hour', 0);
SELECT layout_id('ra_hour') > :next AS still_in_order;

-- a millisecond layout: another node's ID is passed by the next millisecond
SELECT layout_id_from_time(now() + interval '900 ms', 'ra_ms') | (1000 << 10) | 5 AS theirs \gset
SELECT layout_resume_after('ra_ms', :theirs);
SELECT layout_id('ra_ms') > :theirs AS after_other_node;

-- a named layout of one of idgen's families moves that family's generator
SELECT snowflake_id() AS s \gset
SELECT layout_resume_after('twitter', :s + (1 << 22));
SELECT snowflake_id() > :s + (1 << 22) AS snowflake_moved;

-- refusals: a negative ID of a layout that never sets the sign bit (22003),
-- an ID further ahead of the clock than idgen.max_clock_lead (22023; the
-- lead shown as N, its value checked apart), an unknown layout (42704)
\set VERBOSITY sqlstate
SELECT layout_resume_after('ra_hour', -1);
\set VERBOSITY default
SELECT layout_resume_after('ra_hour', -1);
SELECT layout_resume_after('ra_hour', (-9223372036854775807 - 1));
\set VERBOSITY sqlstate
SELECT layout_resume_after('ra_hour', layout_id_from_time(now() + interval '1 day', 'ra_hour'));
\set VERBOSITY default
SELECT regexp_replace(:'LAST_ERROR_MESSAGE', '\d+ ms ahead', 'N ms ahead') AS message,
       substring(:'LAST_ERROR_MESSAGE' FROM '(\d+) ms ahead')::bigint
         BETWEEN 86400000 - 3600000 - 60000 AND 86400000 AS lead_is_a_day_at_most_an_hour_less;
\set VERBOSITY sqlstate
SELECT layout_resume_after('no_such_layout', 1);
\set VERBOSITY default
-- refused, the hourly layout went nowhere
SELECT layout_id('ra_hour') < layout_id_from_time(now() + interval '1 hour 1 second', 'ra_hour')
       AS not_moved;
SELECT layout_resume_after(NULL, 1) IS NULL AND layout_resume_after('ra_hour', NULL) IS NULL
       AS strict;

-- superuser only, as snowflake_resume_after (42501), unless granted
CREATE ROLE idgen_resumer;
SET ROLE idgen_resumer;
\set VERBOSITY sqlstate
SELECT layout_resume_after('ra_ms', 1);
\set VERBOSITY default
RESET ROLE;
DROP ROLE idgen_resumer;

-- let the clock catch up with ra_ms and snowflake_id(), moved under a
-- second ahead above
SELECT pg_sleep(1);
