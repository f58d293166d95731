-- idgen 0.5.0 -> 0.6.0: public IDs (UUIDv4 faces, keyed bigint
-- permutation, Sqids), bigint layouts as data, partitioning by an ID's time,
-- and the family table as the one source of each type's SQL.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.0'" to load this file. \quit

-- Sqids (sqids.org): non-negative numbers as short text that decodes back,
-- by the specification; decoding gives numbers only for the canonical text
-- of those numbers under the same options, '{}' for any other text.
CREATE FUNCTION sqids_default_blocklist() RETURNS text[]
    AS 'MODULE_PATHNAME', 'sql_sqids_default_blocklist' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION sqids_default_blocklist() IS 'Sqids'' default blocklist, the reference implementations'' words';
CREATE FUNCTION sqids_encode(numbers bigint[],
                             alphabet text DEFAULT 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
                             min_length int DEFAULT 0,
                             blocklist text[] DEFAULT sqids_default_blocklist()) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_sqids_encode' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION sqids_encode(bigint[], text, int, text[]) IS
    'Sqids: the numbers (0 to 2^63 - 1) as text of the alphabet (3 to 255 distinct single-byte characters), at least min_length (0 to 255) long, holding no blocklist word';
CREATE FUNCTION sqids_decode(id text,
                             alphabet text DEFAULT 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
                             min_length int DEFAULT 0,
                             blocklist text[] DEFAULT sqids_default_blocklist()) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'sql_sqids_decode' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION sqids_decode(text, text, int, text[]) IS
    'Sqids: the numbers of id, when id is the text sqids_encode gives for them with these options; else ''{}''';
