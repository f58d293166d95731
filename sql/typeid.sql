-- TypeID (jetify spec 0.3.0): the spec's valid and invalid vectors
-- (test/vectors/typeid_valid.tsv, typeid_invalid.tsv: spec/valid.yml and
-- spec/invalid.yml), every refusal with its SQLSTATE and message, prefixes at
-- their edges, generation, order (prefix, then UUID), the indexes, binary I/O
-- and, on 16+, soft errors (expected/typeid_1.out: 13 to 15).
SET datestyle = 'ISO, YMD';
SET timezone = 'UTC';
\set VERBOSITY default
SELECT current_setting('server_version_num')::int >= 160000 AS soft_errors \gset

-- spec/valid.yml: the text parses to its prefix and UUID, and they make the text again
CREATE TEMP TABLE valid (name text, id text, prefix text, uuid uuid);
INSERT INTO valid VALUES
  ('nil', '00000000000000000000000000', '', '00000000-0000-0000-0000-000000000000'),
  ('one', '00000000000000000000000001', '', '00000000-0000-0000-0000-000000000001'),
  ('ten', '0000000000000000000000000a', '', '00000000-0000-0000-0000-00000000000a'),
  ('sixteen', '0000000000000000000000000g', '', '00000000-0000-0000-0000-000000000010'),
  ('thirty-two', '00000000000000000000000010', '', '00000000-0000-0000-0000-000000000020'),
  ('max-valid', '7zzzzzzzzzzzzzzzzzzzzzzzzz', '', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  ('valid-alphabet', 'prefix_0123456789abcdefghjkmnpqrs', 'prefix', '0110c853-1d09-52d8-d73e-1194e95b5f19'),
  ('valid-uuidv7', 'prefix_01h455vb4pex5vsknk084sn02q', 'prefix', '01890a5d-ac96-774b-bcce-b302099a8057'),
  ('prefix-underscore', 'pre_fix_00000000000000000000000000', 'pre_fix', '00000000-0000-0000-0000-000000000000');
SELECT name, typeid_prefix(typeid_parse(id)) = prefix AS prefix_ok,
       typeid_uuid(typeid_parse(id)) = uuid AS uuid_ok,
       typeid_text(typeid_from_uuid(prefix, uuid)) = id AS text_ok,
       id::typeid::text = id AS cast_ok, typeid_timestamp(id::typeid)
  FROM valid ORDER BY name;

-- spec/invalid.yml, and more: the hard error each raises
CREATE TEMP TABLE invalid (name text, input text);
INSERT INTO invalid VALUES
  ('prefix-uppercase', 'PREFIX_00000000000000000000000000'),
  ('prefix-numeric', '12345_00000000000000000000000000'),
  ('prefix-period', 'pre.fix_00000000000000000000000000'),
  ('prefix-non-ascii', 'préfix_00000000000000000000000000'),
  ('prefix-spaces', '  prefix_00000000000000000000000000'),
  ('prefix-64-chars', 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000'),
  ('separator-empty-prefix', '_00000000000000000000000000'),
  ('separator-empty', '_'),
  ('suffix-short', 'prefix_1234567890123456789012345'),
  ('suffix-long', 'prefix_123456789012345678901234567'),
  ('suffix-spaces', 'prefix_1234567890123456789012345 '),
  ('suffix-uppercase', 'prefix_0123456789ABCDEFGHJKMNPQRS'),
  ('suffix-hyphens', 'prefix_123456789-123456789-123456'),
  ('suffix-wrong-alphabet', 'prefix_ooooooiiiiiiuuuuuuulllllll'),
  ('suffix-ambiguous-crockford', 'prefix_i23456789ol23456789oi23456'),
  ('suffix-hyphens-crockford', 'prefix_123456789-0123456789-0123456'),
  ('suffix-overflow', 'prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz'),
  ('prefix-underscore-start', '_prefix_00000000000000000000000000'),
  ('prefix-underscore-end', 'prefix__00000000000000000000000000'),
  -- not in the spec's file: empty text, a bare suffix's edges, a timestamp
  ('empty', ''),
  ('no-prefix-overflow', '80000000000000000000000000'),
  ('no-prefix-short', '0000000000000000000000000'),
  ('timestamp', '2021-03-04 05:06:07+00');
CREATE FUNCTION pg_temp.hard_error(input text, OUT code text, OUT message text,
                                   OUT detail text, OUT hint text)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM input::typeid;
  code := 'not refused';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                          detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
  hint := nullif(hint, '');
END $$;
\x on
SELECT i.name, h.* FROM invalid i, pg_temp.hard_error(i.input) h ORDER BY i.name;
\x off
-- typeid_parse raises the same
SELECT typeid_parse('prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz');
SELECT typeid_parse('User_00000000000000000000000000');

-- a prefix at its edges: empty, one letter, 63 characters, '_' inside; and
-- the refusals (22023) of every function that takes one
SELECT typeid_from_uuid('', uuid_min()), typeid_from_uuid('a', uuid_min()),
       typeid_from_uuid('a_b', uuid_max());
SELECT typeid_from_uuid(repeat('a', 62) || 'b', uuid_min());
SELECT length(typeid_prefix(typeid_from_uuid(repeat('a', 62) || 'b', uuid_min()))) AS len_63;
SELECT typeid_from_uuid(repeat('a', 64), uuid_min());
SELECT typeid_from_uuid('User', uuid_min());
SELECT typeid_from_uuid('_user', uuid_min());
SELECT typeid_from_uuid('user_', uuid_min());
SELECT typeid_from_uuid('_', uuid_min());
SELECT typeid_from_uuid('usér', uuid_min());
SELECT typeid_generate('user1');
SELECT typeid_generate('user ', now());
SELECT typeid_from_time('a-b', now());
SELECT typeid_has_prefix('user_00000000000000000000000000', 'USER');

-- generation: a UUIDv7 of now, with the prefix; strictly increasing within the session
SELECT typeid_prefix(t) AS prefix, uuid_version(typeid_uuid(t)) AS version,
       abs(extract(epoch FROM typeid_timestamp(t) - clock_timestamp())) < 5 AS now,
       t::text ~ '^user_[0-7][0-9a-hjkmnp-tv-z]{25}$' AS shape
  FROM typeid_generate('user') t;
SELECT typeid_text(typeid_generate('')) ~ '^[0-7][0-9a-hjkmnp-tv-z]{25}$' AS no_separator;
SELECT bool_and(a < b) AS increasing, count(DISTINCT a) AS distinct_ids
  FROM (SELECT t AS a, lead(t) OVER (ORDER BY n) AS b
          FROM (SELECT n, typeid_generate('user') AS t FROM generate_series(1, 10000) n) s) p
 WHERE b IS NOT NULL;
-- at a given time: that millisecond; the smallest of that millisecond below it
SELECT typeid_timestamp(typeid_generate('order', '2024-05-06 07:08:09.123456+00')) AS at,
       typeid_from_time('order', '2024-05-06 07:08:09.123456+00') AS bound,
       typeid_from_time('order', '2024-05-06 07:08:09.123456+00')
         <= typeid_generate('order', '2024-05-06 07:08:09.123+00') AS below;
SELECT typeid_generate('user', 'infinity');
SELECT typeid_from_time('user', '1969-12-31 23:59:59.999+00');
-- a TypeID of another UUID version has no time
SELECT typeid_timestamp(typeid_from_uuid('user', '0110c853-1d09-42d8-973e-1194e95b5f19'));

-- order: by prefix (bytes; a prefix before its extensions), then UUID
SELECT id FROM (VALUES ('ab_00000000000000000000000001'::typeid), ('a_b_7zzzzzzzzzzzzzzzzzzzzzzzzz'),
                       ('a_00000000000000000000000002'), ('a_00000000000000000000000001'),
                       ('7zzzzzzzzzzzzzzzzzzzzzzzzz'), ('b_00000000000000000000000000'),
                       ('aa_00000000000000000000000000')) v(id) ORDER BY id;
SELECT min(id), max(id) FROM (VALUES ('b_00000000000000000000000000'::typeid),
                                     ('a_7zzzzzzzzzzzzzzzzzzzzzzzzz'), ('ba_00000000000000000000000000')) v(id);
SELECT 'a_00000000000000000000000001'::typeid < 'a_00000000000000000000000002'::typeid AS lt,
       'a_00000000000000000000000002'::typeid > 'a_00000000000000000000000001'::typeid AS gt,
       'a_00000000000000000000000001'::typeid <= 'a_00000000000000000000000001'::typeid AS le,
       'a_00000000000000000000000001'::typeid >= 'b_00000000000000000000000000'::typeid AS ge,
       'a_00000000000000000000000001'::typeid = 'a_00000000000000000000000001'::typeid AS eq,
       'a_00000000000000000000000001'::typeid <> 'aa_00000000000000000000000001'::typeid AS ne,
       typeid_cmp('a_00000000000000000000000001', 'a_00000000000000000000000001') AS cmp_eq;

-- a btree index answers typeid_has_prefix as the prefix's range
CREATE TABLE typeids (id typeid PRIMARY KEY);
INSERT INTO typeids SELECT typeid_generate(p) FROM generate_series(1, 300) n,
       unnest(ARRAY['user', 'user_a', 'users', 'use', 'org', '']) p;
INSERT INTO typeids VALUES (typeid_from_uuid('user', uuid_min())), (typeid_from_uuid('user', uuid_max()));
ANALYZE typeids;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, 'user');
SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, 'user');
SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, '');
SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, 'user_a');
-- a bad prefix is refused, not an empty range
SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, 'User');
-- the same count without the index
RESET enable_seqscan;
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, 'user');
SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, 'user');
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
-- a time range within a prefix
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM typeids
 WHERE id >= typeid_from_time('org', '2000-01-01+00') AND id < typeid_from_time('org', '3000-01-01+00');
SELECT count(*) FROM typeids
 WHERE id >= typeid_from_time('org', '2000-01-01+00') AND id < typeid_from_time('org', '3000-01-01+00');
-- hash and BRIN
CREATE INDEX typeids_hash ON typeids USING hash (id);
CREATE INDEX typeids_brin ON typeids USING brin (id);
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, 'org');
SELECT count(*) FROM typeids WHERE typeid_has_prefix(id, 'org');
RESET enable_indexscan;
RESET enable_indexonlyscan;
DROP INDEX typeids_brin;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM typeids WHERE id = 'user_00000000000000000000000000';
SELECT * FROM typeids WHERE id = 'user_00000000000000000000000000';
RESET enable_seqscan;
RESET enable_bitmapscan;
-- hash join and hash aggregate use the hash functions
SELECT count(*) FROM (SELECT DISTINCT id FROM typeids) d;
SELECT typeid_hash('a_00000000000000000000000001') = typeid_hash('a_00000000000000000000000001'::text::typeid) AS hash_same,
       typeid_hash_extended('a_00000000000000000000000001', 0) = typeid_hash_extended('a_00000000000000000000000001', 1) AS seed_same;

-- binary I/O: COPY out and in again, every value the same
\copy (SELECT id FROM typeids) TO 'typeid.bin' WITH (FORMAT binary)
CREATE TEMP TABLE copied (id typeid);
\copy copied FROM 'typeid.bin' WITH (FORMAT binary)
SELECT count(*) AS copied, count(*) FILTER (WHERE c.id IS NULL) AS lost
  FROM typeids t LEFT JOIN copied c ON c.id = t.id;
-- a binary value whose prefix is not one: refused
\copy (SELECT 'User'::bytea || '\x00000000000000000000000000000000'::bytea) TO 'typeid_bad.bin' WITH (FORMAT binary)
\copy copied FROM 'typeid_bad.bin' WITH (FORMAT binary)
\copy (SELECT '\x000000000000000000000000000000'::bytea) TO 'typeid_short.bin' WITH (FORMAT binary)
\copy copied FROM 'typeid_short.bin' WITH (FORMAT binary)
DROP TABLE typeids;

\if :soft_errors
-- on 16+, the same refusals as soft errors
SELECT i.name, pg_input_is_valid(i.input, 'typeid') AS valid,
       (e.sql_error_code, e.message, e.detail, e.hint) IS NOT DISTINCT FROM (h.code, h.message, h.detail, h.hint)
         AS same_as_hard_error
  FROM invalid i, pg_temp.hard_error(i.input) h, pg_input_error_info(i.input, 'typeid') e
 ORDER BY i.name;
SELECT pg_input_is_valid('7zzzzzzzzzzzzzzzzzzzzzzzzz', 'typeid') AS max_valid,
       pg_input_is_valid(repeat('a', 63) || '_7zzzzzzzzzzzzzzzzzzzzzzzzz', 'typeid') AS longest_valid;
\endif
