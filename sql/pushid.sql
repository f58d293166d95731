-- Firebase push IDs: text of 8 characters of Unix ms and 12 of random bits,
-- in an alphabet in ASCII order, so that they sort by time under COLLATE "C".
SET datestyle = 'ISO, YMD';
SET timezone = 'UTC';
\set VERBOSITY default

-- the time characters as Firebase's generatePushID writes them: ms 0, 1, 64,
-- 1700000000000 (-NjEtLV-) and 2^48 - 1, the largest
SELECT id, pushid_timestamp(id)
FROM (VALUES ('--------------------'), ('-------0------------'), ('------0-------------'),
             ('-NjEtLV-----------zz'), ('zzzzzzzzzzzzzzzzzzzz')) v(id);
SELECT pushid_timestamp(NULL);

-- refusals: a length (0, 19 and 21), a character outside the alphabet (its
-- neighbours in ASCII: '.', '/', ':', '@', '[', '^', '`', '{'), a multibyte one
SELECT pushid_timestamp('');
\echo :LAST_ERROR_SQLSTATE
SELECT pushid_timestamp('-------------------');
\echo :LAST_ERROR_SQLSTATE
SELECT pushid_timestamp('---------------------');
\echo :LAST_ERROR_SQLSTATE
SELECT pushid_timestamp('-------------------.');
\echo :LAST_ERROR_SQLSTATE
CREATE FUNCTION pg_temp.refusal(id text, OUT code text, OUT message text, OUT detail text)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pushid_timestamp(id);
  code := 'not refused';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
END $$;
SELECT r.* FROM unnest(ARRAY['/', ':', '@', '[', '^', '`', '{', ' ', 'é']) c,
                pg_temp.refusal('---------' || c || repeat('-', 10)) r;

-- a new one: 20 characters of the alphabet, the clock's millisecond
CREATE TEMP TABLE around AS
  SELECT clock_timestamp() AS before, pushid() AS id, clock_timestamp() AS after;
SELECT id ~ '^[-0-9A-Z_a-z]{20}$' AS shape,
       pushid_timestamp(id) >= date_trunc('milliseconds', before) AS not_before,
       pushid_timestamp(id) <= after AS not_after
FROM around;

-- strictly increasing within the session under COLLATE "C", with the same
-- millisecond's IDs one apart in their last characters
SELECT bool_and(id > prev COLLATE "C") AS increasing, count(DISTINCT id) AS distinct_ids,
       bool_and(pushid_timestamp(id) >= pushid_timestamp(prev)) AS time_ordered
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev
      FROM (SELECT n, pushid() AS id FROM generate_series(1, 20000) n) g) s
WHERE prev IS NOT NULL;
CREATE FUNCTION pg_temp.push_value(id text) RETURNS numeric LANGUAGE sql AS $$
  SELECT sum((strpos('-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz',
                     substr(id, i, 1)) - 1)::numeric * 64::numeric ^ (20 - i))
  FROM generate_series(9, 20) i $$;
SELECT bool_and(pg_temp.push_value(id) = pg_temp.push_value(prev) + 1) AS plus_one_within_a_ms,
       count(*) > 0 AS some_in_one_ms
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev
      FROM (SELECT n, pushid() AS id FROM generate_series(1, 2000) n) g) s
WHERE prev IS NOT NULL AND left(id, 8) = left(prev, 8);

-- a btree index under COLLATE "C" serves a time range
CREATE TEMP TABLE messages (id text COLLATE "C" PRIMARY KEY DEFAULT pushid(), n int);
INSERT INTO messages (n) SELECT generate_series(1, 1000);
ANALYZE messages;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM messages WHERE id >= '-NjEtLV-';
RESET enable_seqscan;
SELECT count(*) FROM messages WHERE id >= '-NjEtLV-';
