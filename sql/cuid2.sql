-- cuid2 (@paralleldrive/cuid2): a letter, then base36 digits of a SHA3-512
-- hash; 2 to 32 characters. cuid2_is_valid is the reference's isCuid.
\set VERBOSITY default

SELECT length(cuid2()) AS default_length, cuid2() ~ '^[a-z][0-9a-z]{23}$' AS shape,
       cuid2_is_valid(cuid2()) AS valid;
SELECT n, length(cuid2(n)) = n AS length, cuid2(n) ~ '^[a-z][0-9a-z]+$' AS shape
FROM (VALUES (2), (3), (31), (32)) v(n);
SELECT cuid2(NULL);
-- lengths 1 and 33, just outside 2 to 32
SELECT cuid2(1);
\echo :LAST_ERROR_SQLSTATE
SELECT cuid2(33);
\echo :LAST_ERROR_SQLSTATE

-- isCuid: 2 to 32 characters of a-z and 0-9, a letter first
SELECT id, cuid2_is_valid(id)
FROM (VALUES (''), ('a'), ('a0'), ('z9'), (repeat('z', 32)), (repeat('z', 33)), ('0abc'), ('Abc'),
             ('abC'), ('ab-c'), ('ab c'), ('abé'), ('`a'), ('{a'), ('a/'), ('a:'),
             ('cmipnin3u8e5k3w0ew1wkwlf')) v(id);
SELECT cuid2_is_valid(NULL);

-- unique in bulk, at the default length and at 10
SELECT count(DISTINCT cuid2()) AS distinct_ids FROM generate_series(1, 20000);
SELECT count(DISTINCT cuid2(10)) AS distinct_short_ids FROM generate_series(1, 20000);
-- the first letter takes all 26 values (a fair draw misses one in 1000 with
-- probability 26 (25/26)^1000, 3e-16)
SELECT count(DISTINCT left(cuid2(), 1)) AS first_letters FROM generate_series(1, 1000);
