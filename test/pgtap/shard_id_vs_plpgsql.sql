-- next_shard_id(shard, seq, at) against Instagram's PL/pgSQL function (seeds
-- 001 and 004), on random inputs: equal wherever the original is right, an
-- error wherever it overflows.
BEGIN;
SELECT plan(6);

-- The seed's function, with its constants made parameters and its clock an
-- argument; the arithmetic is untouched.
CREATE FUNCTION pg_temp.instagram_next_id(shard_id int, seq bigint, t timestamptz,
                                          our_epoch bigint DEFAULT 1314220021721)
RETURNS bigint AS $$
DECLARE
    seq_id bigint;
    now_millis bigint;
    result bigint;
BEGIN
    SELECT seq % 1024 INTO seq_id;
    SELECT FLOOR(EXTRACT(EPOCH FROM t) * 1000) INTO now_millis;
    result := (now_millis - our_epoch) << 23;
    result := result | (shard_id << 10);
    result := result | (seq_id);
    RETURN result;
END;
$$ LANGUAGE plpgsql;

-- 2,000 random cases inside the layout: times anywhere in the 2^40 ms after
-- the epoch, to the microsecond; every shard; sequences up to bigint's max.
CREATE TEMP TABLE cases AS
SELECT (random() * 8191)::int AS shard,
       CASE WHEN n % 10 = 0 THEN 9223372036854775807 - (random() * 1e6)::bigint
            ELSE (random() * 1e12)::bigint END AS seq,
       to_timestamp(1314220021.721) + (random() * 1099511627775999)::bigint * interval '1 microsecond' AS t
  FROM generate_series(1, 2000) n;

SELECT is((SELECT count(*) FROM cases), 2000::bigint, '2,000 random cases');
SELECT is((SELECT count(*) FROM cases
            WHERE next_shard_id(shard, seq, t) <> pg_temp.instagram_next_id(shard, seq, t)),
          0::bigint, 'next_shard_id(shard, seq, at) equals the PL/pgSQL original on all of them');
SELECT is((SELECT count(*) FROM cases c, shard_id_decode(next_shard_id(c.shard, c.seq, c.t)) d
            WHERE (d.ts, d.shard, d.seq) IS DISTINCT FROM
                  (date_trunc('milliseconds', c.t), c.shard, (c.seq % 1024)::int)),
          0::bigint, 'and every one decodes back to its floored time, shard and seq % 1024');

-- Outside the layout's 2^40 ms the original returns a negative number, or,
-- once the shift wraps (before 1980, or 2^41 ms after the epoch), a positive
-- one that decodes to another time. next_shard_id raises 22003 instead.
CREATE FUNCTION pg_temp.refusals(n int, lo_ms bigint, hi_ms bigint)
RETURNS TABLE (original_wrong bigint, refused bigint) AS $$
DECLARE
    t timestamptz;
    s int;
    original bigint;
BEGIN
    original_wrong := 0;
    refused := 0;
    FOR i IN 1..n LOOP
        t := to_timestamp((lo_ms + (random() * (hi_ms - lo_ms))::bigint) / 1000.0);
        s := (random() * 8191)::int;
        original := pg_temp.instagram_next_id(s, i, t);
        IF original < 0 OR shard_id_timestamp(original) <> date_trunc('milliseconds', t) THEN
            original_wrong := original_wrong + 1;
        END IF;
        BEGIN
            PERFORM next_shard_id(s, i, t);
        EXCEPTION WHEN numeric_value_out_of_range THEN
            refused := refused + 1;
        END;
    END LOOP;
    RETURN NEXT;
END;
$$ LANGUAGE plpgsql;

SELECT results_eq(
    $$SELECT * FROM pg_temp.refusals(200, 1314220021721 + 1099511627776, 1314220021721 + 4398046511103)$$,
    $$VALUES (200::bigint, 200::bigint)$$,
    'after the layout runs out (2046-06-27): the original is wrong, next_shard_id refuses');
SELECT results_eq(
    $$SELECT * FROM pg_temp.refusals(200, 0, 1314220021720)$$,
    $$VALUES (200::bigint, 200::bigint)$$,
    'before the epoch: the original is wrong, next_shard_id refuses');

-- A sequence that passes 1024 wraps in the original, and in the two-argument
-- form on purpose (it is the original); next_shard_id(shard) does not.
SELECT is((SELECT count(DISTINCT id) FROM
             (SELECT next_shard_id(3) AS id FROM generate_series(1, 5000)) g),
          5000::bigint, 'next_shard_id(shard) never repeats, even past 1024 IDs in a millisecond');

SELECT * FROM finish();
ROLLBACK;
