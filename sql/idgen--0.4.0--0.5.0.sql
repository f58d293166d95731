-- idgen 0.4.0 -> 0.5.0: more ID families (TypeID, xid, SCRU128, TSID,
-- Sonyflake, Timeflake, KSUID-ms, nanoid, cuid2, push IDs).
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.5.0'" to load this file. \quit

-- TSID and Sonyflake (bigints on the server-wide generator) [section tsid-sonyflake]
-- [end of section tsid-sonyflake]

-- xid, SCRU128 and Timeflake (fixed-size types) [section xid-scru128-timeflake]
-- [end of section xid-scru128-timeflake]

-- TypeID [section typeid]
-- [end of section typeid]

-- KSUID-ms, nanoid, cuid2 and push IDs [section ksuid-ms-nanoid-cuid2-pushid]
-- KSUID-ms (svix): a ksuid whose 5th byte is the 4 ms step of its second.
CREATE FUNCTION ksuid_ms() RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_ms_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION ksuid_ms_timestamp(id ksuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ksuid_ms_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ksuid_ms() IS 'KSUID-ms (svix): a KSUID whose 5th byte is (ms % 1000) >> 2, then 15 random bytes; increasing within the session';
COMMENT ON FUNCTION ksuid_ms_timestamp(ksuid) IS 'The time of a KSUID-ms, to 4 ms: its second plus (5th byte * 4) % 1000 ms';

-- nanoid: random text, no symbol likelier than another.
CREATE FUNCTION nanoid() RETURNS text
    AS 'MODULE_PATHNAME', 'sql_nanoid_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION nanoid(size int) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_nanoid_generate_size' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
CREATE FUNCTION nanoid(size int, alphabet text) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_nanoid_generate_alphabet' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION nanoid(int, text) IS 'nanoid: size (1 to 1024) characters of alphabet (2 to 256 distinct characters), each equally likely';

-- cuid2 (@paralleldrive/cuid2): a letter, then base36 of a SHA3-512 hash.
CREATE FUNCTION cuid2() RETURNS text
    AS 'MODULE_PATHNAME', 'sql_cuid2_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION cuid2(length int) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_cuid2_generate_length' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
CREATE FUNCTION cuid2_is_valid(id text) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_cuid2_is_valid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuid2(int) IS 'cuid2: a letter a-z, then base36 digits of SHA3-512(time, salt, counter, fingerprint); 2 to 32 characters (24 by default)';

-- Firebase push IDs: text that sorts by time under COLLATE "C".
CREATE FUNCTION pushid() RETURNS text
    AS 'MODULE_PATHNAME', 'sql_pushid_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION pushid_timestamp(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_pushid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION pushid() IS 'Firebase push ID: 8 characters of Unix ms and 12 of random bits (one more within a ms); sorts by time under COLLATE "C"';
-- [end of section ksuid-ms-nanoid-cuid2-pushid]

-- start, promotion and other operations [section operations]
-- [end of section operations]
