-- Bad text for ulid, ksuid and objectid. On 16+ the input functions report
-- it through the caller's error context, as uuid_in does: pg_input_is_valid
-- is false and pg_input_error_info gives the hard error's message, detail and
-- SQLSTATE; on 17+ COPY ... WITH (ON_ERROR ignore) skips the row. 13 and 15
-- raise as before (expected/input_errors_1.out).
\set VERBOSITY default
SELECT current_setting('server_version_num')::int >= 160000 AS soft_errors \gset
SELECT current_setting('server_version_num')::int >= 170000 AS copy_on_error \gset

-- every refusal of the three parsers: length, character, byte, overflow
CREATE TEMP TABLE cases (typ regtype, input text);
INSERT INTO cases VALUES
  ('ulid', ''), ('ulid', 'ABC'), ('ulid', '01E5V7GWA9CHP337PB8SR18ZPI'),
  ('ulid', '01E5V7GWA9CHP337PB8SR18Zé'), ('ulid', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
  ('ksuid', '0ujtsYcgvSTl8PAuAdqWYSMnLO'), ('ksuid', '0ujtsYcgvSTl8PAuAdqWYSMnLO-'),
  ('ksuid', 'aWgEPTl1tmebfsQzFP4bxwgy80W'),
  ('objectid', '507f1f77bcf86cd79943901'), ('objectid', '507f1f77bcf86cd79943901g'),
  -- text that is a timestamp gets a hint (ulid('...') is a cast, not
  -- ulid(at timestamptz)): at the length, at a character, for each type;
  -- none for what only looks like one (no 30 February, an unknown zone)
  ('ulid', '2021-03-04 05:06:07.123+00'), ('ulid', '2021-03-04 05:06:07+00'),
  ('ulid', '2021-02-30 05:06:07+00'), ('ulid', '2021-03-04 05:06:07 Foo/Bar'),
  ('ksuid', '2021-03-04 05:06:07+00'), ('ksuid', 'yesterday'),
  ('objectid', '2021-03-04T05:06:07Z'), ('objectid', '2021-03-04 05:06:07 Europe/Paris');

-- the hard error each raises, caught
CREATE FUNCTION pg_temp.hard_error(typ regtype, input text,
                                   OUT code text, OUT message text, OUT detail text,
                                   OUT hint text)
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('SELECT %L::%s', input, typ);
  code := 'not refused';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                          detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
  hint := nullif(hint, '');  -- none, as pg_input_error_info says it
END $$;
SELECT c.typ, c.input, h.* FROM cases c, pg_temp.hard_error(c.typ, c.input) h ORDER BY c.typ, c.input COLLATE "C";

-- as a user meets it
SELECT ulid('2021-03-04 05:06:07.123+00');
SELECT ulid(timestamptz '2021-03-04 05:06:07.123+00') >= ulid_from_time('2021-03-04 05:06:07.123+00') AS meant;

\if :soft_errors
-- the same refusals as soft errors
SELECT c.typ, c.input, pg_input_is_valid(c.input, c.typ::text) AS valid,
       (e.sql_error_code, e.message, e.detail, e.hint)
         IS NOT DISTINCT FROM (h.code, h.message, h.detail, h.hint)
         AS same_as_hard_error
  FROM cases c, pg_temp.hard_error(c.typ, c.input) h, pg_input_error_info(c.input, c.typ::text) e
 ORDER BY c.typ, c.input COLLATE "C";
-- the hint comes with the soft error too
SELECT message, detail, hint FROM pg_input_error_info('2021-03-04 05:06:07+00', 'objectid');
-- good text is valid, at the edges of each type
SELECT pg_input_is_valid('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ulid') AS ulid_max,
       pg_input_is_valid('aWgEPTl1tmebfsQzFP4bxwgy80V', 'ksuid') AS ksuid_max,
       pg_input_is_valid('FFFFFFFFFFFFFFFFFFFFFFFF', 'objectid') AS objectid_max,
       pg_input_error_info('01E5V7GWA9CHP337PB8SR18ZP4', 'ulid') IS NULL AS no_error_info;
\endif

\if :copy_on_error
-- COPY skips the rows with bad text in any of the three columns (a file of
-- its own: an inactive \if branch cannot hold COPY data)
\ir sql/copy_on_error.psql
\endif
