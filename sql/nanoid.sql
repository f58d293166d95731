-- nanoid: random text of `size` symbols of an alphabet. The sizes and
-- alphabets refused at their edges, multibyte symbols, and each symbol equally
-- likely (a chi-square test, below).
\set VERBOSITY default

SELECT length(nanoid()) AS default_size, nanoid() ~ '^[-_0-9A-Za-z]{21}$' AS url_alphabet;
SELECT length(nanoid(1)) AS one, length(nanoid(1024)) AS largest, nanoid(1024) ~ '^[-_0-9A-Za-z]{1024}$' AS url_alphabet;
SELECT nanoid(NULL), nanoid(NULL, 'ab'), nanoid(5, NULL);
-- sizes: 0 and 1025 (just outside 1 to 1024), and a negative one
SELECT nanoid(0);
\echo :LAST_ERROR_SQLSTATE
SELECT nanoid(1025);
\echo :LAST_ERROR_SQLSTATE
SELECT nanoid(-1, 'ab');
\echo :LAST_ERROR_SQLSTATE

-- alphabets: 2 and 256 distinct characters are the edges; multibyte ones
-- (database encoding UTF8) are characters, not bytes
SELECT nanoid(16, '01') ~ '^[01]{16}$' AS two_symbols;
SELECT length(nanoid(8, 'äöü€')) AS characters, nanoid(8, 'äöü€') ~ '^[äöü€]{8}$' AS multibyte;
SELECT length(nanoid(300, string_agg(chr(i), ''))) AS from_256_symbols
FROM generate_series(256, 511) i;
SELECT nanoid(5, '');
\echo :LAST_ERROR_SQLSTATE
SELECT nanoid(5, 'a');
\echo :LAST_ERROR_SQLSTATE
SELECT nanoid(5, string_agg(chr(i), '')) FROM generate_series(256, 512) i;
\echo :LAST_ERROR_SQLSTATE
-- a repeated character would come up twice as often: refused, named
SELECT nanoid(5, 'abcb');
\echo :LAST_ERROR_SQLSTATE
SELECT nanoid(5, 'äaã€ä');
\echo :LAST_ERROR_SQLSTATE
-- one alphabet per call in one query: each is checked, none is mixed up
SELECT a, nanoid(6, a) ~ ('^[' || a || ']{6}$') AS own_alphabet
FROM (VALUES ('ab'), ('xyz'), ('ab'), ('0123456789')) v(a);

-- Uniformity. Pearson's chi-square of the symbol counts, with k = symbols - 1
-- degrees of freedom, against its quantile for a tail of 1e-9 (Wilson and
-- Hilferty: k (1 - 2/(9k) + 5.998 sqrt(2/(9k)))^3; 5.998 is the normal
-- quantile of 1 - 1e-9). The exact tail at that limit is 7.7e-10 for k = 63
-- and 9.3e-10 for k = 254, so a correct build fails each test with a
-- probability below 1e-9. A biased generator does not pass: the modulo
-- without rejection doubles one symbol of 255 (chi-square ~1600 against 414),
-- and a 5-bit mask leaves 32 of 64 symbols out.
CREATE FUNCTION pg_temp.chi_square_limit(k int) RETURNS float8 LANGUAGE sql AS $$
  SELECT k * (1 - 2.0 / (9 * k) + 5.998 * sqrt(2.0 / (9 * k))) ^ 3 $$;
-- the default alphabet: 20,000 IDs of 21 symbols, 6,562.5 of each symbol expected
WITH symbols AS (
  SELECT substr(id, i, 1) AS s FROM (SELECT nanoid() AS id FROM generate_series(1, 20000)) g,
       generate_series(1, 21) i),
counts AS (SELECT s, count(*) AS c FROM symbols GROUP BY s)
SELECT count(*) AS symbols_seen,
       sum((c - 420000 / 64.0) ^ 2 / (420000 / 64.0)) < pg_temp.chi_square_limit(63) AS uniform
FROM counts;
-- 255 multibyte symbols (256 % 255 = 1: the rejection's worst case), 400 IDs
-- of 1024: 1,606 of each expected
WITH alphabet AS (SELECT string_agg(chr(i), '' ORDER BY i) AS a FROM generate_series(256, 510) i),
symbols AS (
  SELECT substr(id, i, 1) AS s
  FROM (SELECT nanoid(1024, a) AS id FROM alphabet, generate_series(1, 400)) g, generate_series(1, 1024) i),
counts AS (SELECT s, count(*) AS c FROM symbols GROUP BY s)
SELECT count(*) AS symbols_seen,
       bool_and(ascii(s) BETWEEN 256 AND 510) AS in_alphabet,
       sum((c - 409600 / 255.0) ^ 2 / (409600 / 255.0)) < pg_temp.chi_square_limit(254) AS uniform
FROM counts;

-- unique in bulk (126 random bits each)
SELECT count(DISTINCT nanoid()) AS distinct_ids FROM generate_series(1, 20000);
