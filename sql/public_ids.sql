-- Public IDs: uuidv47 faces, the keyed bigint permutation, named keys.
-- Faces are compared with uuidv47's reference implementation (uuidv47.h),
-- which computed the expected faces below for these keys and v7s.
\set VERBOSITY default

-- uuidv47's own test key (k0 = 0x0123456789abcdef, k1 = 0xfedcba9876543210),
-- as 16 bytes: each half little-endian
SELECT idgen_key_import('uuidv47 tests', '\xefcdab89674523011032547698badcfe');

-- its tests' crafted v7s (time 0x100000 * i + 123, rand_a and rand_b of i)
-- and the faces its reference gives them
CREATE TEMP TABLE crafted (i int, v7 uuid, face uuid);
INSERT INTO crafted VALUES
    (0, '00000000-007b-7aaa-8123-456789abcdef', 'b108050e-46b6-4aaa-8123-456789abcdef'),
    (1, '00000010-007b-7aad-9032-547698badcfe', 'bc75bd50-97ef-4aad-9032-547698badcfe'),
    (2, '00000020-007b-7aa4-a301-6745ab89efcd', 'a3e09c87-bf85-4aa4-a301-6745ab89efcd'),
    (3, '00000030-007b-7abf-b210-7654ba98fedc', '4a643a79-6975-4abf-b210-7654ba98fedc'),
    (4, '00000040-007b-7ab6-8567-0123cdef89ab', 'ba071f02-23bd-4ab6-8567-0123cdef89ab'),
    (5, '00000050-007b-7a89-9476-1032dcfe98ba', 'b215242c-6fb1-4a89-9476-1032dcfe98ba'),
    (6, '00000060-007b-7a80-a745-2301efcdab89', 'e8e788cf-ded6-4a80-a745-2301efcdab89'),
    (7, '00000070-007b-7a9b-b654-3210fedcba98', '3d4b88de-ece3-4a9b-b654-3210fedcba98'),
    (8, '00000080-007b-7a92-89ab-cdef01234567', '9d9bd354-51fe-4a92-89ab-cdef01234567'),
    (9, '00000090-007b-7a95-98ba-dcfe10325476', 'f261fb3c-8b2e-4a95-98ba-dcfe10325476'),
    (10, '000000a0-007b-7aec-ab89-efcd23016745', '31c34e74-1771-4aec-ab89-efcd23016745'),
    (11, '000000b0-007b-7ae7-ba98-fedc32107654', '928f4297-9c9b-4ae7-ba98-fedc32107654'),
    (12, '000000c0-007b-7afe-8def-89ab45670123', 'b8c1b1f0-8831-4afe-8def-89ab45670123'),
    (13, '000000d0-007b-7af1-9cfe-98ba54761032', '3994c161-2a72-4af1-9cfe-98ba54761032'),
    (14, '000000e0-007b-7ac8-afcd-ab8967452301', 'fae6e510-f8b5-4ac8-afcd-ab8967452301'),
    (15, '000000f0-007b-7ac3-bedc-ba9876543210', 'ce171cbd-d0f1-4ac3-bedc-ba9876543210');
SELECT i, uuid_v47_encode(v7, 'uuidv47 tests') = face AS encoded, uuid_v47_decode(face, 'uuidv47 tests') = v7 AS decoded
  FROM crafted ORDER BY i;

-- random keys and v7s, faces from the reference
CREATE TEMP TABLE reference (n serial, key bytea, v7 uuid, face uuid);
INSERT INTO reference (key, v7, face) VALUES
('\xdcc72278e9a7412d4a39f73b9d4e1511', '5608e278-a630-7331-bf86-83780e856489', 'c9450473-c827-4331-bf86-83780e856489'),
('\x569a1318ee943ec83f6a5253716755a2', '61d8e80e-688d-7b9f-b9bd-ea7f868959a4', '7b6cb995-83bc-4b9f-b9bd-ea7f868959a4'),
('\x4ef37c8d5f4e44e9f0bdf7bc3d4c8b65', '0b747e3a-c9f5-7b6d-b39f-acc029bf1d6d', '807975eb-82eb-4b6d-b39f-acc029bf1d6d'),
('\x9d186974f606cef8922915797d9e1da3', '2f3cf125-bca7-7750-8644-5411d1e2fbaf', 'df33b02c-d59c-4750-8644-5411d1e2fbaf'),
('\xfe58fd3b3f03e691abcf7fc569fa00e8', '3b3f4be2-8cb5-7cf2-9723-7aca6c71e293', '6250b5f2-e887-4cf2-9723-7aca6c71e293'),
('\x7e333eb1639bc593a082c4345cc1abc3', '37638680-e701-7b8c-b406-f08c09d0a5ea', '8c24057c-73f7-4b8c-b406-f08c09d0a5ea'),
('\x933b5a174df46d1958ee7c4e16b0df62', '4b48c1e9-27f9-79a0-ab00-7966ef8f5e34', 'bf657e3b-22ad-49a0-ab00-7966ef8f5e34'),
('\xb4b027369863c304370ae2b5b92c3ac3', 'aa534f12-f492-7a7c-8635-6579764c3a57', '00bc266b-50a1-4a7c-8635-6579764c3a57'),
('\xca919d9c559976f4a5fa6fb159b76bf0', 'e8e7e108-4159-7ed3-9543-71d5a74cb0c9', '06ac24c8-9d22-4ed3-9543-71d5a74cb0c9'),
('\x2d9870dd992675f99ea0d8e0c8a7f4a3', '39eada50-7af2-73d5-8ca4-2bb08af694d2', 'fd7c9e44-48c0-43d5-8ca4-2bb08af694d2'),
('\x309423c6b4165d85e6ee6dc6d45ffbd7', '36ca020c-029f-745d-9897-17e6b295791e', '742ff3e1-a56e-445d-9897-17e6b295791e'),
('\xd0116faa33644e3fe3d8c78677fcfa1e', '5b2d8ae3-c24c-7294-b777-df7a0bfeb5b4', '60696a12-6574-4294-b777-df7a0bfeb5b4');
SELECT idgen_key_import('reference ' || n, key) FROM reference ORDER BY n;
SELECT n, uuid_v47_encode(v7, 'reference ' || n) AS face, uuid_v47_decode(face, 'reference ' || n) = v7 AS decoded
  FROM reference ORDER BY n;
-- the wrong key decodes to another v7
SELECT count(*) AS wrong_key_decodes FROM reference r JOIN reference o ON o.n <> r.n
 WHERE uuid_v47_decode(r.face, 'reference ' || o.n) = r.v7;

-- a face is version 4 with the v7's random bits; decoding gives the v7 back
SELECT count(*) FILTER (WHERE uuid_version(f) = 4 AND substr(f::text, 16) = substr(v::text, 16)
                              AND uuid_v47_decode(f, 'uuidv47 tests') = v) AS ok
  FROM (SELECT v, uuid_v47_encode(v, 'uuidv47 tests') AS f FROM (SELECT uuid_v7() AS v FROM generate_series(1, 1000)) s) t;

-- only a v7 is encoded, only a v4 decoded (version and RFC 9562 variant)
SELECT uuid_v47_encode('00000000-007b-4aaa-8123-456789abcdef', 'uuidv47 tests');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v47_encode('00000000-007b-7aaa-c123-456789abcdef', 'uuidv47 tests');
SELECT uuid_v47_encode('00000000-007b-8aaa-8123-456789abcdef', 'uuidv47 tests');
SELECT uuid_v47_decode('00000000-007b-7aaa-8123-456789abcdef', 'uuidv47 tests');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v47_decode('b108050e-46b6-4aaa-4123-456789abcdef', 'uuidv47 tests');
SELECT uuid_v47_decode('b108050e-46b6-3aaa-8123-456789abcdef', 'uuidv47 tests');
SELECT uuid_v47_decode('b108050e-46b6-5aaa-8123-456789abcdef', 'uuidv47 tests');
SELECT uuid_v47_decode_candidates('00000000-007b-7aaa-8123-456789abcdef');
-- a key name that does not exist
SELECT uuid_v47_encode(uuid_v7(), 'no such key');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v47_decode('b108050e-46b6-4aaa-8123-456789abcdef', 'uuidv47');
SELECT idgen_permute(1, 'no such key');
SELECT idgen_unpermute(1, 'no such key', 53);
-- NULL in, NULL out
SELECT uuid_v47_encode(NULL, 'uuidv47 tests') IS NULL AS a, uuid_v47_encode(uuid_v7(), NULL) IS NULL AS b,
       idgen_permute(NULL, 'uuidv47 tests') IS NULL AS c, idgen_permute(1, 'uuidv47 tests', NULL) IS NULL AS d;

-- The permutation: fixed values (the SQL edition gives the same), both ways
SELECT id, bits, p, idgen_unpermute(p, 'uuidv47 tests', bits) = id AS back
  FROM (SELECT id, bits, idgen_permute(id, 'uuidv47 tests', bits) AS p
          FROM (VALUES (0::bigint, 63), (1, 63), (12345, 63), (9223372036854775807, 63),
                       (0, 53), (9007199254740991, 53), (0, 1), (1, 1), (5, 3), (4294967295, 32)) v (id, bits)) s;
SELECT idgen_permute(12345, 'uuidv47 tests') = idgen_permute(12345, 'uuidv47 tests', 63) AS default_is_63_bits;
-- a bijection of 0 to 1023 at 10 bits, never negative at 63
SELECT count(DISTINCT idgen_permute(x, 'uuidv47 tests', 10)) AS distinct_of_1024,
       min(idgen_permute(x, 'uuidv47 tests', 10)) AS min, max(idgen_permute(x, 'uuidv47 tests', 10)) AS max
  FROM generate_series(0, 1023) x;
SELECT count(*) FILTER (WHERE p < 0) AS negative, count(*) FILTER (WHERE idgen_unpermute(p, 'uuidv47 tests') <> x) AS not_back
  FROM (SELECT x, idgen_permute(x, 'uuidv47 tests') AS p
          FROM (SELECT (random() * 9.2e18)::bigint AS x FROM generate_series(1, 10000)) r) s;
-- refusals: at, below and above each edge
SELECT idgen_permute(-1, 'uuidv47 tests');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_unpermute(-9223372036854775808, 'uuidv47 tests');
SELECT idgen_permute(9007199254740992, 'uuidv47 tests', 53);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_unpermute(2, 'uuidv47 tests', 1);
SELECT idgen_permute(1, 'uuidv47 tests', 0);
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_unpermute(1, 'uuidv47 tests', 64);
SELECT idgen_unpermute_candidates(-1);
SELECT idgen_unpermute_candidates(8, 3);

-- Keys: 16 bytes, one per name, never printed
SELECT idgen_key_import('short', '\x000102030405060708090a0b0c0d0e');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_key_import('long', '\x000102030405060708090a0b0c0d0e0f10');
SELECT idgen_key_import('null', NULL);
SELECT idgen_key_import('', '\x000102030405060708090a0b0c0d0e0f');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_key_import('uuidv47 tests', '\x000102030405060708090a0b0c0d0e0f');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_key_create('uuidv47 tests');
SELECT idgen_key_drop('no such key');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_key_create('made');
SELECT length(key) AS bytes FROM idgen_key_store WHERE name = 'made';
SELECT idgen_key_create('made 2');
SELECT count(DISTINCT key) AS distinct_keys FROM idgen_key_store WHERE name LIKE 'made%';
SELECT name FROM idgen_keys WHERE name LIKE 'made%' ORDER BY name;
SELECT array_agg(attname ORDER BY attnum) AS idgen_keys_columns
  FROM pg_attribute WHERE attrelid = 'idgen_keys'::regclass AND attnum > 0;

-- Rotation: a face made with the old key is found among its candidates
-- after a new key is made, and a key made or dropped takes effect at once
SELECT idgen_key_create('old');
CREATE TEMP TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_v7(), n int);
INSERT INTO orders (n) SELECT generate_series(1, 100);
CREATE TEMP TABLE handed_out AS SELECT n, uuid_v47_encode(id, 'old') AS face FROM orders;
SELECT idgen_key_create('new');
SELECT count(*) AS found_with_every_key FROM handed_out h
  JOIN orders o ON o.id = ANY (uuid_v47_decode_candidates(h.face)) AND o.n = h.n;
SELECT cardinality(uuid_v47_decode_candidates(face)) = (SELECT count(*) FROM idgen_keys) AS one_per_key
  FROM handed_out LIMIT 1;
SELECT (uuid_v47_decode_candidates(uuid_v47_encode(o.id, 'new')))[1] = o.id AS newest_first FROM orders o LIMIT 1;
SELECT count(*) AS permuted_found FROM generate_series(1, 100) x
 WHERE x = ANY (idgen_unpermute_candidates(idgen_permute(x, 'old')));
SELECT idgen_key_drop('old');
SELECT uuid_v47_decode(face, 'old') FROM handed_out LIMIT 1;
SELECT idgen_key_import('old', '\xefcdab89674523011032547698badcfe');
SELECT count(*) AS same_as_uuidv47_tests FROM crafted WHERE uuid_v47_encode(v7, 'old') = face;

-- PARALLEL SAFE: a parallel query reads the keys in its leader and workers
-- (a first reading in each, as the cache was just thrown away)
SELECT idgen_key_create('parallel');
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
CREATE TEMP TABLE many AS SELECT uuid_v7() AS v FROM generate_series(1, 20000);
CREATE TABLE many_v7 AS SELECT v FROM many;
SELECT count(*) FILTER (WHERE uuid_v47_decode(uuid_v47_encode(v, 'parallel'), 'parallel') = v) AS parallel_faces
  FROM many_v7;
RESET parallel_setup_cost; RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size; RESET max_parallel_workers_per_gather;
DROP TABLE many_v7;

-- Markings: STABLE (they read the keys), STRICT, as their caller; none for
-- PUBLIC. What writes keys and grants runs as its owner.
SELECT p.oid::regprocedure::text AS function, provolatile, proisstrict, prosecdef, proparallel, proconfig,
       has_function_privilege('public', p.oid, 'EXECUTE') AS public_may
  FROM pg_proc p
 WHERE proname IN ('uuid_v47_encode', 'uuid_v47_decode', 'uuid_v47_decode_candidates', 'idgen_permute',
                   'idgen_unpermute', 'idgen_unpermute_candidates', 'idgen_key_create', 'idgen_key_import',
                   'idgen_key_drop', 'idgen_key_store_changed', 'idgen_key_grant', 'idgen_key_revoke',
                   'idgen_key_pending', 'uuid_v47_faces')
 ORDER BY 1;
SELECT has_table_privilege('public', 'idgen_key_store', 'SELECT') AS public_reads_keys,
       has_table_privilege('public', 'idgen_keys', 'SELECT') AS public_reads_names,
       (SELECT extconfig @> ARRAY['idgen_key_store'::regclass::oid] FROM pg_extension WHERE extname = 'idgen') AS dumped,
       (SELECT tgenabled FROM pg_trigger WHERE tgname = 'idgen_key_store_changed') AS trigger_fires;
SELECT idgen_key_pending();

-- Roles: one makes faces and permuted IDs, another also reads them back;
-- neither reads a key or changes one
SELECT idgen_key_create('other app');
CREATE ROLE idgen_face_maker;
CREATE ROLE idgen_face_reader;
GRANT EXECUTE ON FUNCTION uuid_v47_encode(uuid, text), idgen_permute(bigint, text) TO idgen_face_maker;
GRANT idgen_face_maker TO idgen_face_reader;
GRANT SELECT ON crafted TO idgen_face_maker;
GRANT EXECUTE ON FUNCTION uuid_v47_decode(uuid, text), uuid_v47_decode_candidates(uuid),
    idgen_unpermute(bigint, text) TO idgen_face_reader;
-- the functions alone are not enough: each key is granted (to the maker,
-- and so to the reader, its member)
SET ROLE idgen_face_maker;
SELECT uuid_v47_encode(v7, 'uuidv47 tests') = face AS maker_encodes FROM crafted WHERE i = 0;
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_key_grant('uuidv47 tests', 'idgen_face_maker');
RESET ROLE;
SELECT idgen_key_grant('uuidv47 tests', 'idgen_face_maker');
SELECT idgen_key_grant('uuidv47 tests', 'idgen_face_maker');  -- once is enough
SELECT name, granted_to FROM idgen_keys WHERE name = 'uuidv47 tests';
SET ROLE idgen_face_maker;
SELECT uuid_v47_encode(v7, 'uuidv47 tests') = face AS maker_encodes FROM crafted WHERE i = 0;
SELECT idgen_permute(12345, 'uuidv47 tests') = 2454795121982668434 AS maker_permutes;
SELECT uuid_v47_decode(face, 'uuidv47 tests') FROM crafted WHERE i = 0;
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v47_decode_candidates(face) FROM crafted WHERE i = 0;
SELECT idgen_unpermute(2454795121982668434, 'uuidv47 tests');
SELECT key FROM idgen_key_store;
\echo :LAST_ERROR_SQLSTATE
SELECT name FROM idgen_keys WHERE name = 'uuidv47 tests';
SELECT idgen_key_create('mine');
SELECT idgen_key_drop('uuidv47 tests');
RESET ROLE;
SET ROLE idgen_face_reader;
SELECT uuid_v47_decode(face, 'uuidv47 tests') = v7 AS reader_decodes FROM crafted WHERE i = 0;
SELECT idgen_unpermute(2454795121982668434, 'uuidv47 tests') AS reader_unpermutes;
SELECT key FROM idgen_key_store;
UPDATE idgen_key_store SET key = '\x00000000000000000000000000000000';
-- another key, not granted: refused by name, and left out of the candidates
SELECT uuid_v47_encode(v7, 'other app') FROM crafted WHERE i = 0;
SELECT uuid_v47_decode(face, 'other app') FROM crafted WHERE i = 0;
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_permute(1, 'other app', 53);
SELECT idgen_unpermute(1, 'other app');
SELECT cardinality(uuid_v47_decode_candidates(face)) AS candidates FROM crafted WHERE i = 0;
SELECT idgen_key_grant('other app', 'idgen_face_reader');
SELECT idgen_key_revoke('uuidv47 tests', 'idgen_face_maker');
RESET ROLE;
-- PUBLIC, then taken back; a grant to a role or key that does not exist
SELECT idgen_key_grant('other app', 'public');
SET ROLE idgen_face_reader;
SELECT cardinality(uuid_v47_decode_candidates(face)) AS candidates FROM crafted WHERE i = 0;
RESET ROLE;
SELECT idgen_key_revoke('other app', 'PUBLIC');
SELECT idgen_key_revoke('uuidv47 tests', 'idgen_face_maker');
SELECT name, granted_to FROM idgen_keys WHERE name IN ('uuidv47 tests', 'other app') ORDER BY name;
SET ROLE idgen_face_reader;
SELECT uuid_v47_decode(face, 'uuidv47 tests') FROM crafted WHERE i = 0;
SELECT cardinality(uuid_v47_decode_candidates(face)) AS candidates FROM crafted WHERE i = 0;
RESET ROLE;
SELECT idgen_key_grant('other app', 'no such role');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_key_grant('no such key', 'idgen_face_maker');
\echo :LAST_ERROR_SQLSTATE
SELECT idgen_key_revoke('no such key', 'idgen_face_maker');
REVOKE ALL ON FUNCTION uuid_v47_encode(uuid, text), idgen_permute(bigint, text) FROM idgen_face_maker;
REVOKE ALL ON FUNCTION uuid_v47_decode(uuid, text), uuid_v47_decode_candidates(uuid),
    idgen_unpermute(bigint, text) FROM idgen_face_reader;
REVOKE ALL ON crafted FROM idgen_face_maker;
DROP ROLE idgen_face_reader;
DROP ROLE idgen_face_maker;

-- Faces without an encoder: uuid_v47_faces() stores a row's v7 and its
-- face at insert, under a key granted to the table's owner. The clerk
-- inserts rows and reads faces, and may call no encoder or decoder.
CREATE ROLE idgen_shop_owner;
CREATE ROLE idgen_clerk;
CREATE TABLE shop_orders (id uuid PRIMARY KEY, face uuid UNIQUE, total numeric);
ALTER TABLE shop_orders OWNER TO idgen_shop_owner;
CREATE TRIGGER faces BEFORE INSERT OR UPDATE ON shop_orders
    FOR EACH ROW EXECUTE FUNCTION uuid_v47_faces('other app', 'id', 'face');
GRANT INSERT, UPDATE (total) ON shop_orders TO idgen_clerk;
GRANT SELECT (face, total) ON shop_orders TO idgen_clerk;
SET ROLE idgen_clerk;
INSERT INTO shop_orders (total) VALUES (12.50);
\echo :LAST_ERROR_SQLSTATE
RESET ROLE;
SELECT idgen_key_grant('other app', 'idgen_shop_owner');
SET ROLE idgen_clerk;
INSERT INTO shop_orders (total) VALUES (12.50), (99.00);
-- a v7 the clerk chooses is not the one kept: the trigger is no encoder
INSERT INTO shop_orders (id, face, total) VALUES ('00000000-007b-7aaa-8123-456789abcdef', NULL, 1);
SELECT count(*) AS faces, count(*) FILTER (WHERE uuid_version(face) = 4) AS v4 FROM shop_orders;
SELECT uuid_v47_encode(uuid_v7(), 'other app');
SELECT uuid_v47_decode(face, 'other app') FROM shop_orders LIMIT 1;
SELECT id FROM shop_orders;
UPDATE shop_orders SET total = total + 1 WHERE total = 1;
RESET ROLE;
UPDATE shop_orders SET face = uuid_v4() WHERE total = 2;
UPDATE shop_orders SET id = uuid_v7() WHERE total = 2;
SELECT count(*) FILTER (WHERE uuid_v47_decode(face, 'other app') = id) AS faces_decode,
       count(*) FILTER (WHERE id = '00000000-007b-7aaa-8123-456789abcdef') AS chosen_kept,
       count(*) FILTER (WHERE substr(face::text, 16) = substr(id::text, 16)) AS rand_kept
  FROM shop_orders;
-- the trigger's arguments
CREATE TABLE shop_wrong (id uuid, face text);
CREATE TRIGGER faces BEFORE INSERT ON shop_wrong FOR EACH ROW EXECUTE FUNCTION uuid_v47_faces('other app', 'id', 'face');
INSERT INTO shop_wrong DEFAULT VALUES;
DROP TRIGGER faces ON shop_wrong;
CREATE TRIGGER faces BEFORE INSERT ON shop_wrong FOR EACH ROW EXECUTE FUNCTION uuid_v47_faces('other app', 'id', 'nope');
INSERT INTO shop_wrong DEFAULT VALUES;
DROP TRIGGER faces ON shop_wrong;
CREATE TRIGGER faces BEFORE INSERT ON shop_wrong FOR EACH ROW EXECUTE FUNCTION uuid_v47_faces('other app', 'id');
INSERT INTO shop_wrong DEFAULT VALUES;
DROP TRIGGER faces ON shop_wrong;
CREATE TRIGGER faces AFTER INSERT ON shop_wrong FOR EACH ROW EXECUTE FUNCTION uuid_v47_faces('other app', 'id', 'face');
INSERT INTO shop_wrong DEFAULT VALUES;
SELECT uuid_v47_faces();
DROP TABLE shop_wrong, shop_orders;
DROP ROLE idgen_clerk;
DROP ROLE idgen_shop_owner;

-- uuid_v7_ms(): its rand_a is random, so neither it nor its face orders the
-- rows of one millisecond (about half the neighbours ascend, not all)
SELECT count(*) FILTER (WHERE uuid_version(v) = 7) AS v7,
       count(*) FILTER (WHERE uuid_v7_timestamp(v) BETWEEN now() - interval '1 hour' AND clock_timestamp()) AS now,
       count(DISTINCT v) AS distinct_ids
  FROM (SELECT uuid_v7_ms() AS v FROM generate_series(1, 1000)) s;
SELECT count(*) FILTER (WHERE a > prev) BETWEEN 350 AND 650 AS rand_a_unordered
  FROM (SELECT a, lag(a) OVER (ORDER BY n) AS prev
          FROM (SELECT n, ('x' || substr(replace(uuid_v7_ms()::text, '-', ''), 14, 3))::bit(12)::int AS a
                  FROM generate_series(1, 1001) n) s) t
 WHERE prev IS NOT NULL;

-- clean up for the tests after this one
DELETE FROM idgen_key_store;
