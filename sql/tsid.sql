-- TSID (tsid-creator): text both ways, tsid-creator's published values and
-- decoding rules, the fields, bit edges, refusals, and tsid() itself.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- tsid-creator's TsidTest: FZZZZZZZZZZZZ is -1 (a Java long), 000000000000A is 10
SELECT tsid_parse('FZZZZZZZZZZZZ') AS minus_one, tsid_text(-1) AS text_of_minus_one;
SELECT tsid_parse('000000000000A') AS ten, tsid_text(10) AS text_of_ten;
-- the edges of bigint, and either case in, upper case out
SELECT tsid_text(0) AS zero, tsid_text(9223372036854775807) AS max, tsid_text(-9223372036854775808) AS min;
SELECT tsid_parse('7ZZZZZZZZZZZZ') = 9223372036854775807 AS max_ok,
       tsid_parse('8000000000000') = -9223372036854775808 AS min_ok;
SELECT tsid_parse('0123456789abc') = tsid_parse('0123456789ABC') AS lower_ok,
       tsid_parse('0123456789AbC') = tsid_parse('0123456789ABC') AS mixed_ok,
       tsid_text(tsid_parse('0123456789abc')) AS upper_out;
-- Crockford's decoding rule, as tsid-creator applies it: I and L are 1, O is 0
SELECT tsid_parse('0123456789ABi') = tsid_parse('0123456789AB1') AS i_is_1,
       tsid_parse('0123456789ABL') = tsid_parse('0123456789AB1') AS l_is_1,
       tsid_parse('0123456789ABo') = tsid_parse('0123456789AB0') AS o_is_0,
       tsid_parse('OIL0000000000') = tsid_parse('0110000000000') AS oil;
-- random bigints round trip, and the text sorts as the unsigned value does
SELECT count(*) FILTER (WHERE tsid_parse(tsid_text(v)) <> v) AS round_trip_differences
  FROM (SELECT (random() * 18446744073709551615 - 9223372036854775808)::numeric(20)::bigint AS v
          FROM generate_series(1, 10000)) s;
SELECT tsid_text(1) COLLATE "C" < tsid_text(9223372036854775807) COLLATE "C" AS positive,
       tsid_text(9223372036854775807) COLLATE "C" < tsid_text(-9223372036854775808) COLLATE "C" AS sign_bit_last;

-- the fields: 42-bit ms since 2020-01-01 | 10-bit node | 12-bit counter
SELECT tsid_timestamp(0) AS epoch, tsid_node(0), tsid_counter(0);
SELECT tsid_timestamp(-1) AS last, tsid_node(-1), tsid_counter(-1);
-- tsid-creator's testGetInstantMaximum: time 2^42 - 1 is 2159-05-15T07:35:11.103Z
SELECT tsid_timestamp(-4194304) AS max_instant;
-- 2^41 ms after 2020 (2089-09-06 15:47:35.552) the ID turns negative
SELECT tsid_timestamp(9223372036854775807) AS last_positive,
       tsid_timestamp(-9223372036854775808) AS first_negative;
SELECT tsid_timestamp(x), tsid_node(x), tsid_counter(x)
  FROM (SELECT (123456789::bigint << 22) | (1000 << 12) | 4001 AS x) s;

-- refusals: 22P02 naming the character or the length, 22003 above FZZZZZZZZZZZZ
SELECT tsid_parse('0123456789ABU');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse('0123456789ABu');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse('0123456789AB#');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse('0123456789AB');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse('0123456789ABCC');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse('');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse('F000000000000') AS f_is_the_largest_first_character;
SELECT tsid_parse('G000000000000');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse('z000000000000');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse('2024-01-01');
\echo :LAST_ERROR_SQLSTATE
SELECT tsid_parse(NULL) IS NULL AS strict;

-- tsid(): this server's node, the current time, unique and increasing
SELECT tsid_node(tsid()) = current_setting('idgen.node_id')::int AS configured_node;
SELECT abs(extract(epoch FROM tsid_timestamp(tsid()) - clock_timestamp())) < 5 AS now_ish;
SELECT count(*) = count(DISTINCT id) AS unique_ids,
       bool_and(id > prev) AS increasing,
       max(tsid_counter(id)) > 0 AS counter_counts
  FROM (SELECT id, lag(id, 1, 0::bigint) OVER (ORDER BY n) AS prev
          FROM (SELECT n, tsid() AS id FROM generate_series(1, 100000) n) g) s;
CREATE TEMP TABLE orders (id bigint PRIMARY KEY DEFAULT tsid(), what text);
INSERT INTO orders (what) VALUES ('a'), ('b'), ('c');
SELECT what, length(tsid_text(id)) AS text_length FROM orders ORDER BY id;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE id = tsid_parse('0123456789ABC');
RESET enable_seqscan;
