-- uuid_v7(shift interval), as PostgreSQL 18's uuidv7(interval), and
-- uuid_timestamp_us(uuid): a v7's time to the microsecond.
SET timezone = 'UTC';

-- The clock, shifted: each v7's time (to the microsecond) lies between the
-- shifted clock read before and after it; months and days shift as
-- timestamptz + interval does.
SELECT shift,
       uuid_version(u) AS version,
       uuid_timestamp_us(u) BETWEEN t0 + shift AND clock_timestamp() + shift + interval '1 us'
         AS within_the_shifted_clock
  FROM (VALUES (interval '0'), (interval '1 hour'), (interval '-1 day'), (interval '1 month'),
               (interval '-40 years'), (interval '1000 years 2 us')) AS v(shift),
       LATERAL (SELECT clock_timestamp() AS t0) b,
       LATERAL (SELECT uuid_v7(shift) AS u) g;

-- one session clock with uuid_v7(): a v7 shifted an hour ahead, then
-- uuid_v7() goes on above it (as uuidv7() after uuidv7(interval) in 18)
SELECT uuid_v7() > uuid_v7(interval '-1 hour') AS unshifted_above_earlier,
       uuid_v7(interval '1 hour') > uuid_v7() AS later_above;

-- at the edges of v7's range: a minute inside each is taken, a minute
-- outside is refused (the shift is counted from the clock read here; the
-- clock uuid_v7 reads is a little later)
SELECT uuid_timestamp_us(uuid_v7(timestamptz 'epoch' - clock_timestamp() + interval '1 minute'))
         BETWEEN timestamptz 'epoch' + interval '1 minute' AND timestamptz 'epoch' + interval '2 minutes'
         AS first_minute,
       uuid_timestamp_us(uuid_v7(timestamptz '10889-08-02 05:31:50.655999+00' - clock_timestamp()
                                 - interval '1 minute'))
         BETWEEN timestamptz '10889-08-02 05:29:50.655999+00' AND timestamptz '10889-08-02 05:31:50.655999+00'
         AS last_minute;
-- refusals name the shifted time (masked here: it moves with the clock),
-- the shift and the valid range; of a time written as text (below), what
-- timestamptz's input says, with the hint to the interval form
CREATE FUNCTION pg_temp.refusal(arg anyelement) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    PERFORM uuid_v7(arg);
    RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
    DECLARE state text; message text; detail text; hint text;
    BEGIN
        GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL,
                                hint = PG_EXCEPTION_HINT;
        IF pg_typeof(arg) = 'interval'::regtype THEN
            message := regexp_replace(message, '\d{4,5}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00', '<time>');
        END IF;
        RETURN state || ': ' || message || ' / ' || detail || coalesce(' / ' || nullif(hint, ''), '');
    END;
END $$;
SELECT regexp_replace(pg_temp.refusal(timestamptz 'epoch' - clock_timestamp() - interval '1 minute'),
                      'interval ''[^'']*''', 'interval <shift>') AS a_minute_before_1970;
SELECT regexp_replace(pg_temp.refusal(timestamptz '10889-08-02 05:31:50.656+00' - clock_timestamp()
                                      + interval '1 minute'),
                      'interval ''[^'']*''', 'interval <shift>') AS a_minute_after_the_last;
SELECT pg_temp.refusal(interval '-100 years');
SELECT pg_temp.refusal(interval '9000 years');
-- past timestamptz itself: PostgreSQL's own refusal
SELECT pg_temp.refusal(interval '300000 years');
SELECT uuid_v7(NULL::interval) IS NULL AS strict;
-- uuid_v7(at timestamptz) and uuid_v7(shift interval) beside
-- uuid_v7(at text): an untyped literal is read as a time, as every release
-- before 0.6.0 read it (in the session's time zone where it names none);
-- an interval needs its type
SET timezone = 'America/New_York';
SELECT uuid_timestamp_us(uuid_v7('2022-02-22 14:22:22.123456-05')) AS with_zone,
       uuid_timestamp_us(uuid_v7('2022-02-22 14:22:22.123456')) AS in_the_session_zone,
       uuid_timestamp_us(uuid_v7('2022-02-22 14:22:22.123456'))
         = uuid_timestamp_us(uuid_v7(timestamptz '2022-02-22 14:22:22.123456')) AS as_timestamptz,
       uuid_timestamp_us(uuid_v7('epoch')) AS a_special_value,
       uuid_timestamp_us(uuid_v7(w)) AS typed_text
  FROM (VALUES (varchar '2024-05-06 07:08:09.5+00')) AS v(w);
SET timezone = 'UTC';
SELECT uuid_v7(NULL) IS NULL AS strict;
-- text that is no time is refused as timestamptz's input refuses it, with a
-- hint to the interval form; a time past v7's range as uuid_v7(timestamptz)
SELECT w, pg_temp.refusal(w) AS refusal
  FROM unnest(ARRAY['1 hour', '-1 day', '2022-02-30 00:00:00+00', '',
                    '10889-08-02 05:31:50.656+00']) AS w;
SELECT uuid_timestamp_us(uuid_v7(timestamptz '2024-05-06 07:08:09.5+00')),
       uuid_version(uuid_v7(interval '1 hour'));

-- uuid_timestamp_us: RFC 9562's v7 example carries rand_a 0xCC3, 797.6 us
-- into its millisecond: the first whole microsecond of that fraction
SELECT uuid_timestamp_us('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
       uuid_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
-- a v7 made from a microsecond reads back as that microsecond, at the
-- millisecond's edges and at the fraction's steps (one per 244 ns)
SELECT t, uuid_timestamp_us(uuid_v7(t)) = t AS reads_back
  FROM unnest(ARRAY[timestamptz '1970-01-01 00:00:00+00', '2024-05-06 07:08:09.000001+00',
                    '2024-05-06 07:08:09.000244+00', '2024-05-06 07:08:09.000245+00',
                    '2024-05-06 07:08:09.123456+00', '2024-05-06 07:08:09.999+00',
                    '2024-05-06 07:08:09.999999+00', '10889-08-02 05:31:50.655999+00']) AS t;
SELECT count(*) FILTER (WHERE uuid_timestamp_us(uuid_v7(t)) <> t) AS microseconds_not_read_back
  FROM generate_series(timestamptz '2024-05-06 07:08:09+00', '2024-05-06 07:08:09.999999+00',
                       interval '1 us') AS t;
-- rand_a 0xfff: 999.76 us, never the next millisecond
SELECT uuid_timestamp_us('01890a5d-ac96-7fff-bcce-b302099a8057');
-- a v7 without a fraction (rand_a zero: uuid_v7_from_time): its millisecond
SELECT uuid_timestamp_us(uuid_v7_from_time('2024-05-06 07:08:09.123456+00'));
-- v1 and v6 as uuid_timestamp reads them; no time in the others
SELECT uuid_timestamp_us('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS v1,
       uuid_timestamp_us('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS v6,
       uuid_timestamp_us('919108f7-52d1-4320-9bac-f847db4148a8') AS v4,
       uuid_timestamp_us('00000000-0000-0000-0000-000000000000') AS nil,
       uuid_timestamp_us('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f') AS v7_other_variant;
