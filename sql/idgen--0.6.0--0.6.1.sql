-- idgen 0.6.0 -> 0.6.1: every promise of 0.6.0 kept when someone else
-- tries it (per-key grants, no key in plan dumps, layouts per database, the
-- lead over the clock after restarts), and the call 0.6.0 broke working
-- again.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.1'" to load this file. \quit

------------------------------------------------------------------------------
-- Public IDs per key (0.6.1): the key table's new column and trigger mode,
-- its view, the writers in C, the users of a key as their caller.
ALTER TABLE idgen_key_store ADD COLUMN granted_to regrole[] NOT NULL DEFAULT '{}';
-- In 0.6.0 every role that could call a key-using function used every key:
-- each key kept is granted to PUBLIC, so that no working call breaks. The
-- owner narrows it: idgen_key_revoke(name, 'PUBLIC') and idgen_key_grant.
UPDATE idgen_key_store SET granted_to = ARRAY[0::pg_catalog.oid::pg_catalog.regrole];
ALTER TABLE idgen_key_store ENABLE ALWAYS TRIGGER idgen_key_store_changed;
CREATE OR REPLACE VIEW idgen_keys AS
    SELECT name, created_at,
           ARRAY(SELECT CASE WHEN g OPERATOR(pg_catalog.=) 0 THEN 'PUBLIC' ELSE g::text END
                   FROM pg_catalog.unnest(granted_to) AS g) AS granted_to
      FROM idgen_key_store;
CREATE OR REPLACE FUNCTION idgen_key_import(name text, key bytea) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_import' LANGUAGE C VOLATILE SECURITY DEFINER;
CREATE OR REPLACE FUNCTION idgen_key_create(name text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_create' LANGUAGE C VOLATILE SECURITY DEFINER;
ALTER FUNCTION uuid_v47_encode(uuid, text) SECURITY INVOKER;
ALTER FUNCTION uuid_v47_decode(uuid, text) SECURITY INVOKER;
ALTER FUNCTION uuid_v47_decode_candidates(uuid) SECURITY INVOKER;
ALTER FUNCTION idgen_permute(bigint, text) SECURITY INVOKER;
ALTER FUNCTION idgen_permute(bigint, text, int) SECURITY INVOKER;
ALTER FUNCTION idgen_unpermute(bigint, text) SECURITY INVOKER;
ALTER FUNCTION idgen_unpermute(bigint, text, int) SECURITY INVOKER;
ALTER FUNCTION idgen_unpermute_candidates(bigint) SECURITY INVOKER;
ALTER FUNCTION idgen_unpermute_candidates(bigint, int) SECURITY INVOKER;

-- what idgen_key_import and idgen_key_create write, handed over once (C)
CREATE FUNCTION idgen_key_pending() RETURNS bytea
    AS 'MODULE_PATHNAME', 'sql_idgen_key_pending' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION idgen_key_pending() FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_pending() IS 'idgen_key_import''s and idgen_key_create''s own: the key being written, once';

CREATE FUNCTION idgen_key_grant(key_name text, role text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_grant' LANGUAGE C STRICT VOLATILE SECURITY DEFINER;
REVOKE EXECUTE ON FUNCTION idgen_key_grant(text, text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_grant(text, text) IS
    'lets a role (and its members), or PUBLIC, use the named key in the functions it may call (owner only)';
CREATE FUNCTION idgen_key_revoke(key_name text, role text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_revoke' LANGUAGE C STRICT VOLATILE SECURITY DEFINER;
REVOKE EXECUTE ON FUNCTION idgen_key_revoke(text, text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_revoke(text, text) IS 'takes back what idgen_key_grant gave (owner only)';

CREATE FUNCTION uuid_v7_ms() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_ms'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_ms() IS
    'UUIDv7 to the millisecond, rand_a random: its uuidv47 face shows no more than a UUIDv4';

CREATE FUNCTION uuid_v47_faces() RETURNS trigger
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_faces' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION uuid_v47_faces() FROM PUBLIC;
COMMENT ON FUNCTION uuid_v47_faces() IS
    'BEFORE INSERT OR UPDATE row trigger (key, id column, face column): a uuid_v7_ms() and its face at insert, '
    'under a key granted to the table''s owner; neither column changes after';

-- The native types new in 0.6.1 (their rows' since, in the family table):
-- the Makefile writes their SQL in place of the next line.
-- native types new in 0.6.1: idgen-native-types --since 0.6.1
