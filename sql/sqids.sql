-- Sqids: the specification's tests (encoding, alphabet, minlength,
-- blocklist), value for value; bigints to 2^63 - 1; decoding only the
-- canonical text; every refusal with its SQLSTATE at its edges; markings.
\set VERBOSITY default

-- encoding.test.ts
SELECT sqids_encode('{1,2,3}') AS simple, sqids_decode('86Rf07') AS numbers;
SELECT n, sqids_encode(ARRAY[n]) AS id, sqids_decode(sqids_encode(ARRAY[n])) AS back
  FROM generate_series(0, 9) n;
SELECT n, sqids_encode(ARRAY[0, n]) AS same_index_0, sqids_encode(ARRAY[n, 0]) AS same_index_1
  FROM generate_series(0, 9) n;
SELECT sqids_decode(sqids_encode(a)) = a AS different_inputs
  FROM (VALUES ('{0,0,0,1,2,3,100,1000,100000,1000000,9007199254740991}'::bigint[])) v(a);
SELECT sqids_decode(sqids_encode(a)) = a AS multi_input
  FROM (SELECT array_agg(n ORDER BY n) AS a FROM generate_series(0::bigint, 99) n) s;
SELECT sqids_encode('{}') = '' AS no_numbers, sqids_decode('') AS empty_text, sqids_decode('*') AS invalid_character;

-- alphabet.test.ts
SELECT sqids_encode('{1,2,3}', '0123456789abcdef') AS simple, sqids_decode('489158', '0123456789abcdef') AS numbers;
SELECT sqids_decode(sqids_encode('{1,2,3}', 'abc'), 'abc') AS short_alphabet,
       sqids_decode(sqids_encode('{1,2,3}', a), a) AS long_alphabet
  FROM (VALUES ('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-_+|{}[];:''"/?.>,<`~')) v(a);
SELECT sqids_encode('{1}', 'ë1092');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_decode('x', 'abcdef€');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_encode('{1}', 'aabcdefg');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_decode('x', 'abcdefgc');
\echo :LAST_ERROR_SQLSTATE
-- 3 characters is the shortest alphabet: 2 and 0 are refused
SELECT sqids_encode('{1}', 'ab');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_encode('{1}', '');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_encode('{1}', 'abc') AS three_characters;
-- 127 distinct single bytes, all of UTF-8's: the widest alphabet here
SELECT sqids_decode(sqids_encode('{9223372036854775807,7}', a, 0, '{}'), a, 0, '{}') AS widest
  FROM (SELECT string_agg(chr(i), '') AS a FROM generate_series(1, 127) i) s;

-- minlength.test.ts
SELECT sqids_encode('{1,2,3}', min_length => 62) AS simple,
       sqids_decode('86Rf07xd4zBmiJXQG6otHEbew02c3PWsUOLZxADhCpKj7aVFv9I8RquYrNlSTM', min_length => 62) AS numbers;
SELECT m, sqids_encode('{1,2,3}', min_length => m) AS id, length(sqids_encode('{1,2,3}', min_length => m)) = m AS at_length,
       sqids_decode(sqids_encode('{1,2,3}', min_length => m), min_length => m) AS back
  FROM unnest(ARRAY[6, 7, 8, 9, 10, 11, 12, 13, 62, 63, 64, 65]) m;
SELECT n, sqids_encode(ARRAY[0, n], min_length => 62) AS id FROM generate_series(0, 9) n;
SELECT m, count(*) AS cases,
       count(*) FILTER (WHERE length(sqids_encode(a, min_length => m)) >= m
                          AND sqids_decode(sqids_encode(a, min_length => m), min_length => m) = a) AS long_enough_and_back
  FROM unnest(ARRAY[0, 1, 5, 10, 62, 255]) m,
       unnest(ARRAY['{0}', '{0,0,0,0,0}', '{1,2,3,4,5,6,7,8,9,10}', '{100,200,300}', '{1000,2000,3000}',
                    '{1000000}', '{9007199254740991}', '{9223372036854775807}']::text[]) t, CAST(t AS bigint[]) a
 GROUP BY m ORDER BY m;
-- padding past the alphabet's length, an alphabet at a time (the reference's text)
SELECT sqids_encode('{1,2,3}', min_length => 255) = '86Rf07xd4zBmiJXQG6otHEbew02c3PWsUOLZxADhCpKj7aVFv9I8RquYrNlSTMyf15kngGjqB9KxuSsQ1tvrCU6LOgdeEoXAInmPHfaJVkWYi2FzyNR7MpDZ4l83wh0Tb5cGgOrESNkXR8I6Uxeqn2pidKJLtZyDQPwWubBAVT5zfo01Mh3sHCY79j4lFvmacL6NH5VZTd3BkWPRO7EnK8IxrQwUoMq2SACJipDu10s4jaYGehFXytgbfzml9vc' AS longest_padding,
       sqids_encode('{7}', 'abcdefghij', 130) = 'jehgaebcidfhjjgfdihbecabhjeadfcgieaifcdgbhjijdgaefbhcahbeigfdjcfjbahgedcidaegcbhfjibjhdfgciaeehdcgfjbiaihbefjgdcabheacgfjdifecdjia' AS ten_characters;
-- 0 and 255 are the edges: -1 and 256 are refused
SELECT length(sqids_encode('{1}', min_length => 255)) AS longest, sqids_encode('{1}', min_length => 0) AS shortest;
SELECT sqids_encode('{1}', min_length => -1);
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_encode('{1}', min_length => 256);
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_decode('Uk', min_length => 256);
\echo :LAST_ERROR_SQLSTATE

-- blocklist.test.ts: the default list, none, only the given words
SELECT sqids_encode('{4572721}') AS default_blocklist, sqids_decode('JExTR') AS numbers,
       sqids_decode('aho1e') AS blocked_text;
SELECT sqids_encode('{4572721}', blocklist => '{}') AS no_blocklist, sqids_decode('aho1e', blocklist => '{}') AS numbers;
SELECT sqids_encode('{4572721}', blocklist => '{ArUO}') AS not_default, sqids_encode('{100000}', blocklist => '{ArUO}') AS given,
       sqids_decode('QyG4', blocklist => '{ArUO}') AS numbers;
SELECT sqids_encode('{1000000,2000000}', blocklist => '{JSwXFaosAN,OCjV9JK64o,rBHf,79SM,7tE6}') AS blocklist,
       sqids_decode('1aYeB7bRUt', blocklist => '{JSwXFaosAN,OCjV9JK64o,rBHf,79SM,7tE6}') AS numbers;
-- the specification reads blocked words; idgen gives '{}': they are not
-- the text that sqids_encode gives with this blocklist
SELECT id, sqids_decode(id, blocklist => '{86Rf07,se8ojk,ARsz1p,Q8AI49,5sQRZO}') AS with_that_blocklist,
       sqids_decode(id, blocklist => '{}') = '{1,2,3}' OR id <> '86Rf07' AS without
  FROM unnest(ARRAY['86Rf07', 'se8ojk', 'ARsz1p', 'Q8AI49', '5sQRZO']) id;
SELECT sqids_encode('{1,2,3}', blocklist => '{86Rf07,se8ojk,ARsz1p,Q8AI49,5sQRZO}') AS sixth_attempt;
SELECT sqids_decode(sqids_encode('{1000}', blocklist => '{pnd}'), blocklist => '{pnd}') AS short_word,
       sqids_encode('{1000}', blocklist => '{}') AS unblocked;
SELECT sqids_encode('{1,2,3}', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 0, '{sxnzkl}') AS filtered,
       sqids_encode('{1,2,3}', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 0, '{}') AS unfiltered;
-- the rule: a word with a digit blocks at either end only, one without
-- anywhere, one of 3 characters only the whole text
SELECT sqids_encode('{20000021}', blocklist => '{}') AS unblocked,
       sqids_encode('{20000021}', blocklist => '{k4sw}') AS digit_inside_never,
       sqids_encode('{20000000}', blocklist => '{}') AS unblocked,
       sqids_encode('{20000000}', blocklist => '{afsw}') AS no_digit_inside;
SELECT sqids_encode('{4572721}', blocklist => '{aho1}') AS digit_at_start,
       sqids_encode('{4572721}', blocklist => '{HO1E}') AS digit_at_end_any_case,
       sqids_encode('{4572721}', blocklist => '{ho1}') AS three_inside_never;
SELECT sqids_encode('{100000}', blocklist => '{rU}') AS two_characters_never,
       sqids_encode('{100000}', blocklist => '{rUO}') AS three_inside,
       sqids_encode('{100000}', blocklist => '{ArUO}') AS whole;
SELECT sqids_encode('{0}', 'abc', 3, '{cab,abc,bca}');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_decode('cab', 'abc', 3, '{cab,abc,bca}') AS nothing_canonical;
SELECT sqids_encode('{1}', blocklist => '{abc,NULL}');
\echo :LAST_ERROR_SQLSTATE
SELECT cardinality(sqids_default_blocklist()) AS words, (sqids_default_blocklist())[1] AS first,
       (sqids_default_blocklist())[560] AS last;

-- canonical text only: padding, one more, one fewer, shorter than min_length
SELECT sqids_decode('86Rf07xd4z', min_length => 10) AS canonical, sqids_decode('86Rf07xd4a', min_length => 10) AS other_padding,
       sqids_decode('86Rf07xd4zB', min_length => 10) AS one_more, sqids_decode('86Rf07', min_length => 10) AS too_short,
       sqids_decode('86Rf07x') AS padding_not_asked, sqids_decode('86Rf0') AS one_fewer;
SELECT sqids_decode('fff') AS other_text, sqids_encode('{3720}') AS its_numbers_text, sqids_decode('bbb') AS canonical;
-- every text of two characters: 61 are canonical, one per number below 61
SELECT count(*) FILTER (WHERE sqids_decode(a || b) <> '{}') AS canonical,
       count(*) FILTER (WHERE sqids_decode(a || b) <> '{}' AND sqids_encode(sqids_decode(a || b)) <> a || b) AS not_back
  FROM regexp_split_to_table('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '') a,
       regexp_split_to_table('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '') b;

-- bigints: 0 to 2^63 - 1; -1 and the smallest refused, named
SELECT sqids_encode('{0}') AS zero, sqids_encode('{9223372036854775807}') AS largest,
       sqids_decode(sqids_encode('{9223372036854775807,0,9223372036854775806}')) AS back;
SELECT length(sqids_encode('{9223372036854775807}', 'abc', 0, '{}')) AS base_2_digits;
-- past 2^63 - 1 (65 characters of base 2): no number
SELECT sqids_decode(p || repeat(d, 64), 'abc', 0, '{}') AS past_bigint
  FROM unnest(ARRAY['a', 'b', 'c']) p, unnest(ARRAY['a', 'b', 'c']) d
 GROUP BY 1 ORDER BY 1;
SELECT sqids_encode('{5,-1}');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_encode('{-9223372036854775808}');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_encode('{1,NULL,-1}');
\echo :LAST_ERROR_SQLSTATE
SELECT sqids_encode('{{1,2},{3,4}}');
\echo :LAST_ERROR_SQLSTATE
-- STRICT: a NULL argument gives NULL
SELECT sqids_encode(NULL) IS NULL AS null_numbers, sqids_decode(NULL) IS NULL AS null_text,
       sqids_encode('{1}', NULL) IS NULL AS null_alphabet, sqids_decode('Uk', 'abc', 0, NULL) IS NULL AS null_blocklist;

-- one call site, options changing from row to row
SELECT a, sqids_encode('{1,2,3}', a) AS id, sqids_decode(sqids_encode('{1,2,3}', a), a) AS back
  FROM (VALUES (1, 'abc'), (2, '0123456789abcdef'), (3, 'abc'), (4, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')) v(n, a)
 ORDER BY n;
SELECT m, sqids_encode('{1,2,3}', min_length => m) AS id FROM (VALUES (1, 10), (2, 0), (3, 10)) v(n, m) ORDER BY n;
SELECT n, sqids_encode('{4572721}', blocklist => b) AS id
  FROM (VALUES (1, '{}'::text[]), (2, sqids_default_blocklist()), (3, '{jextr}'), (4, '{}')) v(n, b) ORDER BY n;

-- markings: they read no setting
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_proc p WHERE p.proname IN ('sqids_encode', 'sqids_decode', 'sqids_default_blocklist') ORDER BY p.oid::regprocedure::text;
