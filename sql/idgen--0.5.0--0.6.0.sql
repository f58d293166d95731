-- idgen 0.5.0 -> 0.6.0: public IDs (UUIDv4 faces, keyed bigint
-- permutation, Sqids), bigint layouts as data, partitioning by an ID's time,
-- and the family table as the one source of each type's SQL.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.0'" to load this file. \quit

------------------------------------------------------------------------------
-- Public IDs: named keys, uuidv47's UUIDv4 faces of UUIDv7s, and a keyed
-- permutation of bigint IDs (docs/public-ids.md).
--
-- The keys are rows of idgen_key_store, which only its owner reads (and
-- pg_dump keeps: its rows are user data). The functions that use a key run
-- as that owner (SECURITY DEFINER) and never print one; none of them is
-- granted to PUBLIC: a role gets the ones it needs, such as making faces
-- without reading them back. No setting carries a key.

CREATE TABLE idgen_key_store (
    name text PRIMARY KEY,
    key bytea NOT NULL CHECK (pg_catalog.length(key) = 16),
    created_at timestamptz NOT NULL DEFAULT pg_catalog.now()
);
REVOKE ALL ON idgen_key_store FROM PUBLIC;
SELECT pg_catalog.pg_extension_config_dump('idgen_key_store', '');
COMMENT ON TABLE idgen_key_store IS 'idgen''s named 128-bit keys (owner only): k0 = bytes 0-7, k1 = bytes 8-15, little-endian';

-- every backend's copy of the keys is thrown away when the table changes
CREATE FUNCTION idgen_key_store_changed() RETURNS trigger
    AS 'MODULE_PATHNAME', 'sql_idgen_key_store_changed' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION idgen_key_store_changed() FROM PUBLIC;
CREATE TRIGGER idgen_key_store_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON idgen_key_store
    FOR EACH STATEMENT EXECUTE FUNCTION idgen_key_store_changed();

CREATE VIEW idgen_keys AS
    SELECT name, created_at FROM idgen_key_store;
GRANT SELECT ON idgen_keys TO PUBLIC;
COMMENT ON VIEW idgen_keys IS 'the names of idgen''s keys and when each was made; never the keys';

CREATE FUNCTION idgen_key_import(name text, key bytea) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    taken boolean;
BEGIN
    -- checked here: the table's own refusals would print the row, key and all
    IF key IS NULL OR pg_catalog.length(key) <> 16 THEN
        RAISE EXCEPTION 'idgen_key_import takes a key of 16 bytes, not %', COALESCE(pg_catalog.length(key)::text, 'NULL')
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A key is 128 bits as SipHash takes them: k0 is bytes 0-7 little-endian, k1 bytes 8-15.';
    END IF;
    IF name IS NULL OR name = '' THEN
        RAISE EXCEPTION 'a key''s name may not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    EXECUTE pg_catalog.format('SELECT EXISTS (SELECT FROM %s.idgen_key_store WHERE name OPERATOR(pg_catalog.=) $1)', ext)
        INTO taken USING name;
    IF taken THEN
        RAISE EXCEPTION 'there is a key named "%" already', name
            USING ERRCODE = 'duplicate_object',
                  HINT = 'Keys are never replaced: what was made with one is read with it. Rotate with a new name.';
    END IF;
    EXECUTE pg_catalog.format('INSERT INTO %s.idgen_key_store (name, key) VALUES ($1, $2)', ext) USING name, key;
END
$fn$;
REVOKE EXECUTE ON FUNCTION idgen_key_import(text, bytea) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_import(text, bytea) IS 'keeps a 128-bit key (16 bytes) under a new name (owner only)';

-- 16 bytes of gen_random_uuid() (the server's pg_strong_random): bytes 0-5
-- and 9-10 of each of two UUIDs are random, the others hold version and variant
CREATE FUNCTION idgen_key_create(name text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    a bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
    b bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
BEGIN
    EXECUTE pg_catalog.format('SELECT %s.idgen_key_import($1, $2)', ext)
        USING name, pg_catalog.substr(a, 1, 6) || pg_catalog.substr(a, 10, 2)
                    || pg_catalog.substr(b, 1, 6) || pg_catalog.substr(b, 10, 2);
END
$fn$;
REVOKE EXECUTE ON FUNCTION idgen_key_create(text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_create(text) IS 'makes a 128-bit key from the server''s strong random source and keeps it under a new name (owner only)';

CREATE FUNCTION idgen_key_drop(name text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    gone int;
BEGIN
    EXECUTE pg_catalog.format('DELETE FROM %s.idgen_key_store WHERE name OPERATOR(pg_catalog.=) $1', ext) USING name;
    GET DIAGNOSTICS gone = ROW_COUNT;
    IF gone = 0 THEN
        RAISE EXCEPTION 'idgen_key_drop: there is no key named "%"', name
            USING ERRCODE = 'undefined_object', HINT = 'The view idgen_keys lists the keys.';
    END IF;
END
$fn$;
REVOKE EXECUTE ON FUNCTION idgen_key_drop(text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_drop(text) IS 'forgets a key: what was made with it can no longer be read (owner only)';

-- Faces and permuted IDs: STABLE (they read the keys), STRICT, as their owner.
-- No SET search_path: it would cost more than the face itself, and they
-- resolve no name but the key table's, which keys.c reads schema-qualified
-- under a pinned search_path of its own.
CREATE FUNCTION uuid_v47_encode(v7 uuid, key text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_encode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION uuid_v47_encode(uuid, text) IS
    'uuidv47''s UUIDv4 face of a UUIDv7: its time XORed with SipHash-2-4 of its random bits under the named key';
CREATE FUNCTION uuid_v47_decode(face uuid, key text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION uuid_v47_decode(uuid, text) IS 'the UUIDv7 behind a uuidv47 face, with the named key';
CREATE FUNCTION uuid_v47_decode_candidates(face uuid) RETURNS uuid[]
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_decode_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION uuid_v47_decode_candidates(uuid) IS
    'the UUIDv7 behind a face under each kept key, newest key first: id = ANY(...) finds its row across a rotation';

CREATE FUNCTION idgen_permute(id bigint, key text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_permute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
CREATE FUNCTION idgen_permute(id bigint, key text, bits int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_permute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION idgen_permute(bigint, text, int) IS
    'a keyed bijection of 0 to 2^bits - 1 (bits 1 to 63, 63 by default): the ID shown, which reveals neither time nor count';
CREATE FUNCTION idgen_unpermute(id bigint, key text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
CREATE FUNCTION idgen_unpermute(id bigint, key text, bits int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION idgen_unpermute(bigint, text, int) IS 'the inverse of idgen_permute with the same key and bits';
CREATE FUNCTION idgen_unpermute_candidates(id bigint) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
CREATE FUNCTION idgen_unpermute_candidates(id bigint, bits int) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION idgen_unpermute_candidates(bigint, int) IS
    'idgen_unpermute under each kept key, newest key first: id = ANY(...) finds its row across a rotation';

REVOKE EXECUTE ON FUNCTION uuid_v47_encode(uuid, text), uuid_v47_decode(uuid, text), uuid_v47_decode_candidates(uuid),
    idgen_permute(bigint, text), idgen_permute(bigint, text, int), idgen_unpermute(bigint, text),
    idgen_unpermute(bigint, text, int), idgen_unpermute_candidates(bigint), idgen_unpermute_candidates(bigint, int)
    FROM PUBLIC;
