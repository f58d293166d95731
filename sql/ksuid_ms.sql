-- KSUID-ms (svix-ksuid's KsuidMs): a ksuid whose 5th byte is the 4 ms step
-- of its second. Its layout against svix's published values, the decoder at
-- the byte's edges, the time of new ones, their order within the session.
SET datestyle = 'ISO, YMD';
SET timezone = 'UTC';
\set VERBOSITY default

-- svix-ksuid's doc example (KsuidLike::to_base62): second 1643290698 after the
-- KSUID epoch, payload 45419194335837378647185401984346151808, whose first
-- byte is 0x22 = 34: 136 ms
SELECT ksuid_ms_timestamp('DyU8bFOBPZ4LjvsfN0qywt2LjmK'), ksuid_timestamp('DyU8bFOBPZ4LjvsfN0qywt2LjmK');
-- svix's test_systemtime_timestamp: 1776798415.512 reads back to the ms;
-- byte 5 at 0, 128, 249 (the last step, 996 ms), and above it: svix reads
-- (byte * 4) % 1000, so a plain KSUID's random byte 250 is 0 ms, 255 is 20 ms
SELECT k, ksuid_ms_timestamp(k::ksuid), ksuid_timestamp(k::ksuid)
FROM (VALUES ('3CgDeYtJCpw9h13RAOQlr8MoIsK'), ('3CgDecmqDwZKjktK2TKLFZvR9gO'),
             ('3CgDegTAINfMwW62e1zFTU0Yosq'), ('3CgDegV3HuAfv5KUgOJ3dqVLYpM'),
             ('3CgDegeUFWhCnvUksBu6TezHGXw')) v(k);
-- the smallest and the largest time
SELECT ksuid_ms_timestamp('000000000000000000000000000'), ksuid_ms_timestamp('aWgEPTZhwdcloT2H1F9kxliFgLP');
SELECT ksuid_ms_timestamp(NULL);

-- a new one: the clock's time to 4 ms (floored), the same second as ksuid_timestamp
CREATE TEMP TABLE around AS
  SELECT clock_timestamp() AS before, ksuid_ms() AS k, clock_timestamp() AS after;
SELECT ksuid_ms_timestamp(k) >= date_trunc('second', before)
         + floor(extract(milliseconds FROM before - date_trunc('second', before)) / 4) * interval '4 ms'
       AS not_before,
       ksuid_ms_timestamp(k) <= after AS not_after,
       date_trunc('second', ksuid_ms_timestamp(k)) = ksuid_timestamp(k) AS same_second,
       extract(microseconds FROM ksuid_ms_timestamp(k))::int % 4000 = 0 AS four_ms_step
FROM around;

-- strictly increasing within the session, thousands in a few ms each
SELECT bool_and(k > prev) AS increasing, count(DISTINCT k) AS distinct_ids
FROM (SELECT k, lag(k) OVER (ORDER BY n) AS prev
      FROM (SELECT n, ksuid_ms() AS k FROM generate_series(1, 20000) n) g) s
WHERE prev IS NOT NULL;
-- and by time: a later one never has an earlier ksuid_ms_timestamp
SELECT bool_and(ksuid_ms_timestamp(k) >= ksuid_ms_timestamp(prev)) AS time_ordered
FROM (SELECT k, lag(k) OVER (ORDER BY n) AS prev
      FROM (SELECT n, ksuid_ms() AS k FROM generate_series(1, 5000) n) g) s
WHERE prev IS NOT NULL;

-- a btree index on ksuid serves a range of KSUID-ms times
CREATE TEMP TABLE events (id ksuid PRIMARY KEY DEFAULT ksuid_ms(), n int);
INSERT INTO events (n) SELECT generate_series(1, 1000);
ANALYZE events;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM events WHERE id >= ksuid_from_time(now() - interval '1 minute');
RESET enable_seqscan;
SELECT count(*) FROM events WHERE id >= ksuid_from_time(now() - interval '1 minute');
