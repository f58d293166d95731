-- xid12, scru128 and timeflake: binary COPY through their send and receive
-- functions, and their generators' uniqueness and order under many calls.
BEGIN;
SELECT plan(7);

CREATE TEMP TABLE ids AS
    SELECT xid_generate() AS x, scru128() AS s, timeflake() AS t, n FROM generate_series(1, 100000) n;

SELECT is((SELECT count(DISTINCT x) FROM ids), 100000::bigint, 'xid_generate(): 100,000 distinct');
SELECT is((SELECT count(*) FROM (SELECT x, lag(x) OVER (ORDER BY n) p FROM ids) q WHERE x <= p), 0::bigint,
          'xid_generate(): each above the last (the server-wide word)');
SELECT is((SELECT count(*) FROM (SELECT s, lag(s) OVER (ORDER BY n) p FROM ids) q WHERE s <= p), 0::bigint,
          'scru128(): strictly increasing within the session');
SELECT is((SELECT count(*) FROM (SELECT t, lag(t) OVER (ORDER BY n) p FROM ids) q WHERE t <= p), 0::bigint,
          'timeflake(): strictly increasing within the session');
-- the counter never wraps: a second's counters stay below 1000 * 16384
SELECT is((SELECT max(xid_counter(x)) < 16384000 FROM ids), true, 'xid counters below 16,384,000');

-- binary COPY out and in again goes through the send and receive functions
CREATE TABLE fixed_back (x xid12, s scru128, t timeflake, n int);
DO $$
DECLARE path text := current_setting('data_directory') || '/idgen_fixed_size_types.copy';
BEGIN
    EXECUTE format('COPY (SELECT x, s, t, n FROM ids) TO %L (FORMAT binary)', path);
    EXECUTE format('COPY fixed_back FROM %L (FORMAT binary)', path);
END $$;
SELECT results_eq('SELECT x, s, t FROM fixed_back ORDER BY n', 'SELECT x, s, t FROM ids ORDER BY n',
                  'binary COPY round trip of xid12, scru128 and timeflake');
SELECT is((SELECT count(*) FROM fixed_back b JOIN ids i USING (n)
            WHERE b.x::bytea <> i.x::bytea OR b.s::bytea <> i.s::bytea OR b.t::bytea <> i.t::bytea), 0::bigint,
          'the same bytes after the round trip');

SELECT * FROM finish();
ROLLBACK;
