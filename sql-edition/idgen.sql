-- idgen, SQL edition: the names and results of idgen's C extension for a
-- PostgreSQL (13 and later) that cannot load it, such as a managed service.
-- Run it with psql, as any role with CREATE on a schema:
--
--     psql -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql
--
-- It installs into the current schema (the first schema of the search_path
-- that exists and that the role may use), once per database: it refuses a
-- second copy in another schema, whose own state would repeat the first's
-- IDs. A second run replaces the functions in place, keeping their grants
-- and the generators' state. sql-edition/uninstall.sql removes it.
-- What it lacks against the C extension, and how to move up to it:
-- docs/managed-services.md.
--
-- Every function pins search_path to pg_catalog, then this schema, then
-- pg_temp: whatever path a caller has, a built-in is always PostgreSQL's
-- own, and this file's helpers are found in the schema they were made in.
-- The schema is filled in by psql (:"idgen_sql_schema") when the file runs.

-- All or nothing: one transaction, so a refusal or a clash half-way leaves
-- the schema as it was (psql -f exits with status 3 and nothing is made).
-- psql's own settings are put back at the end, for a run with \i.
\set idgen_sql_saved_on_error_stop :ON_ERROR_STOP
\set idgen_sql_saved_quiet :QUIET
\set ON_ERROR_STOP 1
\set QUIET 1
BEGIN;
SET LOCAL client_min_messages = warning;  -- a second run: "already exists, skipping"

-- Refusals raise errors, so that psql (ON_ERROR_STOP) exits with status 3
-- and a script that installs it stops there.
DO $check$
DECLARE
    other name;
BEGIN
    IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 < 130000 THEN
        RAISE EXCEPTION 'the idgen SQL edition needs PostgreSQL 13 or later, not %', pg_catalog.current_setting('server_version')
            USING ERRCODE = 'feature_not_supported';
    END IF;
    -- current_schema() skips the schemas this role may not use (USAGE)
    IF pg_catalog.current_schema() IS NULL THEN
        RAISE EXCEPTION 'no schema to install the idgen SQL edition into'
            USING ERRCODE = 'invalid_schema_name',
                  DETAIL = pg_catalog.format('The search_path (%s) names no schema that exists and that role %I may use.',
                                             pg_catalog.current_setting('search_path'), pg_catalog.current_user()),
                  HINT = pg_catalog.format('Put a schema on which the role has USAGE and CREATE first on the path '
                                           '(SET search_path = idgen_sql); its owner can GRANT USAGE, CREATE ON SCHEMA idgen_sql TO %I.',
                                           pg_catalog.current_user());
    END IF;
    -- The C extension in the same schema would have the same names: refuse
    -- rather than fail half-way on its first function.
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_extension
                WHERE extname = 'idgen' AND extnamespace = pg_catalog.current_schema()::pg_catalog.regnamespace) THEN
        RAISE EXCEPTION 'the idgen extension is installed in schema %', pg_catalog.current_schema()
            USING ERRCODE = 'duplicate_object',
                  DETAIL = 'The SQL edition has the same function names as the extension.',
                  HINT = 'Install the SQL edition into a schema of its own (SET search_path = idgen_sql), '
                         'or use the extension.';
    END IF;
    -- A second copy would keep its own generator state and hand out the
    -- same Snowflakes, shard IDs and monotonic ULIDs as the first.
    SELECT n.nspname INTO other
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relname = '_idgen_snowflake_state' AND c.relkind = 'S'
       AND c.relnamespace <> pg_catalog.current_schema()::pg_catalog.regnamespace
     LIMIT 1;
    IF other IS NOT NULL THEN
        RAISE EXCEPTION 'the idgen SQL edition is installed in schema % already', other
            USING ERRCODE = 'duplicate_object',
                  DETAIL = 'A second copy in the same database would keep its own generator state and hand out the same IDs as the first.',
                  HINT = pg_catalog.format('To update it, run the file with SET search_path = %I; to move it, '
                                           'remove that copy with sql-edition/uninstall.sql first.', other);
    END IF;
END
$check$;

SELECT pg_catalog.current_schema() AS idgen_sql_schema
\gset

-- The functions the schema holds that are not this file's (its own are
-- pinned to the schema): the install replaces none of them, checked at the
-- end, when CREATE OR REPLACE would have kept their oids.
SELECT COALESCE(pg_catalog.string_agg(p.oid::pg_catalog.text, ','), '') AS idgen_sql_foreign
  FROM pg_catalog.pg_proc p
 WHERE p.pronamespace = pg_catalog.current_schema()::pg_catalog.regnamespace
   AND p.proconfig[1] IS DISTINCT FROM
       'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
\gset
SET LOCAL idgen_sql_install.foreign_functions = :'idgen_sql_foreign';
\unset idgen_sql_foreign

-- This file's functions in schema, each by a hash of its definition: taken
-- here, as a second run finds them, and at the end, where the install's
-- notice names what the run added and changed.
CREATE OR REPLACE FUNCTION _idgen_function_hashes(schema name) RETURNS jsonb
    LANGUAGE sql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT COALESCE(pg_catalog.jsonb_object_agg(
               pg_catalog.format('%s(%s)', p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)),
               pg_catalog.md5(ROW(p.prokind, p.prosrc, p.probin, p.proargtypes, p.proallargtypes, p.proargnames,
                                  p.prorettype, p.provolatile, p.proisstrict, p.proparallel, p.prosecdef,
                                  p.proconfig)::pg_catalog.text)), '{}')
      FROM pg_catalog.pg_proc p
     WHERE p.pronamespace = schema::pg_catalog.regnamespace
       AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(schema) || ', pg_temp'
       AND p.proname <> '_idgen_function_hashes'
$$;
SELECT _idgen_function_hashes(pg_catalog.current_schema())::pg_catalog.text AS idgen_sql_before
\gset
SET LOCAL idgen_sql_install.functions_before = :'idgen_sql_before';
\unset idgen_sql_before

------------------------------------------------------------------------------
-- generated by make family-constants from the family table (src/core/families.hpp): do not edit
-- The family table's facts, one function a family: _idgen_family_<name>()
-- gives its row as jsonb, _idgen_family_ulid() ->> 'digits' one fact.
-- The functions below read them so; the end of this file writes each
-- fact a function reads into its body as a constant ($constants$).
CREATE OR REPLACE FUNCTION _idgen_family_shard() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "shard",
        "display_name": "shard ID",
        "text_len": 0,
        "other_text_len": 0,
        "text_shape": "1 to 19 digits, with an optional ''-''",
        "alphabet": "decimal digits: 0-9",
        "largest": null,
        "mid_name": "shard",
        "mid_bits": 13,
        "seq_bits": 10,
        "negative_id_hint": "Negative IDs are what Instagram''s PL/pgSQL next_id() returns once its time field overflows.",
        "default_epoch_ms": 1314220021721,
        "max_time_ms": 1099511627775,
        "digits": null,
        "value_bytes": 0,
        "pad_bits": 0,
        "either_case": false,
        "made_at_time": false,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 0,
        "chars": null,
        "char_class": null,
        "pattern": null,
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_snowflake() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "snowflake",
        "display_name": "Snowflake ID",
        "text_len": 0,
        "other_text_len": 0,
        "text_shape": "1 to 19 digits, with an optional ''-''",
        "alphabet": "decimal digits: 0-9",
        "largest": null,
        "mid_name": "node",
        "mid_bits": 10,
        "seq_bits": 12,
        "negative_id_hint": null,
        "default_epoch_ms": 1288834974657,
        "max_time_ms": 2199023255551,
        "digits": null,
        "value_bytes": 0,
        "pad_bits": 0,
        "either_case": false,
        "made_at_time": false,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 0,
        "chars": null,
        "char_class": null,
        "pattern": null,
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_ulid() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "ulid",
        "display_name": "ULID",
        "text_len": 26,
        "other_text_len": 0,
        "text_shape": "26 characters",
        "alphabet": "Crockford''s base32 alphabet: 0-9 and A-Z without I, L, O and U",
        "largest": "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 0,
        "max_time_ms": 281474976710655,
        "digits": "0123456789ABCDEFGHJKMNPQRSTVWXYZ",
        "value_bytes": 16,
        "pad_bits": 0,
        "either_case": true,
        "made_at_time": true,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 16,
        "chars": "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz",
        "char_class": "0-9A-HJKMNP-TV-Za-hjkmnp-tv-z",
        "pattern": "^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$",
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_uuid() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "uuid",
        "display_name": "UUID",
        "text_len": 36,
        "other_text_len": 32,
        "text_shape": "32 hex digits, or 36 characters with hyphens (8-4-4-4-12)",
        "alphabet": "hexadecimal: 0-9, a-f and A-F (with a hyphen after the 8th, 12th, 16th and 20th digit)",
        "largest": null,
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 0,
        "max_time_ms": 281474976710655,
        "digits": null,
        "value_bytes": 0,
        "pad_bits": 0,
        "either_case": false,
        "made_at_time": false,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 0,
        "chars": null,
        "char_class": null,
        "pattern": null,
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_ksuid() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "ksuid",
        "display_name": "KSUID",
        "text_len": 27,
        "other_text_len": 0,
        "text_shape": "27 characters",
        "alphabet": "base62: 0-9, A-Z and a-z",
        "largest": "aWgEPTl1tmebfsQzFP4bxwgy80V",
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 1400000000000,
        "max_time_ms": 4294967295999,
        "digits": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        "value_bytes": 20,
        "pad_bits": 0,
        "either_case": false,
        "made_at_time": true,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 20,
        "chars": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        "char_class": "0-9A-Za-z",
        "pattern": "^[0-9A-Za-z]{27}$",
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_objectid() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "objectid",
        "display_name": "ObjectId",
        "text_len": 24,
        "other_text_len": 0,
        "text_shape": "24 hex digits",
        "alphabet": "hexadecimal: 0-9, a-f and A-F",
        "largest": "ffffffffffffffffffffffff",
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 0,
        "max_time_ms": 4294967295999,
        "digits": "0123456789abcdef",
        "value_bytes": 12,
        "pad_bits": 0,
        "either_case": true,
        "made_at_time": true,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 12,
        "chars": "0123456789abcdefABCDEF",
        "char_class": "0-9A-Fa-f",
        "pattern": "^[0-9A-Fa-f]{24}$",
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_tsid() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "tsid",
        "display_name": "TSID",
        "text_len": 13,
        "other_text_len": 0,
        "text_shape": "13 characters",
        "alphabet": "Crockford''s base32 alphabet: 0-9 and A-Z without U (I and L read as 1, O as 0)",
        "largest": "FZZZZZZZZZZZZ",
        "mid_name": "node",
        "mid_bits": 10,
        "seq_bits": 12,
        "negative_id_hint": null,
        "default_epoch_ms": 1577836800000,
        "max_time_ms": 4398046511103,
        "digits": "0123456789ABCDEFGHJKMNPQRSTVWXYZ",
        "value_bytes": 8,
        "pad_bits": 0,
        "either_case": true,
        "made_at_time": false,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": true,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 0,
        "chars": "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz",
        "char_class": "0-9A-HJKMNP-TV-Za-hjkmnp-tv-z",
        "pattern": "^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{13}$",
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_sonyflake() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "sonyflake",
        "display_name": "Sonyflake ID",
        "text_len": 0,
        "other_text_len": 0,
        "text_shape": "1 to 19 digits, with an optional ''-''",
        "alphabet": "decimal digits: 0-9",
        "largest": null,
        "mid_name": "machine",
        "mid_bits": 16,
        "seq_bits": 8,
        "negative_id_hint": "sony/sonyflake makes 63-bit IDs: no negative bigint is one of them.",
        "default_epoch_ms": 1409529600000,
        "max_time_ms": 5497558138879,
        "digits": null,
        "value_bytes": 0,
        "pad_bits": 0,
        "either_case": false,
        "made_at_time": false,
        "time_unit_ms": 10,
        "seq_above_mid": true,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 0,
        "chars": null,
        "char_class": null,
        "pattern": null,
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_xid12() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "xid12",
        "display_name": "xid",
        "text_len": 20,
        "other_text_len": 0,
        "text_shape": "20 characters",
        "alphabet": "base32hex in lower case: 0-9 and a-v",
        "largest": "vvvvvvvvvvvvvvvvvvvg",
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 0,
        "max_time_ms": 4294967295999,
        "digits": "0123456789abcdefghijklmnopqrstuv",
        "value_bytes": 12,
        "pad_bits": 4,
        "either_case": false,
        "made_at_time": false,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 12,
        "chars": "0123456789abcdefghijklmnopqrstuv",
        "char_class": "0-9a-v",
        "pattern": "^[0-9a-v]{20}$",
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_scru128() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "scru128",
        "display_name": "SCRU128",
        "text_len": 25,
        "other_text_len": 0,
        "text_shape": "25 characters",
        "alphabet": "base36: 0-9 and a-z, in either case",
        "largest": "f5lxx1zz5pnorynqglhzmsp33",
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 0,
        "max_time_ms": 281474976710655,
        "digits": "0123456789abcdefghijklmnopqrstuvwxyz",
        "value_bytes": 16,
        "pad_bits": 0,
        "either_case": true,
        "made_at_time": false,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 16,
        "chars": "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "char_class": "0-9A-Za-z",
        "pattern": "^[0-9A-Za-z]{25}$",
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_timeflake() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "timeflake",
        "display_name": "Timeflake",
        "text_len": 22,
        "other_text_len": 32,
        "text_shape": "22 base62 characters, or 32 hex digits",
        "alphabet": "base62: 0-9, A-Z and a-z (32-character text: hexadecimal, 0-9, a-f and A-F)",
        "largest": "7n42DGM5Tflk9n8mt7Fhc7",
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 0,
        "max_time_ms": 281474976710655,
        "digits": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        "value_bytes": 16,
        "pad_bits": 0,
        "either_case": false,
        "made_at_time": false,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 16,
        "chars": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        "char_class": "0-9A-Za-z",
        "pattern": "^[0-9A-Za-z]{22}$",
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_typeid() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "typeid",
        "display_name": "TypeID",
        "text_len": 26,
        "other_text_len": 0,
        "text_shape": "a prefix and ''_'' (none when the prefix is empty), then 26 characters",
        "alphabet": "a TypeID suffix: 0-9 and a-z without i, l, o and u (lower case only)",
        "largest": "7zzzzzzzzzzzzzzzzzzzzzzzzz after its prefix",
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 0,
        "max_time_ms": 281474976710655,
        "digits": "0123456789abcdefghjkmnpqrstvwxyz",
        "value_bytes": 0,
        "pad_bits": 0,
        "either_case": false,
        "made_at_time": true,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": true,
        "prefix_max_len": 63,
        "prefix_rule": "A TypeID prefix is empty, or up to 63 characters of a-z and \"_\" that start and end with a letter: ^([a-z]([a-z_]{0,61}[a-z])?)?$",
        "maker_at": "typeid_generate(''prefix'', timestamptz ''...'')",
        "native_type_len": -1,
        "chars": "0123456789abcdefghjkmnpqrstvwxyz",
        "char_class": "0-9a-hjkmnp-tv-z",
        "pattern": "^[0-9a-hjkmnp-tv-z]{26}$",
        "prefix_pattern": "^([a-z]([a-z_]{0,61}[a-z])?)?$"
    }'::pg_catalog.jsonb
$$;
CREATE OR REPLACE FUNCTION _idgen_family_pushid() RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT '{
        "name": "pushid",
        "display_name": "push ID",
        "text_len": 20,
        "other_text_len": 0,
        "text_shape": "20 characters",
        "alphabet": "the push ID alphabet: -, 0-9, A-Z, _ and a-z",
        "largest": null,
        "mid_name": null,
        "mid_bits": 0,
        "seq_bits": 0,
        "negative_id_hint": null,
        "default_epoch_ms": 0,
        "max_time_ms": 281474976710655,
        "digits": "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz",
        "value_bytes": 0,
        "pad_bits": 0,
        "either_case": false,
        "made_at_time": false,
        "time_unit_ms": 1,
        "seq_above_mid": false,
        "time_in_sign_bit": false,
        "lower_case_only": false,
        "prefix_max_len": 0,
        "prefix_rule": null,
        "maker_at": null,
        "native_type_len": 0,
        "chars": "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz",
        "char_class": "-0-9A-Z_a-z",
        "pattern": "^[-0-9A-Z_a-z]{20}$",
        "prefix_pattern": null
    }'::pg_catalog.jsonb
$$;
-- the characters of nanoid(size), in symbol order (nanoid's urlAlphabet)
CREATE OR REPLACE FUNCTION _idgen_nanoid_alphabet() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$ SELECT 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict'::text $$;
-- an epoch setting's largest value (Unix ms, 2^42 - 1)
CREATE OR REPLACE FUNCTION _idgen_max_epoch_ms() RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$ SELECT 4398046511103::bigint $$;
-- end of generated constants

------------------------------------------------------------------------------
-- Helpers (named _idgen_*): times, settings and the errors the C edition
-- raises, word for word.

-- Unix microseconds of a timestamptz, exactly: on 13 EXTRACT(EPOCH) is a
-- double and loses microseconds far from 1970, so the whole minutes and the
-- microseconds within them are taken apart (both exact in a double).
CREATE OR REPLACE FUNCTION _idgen_unix_us(ts timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', ts))::pg_catalog.int8 * 1000000
           + pg_catalog.date_part('microseconds', ts)::pg_catalog.int8
$$;

-- The timestamptz of Unix microseconds, exactly (interval arithmetic in
-- whole days and microseconds, in UTC: no daylight saving step, no double).
CREATE OR REPLACE FUNCTION _idgen_from_unix_us(us bigint) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT (timestamp '1970-01-01'
            + (us - ((us % 86400000000) + 86400000000) % 86400000000) / 86400000000 * interval '1 day'
            + ((us % 86400000000) + 86400000000) % 86400000000 * interval '1 microsecond')
           AT TIME ZONE 'UTC'
$$;

-- floor(a / b) for b > 0 (SQL's / truncates toward zero)
CREATE OR REPLACE FUNCTION _idgen_floor_div(a bigint, b bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT (a - ((a % b) + b) % b) / b
$$;

-- A time as the C edition prints it in errors (timestamptz_to_str: ISO,
-- in the session's time zone).
CREATE OR REPLACE FUNCTION _idgen_time_text(unix_ms bigint) RETURNS text
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    SET datestyle = 'ISO, MDY' AS $$
    SELECT _idgen_from_unix_us(unix_ms * 1000)::pg_catalog.text
$$;

-- The Unix ms of a timestamptz argument, floored as Instagram's
-- FLOOR(EXTRACT(EPOCH FROM ...) * 1000) does; infinities refused.
CREATE OR REPLACE FUNCTION _idgen_unix_ms(ts timestamptz, fn text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF NOT pg_catalog.isfinite(ts) THEN
        RAISE EXCEPTION 'timestamp % is out of range for %', ts, fn
            USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'IDs carry finite times only.';
    END IF;
    RETURN _idgen_floor_div(_idgen_unix_us(ts), 1000);
END $$;

CREATE OR REPLACE FUNCTION _idgen_raise_time(unix_ms bigint, first_ms bigint, last_ms bigint, fn text)
    RETURNS void LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'timestamp % is out of range for %', _idgen_time_text(unix_ms), fn
        USING ERRCODE = 'numeric_value_out_of_range',
              DETAIL = pg_catalog.format('Valid times are %s to %s: the ID''s time field holds %s ms from its epoch.',
                                         _idgen_time_text(first_ms), _idgen_time_text(last_ms),
                                         last_ms - first_ms + 1);
END $$;

-- An epoch argument: Unix ms, 0 to 2^42 - 1.
CREATE OR REPLACE FUNCTION _idgen_check_epoch(epoch_ms bigint, fn text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF epoch_ms < 0 OR epoch_ms > _idgen_max_epoch_ms() THEN
        RAISE EXCEPTION 'epoch % is out of range for %', epoch_ms, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('An epoch is Unix milliseconds from 0 to %s.', _idgen_max_epoch_ms());
    END IF;
    RETURN epoch_ms;
END $$;

-- An epoch (idgen.snowflake_epoch, idgen.shard_epoch), which the C edition
-- reads from postgresql.conf; here the database owner sets it (ALTER
-- DATABASE ... SET). Unset, its default; a bad value is refused as the C
-- edition refuses it, never replaced by the default. (The node id is no
-- setting here: idgen_set_node_id.)
CREATE OR REPLACE FUNCTION _idgen_setting(name text, default_value bigint, max_value bigint) RETURNS bigint
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    t text := pg_catalog.current_setting(name, true);
BEGIN
    IF t IS NULL OR t = '' THEN
        RETURN default_value;
    END IF;
    IF t !~ '^\s*\d{1,19}\s*$' OR t::pg_catalog.numeric > max_value THEN
        RAISE EXCEPTION 'invalid value for parameter "%": "%"', name, t
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Valid values are Unix milliseconds from 0 to %s.', max_value),
                  HINT = 'idgen does not run on a default in place of a setting that decides which IDs this server hands out.';
    END IF;
    RETURN t::pg_catalog.int8;
END $$;

-- A bigint ID given to a decoder: never negative.
CREATE OR REPLACE FUNCTION _idgen_check_id(id bigint, fn text, hint text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF id < 0 AND hint IS NULL THEN
        RAISE EXCEPTION 'ID % is out of range for %', id, fn
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Valid IDs are 0 to 9223372036854775807: the sign bit is never set.';
    ELSIF id < 0 THEN
        RAISE EXCEPTION 'ID % is out of range for %', id, fn
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Valid IDs are 0 to 9223372036854775807: the sign bit is never set.',
                  HINT = hint;
    END IF;
    RETURN id;
END $$;

------------------------------------------------------------------------------
-- The bigint layouts, made from one definition:
--   Instagram shard IDs: 41-bit ms since idgen.shard_epoch | 13-bit shard | 10-bit seq
--     (only 2^40 ms of the time field keep the sign bit 0)
--   Snowflake: sign 0 | 41-bit ms since idgen.snowflake_epoch | 10-bit node | 12-bit seq
-- Each function is one PL/pgSQL body with the checks inline and the
-- refusals in helpers: a nested call with a pinned search_path costs more
-- than the arithmetic it wraps.

-- The decoders' refusal: a bad epoch first, then a negative ID.
CREATE OR REPLACE FUNCTION _idgen_refuse_id(id bigint, epoch_ms bigint, fn text, hint text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_check_epoch(epoch_ms, fn);
    PERFORM _idgen_check_id(id, fn, hint);
END $$;

-- The *_from_time refusal: an infinite time first, then a bad epoch.
CREATE OR REPLACE FUNCTION _idgen_refuse_at(ts timestamptz, epoch_ms bigint, fn text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_unix_ms(ts, fn);
    PERFORM _idgen_check_epoch(epoch_ms, fn);
END $$;

DO $layouts$
DECLARE
    l record;
    -- a time from Unix ms >= 0, exactly (days and ms in UTC: no daylight
    -- saving step, no double)
    ts_of text := '(timestamp ''1970-01-01'' + ((%1$s) / 86400000) * interval ''1 day''
                   + ((%1$s) %% 86400000) * interval ''1 millisecond'') AT TIME ZONE ''UTC''';
    -- the epoch setting, its default when unset; a bad value is refused
    epoch_of text := 'CASE WHEN t IS NULL OR t = '''' THEN %2$s
                           WHEN t ~ ''^[0-9]{1,13}$'' AND t::pg_catalog.int8 <= %3$s THEN t::pg_catalog.int8
                           ELSE _idgen_setting(%1$L, %2$s, %3$s) END';
    max_epoch bigint := _idgen_max_epoch_ms();
    head text := 'LANGUAGE plpgsql %s STRICT PARALLEL SAFE SET search_path = pg_catalog, %I, pg_temp';
    imm text := pg_catalog.format(head, 'IMMUTABLE', pg_catalog.current_schema());
    stab text := pg_catalog.format(head, 'STABLE', pg_catalog.current_schema());
    e text;
    ts text;
BEGIN
    -- each layout's fields from its family's row: ms | mid | seq
    FOR l IN SELECT v.p, f ->> 'mid_name' AS mid, (f ->> 'mid_bits')::pg_catalog.int4 + (f ->> 'seq_bits')::pg_catalog.int4 AS shift,
                    (f ->> 'seq_bits')::pg_catalog.int4 AS mid_shift, (1 << (f ->> 'mid_bits')::pg_catalog.int4) - 1 AS mid_mask,
                    (1 << (f ->> 'seq_bits')::pg_catalog.int4) - 1 AS seq_mask, f ->> 'max_time_ms' AS max_ms, v.setting,
                    f ->> 'default_epoch_ms' AS default_epoch, v.from_time,
                    COALESCE(pg_catalog.quote_literal(f ->> 'negative_id_hint'), 'NULL') AS hint
               FROM (VALUES ('shard_id', _idgen_family_shard(), 'idgen.shard_epoch', 'shard_id_from_time'),
                            ('snowflake', _idgen_family_snowflake(), 'idgen.snowflake_epoch', 'snowflake_id_from_time'))
                    AS v(p, f, setting, from_time)
    LOOP
        e := pg_catalog.format(epoch_of, l.setting, l.default_epoch, max_epoch);
        ts := pg_catalog.format(ts_of, 'epoch_ms + (id >> ' || l.shift || ')');
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_timestamp(id bigint, epoch_ms bigint) RETURNS timestamptz %2$s AS $$
            BEGIN
                IF id < 0 OR epoch_ms < 0 OR epoch_ms > %5$s THEN
                    PERFORM _idgen_refuse_id(id, epoch_ms, '%1$s_timestamp', %3$s);
                END IF;
                RETURN %4$s;
            END $$ $f$, l.p, imm, l.hint, ts, max_epoch);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_timestamp(id bigint) RETURNS timestamptz %2$s AS $$
            DECLARE
                t text := pg_catalog.current_setting(%5$L, true);
                epoch_ms bigint := %6$s;
            BEGIN
                IF id < 0 THEN
                    PERFORM _idgen_refuse_id(id, epoch_ms, '%1$s_timestamp', %3$s);
                END IF;
                RETURN %4$s;
            END $$ $f$, l.p, stab, l.hint, ts, l.setting, e);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_%2$s(id bigint) RETURNS int %3$s AS $$
            BEGIN
                IF id < 0 THEN
                    PERFORM _idgen_refuse_id(id, 0, '%1$s_%2$s', %4$s);
                END IF;
                RETURN ((id >> %5$s) & %6$s)::pg_catalog.int4;
            END $$ $f$, l.p, l.mid, imm, l.hint, l.mid_shift, l.mid_mask);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_seq(id bigint) RETURNS int %2$s AS $$
            BEGIN
                IF id < 0 THEN
                    PERFORM _idgen_refuse_id(id, 0, '%1$s_seq', %3$s);
                END IF;
                RETURN (id & %4$s)::pg_catalog.int4;
            END $$ $f$, l.p, imm, l.hint, l.seq_mask);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_decode(id bigint, epoch_ms bigint, OUT ts timestamptz, OUT %2$s int, OUT seq int) %3$s AS $$
            BEGIN
                IF id < 0 OR epoch_ms < 0 OR epoch_ms > %9$s THEN
                    PERFORM _idgen_refuse_id(id, epoch_ms, '%1$s_decode', %4$s);
                END IF;
                ts := %5$s;
                %2$s := ((id >> %6$s) & %7$s)::pg_catalog.int4;
                seq := (id & %8$s)::pg_catalog.int4;
            END $$ $f$, l.p, l.mid, imm, l.hint, ts, l.mid_shift, l.mid_mask, l.seq_mask, max_epoch);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_decode(id bigint, OUT ts timestamptz, OUT %2$s int, OUT seq int) %3$s AS $$
            DECLARE
                t text := pg_catalog.current_setting(%9$L, true);
                epoch_ms bigint := %10$s;
            BEGIN
                IF id < 0 THEN
                    PERFORM _idgen_refuse_id(id, epoch_ms, '%1$s_decode', %4$s);
                END IF;
                ts := %5$s;
                %2$s := ((id >> %6$s) & %7$s)::pg_catalog.int4;
                seq := (id & %8$s)::pg_catalog.int4;
            END $$ $f$, l.p, l.mid, stab, l.hint, ts, l.mid_shift, l.mid_mask, l.seq_mask, l.setting, e);
        -- the smallest ID of ts's millisecond (floored, as Instagram's
        -- FLOOR(EXTRACT(EPOCH FROM ...) * 1000)), for id >= f(t1) AND id < f(t2)
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s(ts timestamptz, epoch_ms bigint) RETURNS bigint %2$s AS $$
            DECLARE
                us bigint;
                ms bigint;
            BEGIN
                IF NOT pg_catalog.isfinite(ts) OR epoch_ms < 0 OR epoch_ms > %5$s THEN
                    PERFORM _idgen_refuse_at(ts, epoch_ms, '%1$s');
                END IF;
                us := pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', ts))::pg_catalog.int8 * 1000000
                      + pg_catalog.date_part('microseconds', ts)::pg_catalog.int8;
                ms := (us - ((us %% 1000) + 1000) %% 1000) / 1000;
                IF ms < epoch_ms OR ms > epoch_ms + %3$s THEN
                    PERFORM _idgen_raise_time(ms, epoch_ms, epoch_ms + %3$s, '%1$s');
                END IF;
                RETURN (ms - epoch_ms) << %4$s;
            END $$ $f$, l.from_time, stab, l.max_ms, l.shift, max_epoch);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s(ts timestamptz) RETURNS bigint %2$s AS $$
            DECLARE
                t text := pg_catalog.current_setting(%3$L, true);
            BEGIN
                RETURN %1$s(ts, %4$s);
            END $$ $f$, l.from_time, stab, l.setting, e);
    END LOOP;
END
$layouts$;

-- Instagram's next_id() with the time given: ms of at | shard | seq % 1024,
-- refused where the original overflows (shard, seq, time: in that order).
-- The layout's facts are its family's (constants of each expression's plan).
CREATE OR REPLACE FUNCTION next_shard_id(shard int, seq bigint, at timestamptz) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    t text := pg_catalog.current_setting('idgen.shard_epoch', true);
    epoch bigint;
    us bigint;
    ms bigint;
BEGIN
    IF NOT pg_catalog.isfinite(at) THEN
        PERFORM _idgen_unix_ms(at, 'next_shard_id');
    END IF;
    epoch := CASE WHEN t IS NULL OR t = '' THEN (_idgen_family_shard() ->> 'default_epoch_ms')::pg_catalog.int8
                  WHEN t ~ '^[0-9]{1,13}$' AND t::pg_catalog.int8 <= _idgen_max_epoch_ms() THEN t::pg_catalog.int8
                  ELSE _idgen_setting('idgen.shard_epoch', (_idgen_family_shard() ->> 'default_epoch_ms')::pg_catalog.int8,
                                      _idgen_max_epoch_ms()) END;
    IF shard < 0 OR shard >= 1 << (_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4 THEN
        RAISE EXCEPTION 'shard % is out of range for next_shard_id', shard
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid shards are 0 to %s (%s bits).',
                                             (1 << (_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4) - 1,
                                             _idgen_family_shard() ->> 'mid_bits');
    END IF;
    IF seq < 0 THEN
        RAISE EXCEPTION 'sequence value % is out of range for next_shard_id', seq
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid values are 0 to 9223372036854775807; the ID keeps the value modulo %s.',
                                             1 << (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4);
    END IF;
    us := pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', at))::pg_catalog.int8 * 1000000
          + pg_catalog.date_part('microseconds', at)::pg_catalog.int8;
    ms := (us - ((us % 1000) + 1000) % 1000) / 1000;
    IF ms < epoch OR ms > epoch + (_idgen_family_shard() ->> 'max_time_ms')::pg_catalog.int8 THEN
        PERFORM _idgen_raise_time(ms, epoch, epoch + (_idgen_family_shard() ->> 'max_time_ms')::pg_catalog.int8, 'next_shard_id');
    END IF;
    RETURN ((ms - epoch) << ((_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4))
           | (shard::pg_catalog.int8 << (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4)
           | (seq % (1 << (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4));
END $$;

CREATE OR REPLACE FUNCTION next_shard_id(shard int, seq bigint) RETURNS bigint
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT next_shard_id(shard, seq, pg_catalog.clock_timestamp())
$$;

------------------------------------------------------------------------------
-- Text forms. Without C there are no ulid, ksuid and objectid types: a ULID
-- is stored as uuid (the same 16 bytes, the same order), a KSUID and an
-- ObjectId as bytea (the 20 and 12 bytes the C types hold). These functions
-- give and read their text, refusing bad text as the C types' input does.

-- Whether refused text is a time: the caller meant ulid(timestamptz '...').
-- Before 16 the C edition asks PostgreSQL's date parser alone, which takes
-- text whose time is then out of timestamptz's range: so does this.
CREATE OR REPLACE FUNCTION _idgen_is_timestamptz(t text) RETURNS boolean
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM t::pg_catalog.timestamptz;
    RETURN true;
EXCEPTION WHEN OTHERS THEN
    RETURN pg_catalog.current_setting('server_version_num')::pg_catalog.int4 < 160000
           AND SQLERRM LIKE 'timestamp out of range%';
END $$;

-- Refuses text that is not `len` characters of `chars`, naming the first
-- byte outside them, else a wrong length (the C edition's order: a stray
-- character says more than a length, and names multibyte text by its byte).
CREATE OR REPLACE FUNCTION _idgen_check_text(t text, type_name text, display_name text, alphabet text,
                                             chars text, len int) RETURNS void
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    b bytea := pg_catalog.convert_to(t, pg_catalog.getdatabaseencoding());
    n int := pg_catalog.octet_length(b);
    c int;
    detail text;
BEGIN
    FOR i IN 0 .. n - 1 LOOP
        c := pg_catalog.get_byte(b, i);
        CONTINUE WHEN c < 128 AND pg_catalog.strpos(chars, pg_catalog.chr(c)) > 0;
        detail := CASE WHEN c >= 32 AND c < 127
                       THEN pg_catalog.format('Character %s, "%s", is not in %s.', i + 1, pg_catalog.chr(c), alphabet)
                       ELSE pg_catalog.format('Byte %s, 0x%s, is not in %s.', i + 1,
                                              pg_catalog.upper(pg_catalog.lpad(pg_catalog.to_hex(c), 2, '0')), alphabet) END;
        EXIT;
    END LOOP;
    IF detail IS NULL AND n = len THEN
        RETURN;
    END IF;
    detail := COALESCE(detail, pg_catalog.format('%s text is %s characters; this is %s.', display_name, len, n));
    IF _idgen_is_timestamptz(t) THEN
        RAISE EXCEPTION 'invalid input syntax for type %: "%"', type_name, t
            USING ERRCODE = 'invalid_text_representation', DETAIL = detail,
                  HINT = pg_catalog.format('To make one for a time, write %s(timestamptz ''...'').', type_name);
    END IF;
    RAISE EXCEPTION 'invalid input syntax for type %: "%"', type_name, t
        USING ERRCODE = 'invalid_text_representation', DETAIL = detail;
END $$;

CREATE OR REPLACE FUNCTION _idgen_check_length(b bytea, type_name text, len int) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF pg_catalog.octet_length(b) <> len THEN
        RAISE EXCEPTION 'invalid input length for type %', type_name
            USING ERRCODE = 'invalid_binary_representation',
                  DETAIL = pg_catalog.format('Expected %s bytes, got %s.', len, pg_catalog.octet_length(b));
    END IF;
    RETURN b;
END $$;

-- ULID: 26 Crockford base32 characters of the 128 bits (two leading zero
-- bits), in three bigints of 10, 10 and 6 characters (50, 50, 30 bits).
CREATE OR REPLACE FUNCTION ulid_text(id uuid) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    h text := pg_catalog.translate(id::pg_catalog.text, '-', '');
    parts bigint[] := ARRAY[('x' || pg_catalog.substr(h, 1, 12))::pg_catalog.bit(48)::pg_catalog.int8,
                            ('x' || pg_catalog.substr(h, 13, 13))::pg_catalog.bit(52)::pg_catalog.int8 >> 2,
                            ('x' || pg_catalog.substr(h, 25, 8))::pg_catalog.bit(32)::pg_catalog.int8 & 1073741823];
    out text := '';
BEGIN
    FOR p IN 1 .. 3 LOOP
        FOR i IN REVERSE CASE p WHEN 3 THEN 5 ELSE 9 END .. 0 LOOP
            out := out || pg_catalog.substr(_idgen_family_ulid() ->> 'digits', ((parts[p] >> (5 * i)) & 31)::pg_catalog.int4 + 1, 1);
        END LOOP;
    END LOOP;
    RETURN out;
END $$;
COMMENT ON FUNCTION ulid_text(uuid) IS 'idgen SQL edition: the ULID text of a ULID stored as uuid (the C edition: id::ulid::text)';

CREATE OR REPLACE FUNCTION ulid_parse(t text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    u text := pg_catalog.upper(t);
    parts bigint[] := ARRAY[0, 0, 0];
BEGIN
    IF t !~ (_idgen_family_ulid() ->> 'pattern') THEN
        PERFORM _idgen_check_text(t, 'ulid', _idgen_family_ulid() ->> 'display_name', _idgen_family_ulid() ->> 'alphabet',
                                  _idgen_family_ulid() ->> 'chars', (_idgen_family_ulid() ->> 'text_len')::pg_catalog.int4);
    END IF;
    IF pg_catalog.left(u, 1) > pg_catalog.left(_idgen_family_ulid() ->> 'largest', 1) THEN
        RAISE EXCEPTION 'value out of range for type ulid: "%"', t
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('The largest ULID is %s.', _idgen_family_ulid() ->> 'largest');
    END IF;
    -- 10, 10 and 6 characters: 50 bits (the first two zero), 50 and 30
    FOR i IN 0 .. (_idgen_family_ulid() ->> 'text_len')::pg_catalog.int4 - 1 LOOP
        parts[i / 10 + 1] := (parts[i / 10 + 1] << 5)
                             | (pg_catalog.strpos(_idgen_family_ulid() ->> 'digits', pg_catalog.substr(u, i + 1, 1)) - 1);
    END LOOP;
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(parts[1]), 12, '0')
            || pg_catalog.lpad(pg_catalog.to_hex(parts[2] >> 10), 10, '0')
            || pg_catalog.lpad(pg_catalog.to_hex(((parts[2] & 1023) << 30) | parts[3]), 10, '0'))::pg_catalog.uuid;
END $$;
COMMENT ON FUNCTION ulid_parse(text) IS 'idgen SQL edition: the ULID (as uuid) of its text (the C edition: text::ulid)';

-- KSUID: 27 base62 characters of the 160-bit big-endian number.
CREATE OR REPLACE FUNCTION ksuid_text(id bytea) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n numeric := 0;
    out text := '';
BEGIN
    PERFORM _idgen_check_length(id, 'ksuid', (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4);
    FOR i IN 0 .. (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4 - 1 LOOP
        n := n * 256 + pg_catalog.get_byte(id, i);
    END LOOP;
    FOR i IN 1 .. (_idgen_family_ksuid() ->> 'text_len')::pg_catalog.int4 LOOP
        out := pg_catalog.substr(_idgen_family_ksuid() ->> 'digits',
                                 pg_catalog.mod(n, pg_catalog.length(_idgen_family_ksuid() ->> 'digits'))::pg_catalog.int4 + 1, 1) || out;
        n := pg_catalog.div(n, pg_catalog.length(_idgen_family_ksuid() ->> 'digits'));
    END LOOP;
    RETURN out;
END $$;
COMMENT ON FUNCTION ksuid_text(bytea) IS 'idgen SQL edition: the KSUID text of a KSUID stored as 20 bytes (the C edition: id::text)';

CREATE OR REPLACE FUNCTION ksuid_parse(t text) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n numeric := 0;
    out bytea := pg_catalog.decode(pg_catalog.repeat('00', (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4), 'hex');
BEGIN
    IF t !~ (_idgen_family_ksuid() ->> 'pattern') THEN
        PERFORM _idgen_check_text(t, 'ksuid', _idgen_family_ksuid() ->> 'display_name', _idgen_family_ksuid() ->> 'alphabet',
                                  _idgen_family_ksuid() ->> 'chars', (_idgen_family_ksuid() ->> 'text_len')::pg_catalog.int4);
    END IF;
    FOR i IN 1 .. (_idgen_family_ksuid() ->> 'text_len')::pg_catalog.int4 LOOP
        n := n * pg_catalog.length(_idgen_family_ksuid() ->> 'digits')
             + pg_catalog.strpos(_idgen_family_ksuid() ->> 'digits', pg_catalog.substr(t, i, 1)) - 1;
    END LOOP;
    IF n >= pg_catalog.power(2::pg_catalog.numeric, 8 * (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4) THEN
        RAISE EXCEPTION 'value out of range for type ksuid: "%"', t
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('The largest KSUID is %s.', _idgen_family_ksuid() ->> 'largest');
    END IF;
    FOR i IN REVERSE (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4 - 1 .. 0 LOOP
        out := pg_catalog.set_byte(out, i, pg_catalog.mod(n, 256)::pg_catalog.int4);
        n := pg_catalog.div(n, 256);
    END LOOP;
    RETURN out;
END $$;
COMMENT ON FUNCTION ksuid_parse(text) IS 'idgen SQL edition: the 20 bytes of a KSUID''s text (the C edition: text::ksuid)';

-- ObjectId: 24 hex digits, read in either case, written in lower case.
CREATE OR REPLACE FUNCTION objectid_text(id bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.encode(_idgen_check_length(id, 'objectid', (_idgen_family_objectid() ->> 'value_bytes')::pg_catalog.int4), 'hex')
$$;
COMMENT ON FUNCTION objectid_text(bytea) IS 'idgen SQL edition: the ObjectId text of an ObjectId stored as 12 bytes (the C edition: id::text)';

CREATE OR REPLACE FUNCTION objectid_parse(t text) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF t !~ (_idgen_family_objectid() ->> 'pattern') THEN
        PERFORM _idgen_check_text(t, 'objectid', _idgen_family_objectid() ->> 'display_name',
                                  _idgen_family_objectid() ->> 'alphabet', _idgen_family_objectid() ->> 'chars',
                                  (_idgen_family_objectid() ->> 'text_len')::pg_catalog.int4);
    END IF;
    RETURN pg_catalog.decode(t, 'hex');
END $$;
COMMENT ON FUNCTION objectid_parse(text) IS 'idgen SQL edition: the 12 bytes of an ObjectId''s text (the C edition: text::objectid)';

------------------------------------------------------------------------------
-- UUIDs (RFC 9562) on PostgreSQL's uuid type.

-- A uuid of 32 hex digits whose version nibble and variant are set.
CREATE OR REPLACE FUNCTION _idgen_uuid(bytes bytea, version int) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.encode(pg_catalog.set_byte(pg_catalog.set_byte(bytes,
               6, (pg_catalog.get_byte(bytes, 6) & 15) | (version << 4)),
               8, (pg_catalog.get_byte(bytes, 8) & 63) | 128), 'hex')::pg_catalog.uuid
$$;

-- The version nibble of an RFC 9562 (variant 10) UUID; NULL for other variants.
CREATE OR REPLACE FUNCTION uuid_version(id uuid) RETURNS int
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN pg_catalog.get_byte(b, 8) & 192 = 128 THEN pg_catalog.get_byte(b, 6) >> 4 END
      FROM (SELECT pg_catalog.uuid_send(id) AS b) s
$$;

CREATE OR REPLACE FUNCTION uuid_v7_timestamp(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN uuid_version(id) = 7
                THEN _idgen_from_unix_us(('x' || pg_catalog.left(pg_catalog.translate(id::pg_catalog.text, '-', ''), 12))
                                         ::pg_catalog.bit(48)::pg_catalog.int8 * 1000) END
$$;

-- The time of a v1, v6 or v7 UUID (v1 and v6 floored from 100 ns to the
-- microsecond); NULL for the others.
CREATE OR REPLACE FUNCTION uuid_timestamp(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE uuid_version(id)
             WHEN 7 THEN uuid_v7_timestamp(id)
             WHEN 1 THEN _idgen_from_unix_us(_idgen_floor_div(
                 ('x' || pg_catalog.substr(h, 14, 3) || pg_catalog.substr(h, 9, 4) || pg_catalog.substr(h, 1, 8))
                 ::pg_catalog.bit(60)::pg_catalog.int8 - 122192928000000000, 10))
             WHEN 6 THEN _idgen_from_unix_us(_idgen_floor_div(
                 ('x' || pg_catalog.substr(h, 1, 12) || pg_catalog.substr(h, 14, 3))
                 ::pg_catalog.bit(60)::pg_catalog.int8 - 122192928000000000, 10))
           END
      FROM (SELECT pg_catalog.translate(id::pg_catalog.text, '-', '') AS h) s
$$;

-- The smallest v7 of a millisecond: version and variant set, the rest zero.
CREATE OR REPLACE FUNCTION uuid_v7_from_time(ts timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    ms bigint := _idgen_unix_ms(ts, 'uuid_v7_from_time');
BEGIN
    IF ms < 0 OR ms > (_idgen_family_uuid() ->> 'max_time_ms')::pg_catalog.int8 THEN
        PERFORM _idgen_raise_time(ms, 0, (_idgen_family_uuid() ->> 'max_time_ms')::pg_catalog.int8, 'uuid_v7_from_time');
    END IF;
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(ms), 12, '0') || '70008000000000000000')::pg_catalog.uuid;
END $$;

-- The smallest v6 of a microsecond: 100 ns since 1582-10-15 in 60 bits.
CREATE OR REPLACE FUNCTION uuid_v6_from_time(ts timestamptz) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    us bigint;
    ticks text;
BEGIN
    PERFORM _idgen_unix_ms(ts, 'uuid_v6_from_time');  -- refuses the infinities
    us := _idgen_unix_us(ts);
    -- the C edition reports these bounds truncated (not floored) to the ms
    IF us < -12219292800000000 OR us > 103072857660684697 THEN
        PERFORM _idgen_raise_time(us / 1000, -12219292800000, 103072857660684, 'uuid_v6_from_time');
    END IF;
    ticks := pg_catalog.lpad(pg_catalog.to_hex(us * 10 + 122192928000000000), 15, '0');
    RETURN (pg_catalog.left(ticks, 12) || '6' || pg_catalog.right(ticks, 3) || '8000000000000000')::pg_catalog.uuid;
END $$;

CREATE OR REPLACE FUNCTION uuid_v4() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.gen_random_uuid()
$$;

-- SHA-1 (RFC 3174), which PostgreSQL's core lacks (it has md5 and sha224
-- to sha512): 32-bit words in bigint, masked after every addition.
CREATE OR REPLACE FUNCTION _idgen_sha1(msg bytea) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    m bigint := 4294967295;
    bits bigint := pg_catalog.octet_length(msg)::pg_catalog.int8 * 8;
    padded bytea;
    w bigint[];
    h bigint[] := ARRAY[1732584193, 4023233417, 2562383102, 271733878, 3285377520];
    a bigint; b bigint; c bigint; d bigint; e bigint; f bigint; k bigint; t bigint;
BEGIN
    padded := msg || '\x80'::pg_catalog.bytea
              || pg_catalog.decode(pg_catalog.repeat('00', ((55 - pg_catalog.octet_length(msg)) % 64 + 64) % 64), 'hex')
              || pg_catalog.int8send(bits);
    FOR block IN 0 .. pg_catalog.octet_length(padded) / 64 - 1 LOOP
        w := '{}';
        FOR i IN 0 .. 15 LOOP
            w[i] := (pg_catalog.get_byte(padded, block * 64 + i * 4)::pg_catalog.int8 << 24)
                  | (pg_catalog.get_byte(padded, block * 64 + i * 4 + 1) << 16)
                  | (pg_catalog.get_byte(padded, block * 64 + i * 4 + 2) << 8)
                  | pg_catalog.get_byte(padded, block * 64 + i * 4 + 3);
        END LOOP;
        FOR i IN 16 .. 79 LOOP
            t := w[i - 3] # w[i - 8] # w[i - 14] # w[i - 16];
            w[i] := ((t << 1) | (t >> 31)) & m;
        END LOOP;
        a := h[1]; b := h[2]; c := h[3]; d := h[4]; e := h[5];
        FOR i IN 0 .. 79 LOOP
            IF i < 20 THEN
                f := (b & c) | ((~b & m) & d); k := 1518500249;
            ELSIF i < 40 THEN
                f := b # c # d; k := 1859775393;
            ELSIF i < 60 THEN
                f := (b & c) | (b & d) | (c & d); k := 2400959708;
            ELSE
                f := b # c # d; k := 3395469782;
            END IF;
            t := ((((a << 5) | (a >> 27)) & m) + f + e + k + w[i]) & m;
            e := d; d := c; c := ((b << 30) | (b >> 2)) & m; b := a; a := t;
        END LOOP;
        h := ARRAY[(h[1] + a) & m, (h[2] + b) & m, (h[3] + c) & m, (h[4] + d) & m, (h[5] + e) & m];
    END LOOP;
    RETURN pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(h[1]), 8, '0') || pg_catalog.lpad(pg_catalog.to_hex(h[2]), 8, '0')
                             || pg_catalog.lpad(pg_catalog.to_hex(h[3]), 8, '0') || pg_catalog.lpad(pg_catalog.to_hex(h[4]), 8, '0')
                             || pg_catalog.lpad(pg_catalog.to_hex(h[5]), 8, '0'), 'hex');
END $$;

-- v3 and v5 hash the namespace's 16 bytes and the name's bytes in the
-- database encoding, as the C edition does.
CREATE OR REPLACE FUNCTION uuid_v3(namespace uuid, name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_uuid(pg_catalog.decode(pg_catalog.md5(pg_catalog.uuid_send(namespace)
               || pg_catalog.convert_to(name, pg_catalog.getdatabaseencoding())), 'hex'), 3)
$$;

CREATE OR REPLACE FUNCTION uuid_v5(namespace uuid, name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_uuid(pg_catalog.substring(_idgen_sha1(pg_catalog.uuid_send(namespace)
               || pg_catalog.convert_to(name, pg_catalog.getdatabaseencoding())), 1, 16), 5)
$$;

-- RFC 9562 section 6.6 namespaces, and the Nil and Max UUIDs.
CREATE OR REPLACE FUNCTION uuid_namespace_dns() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    AS $$ SELECT '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_namespace_url() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    AS $$ SELECT '6ba7b811-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_namespace_oid() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    AS $$ SELECT '6ba7b812-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_namespace_x500() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    AS $$ SELECT '6ba7b814-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_min() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    AS $$ SELECT '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_max() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    AS $$ SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::pg_catalog.uuid $$;

------------------------------------------------------------------------------
-- ULID as uuid: 48-bit Unix ms, then 80 bits.

CREATE OR REPLACE FUNCTION ulid_timestamp(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_from_unix_us(('x' || pg_catalog.left(pg_catalog.translate(id::pg_catalog.text, '-', ''), 12))
                               ::pg_catalog.bit(48)::pg_catalog.int8 * 1000)
$$;

CREATE OR REPLACE FUNCTION _idgen_ulid_ms(ts timestamptz, fn text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    ms bigint := _idgen_unix_ms(ts, fn);
BEGIN
    IF ms < 0 OR ms > (_idgen_family_ulid() ->> 'max_time_ms')::pg_catalog.int8 THEN
        PERFORM _idgen_raise_time(ms, 0, (_idgen_family_ulid() ->> 'max_time_ms')::pg_catalog.int8, fn);
    END IF;
    RETURN ms;
END $$;

CREATE OR REPLACE FUNCTION ulid_from_time(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT (pg_catalog.lpad(pg_catalog.to_hex(_idgen_ulid_ms(ts, 'ulid_from_time')), 12, '0')
            || '00000000000000000000')::pg_catalog.uuid
$$;

-- pgx_ulid's names: a ULID's time as a timestamp in UTC, and back.
CREATE OR REPLACE FUNCTION ulid_to_timestamp(id uuid) RETURNS timestamp
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(id) AT TIME ZONE 'UTC'
$$;

CREATE OR REPLACE FUNCTION timestamp_to_ulid(ts timestamp) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT (pg_catalog.lpad(pg_catalog.to_hex(_idgen_ulid_ms(ts AT TIME ZONE 'UTC', 'timestamp_to_ulid')), 12, '0')
            || '00000000000000000000')::pg_catalog.uuid
$$;

CREATE OR REPLACE FUNCTION bytea_to_ulid(bytes bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.encode(_idgen_check_length(bytes, 'ulid', (_idgen_family_ulid() ->> 'value_bytes')::pg_catalog.int4), 'hex')::pg_catalog.uuid
$$;

------------------------------------------------------------------------------
-- KSUID as 20 bytes: 32-bit seconds since 1400000000, 16-byte payload.

CREATE OR REPLACE FUNCTION ksuid_timestamp(id bytea) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_from_unix_us((_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8 * 1000
           + ('x' || pg_catalog.encode(pg_catalog.substring(_idgen_check_length(id, 'ksuid',
                 (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4), 1, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8 * 1000000)
$$;

-- The Unix seconds of a time for the 32-bit seconds of KSUIDs and ObjectIds
-- (their max_time_ms: to the last ms of the last second).
CREATE OR REPLACE FUNCTION _idgen_seconds32(ts timestamptz, first_s bigint, fn text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    s bigint := _idgen_floor_div(_idgen_unix_ms(ts, fn), 1000);
BEGIN
    IF s < first_s OR s > first_s + (_idgen_family_objectid() ->> 'max_time_ms')::pg_catalog.int8 / 1000 THEN
        PERFORM _idgen_raise_time(s * 1000, first_s * 1000,
                                  first_s * 1000 + (_idgen_family_objectid() ->> 'max_time_ms')::pg_catalog.int8, fn);
    END IF;
    RETURN s;
END $$;

CREATE OR REPLACE FUNCTION ksuid_from_time(ts timestamptz) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(_idgen_seconds32(ts, s, 'ksuid_from_time') - s), 8, '0')
                             || pg_catalog.repeat('00', (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4 - 4), 'hex')
      FROM (SELECT (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000 AS s) epoch
$$;

------------------------------------------------------------------------------
-- ObjectId as 12 bytes: 32-bit Unix seconds, 5 random bytes, 24-bit counter.

CREATE OR REPLACE FUNCTION objectid_timestamp(id bytea) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_from_unix_us(('x' || pg_catalog.encode(pg_catalog.substring(_idgen_check_length(id, 'objectid',
               (_idgen_family_objectid() ->> 'value_bytes')::pg_catalog.int4), 1, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8 * 1000000)
$$;

CREATE OR REPLACE FUNCTION objectid_counter(id bytea) RETURNS int
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ('x' || pg_catalog.encode(pg_catalog.substring(_idgen_check_length(id, 'objectid',
               (_idgen_family_objectid() ->> 'value_bytes')::pg_catalog.int4), 10, 3), 'hex'))
           ::pg_catalog.bit(24)::pg_catalog.int4
$$;

CREATE OR REPLACE FUNCTION objectid_from_time(ts timestamptz) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(_idgen_seconds32(ts, 0, 'objectid_from_time')), 8, '0')
                             || pg_catalog.repeat('00', (_idgen_family_objectid() ->> 'value_bytes')::pg_catalog.int4 - 4), 'hex')
$$;

------------------------------------------------------------------------------
-- Generators of one session. Their state (the last value, a session's
-- random bytes) lives in custom settings of the session (idgen_sql.*), the
-- only per-session memory SQL has. A setting made in a transaction that
-- rolls back is undone with it: the next value is then computed from the
-- clock again, which has moved on (docs/managed-services.md). Each reads
-- the clock in microseconds exactly (whole minutes, then the microseconds
-- within: both exact in a double, which EXTRACT(EPOCH) is not on 13), and
-- takes its random bits from gen_random_uuid() (core's CSPRNG, 122 random
-- bits of which 120 are whole hex digits: 1-8, 10-13, 16-18, 21-23, 25-36).
-- The hot paths are written out in each body: a nested call with a pinned
-- search_path costs more than what it would share.

-- 30 random hex digits (gen_random_uuid() without its version and variant digits).
CREATE OR REPLACE FUNCTION _idgen_random_hex() RETURNS text
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.substr(u, 1, 8) || pg_catalog.substr(u, 10, 4) || pg_catalog.substr(u, 16, 3)
           || pg_catalog.substr(u, 21, 3) || pg_catalog.substr(u, 25, 12)
      FROM (SELECT pg_catalog.gen_random_uuid()::pg_catalog.text AS u) r
$$;

-- uuid_v7(), ulid() and ksuid(): the clock in whole units (ms, ms, s since
-- KSUID's epoch) followed by the fraction of the unit in `bits` bits, then
-- random bits; each value of a session above the last (the last plus one
-- while the clock has not passed it), as in the C edition:
--   uuid_v7() as PostgreSQL 18 builds it: 48-bit ms, version, 12-bit
--     fraction, variant, 62 random bits
--   ulid(): 48-bit ms, 16-bit fraction, 64 random bits
--   ksuid() (20 bytes): 32-bit s since 1400000000, 32-bit fraction, 96 random bits
DO $session$
DECLARE
    g record;
BEGIN
    FOR g IN SELECT * FROM (VALUES
        ('uuid_v7', 'uuid', 0, 1000, 12,
         '(pg_catalog.lpad(pg_catalog.to_hex(units >> 12), 12, ''0'') || pg_catalog.to_hex(28672 | (units & 4095))
           || pg_catalog.right(r, 17))::pg_catalog.uuid'),
        ('ulid', 'uuid', 0, 1000, 16,
         '(pg_catalog.lpad(pg_catalog.to_hex(units), 16, ''0'') || pg_catalog.left(r, 4) || pg_catalog.right(r, 12))::pg_catalog.uuid'),
        ('ksuid', 'bytea', (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8 * 1000, 1000000, 32,
         'pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(units), 16, ''0'') || pg_catalog.left(r, 8)
           || pg_catalog.substr(r, 10, 4) || pg_catalog.right(r, 12), ''hex'')'))
        AS v(name, returns, offset_us, per, bits, build)
    LOOP
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$I() RETURNS %2$s
                LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SET search_path = pg_catalog, %3$I, pg_temp AS $$
            DECLARE
                now_ts timestamptz := pg_catalog.clock_timestamp();
                us bigint := pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                             + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8 - %4$s;
                units bigint := ((us / %5$s) << %6$s) | (((us %% %5$s) << %6$s) / %5$s);
                last bigint := NULLIF(pg_catalog.current_setting('idgen_sql.%1$s', true), '')::pg_catalog.int8;
                r text := pg_catalog.gen_random_uuid()::pg_catalog.text;
            BEGIN
                IF last >= units THEN
                    units := last + 1;
                END IF;
                PERFORM pg_catalog.set_config('idgen_sql.%1$s', units::pg_catalog.text, false);
                RETURN %7$s;
            END $$ $f$, g.name, g.returns, pg_catalog.current_schema(), g.offset_us, g.per, g.bits, g.build);
    END LOOP;
END
$session$;

CREATE OR REPLACE FUNCTION uuid_v7(at timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    ms bigint := _idgen_ulid_ms(at, 'uuid_v7');
BEGIN
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(ms), 12, '0')
            || pg_catalog.to_hex(28672 | ((_idgen_unix_us(at) - ms * 1000) * 4096 / 1000))
            || pg_catalog.right(pg_catalog.gen_random_uuid()::pg_catalog.text, 17))::pg_catalog.uuid;
END $$;

-- v1 and v6: 100 ns since 1582-10-15, and a clock sequence and node drawn
-- once per session, the node's multicast bit set (never a MAC address).
CREATE OR REPLACE FUNCTION _idgen_time_based(version int) RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    now_ts timestamptz := pg_catalog.clock_timestamp();
    ticks bigint := (pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                     + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8) * 10 + 122192928000000000;
    last bigint := NULLIF(pg_catalog.current_setting('idgen_sql.uuid_ticks', true), '')::pg_catalog.int8;
    tail text := NULLIF(pg_catalog.current_setting('idgen_sql.uuid_node', true), '');
    hex text;
BEGIN
    IF tail IS NULL THEN
        -- bytes 8 to 15; the node's first byte is byte 10, its multicast bit the lowest
        tail := pg_catalog.right(pg_catalog.translate(pg_catalog.gen_random_uuid()::pg_catalog.text, '-', ''), 16);
        tail := pg_catalog.left(tail, 5) || pg_catalog.to_hex(('x' || pg_catalog.substr(tail, 6, 1))::pg_catalog.bit(4)::pg_catalog.int4 | 1)
                || pg_catalog.right(tail, 10);
        PERFORM pg_catalog.set_config('idgen_sql.uuid_node', tail, false);
    END IF;
    IF last >= ticks THEN
        ticks := last + 1;
    END IF;
    PERFORM pg_catalog.set_config('idgen_sql.uuid_ticks', ticks::pg_catalog.text, false);
    hex := pg_catalog.lpad(pg_catalog.to_hex(ticks), 15, '0');
    IF version = 1 THEN
        hex := pg_catalog.right(hex, 8) || pg_catalog.substr(hex, 4, 4) || '1' || pg_catalog.left(hex, 3);
    ELSE
        hex := pg_catalog.left(hex, 12) || '6' || pg_catalog.right(hex, 3);
    END IF;
    RETURN (hex || pg_catalog.to_hex((('x' || pg_catalog.left(tail, 1))::pg_catalog.bit(4)::pg_catalog.int4 & 3) | 8)
            || pg_catalog.right(tail, 15))::pg_catalog.uuid;
END $$;

CREATE OR REPLACE FUNCTION uuid_v1() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_time_based(1)
$$;

CREATE OR REPLACE FUNCTION uuid_v6() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_time_based(6)
$$;

CREATE OR REPLACE FUNCTION ulid(at timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    r text := pg_catalog.gen_random_uuid()::pg_catalog.text;
BEGIN
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(_idgen_ulid_ms(at, 'ulid')), 12, '0')
            || pg_catalog.left(r, 8) || pg_catalog.right(r, 12))::pg_catalog.uuid;
END $$;

-- KSUIDs and ObjectIds are bytea: the 20 and 12 bytes of the C types.
CREATE OR REPLACE FUNCTION ksuid(at timestamptz) RETURNS bytea
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(_idgen_seconds32(at, s, 'ksuid') - s), 8, '0')
                             || _idgen_random_hex() || pg_catalog.left(_idgen_random_hex(), 2), 'hex')
      FROM (SELECT (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000 AS s) epoch
$$;

-- objectid(): seconds, 5 random bytes drawn once per session (MongoDB's
-- drivers draw them once per process), a 24-bit counter from a random start.
CREATE OR REPLACE FUNCTION objectid(at timestamptz) RETURNS bytea
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    s bigint;
    process text := NULLIF(pg_catalog.current_setting('idgen_sql.objectid_process', true), '');
    counter bigint := NULLIF(pg_catalog.current_setting('idgen_sql.objectid_counter', true), '')::pg_catalog.int8;
BEGIN
    IF NOT pg_catalog.isfinite(at) THEN
        PERFORM _idgen_seconds32(at, 0, 'objectid');
    END IF;
    s := pg_catalog.date_part('epoch', pg_catalog.date_trunc('second', at));
    IF s < 0 OR s > (_idgen_family_objectid() ->> 'max_time_ms')::pg_catalog.int8 / 1000 THEN
        PERFORM _idgen_seconds32(at, 0, 'objectid');
    END IF;
    IF process IS NULL OR counter IS NULL THEN
        process := pg_catalog.right(pg_catalog.gen_random_uuid()::pg_catalog.text, 10);
        counter := ('x' || pg_catalog.left(pg_catalog.gen_random_uuid()::pg_catalog.text, 6))::pg_catalog.bit(24)::pg_catalog.int8;
        PERFORM pg_catalog.set_config('idgen_sql.objectid_process', process, false);
    END IF;
    counter := (counter + 1) % 16777216;
    PERFORM pg_catalog.set_config('idgen_sql.objectid_counter', counter::pg_catalog.text, false);
    RETURN pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(s), 8, '0') || process
                             || pg_catalog.lpad(pg_catalog.to_hex(counter), 6, '0'), 'hex');
END $$;

CREATE OR REPLACE FUNCTION objectid() RETURNS bytea
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT objectid(pg_catalog.clock_timestamp())
$$;

------------------------------------------------------------------------------
-- Generators of the whole database: snowflake_id(), next_shard_id(shard),
-- ulid_monotonic(). Each keeps its last (millisecond, sequence) in a
-- sequence of this schema. A sequence is the one object SQL has that every
-- session sees at once and that a rollback never takes back; nextval is
-- atomic, and a crash never brings back a value a committed transaction
-- used. Only catching up with the clock needs setval, which is not atomic
-- with nextval: an advisory lock, held for that call only, orders the two.
-- The generators run as this file's owner (SECURITY DEFINER), the only role
-- that may move the sequences.

CREATE SEQUENCE IF NOT EXISTS _idgen_snowflake_state AS bigint;
CREATE SEQUENCE IF NOT EXISTS _idgen_ulid_state AS bigint;
REVOKE ALL ON SEQUENCE _idgen_snowflake_state, _idgen_ulid_state FROM PUBLIC;

-- next_shard_id(shard) counts per shard, in 256 sequences (lanes): shard k
-- in lane k % 256. Shards of different lanes number their IDs 0, 1, 2, ...
-- within a millisecond each; shards of one lane (k and k + 256) share its
-- 1,024 a millisecond, and their IDs differ in the shard field as well.
-- Why not a sequence per shard: 8,192 relations in every database, or made
-- on a shard's first use, in the caller's transaction: a rollback would
-- drop the sequence but not the IDs drawn from it, which a new sequence
-- could hand out again, and every session's first use of a shard would wait
-- for that transaction. Why not a table of (shard, last value): a row
-- lock is held to the end of the transaction (every insert of a shard
-- would wait for the others' commits), and a rollback gives the value back
-- although the ID may have reached a client. Only sequences are never
-- taken back; the lanes are made here, never while IDs are handed out.
DO $lanes$
DECLARE
    schema text := pg_catalog.quote_ident(pg_catalog.current_schema());
    old bigint;
BEGIN
    -- 0.4.0 counted every shard in one sequence: each lane starts above it
    IF pg_catalog.to_regclass(schema || '._idgen_shard_state') IS NOT NULL THEN
        EXECUTE pg_catalog.format('SELECT last_value FROM %s._idgen_shard_state', schema) INTO old;
    END IF;
    FOR lane IN 0..255 LOOP
        EXECUTE pg_catalog.format('CREATE SEQUENCE IF NOT EXISTS %s._idgen_shard_lane_%s AS bigint', schema, lane);
        EXECUTE pg_catalog.format('REVOKE ALL ON SEQUENCE %s._idgen_shard_lane_%s FROM PUBLIC', schema, lane);
        IF old IS NOT NULL THEN
            PERFORM pg_catalog.setval(pg_catalog.format('%s._idgen_shard_lane_%s', schema, lane)::pg_catalog.regclass, old);
        END IF;
    END LOOP;
    EXECUTE pg_catalog.format('DROP SEQUENCE IF EXISTS %s._idgen_shard_state', schema);
END
$lanes$;

-- ulid_monotonic()'s first 80 bits of a millisecond are a keyed hash of it:
-- every session computes the same start without sharing it, nobody without
-- the key predicts it. Only the owner reads the key.
CREATE TABLE IF NOT EXISTS _idgen_key (key bytea NOT NULL);
REVOKE ALL ON TABLE _idgen_key FROM PUBLIC;
INSERT INTO _idgen_key SELECT pg_catalog.decode(_idgen_random_hex() || _idgen_random_hex(), 'hex')
 WHERE NOT EXISTS (SELECT 1 FROM _idgen_key);

-- The server the generators' state is on. Its timeline is the one WAL is
-- written on, from the current WAL file's name: pg_control_checkpoint()'s
-- is the last checkpoint's, which after a promotion stays the old one until
-- the first checkpoint on the new timeline ends (a spread checkpoint:
-- minutes), while IDs are handed out. NULL where this role may not call
-- them (PUBLIC may in core PostgreSQL 13 to 19; a service may revoke it).
CREATE OR REPLACE FUNCTION _idgen_timeline() RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF NOT pg_catalog.has_function_privilege('pg_catalog.pg_current_wal_lsn()', 'EXECUTE')
       OR NOT pg_catalog.has_function_privilege('pg_catalog.pg_walfile_name(pg_catalog.pg_lsn)', 'EXECUTE') THEN
        RETURN NULL;
    END IF;
    RETURN ('x' || pg_catalog.left(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_lsn()), 8))::pg_catalog.bit(32)::pg_catalog.int8;
END $$;

CREATE OR REPLACE FUNCTION _idgen_system_identifier() RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN pg_catalog.has_function_privilege('pg_catalog.pg_control_system()', 'EXECUTE')
                THEN (pg_catalog.pg_control_system()).system_identifier END
$$;

-- What decides which IDs this database hands out, kept by the edition's
-- owner where no session, role setting or connection option reaches it,
-- replicated and dumped with the database: the node id of snowflake_id()
-- (idgen_set_node_id), the server (timeline, system identifier) the
-- generators' state was made on, and how far past their last millisecond
-- they move when that server changes (idgen.promotion_margin of the C
-- extension: 1 minute; the owner may UPDATE it, 0 to 2147483647 ms).
CREATE TABLE IF NOT EXISTS _idgen_node (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    node_id int CHECK (node_id BETWEEN 0 AND 1023),
    promotion_margin_ms int NOT NULL DEFAULT 60000 CHECK (promotion_margin_ms >= 0),
    timeline_id bigint,
    system_identifier bigint,
    moved_at timestamptz
);
REVOKE ALL ON TABLE _idgen_node FROM PUBLIC;
INSERT INTO _idgen_node (timeline_id, system_identifier)
SELECT _idgen_timeline(), _idgen_system_identifier() WHERE NOT EXISTS (SELECT 1 FROM _idgen_node);

-- 0.4.0 read the node id from a setting, made with ALTER DATABASE ... SET
-- idgen.node_id: while the table has none, it takes the database's (not a
-- role's or this session's). Once set, a run of this file keeps it.
DO $node$
DECLARE
    t text;
BEGIN
    SELECT pg_catalog.substr(c, 15) INTO t
      FROM pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) c
     WHERE s.setrole = 0 AND c LIKE 'idgen.node\_id=%'
       AND s.setdatabase = (SELECT oid FROM pg_catalog.pg_database WHERE datname = pg_catalog.current_database());
    IF t IS NULL OR t = '-1' OR (SELECT node_id IS NOT NULL FROM _idgen_node) THEN
        RETURN;
    END IF;
    IF t !~ '^\s*[0-9]{1,4}\s*$' OR t::pg_catalog.int4 >= 1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4 THEN
        RAISE WARNING 'the setting idgen.node_id of database % is not a node id: "%"', pg_catalog.current_database(), t
            USING DETAIL = pg_catalog.format('Valid node ids are 0 to %s. snowflake_id() refuses to run until one is set.',
                                             (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1),
                  HINT = 'Set it with SELECT idgen_set_node_id(...);';
        RETURN;
    END IF;
    UPDATE _idgen_node SET node_id = t::pg_catalog.int4;
    RAISE WARNING 'node id % of database %''s setting idgen.node_id is now the SQL edition''s', t::pg_catalog.int4, pg_catalog.current_database()
        USING DETAIL = 'The setting is no longer read: no SET, role setting or connection option changes the node id. '
                       'idgen_set_node_id() changes it.',
              HINT = pg_catalog.format('Remove the setting when convenient: ALTER DATABASE %I RESET idgen.node_id;', pg_catalog.current_database());
END
$node$;

-- The schema this file was run in, for the code it makes and its messages.
CREATE OR REPLACE FUNCTION _idgen_schema() RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT c.relnamespace::pg_catalog.regnamespace::pg_catalog.text FROM pg_catalog.pg_class c
     WHERE c.oid = '_idgen_node'::pg_catalog.regclass
$$;

-- Moves a generator's state past `margin_ms` above both its last
-- millisecond and the clock (`bits`: the width of its sequence field).
CREATE OR REPLACE FUNCTION _idgen_move_state(state regclass, bits int, margin_ms bigint, unit_ms int DEFAULT 1) RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    -- the state counts units of unit_ms (Sonyflake's are 10 ms): the margin is rounded up
    now_units bigint := _idgen_floor_div(_idgen_unix_us(pg_catalog.clock_timestamp()), 1000 * unit_ms);
BEGIN
    PERFORM pg_catalog.pg_advisory_lock(1768187749, state::pg_catalog.oid::pg_catalog.int4);
    BEGIN
        PERFORM pg_catalog.setval(state, (GREATEST(pg_catalog.nextval(state) >> bits, now_units)
                                          + (margin_ms + unit_ms - 1) / unit_ms) << bits, false);
    EXCEPTION WHEN OTHERS OR query_canceled THEN
        PERFORM pg_catalog.pg_advisory_unlock(1768187749, state::pg_catalog.oid::pg_catalog.int4);
        RAISE;
    END;
    PERFORM pg_catalog.pg_advisory_unlock(1768187749, state::pg_catalog.oid::pg_catalog.int4);
END $$;

-- Before a session's first draw from a generator's state (_idgen_advance):
-- is the state still on the server it was made on? A promoted replica, a
-- point-in-time recovery (a new timeline) and a restore into another
-- cluster (another system identifier) hold a copy of the state that may be
-- behind IDs the original handed out after the copy. Then, before any ID,
-- every database-wide generator moves past promotion_margin_ms above both
-- its last millisecond and this server's clock, and the server is recorded:
-- once, since sessions that notice together wait on the row for the first
-- (a REPEATABLE READ one is refused, 40001, and may retry). A server that
-- does not say its timeline is refused rather than guessed at.
CREATE OR REPLACE FUNCTION _idgen_check_server() RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    tl bigint;
    sysid bigint;
    r record;
BEGIN
    IF pg_catalog.pg_is_in_recovery() THEN
        RETURN;  -- a standby hands out nothing (nextval refuses); its first draw after a promotion checks
    END IF;
    tl := _idgen_timeline();
    IF tl IS NULL THEN
        RAISE EXCEPTION 'the idgen SQL edition cannot tell which timeline this server is on'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = pg_catalog.format('Role %I may not call pg_walfile_name(pg_current_wal_lsn()): after a promotion or a '
                                             'point-in-time recovery, snowflake_id(), next_shard_id(shard) and ulid_monotonic() '
                                             'could hand out IDs the old server handed out.', pg_catalog.current_user()),
                  HINT = pg_catalog.format('Have an administrator GRANT EXECUTE ON FUNCTION pg_catalog.pg_current_wal_lsn(), '
                                           'pg_catalog.pg_walfile_name(pg_lsn) TO %I;', pg_catalog.current_user());
    END IF;
    sysid := _idgen_system_identifier();
    SELECT * INTO r FROM _idgen_node;
    IF r.timeline_id = tl AND r.system_identifier IS NOT DISTINCT FROM sysid THEN
        RETURN;
    END IF;
    SELECT * INTO r FROM _idgen_node FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'the idgen SQL edition''s table %._idgen_node is empty', _idgen_schema()
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Run sql-edition/idgen.sql again, then set the node id with idgen_set_node_id().';
    ELSIF r.timeline_id = tl AND r.system_identifier IS NOT DISTINCT FROM sysid THEN
        RETURN;  -- another session moved the generators and recorded this server
    END IF;
    PERFORM _idgen_move_state('_idgen_snowflake_state', 12, r.promotion_margin_ms);
    PERFORM _idgen_move_state('_idgen_ulid_state', 16, r.promotion_margin_ms);
    PERFORM _idgen_move_state('_idgen_tsid_state', 12, r.promotion_margin_ms);
    PERFORM _idgen_move_state('_idgen_sonyflake_state', 8, r.promotion_margin_ms, 10);
    FOR lane IN 0..255 LOOP
        PERFORM _idgen_move_state(('_idgen_shard_lane_' || lane)::pg_catalog.regclass, 10, r.promotion_margin_ms);
    END LOOP;
    PERFORM _idgen_move_layout_states(r.promotion_margin_ms);  -- layout_id()'s, each from its epoch
    UPDATE _idgen_node SET timeline_id = tl, system_identifier = sysid, moved_at = pg_catalog.clock_timestamp();
    RAISE LOG 'idgen SQL edition: generators moved % ms past their last millisecond and the clock: timeline % (was %), system identifier % (was %)',
              r.promotion_margin_ms, tl, r.timeline_id, sysid, r.system_identifier;
END $$;

-- The state's next value, at least `floor` (the clock's): never a value it
-- gave before, whatever the clock does. Every call takes the lock: a
-- nextval outside it could take a value that a setval inside then gives again.
-- A session's first draw from a state checks the server first
-- (_idgen_check_server); currval(), defined by that draw, marks the later
-- ones. Once is enough: a session that can draw is on a primary, and a
-- primary's timeline and system identifier never change under its sessions
-- (a promotion changes them under sessions of a standby, which could not
-- draw; a restore or a clone starts a server with none). Only this file's
-- owner can define currval() of the state: a session cannot skip the check.
CREATE OR REPLACE FUNCTION _idgen_advance(state regclass, floor bigint) RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    v bigint;
    checked boolean := false;
BEGIN
    LOOP
        -- a session lock, released below: a transaction-scoped one would make
        -- every inserting transaction wait for the others' commits
        PERFORM pg_catalog.pg_advisory_lock(1768187749, state::pg_catalog.oid::pg_catalog.int4);
        BEGIN
            IF NOT checked THEN
                PERFORM pg_catalog.currval(state);  -- 55000 before this session's first draw
                checked := true;
            END IF;
            v := pg_catalog.nextval(state);
            IF v < floor THEN
                v := pg_catalog.setval(state, floor);
            END IF;
        EXCEPTION WHEN OTHERS OR query_canceled THEN
            -- a session lock outlives an error: left held, it would stop every session
            PERFORM pg_catalog.pg_advisory_unlock(1768187749, state::pg_catalog.oid::pg_catalog.int4);
            IF checked OR SQLSTATE <> '55000' THEN
                RAISE;
            END IF;
            -- the first draw: the check may wait for another session's move,
            -- so not under the lock, which that session may need again
            PERFORM _idgen_check_server();
            checked := true;
            CONTINUE;
        END;
        PERFORM pg_catalog.pg_advisory_unlock(1768187749, state::pg_catalog.oid::pg_catalog.int4);
        RETURN v;
    END LOOP;
END $$;

-- How far a database-wide generator may run ahead of the clock:
-- idgen.max_clock_lead as the C edition reads it (a number of ms, or with a
-- unit: us, ms, s, min, h, d; 0 to 100 years), 10 minutes when unset. Read
-- only when a generator is ahead; a bad value is refused, not replaced.
CREATE OR REPLACE FUNCTION _idgen_check_lead(last_ms bigint, now_ms bigint, fn text) RETURNS void
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    t text := NULLIF(pg_catalog.current_setting('idgen.max_clock_lead', true), '');
    m text[] := pg_catalog.regexp_match(t, '^\s*([0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})\s*(us|ms|s|min|h|d)?\s*$');
    lead numeric;
    lead_ms bigint := 600000;
BEGIN
    IF t IS NOT NULL THEN
        lead := m[1]::pg_catalog.numeric * CASE m[2] WHEN 'us' THEN 0.001 WHEN 's' THEN 1000 WHEN 'min' THEN 60000
                                                     WHEN 'h' THEN 3600000 WHEN 'd' THEN 86400000 ELSE 1 END;
        IF lead IS NULL OR lead > 3162240000000 THEN
            RAISE EXCEPTION 'invalid value for parameter "%": "%"', 'idgen.max_clock_lead', t
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Valid values are durations from 0 to 3162240000000 ms (100 years).',
                      HINT = 'idgen does not run on a default in place of a setting that decides which IDs this server hands out.';
        END IF;
        lead_ms := pg_catalog.trunc(lead);
    END IF;
    IF last_ms - now_ms > lead_ms THEN
        RAISE EXCEPTION '% would run % ms ahead of the system clock', fn, last_ms - now_ms
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = pg_catalog.format('The generator''s last millisecond is ahead of the clock (the clock was set back, '
                                             'or IDs were drawn faster than the layout holds), and idgen.max_clock_lead allows %s ms.', lead_ms),
                  HINT = 'If the clock is right now, raise the limit past the lead: ALTER DATABASE ... SET idgen.max_clock_lead = ''1d''; '
                         'the generators go on above their last ID until the clock catches up. Else correct the clock.';
    END IF;
END $$;

-- snowflake_id() without a node id, and why no setting gives it one.
CREATE OR REPLACE FUNCTION _idgen_refuse_node(fn text, ids text) RETURNS void
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    t text := NULLIF(NULLIF(pg_catalog.current_setting('idgen.node_id', true), ''), '-1');
BEGIN
    RAISE EXCEPTION '% needs idgen.node_id to be set', fn
        USING ERRCODE = 'object_not_in_prerequisite_state',
              DETAIL = pg_catalog.format('Every server that generates %s needs its own node id (0 to %s); '
                                         'with a default, two servers would hand out the same IDs.', ids,
                                         (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1)
                       || CASE WHEN t IS NULL THEN ''
                               ELSE pg_catalog.format(' The SQL edition does not read the setting idgen.node_id (%s here): '
                                                      'it keeps the node id in its schema, where no session can change it.', t) END,
              HINT = pg_catalog.format('Have the SQL edition''s owner run SELECT %s.idgen_set_node_id(1); with a number '
                                       'no other server or database uses.', _idgen_schema());
END $$;

-- snowflake_id() is made with the node id in its code: read in no table
-- and no setting at each call, changed by idgen_set_node_id() only. Its
-- layout's facts are made in with it, from the family's row.
CREATE OR REPLACE FUNCTION _idgen_define_snowflake_id() RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $define$
DECLARE
    f jsonb := _idgen_family_snowflake();
BEGIN
    EXECUTE pg_catalog.format($sql$
CREATE OR REPLACE FUNCTION %1$s.snowflake_id() RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, %1$s, pg_temp AS $$
DECLARE
    node constant bigint := %2$s;  -- _idgen_node.node_id, made in by idgen_set_node_id()
    t text := pg_catalog.current_setting('idgen.snowflake_epoch', true);
    epoch bigint;
    now_ts timestamptz := pg_catalog.clock_timestamp();
    now_ms bigint := (pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                      + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8) / 1000;
    v bigint;
BEGIN
    IF node IS NULL THEN
        PERFORM _idgen_refuse_node('snowflake_id', 'Snowflakes');
    END IF;
    epoch := CASE WHEN t IS NULL OR t = '' THEN %3$s
                  WHEN t ~ '^[0-9]{1,13}$' AND t::pg_catalog.int8 <= %4$s THEN t::pg_catalog.int8
                  ELSE _idgen_setting('idgen.snowflake_epoch', %3$s, %4$s) END;
    v := _idgen_advance('_idgen_snowflake_state', now_ms << %5$s);
    IF (v >> %5$s) > now_ms THEN
        PERFORM _idgen_check_lead(v >> %5$s, now_ms, 'snowflake_id');
    END IF;
    IF (v >> %5$s) < epoch OR (v >> %5$s) > epoch + %6$s THEN
        PERFORM _idgen_raise_time(v >> %5$s, epoch, epoch + %6$s, 'snowflake_id');
    END IF;
    RETURN (((v >> %5$s) - epoch) << %7$s) | (node << %5$s) | (v & %8$s);
END $$ $sql$, _idgen_schema(), COALESCE((SELECT node_id FROM _idgen_node)::pg_catalog.text, 'NULL'),
        f ->> 'default_epoch_ms', _idgen_max_epoch_ms(), f ->> 'seq_bits', f ->> 'max_time_ms',
        (f ->> 'mid_bits')::pg_catalog.int4 + (f ->> 'seq_bits')::pg_catalog.int4,
        (1 << (f ->> 'seq_bits')::pg_catalog.int4) - 1);
END $define$;
DO $define$ BEGIN PERFORM _idgen_define_snowflake_id(); END $define$;

SELECT pg_catalog.to_regprocedure(pg_catalog.quote_ident(pg_catalog.current_schema()) || '.idgen_set_node_id(int)') IS NULL
       AS idgen_sql_new_setter
\gset
-- The node id of snowflake_id(), 0 to 1023, for the edition's owner and the
-- roles it grants EXECUTE: kept in _idgen_node (see there), where a
-- session's SET idgen.node_id, a role's or the database's setting and a
-- connection option do not reach. They are ignored rather than refused: a
-- refusal would stop every insert of a database that still carries 0.4.0's
-- setting (which its owner may not be allowed to remove) or of a client
-- that still passes it, while the node id in use is the right one.
CREATE OR REPLACE FUNCTION idgen_set_node_id(node int) RETURNS int
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF node IS NULL OR node < 0 OR node >= 1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4 THEN
        RAISE EXCEPTION 'node id % is out of range for idgen_set_node_id', COALESCE(node::pg_catalog.text, 'NULL')
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Valid node ids are 0 to %s: the node field of a Snowflake has %s bits.',
                                             (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1,
                                             _idgen_family_snowflake() ->> 'mid_bits');
    END IF;
    UPDATE _idgen_node SET node_id = node;
    PERFORM _idgen_define_snowflake_id();
    RETURN node;
END $$;
-- made now: nobody else may call it (a later run keeps the owner's grants)
\if :idgen_sql_new_setter
REVOKE EXECUTE ON FUNCTION idgen_set_node_id(int) FROM PUBLIC;
\endif
\unset idgen_sql_new_setter

-- next_shard_id(shard)'s refusal of a shard outside its field.
CREATE OR REPLACE FUNCTION _idgen_refuse_shard(shard int) RETURNS void
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'shard % is out of range for next_shard_id(shard)', shard
        USING ERRCODE = 'numeric_value_out_of_range',
              DETAIL = pg_catalog.format('Valid shards are 0 to %s (%s bits).',
                                         (1 << (_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4) - 1,
                                         _idgen_family_shard() ->> 'mid_bits');
END $$;

-- Each shard counts in its lane (see _idgen_shard_lane_*), as the C
-- edition counts each shard. The lanes are in its code, an array of their
-- names, which a call indexes (in the expression: a variable would copy
-- it): naming one at each call (text to regclass) cost a tenth of the call.
-- Its layout's facts are made in with it, from the family's row.
DO $define$
DECLARE
    f jsonb := _idgen_family_shard();
BEGIN
    EXECUTE pg_catalog.format($sql$
CREATE OR REPLACE FUNCTION %1$I.next_shard_id(shard int) RETURNS bigint
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, %1$I, pg_temp AS $$
DECLARE
    t text := pg_catalog.current_setting('idgen.shard_epoch', true);
    epoch bigint;
    now_ts timestamptz := pg_catalog.clock_timestamp();
    now_ms bigint := (pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                      + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8) / 1000;
    v bigint;
BEGIN
    epoch := CASE WHEN t IS NULL OR t = '' THEN %3$s
                  WHEN t ~ '^[0-9]{1,13}$' AND t::pg_catalog.int8 <= %4$s THEN t::pg_catalog.int8
                  ELSE _idgen_setting('idgen.shard_epoch', %3$s, %4$s) END;
    IF shard < 0 OR shard > %9$s THEN
        PERFORM _idgen_refuse_shard(shard);
    END IF;
    v := _idgen_advance((ARRAY[%2$s])[(shard & 255) + 1], now_ms << %5$s);
    IF (v >> %5$s) > now_ms THEN
        PERFORM _idgen_check_lead(v >> %5$s, now_ms, 'next_shard_id(shard)');
    END IF;
    IF (v >> %5$s) < epoch OR (v >> %5$s) > epoch + %6$s THEN
        PERFORM _idgen_raise_time(v >> %5$s, epoch, epoch + %6$s, 'next_shard_id(shard)');
    END IF;
    RETURN (((v >> %5$s) - epoch) << %7$s) | (shard::pg_catalog.int8 << %5$s) | (v & %8$s);
END $$ $sql$, pg_catalog.current_schema(),
        (SELECT pg_catalog.string_agg(pg_catalog.format('%L::pg_catalog.regclass', '_idgen_shard_lane_' || lane), ', ' ORDER BY lane)
           FROM pg_catalog.generate_series(0, 255) lane),
        f ->> 'default_epoch_ms', _idgen_max_epoch_ms(), f ->> 'seq_bits', f ->> 'max_time_ms',
        (f ->> 'mid_bits')::pg_catalog.int4 + (f ->> 'seq_bits')::pg_catalog.int4,
        (1 << (f ->> 'seq_bits')::pg_catalog.int4) - 1, (1 << (f ->> 'mid_bits')::pg_catalog.int4) - 1);
END
$define$;

-- The spec's monotonic ULIDs for the whole database: within a millisecond
-- each one's random part is the last one's plus one, from a keyed hash of
-- the millisecond (its top bit clear: 65,536 additions never carry out).
CREATE OR REPLACE FUNCTION ulid_monotonic() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    now_ts timestamptz := pg_catalog.clock_timestamp();
    now_ms bigint := (pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                      + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8) / 1000;
    v bigint := _idgen_advance('_idgen_ulid_state', now_ms << 16);
    start bytea;
    r numeric;
BEGIN
    IF (v >> 16) > now_ms THEN
        PERFORM _idgen_check_lead(v >> 16, now_ms, 'ulid_monotonic');
    END IF;
    start := pg_catalog.sha256((SELECT key FROM _idgen_key LIMIT 1) || pg_catalog.int8send(v >> 16));
    r := ((pg_catalog.get_byte(start, 0) & 127)::pg_catalog.numeric * 256 + pg_catalog.get_byte(start, 1)) * 18446744073709551616
         + ('x' || pg_catalog.encode(pg_catalog.substring(start, 3, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8 * 4294967296::pg_catalog.numeric
         + ('x' || pg_catalog.encode(pg_catalog.substring(start, 7, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8
         + (v & 65535);
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(v >> 16), 12, '0')
            || pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.div(r, 1099511627776)::pg_catalog.int8), 10, '0')
            || pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.mod(r, 1099511627776)::pg_catalog.int8), 10, '0'))::pg_catalog.uuid;
END $$;

------------------------------------------------------------------------------
DO $foreign$
DECLARE
    f regprocedure;
BEGIN
    SELECT p.oid INTO f FROM pg_catalog.pg_proc p
     WHERE p.oid = ANY (pg_catalog.string_to_array(
                          pg_catalog.current_setting('idgen_sql_install.foreign_functions'), ',')::pg_catalog.oid[])
       AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
     LIMIT 1;
    IF f IS NOT NULL THEN
        RAISE EXCEPTION 'function %.% is not the idgen SQL edition''s', pg_catalog.quote_ident(pg_catalog.current_schema()), f
            USING ERRCODE = 'duplicate_function',
                  DETAIL = 'The install would replace it with its own function of that name and arguments.',
                  HINT = 'Install the SQL edition into a schema of its own, or rename or drop that function first.';
    END IF;
END
$foreign$;

-- TSID and Sonyflake (bigints on the server-wide generator)
-- TSID (tsid-creator): 42-bit ms since 2020-01-01 | 10-bit node | 12-bit
-- counter, all 64 bits of a bigint (a Java long: negative from 2089 on).
-- Sonyflake (sony/sonyflake v1): sign 0 | 39-bit 10 ms units since
-- 2014-09-01 | 8-bit sequence | 16-bit machine id. Fixed epochs, as theirs.

-- 13 Crockford base32 characters, upper case: the 64 bits, unsigned.
CREATE OR REPLACE FUNCTION tsid_text(id bigint) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    out text := pg_catalog.substr(_idgen_family_tsid() ->> 'digits', ((id >> 60) & 15)::pg_catalog.int4 + 1, 1);
BEGIN
    FOR i IN REVERSE (_idgen_family_tsid() ->> 'text_len')::pg_catalog.int4 - 2 .. 0 LOOP
        out := out || pg_catalog.substr(_idgen_family_tsid() ->> 'digits', ((id >> (5 * i)) & 31)::pg_catalog.int4 + 1, 1);
    END LOOP;
    RETURN out;
END $$;
COMMENT ON FUNCTION tsid_text(bigint) IS 'idgen SQL edition: a TSID''s 13 characters';

-- Either case in; I and L read as 1 and O as 0 (Crockford's rule, which
-- tsid-creator follows), U refused; the first character at most F.
CREATE OR REPLACE FUNCTION tsid_parse(t text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    u text := pg_catalog.translate(pg_catalog.upper(t), 'ILO', '110');
    v bigint := 0;
    m text; d text;
BEGIN
    -- the digits in either case, and Crockford's I, L and O
    IF t !~ ('^[' || (_idgen_family_tsid() ->> 'char_class') || 'ILOilo]{' || (_idgen_family_tsid() ->> 'text_len') || '}$') THEN
        BEGIN
            PERFORM _idgen_check_text(t, 'tsid', _idgen_family_tsid() ->> 'display_name', _idgen_family_tsid() ->> 'alphabet',
                                      (_idgen_family_tsid() ->> 'chars') || 'ILOilo', (_idgen_family_tsid() ->> 'text_len')::pg_catalog.int4);
        EXCEPTION WHEN invalid_text_representation THEN
            -- the C edition gives no hint: tsid() takes no time
            GET STACKED DIAGNOSTICS m = MESSAGE_TEXT, d = PG_EXCEPTION_DETAIL;
            RAISE EXCEPTION '%', m USING ERRCODE = 'invalid_text_representation', DETAIL = d;
        END;
    END IF;
    IF pg_catalog.left(u, 1) > pg_catalog.left(_idgen_family_tsid() ->> 'largest', 1) THEN
        RAISE EXCEPTION 'value out of range for type tsid: "%"', t
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('The largest TSID is %s.', _idgen_family_tsid() ->> 'largest');
    END IF;
    FOR i IN 2 .. (_idgen_family_tsid() ->> 'text_len')::pg_catalog.int4 LOOP
        v := (v << 5) | (pg_catalog.strpos(_idgen_family_tsid() ->> 'digits', pg_catalog.substr(u, i, 1)) - 1);
    END LOOP;
    -- the first character's 4 bits, into the sign bit as a Java long does
    RETURN ((pg_catalog.strpos(_idgen_family_tsid() ->> 'digits', pg_catalog.left(u, 1)) - 1)::pg_catalog.int8 << 60) | v;
END $$;
COMMENT ON FUNCTION tsid_parse(text) IS 'idgen SQL edition: a TSID''s bigint';

CREATE OR REPLACE FUNCTION tsid_timestamp(id bigint) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_from_unix_us(((_idgen_family_tsid() ->> 'default_epoch_ms')::pg_catalog.int8
                                + ((id >> ((_idgen_family_tsid() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_tsid() ->> 'seq_bits')::pg_catalog.int4))
                                   & (_idgen_family_tsid() ->> 'max_time_ms')::pg_catalog.int8)) * 1000)
$$;

CREATE OR REPLACE FUNCTION tsid_node(id bigint) RETURNS int
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ((id >> (_idgen_family_tsid() ->> 'seq_bits')::pg_catalog.int4)
            & ((1 << (_idgen_family_tsid() ->> 'mid_bits')::pg_catalog.int4) - 1))::pg_catalog.int4
$$;

CREATE OR REPLACE FUNCTION tsid_counter(id bigint) RETURNS int
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT (id & ((1 << (_idgen_family_tsid() ->> 'seq_bits')::pg_catalog.int4) - 1))::pg_catalog.int4
$$;

CREATE OR REPLACE FUNCTION sonyflake_decode(id bigint, OUT ts timestamptz, OUT sequence int, OUT machine int)
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_check_id(id, 'sonyflake_decode', _idgen_family_sonyflake() ->> 'negative_id_hint');
    ts := _idgen_from_unix_us(((_idgen_family_sonyflake() ->> 'default_epoch_ms')::pg_catalog.int8
                           + (id >> ((_idgen_family_sonyflake() ->> 'mid_bits')::pg_catalog.int4
                                     + (_idgen_family_sonyflake() ->> 'seq_bits')::pg_catalog.int4))
                             * (_idgen_family_sonyflake() ->> 'time_unit_ms')::pg_catalog.int8) * 1000);
    sequence := ((id >> (_idgen_family_sonyflake() ->> 'mid_bits')::pg_catalog.int4)
                 & ((1 << (_idgen_family_sonyflake() ->> 'seq_bits')::pg_catalog.int4) - 1))::pg_catalog.int4;
    machine := (id & ((1 << (_idgen_family_sonyflake() ->> 'mid_bits')::pg_catalog.int4) - 1))::pg_catalog.int4;
END $$;

CREATE OR REPLACE FUNCTION sonyflake_timestamp(id bigint) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_check_id(id, 'sonyflake_timestamp', _idgen_family_sonyflake() ->> 'negative_id_hint');
    RETURN _idgen_from_unix_us(((_idgen_family_sonyflake() ->> 'default_epoch_ms')::pg_catalog.int8
                           + (id >> ((_idgen_family_sonyflake() ->> 'mid_bits')::pg_catalog.int4
                                     + (_idgen_family_sonyflake() ->> 'seq_bits')::pg_catalog.int4))
                             * (_idgen_family_sonyflake() ->> 'time_unit_ms')::pg_catalog.int8) * 1000);
END $$;

-- The generators: database-wide, on _idgen_advance as snowflake_id() is,
-- each with its own sequence of (time unit << sequence bits | sequence).
CREATE SEQUENCE IF NOT EXISTS _idgen_tsid_state AS bigint;
CREATE SEQUENCE IF NOT EXISTS _idgen_sonyflake_state AS bigint;
REVOKE ALL ON SEQUENCE _idgen_tsid_state, _idgen_sonyflake_state FROM PUBLIC;

-- The node id idgen_set_node_id() keeps (_idgen_node), as snowflake_id()
-- has it: no setting of a session reaches it. Unset, a refusal naming fn.
CREATE OR REPLACE FUNCTION _idgen_node_id(fn text, ids text) RETURNS bigint
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    node bigint := (SELECT node_id FROM _idgen_node);
BEGIN
    IF node IS NULL THEN
        PERFORM _idgen_refuse_node(fn, ids);
    END IF;
    RETURN node;
END $$;

-- The clock in units of unit_ms since Unix time.
CREATE OR REPLACE FUNCTION _idgen_clock_units(unit_ms int) RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_unix_us(pg_catalog.clock_timestamp()) / (1000 * unit_ms)
$$;

CREATE OR REPLACE FUNCTION tsid() RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    node bigint := _idgen_node_id('tsid', 'TSIDs');
    now_ms bigint := _idgen_clock_units((_idgen_family_tsid() ->> 'time_unit_ms')::pg_catalog.int4);
    seq_bits constant int := (_idgen_family_tsid() ->> 'seq_bits')::pg_catalog.int4;
    epoch constant bigint := (_idgen_family_tsid() ->> 'default_epoch_ms')::pg_catalog.int8;
    last_ms constant bigint := epoch + (_idgen_family_tsid() ->> 'max_time_ms')::pg_catalog.int8;
    v bigint := _idgen_advance('_idgen_tsid_state', now_ms << seq_bits);
BEGIN
    IF (v >> seq_bits) > now_ms THEN
        PERFORM _idgen_check_lead(v >> seq_bits, now_ms, 'tsid');
    END IF;
    IF (v >> seq_bits) < epoch OR (v >> seq_bits) > last_ms THEN
        PERFORM _idgen_raise_time(v >> seq_bits, epoch, last_ms, 'tsid');
    END IF;
    RETURN (((v >> seq_bits) - epoch) << ((_idgen_family_tsid() ->> 'mid_bits')::pg_catalog.int4 + seq_bits))
           | (node << seq_bits) | (v & ((1 << seq_bits) - 1));
END $$;

CREATE OR REPLACE FUNCTION sonyflake_id() RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    machine bigint := _idgen_node_id('sonyflake_id', 'Sonyflake IDs');
    unit constant int := (_idgen_family_sonyflake() ->> 'time_unit_ms')::pg_catalog.int4;
    seq_bits constant int := (_idgen_family_sonyflake() ->> 'seq_bits')::pg_catalog.int4;
    epoch constant bigint := (_idgen_family_sonyflake() ->> 'default_epoch_ms')::pg_catalog.int8;
    last_ms constant bigint := epoch + (_idgen_family_sonyflake() ->> 'max_time_ms')::pg_catalog.int8;  -- of the last unit
    now_units bigint := _idgen_clock_units(unit);
    v bigint := _idgen_advance('_idgen_sonyflake_state', now_units << seq_bits);
BEGIN
    IF (v >> seq_bits) > now_units THEN
        PERFORM _idgen_check_lead((v >> seq_bits) * unit, now_units * unit, 'sonyflake_id');
    END IF;
    IF (v >> seq_bits) < epoch / unit OR (v >> seq_bits) > last_ms / unit THEN
        PERFORM _idgen_raise_time((v >> seq_bits) * unit, epoch, last_ms, 'sonyflake_id');
    END IF;
    RETURN (((v >> seq_bits) - epoch / unit) << ((_idgen_family_sonyflake() ->> 'mid_bits')::pg_catalog.int4 + seq_bits))
           | ((v & ((1 << seq_bits) - 1)) << (_idgen_family_sonyflake() ->> 'mid_bits')::pg_catalog.int4) | machine;
END $$;

-- xid, SCRU128 and Timeflake (fixed-size types)
-- Without C there are no xid12, scru128 and timeflake types: an xid is
-- stored as bytea (its 12 bytes, an ObjectId's), a SCRU128 and a Timeflake
-- as uuid (the same 16 bytes in the same order, as a ULID). Their text is
-- one number in a positional alphabet, as the C edition's family table
-- says; the two helpers read and write it for all three.

-- The text of `id`'s bytes followed by pad_bits zero bits, in len digits.
CREATE OR REPLACE FUNCTION _idgen_radix_text(id bytea, digits text, len int, pad_bits int) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n numeric := 0;
    base int := pg_catalog.length(digits);
    out text := '';
BEGIN
    FOR i IN 0 .. pg_catalog.octet_length(id) - 1 LOOP
        n := n * 256 + pg_catalog.get_byte(id, i);
    END LOOP;
    n := n * pg_catalog.power(2::pg_catalog.numeric, pad_bits);
    FOR i IN 1 .. len LOOP
        out := pg_catalog.substr(digits, pg_catalog.mod(n, base)::pg_catalog.int4 + 1, 1) || out;
        n := pg_catalog.div(n, base);
    END LOOP;
    RETURN out;
END $$;

-- Refuses text as _idgen_check_text does (a character, then the length),
-- without its hint: xid12, scru128 and timeflake have no name(timestamptz).
-- shape, when given, is what the length detail names ("22 base62
-- characters, or 32 hex digits").
CREATE OR REPLACE FUNCTION _idgen_radix_check(t text, type_name text, display_name text, alphabet text,
                                              chars text, len int, shape text) RETURNS void
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    message text;
    detail text;
BEGIN
    PERFORM _idgen_check_text(t, type_name, display_name, alphabet, chars, len);
EXCEPTION WHEN invalid_text_representation THEN
    GET STACKED DIAGNOSTICS message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
    IF shape IS NOT NULL AND detail LIKE '% text is % characters; this is %' THEN
        detail := pg_catalog.format('%s text is %s; this is %s characters.', display_name, shape,
                                    pg_catalog.octet_length(pg_catalog.convert_to(t, pg_catalog.getdatabaseencoding())));
    END IF;
    RAISE EXCEPTION '%', message USING ERRCODE = 'invalid_text_representation', DETAIL = detail;
END $$;

-- The bytes of text already checked to be len characters of the alphabet
-- (digits; either_case: letters in either case), refusing a number past the
-- value's bytes (22003) and set padding bits (22P02), as the C edition does.
CREATE OR REPLACE FUNCTION _idgen_radix_parse(t text, type_name text, display_name text, digits text,
                                              value_bytes int, pad_bits int, either_case boolean,
                                              largest text) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    s text := CASE WHEN either_case THEN pg_catalog.lower(t) ELSE t END;
    base int := pg_catalog.length(digits);
    n numeric := 0;
    pad numeric := pg_catalog.power(2::pg_catalog.numeric, pad_bits);
    out bytea := pg_catalog.decode(pg_catalog.repeat('00', value_bytes), 'hex');
    last_digits text;
BEGIN
    FOR i IN 1 .. pg_catalog.length(s) LOOP
        n := n * base + pg_catalog.strpos(digits, pg_catalog.substr(s, i, 1)) - 1;
    END LOOP;
    IF n >= pg_catalog.power(2::pg_catalog.numeric, value_bytes * 8 + pad_bits) THEN
        RAISE EXCEPTION 'value out of range for type %: "%"', type_name, t
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('The largest %s is %s.', display_name, largest);
    END IF;
    IF pg_catalog.mod(n, pad) <> 0 THEN
        -- the digits a padded text may end in: every 2^pad_bits-th
        SELECT pg_catalog.string_agg(pg_catalog.substr(digits, d + 1, 1), '' ORDER BY d) INTO last_digits
          FROM pg_catalog.generate_series(0, base - 1, pad::pg_catalog.int4) d;
        RAISE EXCEPTION 'invalid input syntax for type %: "%"', type_name, t
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = pg_catalog.format('Character %s, "%s", sets padding bits: the low %s bits of the last '
                                             'character are always zero (it is one of "%s").',
                                             pg_catalog.length(t), pg_catalog.right(t, 1), pad_bits, last_digits);
    END IF;
    n := pg_catalog.div(n, pad);
    FOR i IN REVERSE value_bytes - 1 .. 0 LOOP
        out := pg_catalog.set_byte(out, i, pg_catalog.mod(n, 256)::pg_catalog.int4);
        n := pg_catalog.div(n, 256);
    END LOOP;
    RETURN out;
END $$;

-- xid (rs/xid): 20 base32hex characters in lower case; the last one's low
-- 4 bits are padding, always zero.
CREATE OR REPLACE FUNCTION xid_text(id bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_radix_text(_idgen_check_length(id, 'xid12', (_idgen_family_xid12() ->> 'value_bytes')::pg_catalog.int4),
                             _idgen_family_xid12() ->> 'digits', (_idgen_family_xid12() ->> 'text_len')::pg_catalog.int4,
                             (_idgen_family_xid12() ->> 'pad_bits')::pg_catalog.int4)
$$;
COMMENT ON FUNCTION xid_text(bytea) IS 'idgen SQL edition: the xid text of an xid stored as 12 bytes (the C edition: xid_text(xid12))';

CREATE OR REPLACE FUNCTION xid_parse(value text) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF value !~ (_idgen_family_xid12() ->> 'pattern') THEN
        PERFORM _idgen_radix_check(value, 'xid12', _idgen_family_xid12() ->> 'display_name', _idgen_family_xid12() ->> 'alphabet',
                                   _idgen_family_xid12() ->> 'chars', (_idgen_family_xid12() ->> 'text_len')::pg_catalog.int4, NULL);
    END IF;
    RETURN _idgen_radix_parse(value, 'xid12', _idgen_family_xid12() ->> 'display_name', _idgen_family_xid12() ->> 'digits',
                              (_idgen_family_xid12() ->> 'value_bytes')::pg_catalog.int4,
                              (_idgen_family_xid12() ->> 'pad_bits')::pg_catalog.int4,
                              (_idgen_family_xid12() ->> 'either_case')::pg_catalog.bool, _idgen_family_xid12() ->> 'largest');
END $$;
COMMENT ON FUNCTION xid_parse(text) IS 'idgen SQL edition: the 12 bytes of an xid''s text (the C edition: xid_parse(text) as xid12)';

-- An xid's field of `len` bytes from byte `first` (1-based), as an integer.
CREATE OR REPLACE FUNCTION _idgen_xid_field(id bytea, first int, len int) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ('x' || pg_catalog.encode(pg_catalog.substring(_idgen_check_length(id, 'xid12',
               (_idgen_family_xid12() ->> 'value_bytes')::pg_catalog.int4), first, len), 'hex'))
           ::pg_catalog.bit(32)::pg_catalog.int8 >> (32 - 8 * len)
$$;
CREATE OR REPLACE FUNCTION xid_timestamp(id bytea) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_from_unix_us(_idgen_xid_field(id, 1, 4) * 1000000)
$$;
CREATE OR REPLACE FUNCTION xid_machine(id bytea) RETURNS int
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_xid_field(id, 5, 3)::pg_catalog.int4
$$;
CREATE OR REPLACE FUNCTION xid_pid(id bytea) RETURNS int
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_xid_field(id, 8, 2)::pg_catalog.int4
$$;
CREATE OR REPLACE FUNCTION xid_counter(id bytea) RETURNS int
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_xid_field(id, 10, 3)::pg_catalog.int4
$$;

-- SCRU128: 25 base36 characters, read in either case, written in lower case.
CREATE OR REPLACE FUNCTION scru128_text(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_radix_text(pg_catalog.decode(pg_catalog.translate(id::pg_catalog.text, '-', ''), 'hex'),
                             _idgen_family_scru128() ->> 'digits', (_idgen_family_scru128() ->> 'text_len')::pg_catalog.int4,
                             (_idgen_family_scru128() ->> 'pad_bits')::pg_catalog.int4)
$$;
COMMENT ON FUNCTION scru128_text(uuid) IS 'idgen SQL edition: the SCRU128 text of a SCRU128 stored as uuid (the C edition: scru128_text(scru128))';

CREATE OR REPLACE FUNCTION scru128_parse(value text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF value !~ (_idgen_family_scru128() ->> 'pattern') THEN
        PERFORM _idgen_radix_check(value, 'scru128', _idgen_family_scru128() ->> 'display_name',
                                   _idgen_family_scru128() ->> 'alphabet', _idgen_family_scru128() ->> 'chars',
                                   (_idgen_family_scru128() ->> 'text_len')::pg_catalog.int4, NULL);
    END IF;
    RETURN pg_catalog.encode(_idgen_radix_parse(value, 'scru128', _idgen_family_scru128() ->> 'display_name',
                                                _idgen_family_scru128() ->> 'digits',
                                                (_idgen_family_scru128() ->> 'value_bytes')::pg_catalog.int4,
                                                (_idgen_family_scru128() ->> 'pad_bits')::pg_catalog.int4,
                                                (_idgen_family_scru128() ->> 'either_case')::pg_catalog.bool,
                                                _idgen_family_scru128() ->> 'largest'), 'hex')::pg_catalog.uuid;
END $$;
COMMENT ON FUNCTION scru128_parse(text) IS 'idgen SQL edition: the SCRU128 (as uuid) of its text (the C edition: scru128_parse(text))';

CREATE OR REPLACE FUNCTION scru128_timestamp(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(id)  -- the first 48 bits: Unix ms, as a ULID's
$$;

-- Timeflake: 22 base62 characters 0-9A-Za-z (case is a digit's value), or
-- 32 hex digits in either case; written in base62.
CREATE OR REPLACE FUNCTION timeflake_text(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_radix_text(pg_catalog.decode(pg_catalog.translate(id::pg_catalog.text, '-', ''), 'hex'),
                             _idgen_family_timeflake() ->> 'digits', (_idgen_family_timeflake() ->> 'text_len')::pg_catalog.int4,
                             (_idgen_family_timeflake() ->> 'pad_bits')::pg_catalog.int4)
$$;
COMMENT ON FUNCTION timeflake_text(uuid) IS 'idgen SQL edition: the Timeflake text of a Timeflake stored as uuid (the C edition: timeflake_text(timeflake))';

CREATE OR REPLACE FUNCTION timeflake_parse(value text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    -- other_text_len bytes are hex (an ObjectId's alphabet), as the C edition counts them
    IF pg_catalog.octet_length(pg_catalog.convert_to(value, pg_catalog.getdatabaseencoding()))
       = (_idgen_family_timeflake() ->> 'other_text_len')::pg_catalog.int4 THEN
        IF value !~ ('^[' || (_idgen_family_objectid() ->> 'char_class') || ']{' || (_idgen_family_timeflake() ->> 'other_text_len') || '}$') THEN
            PERFORM _idgen_radix_check(value, 'timeflake', _idgen_family_timeflake() ->> 'display_name', _idgen_family_timeflake() ->> 'alphabet', _idgen_family_objectid() ->> 'chars',
                                       (_idgen_family_timeflake() ->> 'other_text_len')::pg_catalog.int4, _idgen_family_timeflake() ->> 'text_shape');
        END IF;
        RETURN value::pg_catalog.uuid;
    END IF;
    IF value !~ (_idgen_family_timeflake() ->> 'pattern') THEN
        PERFORM _idgen_radix_check(value, 'timeflake', _idgen_family_timeflake() ->> 'display_name', _idgen_family_timeflake() ->> 'alphabet', _idgen_family_timeflake() ->> 'chars',
                                   (_idgen_family_timeflake() ->> 'text_len')::pg_catalog.int4, _idgen_family_timeflake() ->> 'text_shape');
    END IF;
    RETURN pg_catalog.encode(_idgen_radix_parse(value, 'timeflake', _idgen_family_timeflake() ->> 'display_name', _idgen_family_timeflake() ->> 'digits',
                                                (_idgen_family_timeflake() ->> 'value_bytes')::pg_catalog.int4, (_idgen_family_timeflake() ->> 'pad_bits')::pg_catalog.int4,
                                                (_idgen_family_timeflake() ->> 'either_case')::pg_catalog.bool, _idgen_family_timeflake() ->> 'largest'), 'hex')::pg_catalog.uuid;
END $$;
COMMENT ON FUNCTION timeflake_parse(text) IS 'idgen SQL edition: the Timeflake (as uuid) of its text (the C edition: timeflake_parse(text))';

CREATE OR REPLACE FUNCTION timeflake_timestamp(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(id)  -- the first 48 bits: Unix ms, as a ULID's
$$;

-- timeflake(): a Timeflake's bits are a ULID's, so ulid()'s (as the C edition)
CREATE OR REPLACE FUNCTION timeflake() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid()
$$;

-- TypeID
-- TypeID as text in its canonical form (what the C edition's typeid_text
-- gives): a column of it moves up to the C extension's type with
-- ALTER TABLE ... ALTER COLUMN id TYPE typeid USING id::typeid, and under
-- COLLATE "C" it sorts as the typeid type does (prefix, then UUID: '_' sorts
-- below the letters, and a suffix starts with a digit). The suffix is the
-- UUID's ULID text in lower case: ulid_parse and ulid_text read and write it.

-- text[pos] (a byte of the database encoding, 1-based) in a message, as the C edition names it
CREATE OR REPLACE FUNCTION _idgen_character_name(c int, pos int) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN c >= 32 AND c < 127 THEN pg_catalog.format('Character %s, "%s"', pos, pg_catalog.chr(c))
                ELSE pg_catalog.format('Byte %s, 0x%s', pos, pg_catalog.upper(pg_catalog.lpad(pg_catalog.to_hex(c), 2, '0'))) END
$$;

-- What is wrong with a prefix, as the C edition's detail says it; NULL: nothing.
CREATE OR REPLACE FUNCTION _idgen_typeid_prefix_fault(p text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    b bytea := pg_catalog.convert_to(p, pg_catalog.getdatabaseencoding());
    n int := pg_catalog.octet_length(b);
    c int;
BEGIN
    FOR i IN 0 .. n - 1 LOOP
        c := pg_catalog.get_byte(b, i);
        IF NOT (c BETWEEN 97 AND 122 OR c = 95) THEN
            RETURN _idgen_character_name(c, i + 1) || ', is not a lower-case letter or "_".';
        END IF;
    END LOOP;
    IF n > 0 AND pg_catalog.get_byte(b, 0) = 95 THEN
        RETURN 'Character 1, "_", starts or ends the prefix.';
    ELSIF n > 0 AND pg_catalog.get_byte(b, n - 1) = 95 THEN
        RETURN pg_catalog.format('Character %s, "_", starts or ends the prefix.', n);
    ELSIF n > (_idgen_family_typeid() ->> 'prefix_max_len')::pg_catalog.int4 THEN
        RETURN pg_catalog.format('The prefix is %s characters, more than %s.', n, _idgen_family_typeid() ->> 'prefix_max_len');
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION _idgen_typeid_prefix_rule() RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_family_typeid() ->> 'prefix_rule'
$$;

-- A prefix argument: itself, or the C edition's 22023 naming it and the rule.
CREATE OR REPLACE FUNCTION _idgen_typeid_prefix(p text, fn text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    detail text;
BEGIN
    IF p ~ (_idgen_family_typeid() ->> 'prefix_pattern') THEN
        RETURN p;
    END IF;
    detail := _idgen_typeid_prefix_fault(p);
    RAISE EXCEPTION 'invalid TypeID prefix for %: "%"', fn, p
        USING ERRCODE = 'invalid_parameter_value', DETAIL = detail, HINT = _idgen_typeid_prefix_rule();
END $$;

-- TypeID text: itself when valid, else the C edition's refusal of it as typeid input.
CREATE OR REPLACE FUNCTION typeid_parse(t text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    sep int;        -- characters before the last '_' (the prefix), or -1
    prefix text;
    b bytea;        -- the suffix's bytes
    at int;         -- the suffix's first byte in the text, 0-based
    c int;
    detail text;
BEGIN
    -- the prefix's pattern and its '_', then a suffix no larger than the largest
    IF t ~ ('^(' || pg_catalog.rtrim(pg_catalog.ltrim(_idgen_family_typeid() ->> 'prefix_pattern', '^'), '?$') || '_)?'
            || '[' || pg_catalog.left(_idgen_family_typeid() ->> 'digits', 1) || '-' || pg_catalog.left(_idgen_family_typeid() ->> 'largest', 1)
            || '][' || (_idgen_family_typeid() ->> 'char_class') || ']{' || ((_idgen_family_typeid() ->> 'text_len')::pg_catalog.int4 - 1) || '}$') THEN
        RETURN t;
    END IF;
    sep := CASE WHEN pg_catalog.strpos(t, '_') = 0 THEN -1
                ELSE pg_catalog.length(t) - pg_catalog.strpos(pg_catalog.reverse(t), '_') END;
    IF sep = 0 THEN
        detail := 'Character 1, "_", starts or ends the prefix.';
    ELSIF sep > 0 THEN
        prefix := pg_catalog.left(t, sep);
        detail := _idgen_typeid_prefix_fault(prefix);
    END IF;
    IF detail IS NOT NULL THEN
        RAISE EXCEPTION 'invalid input syntax for type typeid: "%"', t
            USING ERRCODE = 'invalid_text_representation', DETAIL = detail, HINT = _idgen_typeid_prefix_rule();
    END IF;
    at := CASE WHEN sep < 0 THEN 0 ELSE pg_catalog.octet_length(prefix) + 1 END;
    b := pg_catalog.convert_to(pg_catalog.substr(t, sep + 2), pg_catalog.getdatabaseencoding());
    FOR i IN 0 .. pg_catalog.octet_length(b) - 1 LOOP
        c := pg_catalog.get_byte(b, i);
        CONTINUE WHEN c < 128 AND pg_catalog.strpos(_idgen_family_typeid() ->> 'chars', pg_catalog.chr(c)) > 0;
        detail := _idgen_character_name(c, at + i + 1) || ', is not in ' || (_idgen_family_typeid() ->> 'alphabet') || '.';
        IF _idgen_is_timestamptz(t) THEN
            RAISE EXCEPTION 'invalid input syntax for type typeid: "%"', t
                USING ERRCODE = 'invalid_text_representation', DETAIL = detail,
                      HINT = pg_catalog.format('To make one for a time, write %s.', _idgen_family_typeid() ->> 'maker_at');
        END IF;
        RAISE EXCEPTION 'invalid input syntax for type typeid: "%"', t
            USING ERRCODE = 'invalid_text_representation', DETAIL = detail;
    END LOOP;
    IF pg_catalog.octet_length(b) <> (_idgen_family_typeid() ->> 'text_len')::pg_catalog.int4 THEN
        RAISE EXCEPTION 'invalid input syntax for type typeid: "%"', t
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = pg_catalog.format('The suffix after the last "_" is %s characters; a TypeID''s is %s.',
                                             pg_catalog.octet_length(b), _idgen_family_typeid() ->> 'text_len');
    END IF;
    RAISE EXCEPTION 'value out of range for type typeid: "%"', t
        USING ERRCODE = 'numeric_value_out_of_range',
              DETAIL = pg_catalog.format('The largest TypeID is %s.', _idgen_family_typeid() ->> 'largest');
END $$;
COMMENT ON FUNCTION typeid_parse(text) IS 'idgen SQL edition: the TypeID text, checked (the C edition: text::typeid)';

CREATE OR REPLACE FUNCTION typeid_text(id text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT typeid_parse(id)
$$;
COMMENT ON FUNCTION typeid_text(text) IS 'idgen SQL edition: the TypeID text, checked (the C edition: id::text)';

CREATE OR REPLACE FUNCTION typeid_prefix(id text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.left(t, GREATEST(pg_catalog.length(t) - (_idgen_family_typeid() ->> 'text_len')::pg_catalog.int4 - 1, 0))
      FROM typeid_parse(id) t
$$;

CREATE OR REPLACE FUNCTION typeid_uuid(id text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_parse(pg_catalog.right(typeid_parse(id), (_idgen_family_typeid() ->> 'text_len')::pg_catalog.int4))
$$;

CREATE OR REPLACE FUNCTION typeid_timestamp(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT uuid_v7_timestamp(typeid_uuid(id))
$$;

CREATE OR REPLACE FUNCTION _idgen_typeid_of(prefix text, id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT prefix || CASE WHEN prefix = '' THEN '' ELSE '_' END || pg_catalog.lower(ulid_text(id))
$$;

CREATE OR REPLACE FUNCTION typeid_from_uuid(prefix text, id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_typeid_of(_idgen_typeid_prefix(prefix, 'typeid_from_uuid'), id)
$$;

-- A prefix and a time for fn: the prefix, checked, then the time (the C edition's order).
CREATE OR REPLACE FUNCTION _idgen_typeid_at(prefix text, ts timestamptz, fn text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_typeid_prefix(prefix, fn), _idgen_ulid_ms(ts, fn);
    RETURN prefix;
END $$;

CREATE OR REPLACE FUNCTION typeid_from_time(prefix text, ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_typeid_of(_idgen_typeid_at(prefix, ts, 'typeid_from_time'), uuid_v7_from_time(ts))
$$;
COMMENT ON FUNCTION typeid_from_time(text, timestamptz) IS
    'idgen SQL edition: smallest TypeID of the prefix in that millisecond: id COLLATE "C" >= typeid_from_time(p, t1) AND id COLLATE "C" < typeid_from_time(p, t2)';

-- typeid_generate(prefix): uuid_v7()'s UUID, increasing within the session as it is
CREATE OR REPLACE FUNCTION typeid_generate(prefix text) RETURNS text
    LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_typeid_of(_idgen_typeid_prefix(prefix, 'typeid_generate'), uuid_v7())
$$;

CREATE OR REPLACE FUNCTION typeid_generate(prefix text, at timestamptz) RETURNS text
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_typeid_of(_idgen_typeid_at(prefix, at, 'typeid_generate'), uuid_v7(at))
$$;

CREATE OR REPLACE FUNCTION typeid_has_prefix(id text, prefix text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT typeid_prefix(id) = _idgen_typeid_prefix(prefix, 'typeid_has_prefix')
$$;
COMMENT ON FUNCTION typeid_has_prefix(text, text) IS
    'idgen SQL edition: whether the TypeID has this prefix (an index on id COLLATE "C" answers the range typeid_from_uuid(p, uuid_min()) .. typeid_from_uuid(p, uuid_max()))';

-- KSUID-ms, nanoid, cuid2 and push IDs
-- KSUID-ms (svix): a KSUID (20 bytes) whose 5th byte is (ms % 1000) >> 2.
CREATE OR REPLACE FUNCTION ksuid_ms_timestamp(id bytea) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_from_unix_us(((_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8
           + ('x' || pg_catalog.encode(pg_catalog.substring(_idgen_check_length(id, 'ksuid',
                 (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4), 1, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8 * 1000
           + pg_catalog.get_byte(id, 4) * 4 % 1000) * 1000)
$$;

-- "Within one tick the random part is the last one's plus one", for
-- ksuid_ms() and pushid() as ascending_random.hpp does it in the C edition:
-- a new tick draws fresh random bits; the same tick, or a clock behind the
-- session's last, keeps the last tick and adds one to its random bits; if
-- that carries out of them, the next tick begins. The random bits are two
-- halves of half_bits (60 at most) each, kept with the tick in the setting
-- idgen_sql.<name> as tick:hi:lo.
CREATE OR REPLACE FUNCTION _idgen_ascending_random(name text, now_tick bigint, half_bits int,
                                                   OUT tick bigint, OUT hi bigint, OUT lo bigint)
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    state text[] := pg_catalog.string_to_array(NULLIF(pg_catalog.current_setting('idgen_sql.' || name, true), ''), ':');
    half bigint := 1::pg_catalog.int8 << half_bits;
    r text;
BEGIN
    tick := now_tick;
    IF state IS NOT NULL AND state[1]::pg_catalog.int8 >= now_tick THEN
        tick := state[1]::pg_catalog.int8;
        hi := state[2]::pg_catalog.int8;
        lo := state[3]::pg_catalog.int8 + 1;
        IF lo = half THEN  -- carry
            lo := 0;
            hi := hi + 1;
        END IF;
        IF hi = half THEN  -- the tick is used up
            tick := tick + 1;
            hi := NULL;
        END IF;
    END IF;
    IF hi IS NULL THEN
        r := _idgen_random_hex();  -- 30 hex digits: two halves of up to 60 bits
        hi := ('x' || pg_catalog.lpad(pg_catalog.left(r, 15), 16, '0'))::pg_catalog.bit(64)::pg_catalog.int8 & (half - 1);
        lo := ('x' || pg_catalog.lpad(pg_catalog.right(r, 15), 16, '0'))::pg_catalog.bit(64)::pg_catalog.int8 & (half - 1);
    END IF;
    PERFORM pg_catalog.set_config('idgen_sql.' || name, tick || ':' || hi || ':' || lo, false);
END $$;

-- ksuid_ms(): the tick (4 ms) of the clock, then 120 random bits, the last
-- ones plus one within a tick (_idgen_ascending_random).
CREATE OR REPLACE FUNCTION ksuid_ms() RETURNS bytea
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    now_ts timestamptz := pg_catalog.clock_timestamp();
    ms bigint := pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000
                 + pg_catalog.floor(pg_catalog.date_part('microseconds', now_ts) / 1000)::pg_catalog.int8;
    a record := _idgen_ascending_random('ksuid_ms', ms / 4, 60);
    epoch_ms constant bigint := (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8;
BEGIN
    IF a.tick / 250 < epoch_ms / 1000 OR a.tick / 250 > (epoch_ms + (_idgen_family_ksuid() ->> 'max_time_ms')::pg_catalog.int8) / 1000 THEN
        PERFORM _idgen_raise_time(a.tick / 250 * 1000, epoch_ms,
                                  epoch_ms + (_idgen_family_ksuid() ->> 'max_time_ms')::pg_catalog.int8, 'ksuid_ms');
    END IF;
    RETURN pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(a.tick / 250 - epoch_ms / 1000), 8, '0')
                             || pg_catalog.lpad(pg_catalog.to_hex(a.tick % 250), 2, '0')
                             || pg_catalog.lpad(pg_catalog.to_hex(a.hi), 15, '0')
                             || pg_catalog.lpad(pg_catalog.to_hex(a.lo), 15, '0'), 'hex');
END $$;

-- nanoid: symbols drawn without modulo bias (nanoid's customRandom: a byte at
-- or above the largest multiple of the alphabet's size is dropped), 15
-- random bytes at a time from gen_random_uuid().
CREATE OR REPLACE FUNCTION nanoid(size int, alphabet text) RETURNS text
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    symbols text[] := pg_catalog.regexp_split_to_array(alphabet, '');
    n int := pg_catalog.length(alphabet);  -- the split of '' is {""}
    repeated record;
    cutoff int;
    r text;
    b int;
    out text := '';
    got int := 0;
BEGIN
    IF size < 1 OR size > 1024 THEN
        RAISE EXCEPTION 'size % is out of range for nanoid', size
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid sizes are 1 to 1024 characters.';
    END IF;
    IF n < 2 OR n > 256 THEN
        RAISE EXCEPTION 'alphabet "%" is out of range for nanoid', alphabet
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('It has %s characters; an alphabet has 2 to 256 distinct characters.', n);
    END IF;
    SELECT a.i, pg_catalog.min(f.i) AS first, a.s INTO repeated
      FROM pg_catalog.unnest(symbols) WITH ORDINALITY a(s, i)
      JOIN pg_catalog.unnest(symbols) WITH ORDINALITY f(s, i) ON f.s = a.s COLLATE "C" AND f.i < a.i
     GROUP BY a.i, a.s ORDER BY a.i LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'alphabet "%" repeats "%" for nanoid', alphabet, repeated.s
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Character %s is character %s again; a repeated character would come up '
                                             'more often than the others.', repeated.i, repeated.first);
    END IF;
    cutoff := 256 - 256 % n;
    LOOP
        r := _idgen_random_hex();
        FOR k IN 0 .. 14 LOOP
            b := ('x' || pg_catalog.substr(r, 2 * k + 1, 2))::pg_catalog.bit(8)::pg_catalog.int4;
            CONTINUE WHEN b >= cutoff;
            out := out || symbols[b % n + 1];
            got := got + 1;
            IF got = size THEN
                RETURN out;
            END IF;
        END LOOP;
    END LOOP;
END $$;

-- nanoid(size): the URL-safe alphabet of 64 symbols, a byte's low 6 bits each.
CREATE OR REPLACE FUNCTION nanoid(size int) RETURNS text
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    r text;
    out text := '';
BEGIN
    IF size < 1 OR size > 1024 THEN
        RAISE EXCEPTION 'size % is out of range for nanoid', size
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid sizes are 1 to 1024 characters.';
    END IF;
    WHILE pg_catalog.length(out) < size LOOP
        r := _idgen_random_hex();
        FOR k IN 0 .. LEAST(14, size - pg_catalog.length(out) - 1) LOOP
            out := out || pg_catalog.substr(_idgen_nanoid_alphabet(),
                                            (('x' || pg_catalog.substr(r, 2 * k + 1, 2))::pg_catalog.bit(8)::pg_catalog.int4 & 63) + 1, 1);
        END LOOP;
    END LOOP;
    RETURN out;
END $$;

CREATE OR REPLACE FUNCTION nanoid() RETURNS text
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT nanoid(21)
$$;

-- cuid2: the reference's isCuid. cuid2() itself needs SHA3-512, which
-- PostgreSQL's SQL lacks (pgcrypto's digest() neither): here it refuses,
-- naming the way out, rather than hash with something else.
CREATE OR REPLACE FUNCTION cuid2_is_valid(id text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.octet_length(id) BETWEEN 2 AND 32 AND id ~ '^[a-z][0-9a-z]+$'
$$;

CREATE OR REPLACE FUNCTION cuid2(length int) RETURNS text
    LANGUAGE plpgsql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'cuid2() is not in the idgen SQL edition'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = 'cuid2 hashes with SHA3-512, which PostgreSQL''s SQL does not have.',
              HINT = 'Use the C extension, or make cuid2 IDs in the application; cuid2_is_valid() works here.';
END $$;

CREATE OR REPLACE FUNCTION cuid2() RETURNS text
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT cuid2(24)
$$;

-- Firebase push IDs: 8 characters of Unix ms, 12 of 72 random bits, in an
-- alphabet in ASCII order.
CREATE OR REPLACE FUNCTION pushid_timestamp(id text) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    b bytea := pg_catalog.convert_to(id, pg_catalog.getdatabaseencoding());
    n int := pg_catalog.octet_length(b);
    c int;
    ms bigint := 0;
BEGIN
    IF id !~ (_idgen_family_pushid() ->> 'pattern') THEN
        FOR i IN 0 .. n - 1 LOOP
            c := pg_catalog.get_byte(b, i);
            CONTINUE WHEN c < 128 AND pg_catalog.strpos(_idgen_family_pushid() ->> 'chars', pg_catalog.chr(c)) > 0;
            RAISE EXCEPTION 'invalid input syntax for a push ID: "%"', id
                USING ERRCODE = 'invalid_text_representation',
                      DETAIL = _idgen_character_name(c, i + 1) || ', is not in ' || (_idgen_family_pushid() ->> 'alphabet') || '.';
        END LOOP;
        RAISE EXCEPTION 'invalid input syntax for a push ID: "%"', id
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = pg_catalog.format('A push ID''s text is %s characters; this is %s.', _idgen_family_pushid() ->> 'text_len', n);
    END IF;
    -- the time's characters: the 48 bits of max_time_ms, 6 to a character
    FOR i IN 1 .. 8 LOOP
        ms := ms * 64 + pg_catalog.strpos(_idgen_family_pushid() ->> 'digits', pg_catalog.substr(id, i, 1)) - 1;
    END LOOP;
    RETURN _idgen_from_unix_us(ms * 1000);
END $$;

-- pushid(): within one ms of the session's last (or a clock behind it) the
-- last random part plus one, as Firebase's client and the C edition do
-- (_idgen_ascending_random, with 72 random bits in two halves of 36).
CREATE OR REPLACE FUNCTION pushid() RETURNS text
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    now_ts timestamptz := pg_catalog.clock_timestamp();
    a record := _idgen_ascending_random('pushid',
        pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000
        + pg_catalog.floor(pg_catalog.date_part('microseconds', now_ts) / 1000)::pg_catalog.int8, 36);
    out text := '';
BEGIN
    IF a.tick < 0 OR a.tick > (_idgen_family_pushid() ->> 'max_time_ms')::pg_catalog.int8 THEN
        PERFORM _idgen_raise_time(a.tick, 0, (_idgen_family_pushid() ->> 'max_time_ms')::pg_catalog.int8, 'pushid');
    END IF;
    -- 20 characters of 6 bits: 8 of the ms, 6 of each random half
    FOR i IN 0 .. (_idgen_family_pushid() ->> 'text_len')::pg_catalog.int4 - 1 LOOP
        out := out || pg_catalog.substr(_idgen_family_pushid() ->> 'digits',
            ((CASE WHEN i < 8 THEN a.tick >> (6 * (7 - i)) WHEN i < 14 THEN a.hi >> (6 * (13 - i))
                   ELSE a.lo >> (6 * (19 - i)) END) & 63)::pg_catalog.int4 + 1, 1);
    END LOOP;
    RETURN out;
END $$;

------------------------------------------------------------------------------
-- Partitioning by the time inside an ID (0.6.0): pg_partman 5's encoder and
-- decoder pairs for text and uuid keys, the interval and start of its
-- integer partitioning for bigint keys, the range bounds of xid, SCRU128 and
-- Timeflake, and idgen_partition_maintain (here for UUIDv7 keys: this
-- edition's other IDs are uuid, bytea and text, which it cannot tell apart).

-- The smallest 16 bytes of a millisecond: 48-bit ms, the rest zero (ULID,
-- SCRU128 and Timeflake alike).
CREATE OR REPLACE FUNCTION _idgen_ms48_bound(ts timestamptz, fn text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT (pg_catalog.lpad(pg_catalog.to_hex(_idgen_ulid_ms(ts, fn)), 12, '0') || '00000000000000000000')::pg_catalog.uuid
$$;

-- The smallest 32-bit seconds ID of a second (KSUID, xid): its seconds
-- since first_s, then zero bytes.
CREATE OR REPLACE FUNCTION _idgen_s32_bound(ts timestamptz, first_s bigint, zero_bytes int, fn text) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(_idgen_seconds32(ts, first_s, fn) - first_s), 8, '0')
                             || pg_catalog.repeat('00', zero_bytes), 'hex')
$$;

CREATE OR REPLACE FUNCTION xid_from_time(ts timestamptz) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_s32_bound(ts, (_idgen_family_xid12() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000, (_idgen_family_xid12() ->> 'value_bytes')::pg_catalog.int4 - 4, 'xid_from_time')
$$;
CREATE OR REPLACE FUNCTION scru128_from_time(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_ms48_bound(ts, 'scru128_from_time')
$$;
CREATE OR REPLACE FUNCTION timeflake_from_time(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_ms48_bound(ts, 'timeflake_from_time')
$$;

-- text keys: the encoder is the smallest text of its time, the decoder the
-- time of a text (COLLATE "C": the text sorts by time byte by byte)
CREATE OR REPLACE FUNCTION ulid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_text(_idgen_ms48_bound(ts, 'ulid_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION ulid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(ulid_parse(id))
$$;
CREATE OR REPLACE FUNCTION ksuid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ksuid_text(_idgen_s32_bound(ts, (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000,
                                       (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4 - 4, 'ksuid_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION ksuid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ksuid_timestamp(ksuid_parse(id))
$$;
CREATE OR REPLACE FUNCTION xid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT xid_text(_idgen_s32_bound(ts, (_idgen_family_xid12() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000, (_idgen_family_xid12() ->> 'value_bytes')::pg_catalog.int4 - 4, 'xid_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION xid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT xid_timestamp(xid_parse(id))
$$;
CREATE OR REPLACE FUNCTION scru128_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT scru128_text(_idgen_ms48_bound(ts, 'scru128_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION scru128_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT scru128_timestamp(scru128_parse(id))
$$;
CREATE OR REPLACE FUNCTION timeflake_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT timeflake_text(_idgen_ms48_bound(ts, 'timeflake_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION timeflake_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT timeflake_timestamp(timeflake_parse(id))
$$;
-- TSID: 42-bit ms since 2020-01-01, up to the sign bit
CREATE OR REPLACE FUNCTION tsid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    ms bigint := _idgen_unix_ms(ts, 'tsid_text_time_encoder');
    epoch_ms bigint := (_idgen_family_tsid() ->> 'default_epoch_ms')::pg_catalog.int8;
    last_ms bigint := epoch_ms + (_idgen_family_tsid() ->> 'max_time_ms')::pg_catalog.int8;
BEGIN
    IF ms < epoch_ms OR ms > last_ms THEN
        PERFORM _idgen_raise_time(ms, epoch_ms, last_ms, 'tsid_text_time_encoder');
    END IF;
    RETURN tsid_text((ms - epoch_ms) << ((_idgen_family_tsid() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_tsid() ->> 'seq_bits')::pg_catalog.int4));
END $$;
CREATE OR REPLACE FUNCTION tsid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT tsid_timestamp(tsid_parse(id))
$$;
-- push ID: the ms's 8 characters (48 bits), then the alphabet's first, '-', for the rest
CREATE OR REPLACE FUNCTION pushid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.string_agg(pg_catalog.substr(_idgen_family_pushid() ->> 'digits',
                                                   ((ms >> (6 * (7 - i))) & 63)::pg_catalog.int4 + 1, 1), '' ORDER BY i)
           || pg_catalog.repeat(pg_catalog.left(_idgen_family_pushid() ->> 'digits', 1),
                                (_idgen_family_pushid() ->> 'text_len')::pg_catalog.int4 - 8)
      FROM (SELECT _idgen_ulid_ms(ts, 'pushid_text_time_encoder') AS ms) m, pg_catalog.generate_series(0, 7) i
$$;
CREATE OR REPLACE FUNCTION pushid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pushid_timestamp(id)
$$;
-- TypeID: the time checked first, so that its refusal names the encoder;
-- then typeid_from_time's (the prefix's refusal names it, as in C)
CREATE OR REPLACE FUNCTION typeid_text_time_encoder(prefix text, ts timestamptz) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_ulid_ms(ts, 'typeid_text_time_encoder');
    RETURN typeid_from_time(prefix, ts);
END $$;
CREATE OR REPLACE FUNCTION typeid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT typeid_text_time_encoder('', ts)
$$;
CREATE OR REPLACE FUNCTION typeid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    u uuid := typeid_uuid(id);
BEGIN
    IF uuid_version(u) IS DISTINCT FROM 7 THEN
        RAISE EXCEPTION 'TypeID "%" carries no time', id
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Its UUID is not a version 7 UUID; typeid_text_time_decoder reads the time of those only.';
    END IF;
    RETURN uuid_v7_timestamp(u);
END $$;

-- uuid keys: decoders take text (pg_partman 5.2) and uuid
CREATE OR REPLACE FUNCTION ulid_uuid_time_encoder(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_ms48_bound(ts, 'ulid_uuid_time_encoder')
$$;
CREATE OR REPLACE FUNCTION ulid_uuid_time_decoder(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(id)
$$;
CREATE OR REPLACE FUNCTION ulid_uuid_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(id::pg_catalog.uuid)
$$;
CREATE OR REPLACE FUNCTION uuid_v6_time_encoder(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT uuid_v6_from_time(ts)
$$;
CREATE OR REPLACE FUNCTION uuid_v6_time_decoder(id uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF uuid_version(id) IS DISTINCT FROM 6 THEN
        RAISE EXCEPTION 'UUID "%" is not a version 6 UUID', id
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'uuid_v6_time_decoder reads the time of version 6 UUIDs only.';
    END IF;
    RETURN uuid_timestamp(id);
END $$;
CREATE OR REPLACE FUNCTION uuid_v6_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT uuid_v6_time_decoder(id::pg_catalog.uuid)
$$;

-- bigint keys: a family's layout, from the family table: its display
-- name, time shift, time unit, epoch (its setting's where it has one), the
-- largest time field in units and the longest span (TSID's field reaches
-- the sign bit, where no positive interval follows)
CREATE OR REPLACE FUNCTION _idgen_bigint_layout(family text, fn text,
    OUT display text, OUT shift int, OUT unit_ms bigint, OUT epoch_ms bigint, OUT max_units bigint, OUT longest bigint)
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    t text;
    sign_bit boolean;
    max_ms bigint;
BEGIN
    SELECT v.d, v.s, v.u, v.e, v.m, v.sb, v.setting INTO display, shift, unit_ms, epoch_ms, max_ms, sign_bit, t
      FROM (VALUES ('snowflake', _idgen_family_snowflake() ->> 'display_name',
                    (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_snowflake() ->> 'seq_bits')::pg_catalog.int4,
                    (_idgen_family_snowflake() ->> 'time_unit_ms')::pg_catalog.int8,
                    (_idgen_family_snowflake() ->> 'default_epoch_ms')::pg_catalog.int8,
                    (_idgen_family_snowflake() ->> 'max_time_ms')::pg_catalog.int8,
                    (_idgen_family_snowflake() ->> 'time_in_sign_bit')::pg_catalog.bool, 'idgen.snowflake_epoch'),
                   ('shard', _idgen_family_shard() ->> 'display_name',
                    (_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4,
                    (_idgen_family_shard() ->> 'time_unit_ms')::pg_catalog.int8,
                    (_idgen_family_shard() ->> 'default_epoch_ms')::pg_catalog.int8,
                    (_idgen_family_shard() ->> 'max_time_ms')::pg_catalog.int8,
                    (_idgen_family_shard() ->> 'time_in_sign_bit')::pg_catalog.bool, 'idgen.shard_epoch'),
                   ('tsid', _idgen_family_tsid() ->> 'display_name',
                    (_idgen_family_tsid() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_tsid() ->> 'seq_bits')::pg_catalog.int4,
                    (_idgen_family_tsid() ->> 'time_unit_ms')::pg_catalog.int8,
                    (_idgen_family_tsid() ->> 'default_epoch_ms')::pg_catalog.int8,
                    (_idgen_family_tsid() ->> 'max_time_ms')::pg_catalog.int8,
                    (_idgen_family_tsid() ->> 'time_in_sign_bit')::pg_catalog.bool, NULL),
                   ('sonyflake', _idgen_family_sonyflake() ->> 'display_name',
                    (_idgen_family_sonyflake() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_sonyflake() ->> 'seq_bits')::pg_catalog.int4,
                    (_idgen_family_sonyflake() ->> 'time_unit_ms')::pg_catalog.int8,
                    (_idgen_family_sonyflake() ->> 'default_epoch_ms')::pg_catalog.int8,
                    (_idgen_family_sonyflake() ->> 'max_time_ms')::pg_catalog.int8,
                    (_idgen_family_sonyflake() ->> 'time_in_sign_bit')::pg_catalog.bool, NULL))
           AS v(f, d, s, u, e, m, sb, setting)
     WHERE v.f = family;
    IF NOT FOUND THEN
        RAISE EXCEPTION '"%" is not a bigint ID family % partitions', family, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'The bigint families are snowflake, shard, tsid and sonyflake.';
    END IF;
    max_units := max_ms / unit_ms;
    longest := CASE WHEN sign_bit THEN max_units >> 1 ELSE max_units END;
    IF t IS NOT NULL THEN
        t := pg_catalog.current_setting(t, true);
        IF t IS NOT NULL AND t <> '' THEN
            epoch_ms := CASE WHEN t ~ '^[0-9]{1,13}$' AND t::pg_catalog.int8 <= _idgen_max_epoch_ms() THEN t::pg_catalog.int8
                             ELSE _idgen_setting(CASE family WHEN 'shard' THEN 'idgen.shard_epoch' ELSE 'idgen.snowflake_epoch' END,
                                                 epoch_ms, _idgen_max_epoch_ms()) END;
        END IF;
    END IF;
END $$;

CREATE OR REPLACE FUNCTION idgen_partition_interval(family text, span interval) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record;
    us numeric := _idgen_span_us(span);
BEGIN
    IF family NOT IN ('snowflake', 'shard', 'tsid', 'sonyflake') THEN
        RETURN _idgen_layout_partition_interval(family, span);
    END IF;
    l := _idgen_bigint_layout(family, 'idgen_partition_interval');
    IF pg_catalog.date_part('year', span) <> 0 OR pg_catalog.date_part('month', span) <> 0 THEN
        RAISE EXCEPTION 'interval "%" has no fixed length for idgen_partition_interval', span
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('A %s''s time is a count of milliseconds: give the span in days, hours, minutes or seconds.', l.display);
    END IF;
    IF us % 1000 <> 0 OR us < l.unit_ms * 1000 OR (us / 1000) % l.unit_ms <> 0 OR us / 1000 / l.unit_ms > l.longest THEN
        RAISE EXCEPTION 'interval "%" is out of range for idgen_partition_interval of %', span, family
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('A span is a whole number of %s ms units, from %s ms to %s ms: what the IDs'' time field holds.',
                                             l.unit_ms, l.unit_ms, l.longest * l.unit_ms);
    END IF;
    RETURN ((us / 1000 / l.unit_ms)::pg_catalog.int8) << l.shift;
END $$;

CREATE OR REPLACE FUNCTION idgen_partition_start(family text, ts timestamptz) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record;
    ms bigint;
    last_ms bigint;
BEGIN
    IF family NOT IN ('snowflake', 'shard', 'tsid', 'sonyflake') THEN
        RETURN _idgen_layout_id_at(ts, family, 'idgen_partition_start');
    END IF;
    l := _idgen_bigint_layout(family, 'idgen_partition_start');
    ms := _idgen_unix_ms(ts, 'idgen_partition_start');
    last_ms := l.epoch_ms + l.max_units * l.unit_ms + l.unit_ms - 1;
    IF ms < l.epoch_ms OR ms > last_ms THEN
        PERFORM _idgen_raise_time(ms, l.epoch_ms, last_ms, 'idgen_partition_start');
    END IF;
    RETURN ((ms - l.epoch_ms) / l.unit_ms) << l.shift;
END $$;

-- Declarative range partitions of a UUIDv7 key, one per span of time, as
-- the C edition's idgen_partition_maintain (docs/partitioning.md).
CREATE OR REPLACE FUNCTION idgen_partition_maintain(parent regclass, span interval, ahead int DEFAULT 3,
                                         retention interval DEFAULT NULL,
                                         keep_detached boolean DEFAULT false,
                                         prefix text DEFAULT NULL,
                                         as_of timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (action text, partition_name text, time_from timestamptz, time_to timestamptz)
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $fn$
DECLARE
    strategy "char";
    key_column name;
    key_type oid;
    bound_sql text;       -- %L: a time; gives the bound's text
    time_sql text;        -- %L: a bound's text; gives its time
    span_s numeric;       -- the span in seconds; NULL for months
    span_months int;
    name_format text;
    parent_schema name;
    parent_name name;
    first_from timestamp; -- UTC
    t timestamp;
    p record;
    existing jsonb := '[]';
    child text;
    bound_from text;
    bound_to text;
    cutoff timestamptz;
BEGIN
    IF span IS NULL OR ahead IS NULL OR keep_detached IS NULL OR as_of IS NULL OR parent IS NULL THEN
        RAISE EXCEPTION 'idgen_partition_maintain takes no null but for retention and prefix'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT pt.partstrat, a.attname, a.atttypid INTO strategy, key_column, key_type
      FROM pg_catalog.pg_partitioned_table pt
      LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
     WHERE pt.partrelid = parent AND pt.partnatts = 1;
    IF NOT FOUND OR strategy <> 'r' OR key_column IS NULL THEN
        RAISE EXCEPTION '% is not a table partitioned by range on one column', parent
            USING ERRCODE = 'wrong_object_type',
                  HINT = 'CREATE TABLE ... PARTITION BY RANGE (id), with id of an idgen type.';
    END IF;
    -- this edition's IDs are uuid, bytea and text: it partitions UUIDv7 keys
    IF key_type <> 'pg_catalog.uuid'::pg_catalog.regtype THEN
        RAISE EXCEPTION 'column "%" of % is of type %, which idgen_partition_maintain does not partition',
                        key_column, parent, pg_catalog.format_type(key_type, NULL)
            USING ERRCODE = 'datatype_mismatch',
                  DETAIL = 'The SQL edition partitions uuid (version 7) keys; pg_partman partitions text, uuid '
                           'and bigint keys with idgen''s encoders and intervals.';
    END IF;
    IF prefix IS NOT NULL THEN
        RAISE EXCEPTION 'prefix % is for a typeid key, and %''s is of type uuid', pg_catalog.quote_literal(prefix), parent
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    bound_sql := 'SELECT uuid_v7_from_time(%L)::pg_catalog.text';
    time_sql := 'SELECT uuid_v7_timestamp(%L::pg_catalog.uuid)';

    -- the span: whole months, or whole seconds (days are 24 hours, in UTC)
    span_months := (pg_catalog.date_part('year', span) * 12 + pg_catalog.date_part('month', span))::int;
    IF span_months <> 0 THEN
        IF span_months < 1 OR span <> pg_catalog.make_interval(months => span_months) THEN
            RAISE EXCEPTION 'span % is not a whole number of months or of seconds', span
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        name_format := 'YYYYMM';
    ELSE
        span_months := NULL;
        span_s := pg_catalog.date_part('epoch', span)::numeric;
        IF span_s < 1 OR span_s <> pg_catalog.trunc(span_s) THEN
            RAISE EXCEPTION 'span % is not a whole number of months or of seconds', span
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'A partition covers at least one second.';
        END IF;
        name_format := CASE WHEN span_s % 86400 = 0 THEN 'YYYYMMDD'
                            WHEN span_s % 3600 = 0 THEN 'YYYYMMDD"_"HH24'
                            WHEN span_s % 60 = 0 THEN 'YYYYMMDD"_"HH24MI'
                            ELSE 'YYYYMMDD"_"HH24MISS' END;
    END IF;
    IF ahead < 0 OR ahead > 1000 THEN
        RAISE EXCEPTION 'ahead % is out of range for idgen_partition_maintain', ahead
            USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'It makes 0 to 1000 partitions ahead of as_of''s.';
    END IF;
    IF retention IS NOT NULL AND retention <= interval '0' THEN
        RAISE EXCEPTION 'retention % is not a positive interval', retention
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- one maintainer at a time: a second waits, then sees the first's partitions
    EXECUTE pg_catalog.format('LOCK TABLE %s IN SHARE ROW EXCLUSIVE MODE', parent);
    SELECT n.nspname, c.relname INTO parent_schema, parent_name
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = parent;

    -- the partitions there are, with the times of their bounds (MINVALUE,
    -- MAXVALUE, DEFAULT and other prefixes' have none: left alone)
    FOR p IN
        SELECT c.oid::pg_catalog.regclass AS child,
               pg_catalog.regexp_match(pg_catalog.pg_get_expr(c.relpartbound, c.oid),
                                       '^FOR VALUES FROM \(''([^'']*)''\) TO \(''([^'']*)''\)$') AS bounds
          FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = parent
    LOOP
        CONTINUE WHEN p.bounds IS NULL;
        EXECUTE pg_catalog.format(time_sql, p.bounds[1]) INTO time_from;
        EXECUTE pg_catalog.format(time_sql, p.bounds[2]) INTO time_to;
        CONTINUE WHEN time_from IS NULL OR time_to IS NULL;
        existing := existing || pg_catalog.jsonb_build_object('child', p.child::text, 'from', time_from, 'to', time_to);
    END LOOP;

    -- the partition of as_of, then `ahead` more: each made where none covers its span
    IF span_months IS NOT NULL THEN
        first_from := pg_catalog.make_timestamp(1970, 1, 1, 0, 0, 0)
                      + pg_catalog.make_interval(months => span_months * pg_catalog.floor(
                            ((pg_catalog.date_part('year', as_of AT TIME ZONE 'UTC') - 1970) * 12
                             + pg_catalog.date_part('month', as_of AT TIME ZONE 'UTC') - 1) / span_months)::int);
    ELSE
        first_from := pg_catalog.make_timestamp(1970, 1, 5, 0, 0, 0)
                      + pg_catalog.make_interval(secs => (span_s * pg_catalog.floor(
                            pg_catalog.date_part('epoch', (as_of AT TIME ZONE 'UTC') - pg_catalog.make_timestamp(1970, 1, 5, 0, 0, 0))
                            / span_s))::float8);
    END IF;
    FOR k IN 0 .. ahead LOOP
        t := first_from + span * k;
        time_from := t AT TIME ZONE 'UTC';
        time_to := (t + span) AT TIME ZONE 'UTC';
        CONTINUE WHEN EXISTS (SELECT FROM pg_catalog.jsonb_array_elements(existing) e
                               WHERE (e->>'from')::timestamptz < time_to AND (e->>'to')::timestamptz > time_from);
        child := parent_name || CASE WHEN prefix IS NULL OR prefix = '' THEN '' ELSE '_' || prefix END
                 || '_p' || pg_catalog.to_char(t, name_format);
        IF pg_catalog.octet_length(child) > 63 THEN
            RAISE EXCEPTION 'partition name "%" is too long', child
                USING ERRCODE = 'name_too_long', DETAIL = 'Names are at most 63 bytes: give the table a shorter name.';
        END IF;
        EXECUTE pg_catalog.format(bound_sql, time_from) INTO bound_from;
        EXECUTE pg_catalog.format(bound_sql, time_to) INTO bound_to;
        EXECUTE pg_catalog.format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)',
                                  parent_schema, child, parent, bound_from, bound_to);
        action := 'created';
        partition_name := pg_catalog.format('%I.%I', parent_schema, child)::pg_catalog.regclass::text;
        RETURN NEXT;
    END LOOP;

    -- retention: partitions that ended `retention` or longer before as_of
    IF retention IS NOT NULL THEN
        cutoff := ((as_of AT TIME ZONE 'UTC') - retention) AT TIME ZONE 'UTC';
        FOR p IN
            SELECT e->>'child' AS child, (e->>'from')::timestamptz AS t_from, (e->>'to')::timestamptz AS t_to
              FROM pg_catalog.jsonb_array_elements(existing) e
             WHERE (e->>'to')::timestamptz <= cutoff
             ORDER BY 2
        LOOP
            EXECUTE pg_catalog.format('ALTER TABLE %s DETACH PARTITION %s', parent, p.child);
            action := CASE WHEN keep_detached THEN 'detached' ELSE 'dropped' END;
            partition_name := p.child; time_from := p.t_from; time_to := p.t_to;
            IF NOT keep_detached THEN
                EXECUTE pg_catalog.format('DROP TABLE %s', p.child);
            END IF;
            RETURN NEXT;
        END LOOP;
    END IF;
END $fn$;

-- Each function holds the family facts it reads as constants, as the file
-- did before they were generated: the reads (_idgen_family_<name>() ->>
-- 'fact', _idgen_max_epoch_ms(), _idgen_nanoid_alphabet()) are replaced by
-- their values, and the function made again in place (its oid, grants and
-- comment kept). A read left in a body would cost a call at every
-- statement that plans it (a SQL function's body is planned at each one)
-- or at each session's first call (a PL/pgSQL function's plans).
DO $constants$
DECLARE
    f record;
    def text;
    fact text;
    v text;
BEGIN
    FOR f IN SELECT p.oid FROM pg_catalog.pg_proc p
              WHERE p.pronamespace = pg_catalog.current_schema()::pg_catalog.regnamespace
                AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
                AND p.proname !~ '^_idgen_(family_|max_epoch_ms$|nanoid_alphabet$)'
                AND p.prosrc ~ '_idgen_(family_[a-z0-9_]+\(\) ->> ''[a-z_]+''|max_epoch_ms\(\)|nanoid_alphabet\(\))' LOOP
        def := pg_catalog.pg_get_functiondef(f.oid);
        FOR fact IN SELECT DISTINCT m[1] FROM pg_catalog.regexp_matches(def,
                        '(_idgen_(family_[a-z0-9_]+\(\) ->> ''[a-z_]+''|max_epoch_ms\(\)|nanoid_alphabet\(\)))', 'g') m LOOP
            EXECUTE 'SELECT pg_catalog.quote_nullable(' || fact || ')' INTO STRICT v;
            def := pg_catalog.replace(def, fact, v);
        END LOOP;
        EXECUTE def;
    END LOOP;
END
$constants$;

-- Sqids (sqids.org): non-negative numbers as short text, by the
-- specification, with the C extension's results and refusals. Decoding
-- gives numbers only for the canonical text of those numbers under the
-- same options (the text sqids_encode gives); any other text gives '{}'.
-- Alphabets are worked on as arrays of character codes.

-- The reference's default blocklist; the literal is written by
-- test/conformance/sqids_blocklist.mjs --write from npm sqids, the same
-- source as the C extension's.
CREATE OR REPLACE FUNCTION sqids_default_blocklist() RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT $sqids_blocklist${
        0rgasm, 1d10t, 1d1ot, 1di0t, 1diot, 1eccacu10, 1eccacu1o, 1eccacul0, 1eccaculo, 1mbec11e, 1mbec1le,
        1mbeci1e, 1mbecile, a11upat0, a11upato, a1lupat0, a1lupato, aand, ah01e, ah0le, aho1e, ahole,
        al1upat0, al1upato, allupat0, allupato, ana1, ana1e, anal, anale, anus, arrapat0, arrapato, arsch,
        arse, ass, b00b, b00be, b01ata, b0ceta, b0iata, b0ob, b0obe, b0sta, b1tch, b1te, b1tte, ba1atkar,
        balatkar, bastard0, bastardo, batt0na, battona, bitch, bite, bitte, bo0b, bo0be, bo1ata, boceta,
        boiata, boob, boobe, bosta, bran1age, bran1er, bran1ette, bran1eur, bran1euse, branlage, branler,
        branlette, branleur, branleuse, c0ck, c0g110ne, c0g11one, c0g1i0ne, c0g1ione, c0gl10ne, c0gl1one,
        c0gli0ne, c0glione, c0na, c0nnard, c0nnasse, c0nne, c0u111es, c0u11les, c0u1l1es, c0u1lles,
        c0ui11es, c0ui1les, c0uil1es, c0uilles, c11t, c11t0, c11to, c1it, c1it0, c1ito, cabr0n, cabra0,
        cabrao, cabron, caca, cacca, cacete, cagante, cagar, cagare, cagna, cara1h0, cara1ho, caracu10,
        caracu1o, caracul0, caraculo, caralh0, caralho, cazz0, cazz1mma, cazzata, cazzimma, cazzo, ch00t1a,
        ch00t1ya, ch00tia, ch00tiya, ch0d, ch0ot1a, ch0ot1ya, ch0otia, ch0otiya, ch1asse, ch1avata, ch1er,
        ch1ng0, ch1ngadaz0s, ch1ngadazos, ch1ngader1ta, ch1ngaderita, ch1ngar, ch1ngo, ch1ngues, ch1nk,
        chatte, chiasse, chiavata, chier, ching0, chingadaz0s, chingadazos, chingader1ta, chingaderita,
        chingar, chingo, chingues, chink, cho0t1a, cho0t1ya, cho0tia, cho0tiya, chod, choot1a, choot1ya,
        chootia, chootiya, cl1t, cl1t0, cl1to, clit, clit0, clito, cock, cog110ne, cog11one, cog1i0ne,
        cog1ione, cogl10ne, cogl1one, cogli0ne, coglione, cona, connard, connasse, conne, cou111es,
        cou11les, cou1l1es, cou1lles, coui11es, coui1les, couil1es, couilles, cracker, crap, cu10,
        cu1att0ne, cu1attone, cu1er0, cu1ero, cu1o, cul0, culatt0ne, culattone, culer0, culero, culo, cum,
        cunt, d11d0, d11do, d1ck, d1ld0, d1ldo, damn, de1ch, deich, depp, di1d0, di1do, dick, dild0, dildo,
        dyke, encu1e, encule, enema, enf01re, enf0ire, enfo1re, enfoire, estup1d0, estup1do, estupid0,
        estupido, etr0n, etron, f0da, f0der, f0ttere, f0tters1, f0ttersi, f0tze, f0utre, f1ca, f1cker, f1ga,
        fag, fica, ficker, figa, foda, foder, fottere, fotters1, fottersi, fotze, foutre, fr0c10, fr0c1o,
        fr0ci0, fr0cio, fr0sc10, fr0sc1o, fr0sci0, fr0scio, froc10, froc1o, froci0, frocio, frosc10,
        frosc1o, frosci0, froscio, fuck, g00, g0o, g0u1ne, g0uine, gandu, go0, goo, gou1ne, gouine,
        gr0gnasse, grognasse, haram1, harami, haramzade, hund1n, hundin, id10t, id1ot, idi0t, idiot,
        imbec11e, imbec1le, imbeci1e, imbecile, j1zz, jerk, jizz, k1ke, kam1ne, kamine, kike, leccacu10,
        leccacu1o, leccacul0, leccaculo, m1erda, m1gn0tta, m1gnotta, m1nch1a, m1nchia, m1st, mam0n,
        mamahuev0, mamahuevo, mamon, masturbat10n, masturbat1on, masturbate, masturbati0n, masturbation,
        merd0s0, merd0so, merda, merde, merdos0, merdoso, mierda, mign0tta, mignotta, minch1a, minchia,
        mist, musch1, muschi, n1gger, neger, negr0, negre, negro, nerch1a, nerchia, nigger, orgasm, p00p,
        p011a, p01la, p0l1a, p0lla, p0mp1n0, p0mp1no, p0mpin0, p0mpino, p0op, p0rca, p0rn, p0rra,
        p0uff1asse, p0uffiasse, p1p1, p1pi, p1r1a, p1rla, p1sc10, p1sc1o, p1sci0, p1scio, p1sser, pa11e,
        pa1le, pal1e, palle, pane1e1r0, pane1e1ro, pane1eir0, pane1eiro, panele1r0, panele1ro, paneleir0,
        paneleiro, patakha, pec0r1na, pec0rina, pecor1na, pecorina, pen1s, pendej0, pendejo, penis, pip1,
        pipi, pir1a, pirla, pisc10, pisc1o, pisci0, piscio, pisser, po0p, po11a, po1la, pol1a, polla,
        pomp1n0, pomp1no, pompin0, pompino, poop, porca, porn, porra, pouff1asse, pouffiasse, pr1ck, prick,
        pussy, put1za, puta, puta1n, putain, pute, putiza, puttana, queca, r0mp1ba11e, r0mp1ba1le,
        r0mp1bal1e, r0mp1balle, r0mpiba11e, r0mpiba1le, r0mpibal1e, r0mpiballe, rand1, randi, rape,
        recch10ne, recch1one, recchi0ne, recchione, retard, romp1ba11e, romp1ba1le, romp1bal1e, romp1balle,
        rompiba11e, rompiba1le, rompibal1e, rompiballe, ruff1an0, ruff1ano, ruffian0, ruffiano, s1ut,
        sa10pe, sa1aud, sa1ope, sacanagem, sal0pe, salaud, salope, saugnapf, sb0rr0ne, sb0rra, sb0rrone,
        sbattere, sbatters1, sbattersi, sborr0ne, sborra, sborrone, sc0pare, sc0pata, sch1ampe, sche1se,
        sche1sse, scheise, scheisse, schlampe, schwachs1nn1g, schwachs1nnig, schwachsinn1g, schwachsinnig,
        schwanz, scopare, scopata, sexy, sh1t, shit, slut, sp0mp1nare, sp0mpinare, spomp1nare, spompinare,
        str0nz0, str0nza, str0nzo, stronz0, stronza, stronzo, stup1d, stupid, succh1am1, succh1ami,
        succhiam1, succhiami, sucker, t0pa, tapette, test1c1e, test1cle, testic1e, testicle, tette, topa,
        tr01a, tr0ia, tr0mbare, tr1ng1er, tr1ngler, tring1er, tringler, tro1a, troia, trombare, turd, twat,
        vaffancu10, vaffancu1o, vaffancul0, vaffanculo, vag1na, vagina, verdammt, verga, w1chsen, wank,
        wichsen, x0ch0ta, x0chota, xana, xoch0ta, xochota, z0cc01a, z0cc0la, z0cco1a, z0ccola, z1z1, z1zi,
        ziz1, zizi, zocc01a, zocc0la, zocco1a, zoccola
    }$sqids_blocklist$::pg_catalog.text[]
$$;

-- The specification's shuffle: the same alphabet always gives the same order.
CREATE OR REPLACE FUNCTION _idgen_sqids_shuffle(c int[]) RETURNS int[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n int := pg_catalog.cardinality(c);
    i int := 0;
    j int := n - 1;
    r int;
    t int;
BEGIN
    WHILE j > 0 LOOP
        r := (i * j + c[i + 1] + c[j + 1]) % n;
        t := c[i + 1];
        c[i + 1] := c[r + 1];
        c[r + 1] := t;
        i := i + 1;
        j := j - 1;
    END LOOP;
    RETURN c;
END $$;

-- The options checked, as the C extension checks them and in its order;
-- returns the alphabet shuffled once and the blocklist as the
-- specification applies it: of the words that can occur in its text (3
-- characters or more, each in the alphabet, compared in lower case; case is
-- folded for A-Z only, as the C extension folds it), those of 3 characters
-- block an ID of 3 characters equal to them (short_words), longer ones an
-- ID longer than 3 that holds them, at either end when they have a digit
-- (one regular expression, compiled once per session).
CREATE OR REPLACE FUNCTION _idgen_sqids_setup(alphabet text, min_length int, blocklist text[], fn text,
                                              OUT alpha int[], OUT short_words text[], OUT pattern text)
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    chars text[] := pg_catalog.regexp_split_to_array(alphabet, '');
    n int := pg_catalog.length(alphabet);
    wide text;
    repeated record;
    in_alphabet text;
    null_at bigint;
    anywhere text;
    at_ends text;
BEGIN
    IF pg_catalog.octet_length(alphabet) <> n THEN
        SELECT c INTO wide FROM pg_catalog.unnest(chars) c WHERE pg_catalog.octet_length(c) > 1 LIMIT 1;
        RAISE EXCEPTION 'alphabet "%" has a multibyte character, "%", for %', alphabet, wide, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A Sqids alphabet has 3 to 255 distinct single-byte characters.';
    END IF;
    IF n < 3 THEN
        RAISE EXCEPTION 'alphabet "%" is out of range for %', alphabet, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('It has %s characters; a Sqids alphabet has 3 to 255 distinct single-byte characters.', n);
    END IF;
    IF (SELECT pg_catalog.count(DISTINCT c COLLATE "C") FROM pg_catalog.unnest(chars) c) <> n THEN
        SELECT a.i, pg_catalog.min(f.i) AS first, a.s INTO repeated
          FROM pg_catalog.unnest(chars) WITH ORDINALITY a(s, i)
          JOIN pg_catalog.unnest(chars) WITH ORDINALITY f(s, i) ON f.s = a.s COLLATE "C" AND f.i < a.i
         GROUP BY a.i, a.s ORDER BY a.i LIMIT 1;
        RAISE EXCEPTION 'alphabet "%" repeats "%" for %', alphabet, repeated.s, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Character %s is character %s again; a Sqids alphabet has 3 to 255 '
                                             'distinct single-byte characters.', repeated.i, repeated.first);
    END IF;
    IF min_length < 0 OR min_length > 255 THEN
        RAISE EXCEPTION 'min_length % is out of range for %', min_length, fn
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid minimum lengths are 0 to 255.';
    END IF;
    SELECT o INTO null_at FROM pg_catalog.unnest(blocklist) WITH ORDINALITY b(w, o) WHERE w IS NULL LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'the blocklist of % holds a NULL', fn
            USING ERRCODE = 'null_value_not_allowed',
                  DETAIL = pg_catalog.format('Word %s is NULL; a blocklist is an array of words.', null_at);
    END IF;
    -- words of the alphabet's characters: one bracket expression, each
    -- character that is not a letter or digit escaped
    in_alphabet := '^[' || pg_catalog.regexp_replace(
        pg_catalog.translate(alphabet, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
        '([^[:alnum:]])', '\\\1', 'g') || ']+$';
    SELECT pg_catalog.array_agg(lw) FILTER (WHERE pg_catalog.length(lw) = 3),
           pg_catalog.string_agg(pg_catalog.regexp_replace(lw, '([^[:alnum:]])', '\\\1', 'g'), '|')
               FILTER (WHERE pg_catalog.length(lw) > 3 AND lw !~ '[0-9]'),
           pg_catalog.string_agg(pg_catalog.regexp_replace(lw, '([^[:alnum:]])', '\\\1', 'g'), '|')
               FILTER (WHERE pg_catalog.length(lw) > 3 AND lw ~ '[0-9]')
      INTO short_words, anywhere, at_ends
      -- each word lowered once (OFFSET 0: not again for each use of lw), and
      -- only a word with an upper-case letter (translate is the slow part)
      FROM (SELECT CASE WHEN w COLLATE "C" ~ '[A-Z]'
                        THEN pg_catalog.translate(w, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
                        ELSE w END COLLATE "C" AS lw
              FROM pg_catalog.unnest(blocklist) w OFFSET 0) b
     WHERE lw ~ in_alphabet;
    short_words := COALESCE(short_words, '{}');
    pattern := NULLIF(pg_catalog.concat_ws('|', '(?:' || anywhere || ')', '^(?:' || at_ends || ')',
                                           '(?:' || at_ends || ')$'), '');
    alpha := _idgen_sqids_shuffle(ARRAY(SELECT pg_catalog.ascii(c) FROM pg_catalog.unnest(chars) WITH ORDINALITY x(c, o) ORDER BY o));
END $$;

-- The specification's isBlockedId, by the setup's words.
CREATE OR REPLACE FUNCTION _idgen_sqids_blocked(id text, short_words text[], pattern text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN pg_catalog.length(lid) <= 3 THEN lid = ANY (short_words)
                ELSE COALESCE(lid ~ pattern, false) END
      FROM (SELECT pg_catalog.translate(id, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C" AS lid) l
$$;

-- encodeNumbers: each attempt's text (its prefix moved on by one each
-- time) until one holds no blocklist word; NULL when every one does.
CREATE OR REPLACE FUNCTION _idgen_sqids_encode(numbers bigint[], alpha int[], min_length int,
                                               short_words text[], pattern text)
    RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n int := pg_catalog.cardinality(alpha);
    count int := pg_catalog.cardinality(numbers);
    first_offset bigint := count % n;
    offset_ int;
    work int[];
    id text;
    digits text;
    num bigint;
    missing int;
BEGIN
    IF count = 0 THEN
        RETURN '';
    END IF;
    FOR i IN 1 .. count LOOP
        first_offset := (first_offset + alpha[(numbers[i] % n)::int + 1] + (i - 1) % n) % n;
    END LOOP;
    FOR increment IN 0 .. n LOOP
        offset_ := ((first_offset + increment) % n)::int;
        -- the alphabet from the offset on, reversed
        work := ARRAY(SELECT alpha[(offset_ + n - 1 - k) % n + 1] FROM pg_catalog.generate_series(0, n - 1) k);
        id := pg_catalog.chr(alpha[offset_ + 1]);
        FOR i IN 1 .. count LOOP
            num := numbers[i];
            digits := '';
            LOOP
                digits := pg_catalog.chr(work[(num % (n - 1))::int + 2]) || digits;
                num := num / (n - 1);
                EXIT WHEN num = 0;
            END LOOP;
            id := id || digits;
            IF i < count THEN
                id := id || pg_catalog.chr(work[1]);
                work := _idgen_sqids_shuffle(work);
            END IF;
        END LOOP;
        IF min_length > pg_catalog.length(id) THEN
            id := id || pg_catalog.chr(work[1]);
            WHILE min_length > pg_catalog.length(id) LOOP
                work := _idgen_sqids_shuffle(work);
                missing := LEAST(min_length - pg_catalog.length(id), n);
                id := id || pg_catalog.array_to_string(ARRAY(SELECT pg_catalog.chr(c) FROM pg_catalog.unnest(work[1:missing]) c), '');
            END LOOP;
        END IF;
        IF NOT _idgen_sqids_blocked(id, short_words, pattern) THEN
            RETURN id;
        END IF;
    END LOOP;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sqids_encode(numbers bigint[],
                                        alphabet text DEFAULT 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
                                        min_length int DEFAULT 0,
                                        blocklist text[] DEFAULT sqids_default_blocklist())
    RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    o record;
    bad record;
    id text;
BEGIN
    o := _idgen_sqids_setup(alphabet, min_length, blocklist, 'sqids_encode');
    IF pg_catalog.array_ndims(numbers) > 1 THEN
        RAISE EXCEPTION 'sqids_encode takes a one-dimensional array, not % dimensions', pg_catalog.array_ndims(numbers)
            USING ERRCODE = 'array_subscript_error';
    END IF;
    SELECT v, i INTO bad FROM pg_catalog.unnest(numbers) WITH ORDINALITY x(v, i) WHERE v IS NULL OR v < 0 ORDER BY i LIMIT 1;
    IF FOUND AND bad.v IS NULL THEN
        RAISE EXCEPTION 'sqids_encode cannot encode NULL'
            USING ERRCODE = 'null_value_not_allowed', DETAIL = pg_catalog.format('Element %s of the array is NULL.', bad.i);
    ELSIF FOUND THEN
        RAISE EXCEPTION 'number % is out of range for sqids_encode', bad.v
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid numbers are 0 to 9223372036854775807; it is element %s of the array.', bad.i);
    END IF;
    id := _idgen_sqids_encode(numbers, o.alpha, min_length, o.short_words, o.pattern);
    IF id IS NULL THEN
        RAISE EXCEPTION 'sqids_encode cannot encode %: every text it can make holds a blocklist word', numbers
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('All %s attempts (the alphabet''s length plus one) hold a word of the blocklist.',
                                             pg_catalog.cardinality(o.alpha) + 1),
                  HINT = 'Use a longer alphabet or a shorter blocklist.';
    END IF;
    RETURN id;
END $$;

-- The specification's decode: the numbers read up to the first empty
-- chunk; '{}' for a character outside the alphabet or a number past 2^63 - 1.
CREATE OR REPLACE FUNCTION _idgen_sqids_decode(id text, alpha int[]) RETURNS bigint[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    n int := pg_catalog.cardinality(alpha);
    codes int[] := ARRAY(SELECT pg_catalog.ascii(c) FROM pg_catalog.regexp_split_to_table(id, '') WITH ORDINALITY x(c, o) ORDER BY o);
    len int := pg_catalog.cardinality(codes);
    offset_ int;
    work int[];
    at int := 2;
    stop int;
    num bigint;
    digit int;
    out bigint[] := '{}';
BEGIN
    IF len = 0 OR EXISTS (SELECT FROM pg_catalog.unnest(codes) c WHERE pg_catalog.array_position(alpha, c) IS NULL) THEN
        RETURN '{}';
    END IF;
    offset_ := pg_catalog.array_position(alpha, codes[1]) - 1;
    work := ARRAY(SELECT alpha[(offset_ + n - 1 - k) % n + 1] FROM pg_catalog.generate_series(0, n - 1) k);
    WHILE at <= len LOOP
        stop := at;
        WHILE stop <= len AND codes[stop] <> work[1] LOOP
            stop := stop + 1;
        END LOOP;
        IF stop = at THEN
            RETURN out;  -- an empty chunk: the padding, or no number
        END IF;
        num := 0;
        FOR i IN at .. stop - 1 LOOP
            digit := pg_catalog.array_position(work, codes[i]) - 2;
            IF num > (9223372036854775807 - digit) / (n - 1) THEN
                RETURN '{}';
            END IF;
            num := num * (n - 1) + digit;
        END LOOP;
        out := out || num;
        IF stop <= len THEN
            work := _idgen_sqids_shuffle(work);
        END IF;
        at := stop + 1;
    END LOOP;
    RETURN out;
END $$;

CREATE OR REPLACE FUNCTION sqids_decode(id text,
                                        alphabet text DEFAULT 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
                                        min_length int DEFAULT 0,
                                        blocklist text[] DEFAULT sqids_default_blocklist())
    RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    o record := _idgen_sqids_setup(alphabet, min_length, blocklist, 'sqids_decode');
    numbers bigint[] := _idgen_sqids_decode(id, o.alpha);
BEGIN
    -- canonical: the encoder, with these options, gives exactly id back
    IF pg_catalog.cardinality(numbers) = 0
       OR _idgen_sqids_encode(numbers, o.alpha, min_length, o.short_words, o.pattern) IS DISTINCT FROM id COLLATE "C" THEN
        RETURN '{}';
    END IF;
    RETURN numbers;
END $$;

-- Bigint layouts as data (the C edition's idgen_layouts, layout_decode,
-- layout_id_from_time, idgen_layout_create/drop and layout_id): the named
-- layouts, layouts the edition's owner declares, their decoders, and the
-- database-wide generator of each, on _idgen_advance as snowflake_id() is.

-- Where each layout's generator keeps its (unit since the layout's epoch,
-- sequence): a sequence of this schema, made with the layout (never while
-- IDs are handed out: see the shard lanes).
CREATE TABLE IF NOT EXISTS _idgen_layout_state (name text PRIMARY KEY, state regclass NOT NULL);
REVOKE ALL ON TABLE _idgen_layout_state FROM PUBLIC;
CREATE SEQUENCE IF NOT EXISTS _idgen_layout_state_ids AS bigint;
REVOKE ALL ON SEQUENCE _idgen_layout_state_ids FROM PUBLIC;

-- The declared layouts: written by idgen_layout_create() and
-- idgen_layout_drop(), which only the edition's owner may run.
CREATE TABLE IF NOT EXISTS idgen_declared_layouts (
    name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_]{0,62}$'),
    epoch timestamptz NOT NULL,
    time_unit interval NOT NULL CHECK (time_unit > interval '0'),
    node_bits int NOT NULL CHECK (node_bits BETWEEN 0 AND 31),
    sequence_bits int NOT NULL CHECK (sequence_bits BETWEEN 0 AND 31),
    sequence_above_node boolean NOT NULL DEFAULT false,
    created timestamptz NOT NULL DEFAULT pg_catalog.clock_timestamp(),
    created_timeline bigint,
    CHECK (node_bits + sequence_bits <= 62)
);
REVOKE ALL ON TABLE idgen_declared_layouts FROM PUBLIC;
GRANT SELECT ON TABLE idgen_declared_layouts TO PUBLIC;

-- The named layouts: the C edition's table (src/core/layout_def.cpp).
CREATE OR REPLACE FUNCTION idgen_named_layouts(OUT name text, OUT epoch timestamptz,
    OUT time_unit interval, OUT time_bits int, OUT node_bits int, OUT sequence_bits int,
    OUT sequence_above_node boolean, OUT time_in_sign_bit boolean, OUT source text)
    RETURNS SETOF record
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 8
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT * FROM (VALUES
      ('twitter', _idgen_from_unix_us(1288834974657000), interval '1 millisecond', 41, 10, 12, false, false,
       'twitter-archive/snowflake: 41-bit ms since 2010-11-04 01:42:54.657 UTC, 10-bit worker, 12-bit sequence'),
      ('instagram', _idgen_from_unix_us(1314220021721000), interval '1 millisecond', 41, 13, 10, false, false,
       'Instagram Engineering, "Sharding & IDs at Instagram": 41-bit ms since 2011-08-24 21:07:01.721 UTC, 13-bit shard, 10-bit sequence'),
      ('discord', _idgen_from_unix_us(1420070400000000), interval '1 millisecond', 42, 10, 12, false, true,
       'Discord API reference, Snowflakes: 42-bit ms since 2015-01-01 UTC, 5-bit worker, 5-bit process, 12-bit increment'),
      ('mastodon', _idgen_from_unix_us(0), interval '1 millisecond', 48, 0, 16, false, false,
       'mastodon/mastodon lib/mastodon/snowflake.rb, timestamp_id(): 48-bit Unix ms, 16 bits of sequence data'),
      ('cockroachdb', _idgen_from_unix_us(1420070400000000), interval '10 microseconds', 48, 15, 0, false, false,
       'cockroachdb/cockroach GenerateUniqueInt(), unique_rowid(): 48-bit 10 µs units since 2015-01-01 UTC, 15-bit node id'),
      ('sonyflake', _idgen_from_unix_us(1409529600000000), interval '10 milliseconds', 39, 16, 8, true, false,
       'sony/sonyflake v1: 39-bit 10 ms units since 2014-09-01 UTC, 8-bit sequence, 16-bit machine id'),
      ('sonyflake_v2', _idgen_from_unix_us(1735689600000000), interval '10 milliseconds', 39, 16, 8, true, false,
       'sony/sonyflake v2 with its default Settings: 39-bit 10 ms units since 2025-01-01 UTC, 8-bit sequence, 16-bit machine id'),
      ('tsid', _idgen_from_unix_us(1577836800000000), interval '1 millisecond', 42, 10, 12, false, true,
       'f4b6a3/tsid-creator: 42-bit ms since 2020-01-01 UTC, 10-bit node, 12-bit counter')) AS t
$$;

CREATE OR REPLACE VIEW idgen_layouts AS
    SELECT n.name, n.epoch, n.time_unit, n.time_bits, n.node_bits, n.sequence_bits,
           n.sequence_above_node, n.time_in_sign_bit, true AS named, n.source
      FROM idgen_named_layouts() AS n
    UNION ALL
    SELECT d.name, d.epoch, d.time_unit, 63 - d.node_bits - d.sequence_bits, d.node_bits,
           d.sequence_bits, d.sequence_above_node, false, false, NULL
      FROM idgen_declared_layouts AS d;
GRANT SELECT ON idgen_layouts TO PUBLIC;

-- A time of Unix microseconds as the C edition prints it in errors.
CREATE OR REPLACE FUNCTION _idgen_us_text(unix_us bigint) RETURNS text
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    SET datestyle = 'ISO, MDY' AS $$
    SELECT _idgen_from_unix_us(unix_us)::pg_catalog.text
$$;

-- A layout by name, its times in Unix µs; refused (42704) when there is none.
CREATE OR REPLACE FUNCTION _idgen_layout(layout text, fn text, OUT epoch_us bigint, OUT unit_us bigint,
    OUT time_bits int, OUT node_bits int, OUT seq_bits int, OUT seq_above_node boolean,
    OUT time_in_sign_bit boolean)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    SELECT _idgen_unix_us(l.epoch), pg_catalog.round(EXTRACT(epoch FROM l.time_unit)::pg_catalog.numeric * 1000000)::pg_catalog.int8,
           l.time_bits, l.node_bits, l.sequence_bits, l.sequence_above_node, l.time_in_sign_bit
      INTO epoch_us, unit_us, time_bits, node_bits, seq_bits, seq_above_node, time_in_sign_bit
      FROM idgen_layouts AS l WHERE l.name = layout;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'layout "%" does not exist, for %', layout, fn
            USING ERRCODE = 'undefined_object',
                  DETAIL = 'The named layouts are twitter, instagram, discord, mastodon, cockroachdb, sonyflake, sonyflake_v2, tsid; idgen_layouts lists the declared ones too.',
                  HINT = 'A superuser declares one with idgen_layout_create().';
    END IF;
END $$;

-- The largest time field that keeps an ID of the layout a valid bigint.
CREATE OR REPLACE FUNCTION _idgen_layout_max_time(time_bits int, shift int, time_in_sign_bit boolean) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN time_in_sign_bit OR time_bits + shift < 64 THEN (1::pg_catalog.int8 << time_bits) - 1
                ELSE (1::pg_catalog.int8 << (63 - shift)) - 1 END
$$;

CREATE OR REPLACE FUNCTION layout_decode(id bigint, layout text, OUT ts timestamptz, OUT node int, OUT sequence int)
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, 'layout_decode');
    shift int := l.node_bits + l.seq_bits;
BEGIN
    IF id < 0 AND NOT l.time_in_sign_bit THEN
        RAISE EXCEPTION 'ID % is out of range for layout "%"', id, layout
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Valid IDs are 0 to 9223372036854775807: the layout never sets the sign bit.';
    END IF;
    -- >> is arithmetic: the mask keeps a time field that reaches the sign bit
    ts := _idgen_from_unix_us(l.epoch_us + ((id >> shift) & ((1::pg_catalog.int8 << (64 - shift)) - 1)) * l.unit_us);
    node := (id >> CASE WHEN l.seq_above_node THEN 0 ELSE l.seq_bits END) & ((1::pg_catalog.int8 << l.node_bits) - 1);
    sequence := (id >> CASE WHEN l.seq_above_node THEN l.node_bits ELSE 0 END) & ((1::pg_catalog.int8 << l.seq_bits) - 1);
END $$;

-- The smallest ID of ts's unit in a layout, for fn (layout_id_from_time,
-- idgen_partition_start).
CREATE OR REPLACE FUNCTION _idgen_layout_id_at(ts timestamptz, layout text, fn text) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, fn);
    shift int := l.node_bits + l.seq_bits;
    us bigint;
    last_us bigint;
BEGIN
    IF NOT pg_catalog.isfinite(ts) THEN
        RAISE EXCEPTION 'timestamp % is out of range for %', ts, fn
            USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Layouts count finite times only.';
    END IF;
    us := _idgen_unix_us(ts);
    last_us := l.epoch_us + _idgen_layout_max_time(l.time_bits, shift, l.time_in_sign_bit) * l.unit_us + l.unit_us - 1;
    IF us < l.epoch_us OR us > last_us THEN
        RAISE EXCEPTION 'timestamp % is out of range for layout "%"', _idgen_us_text(us), layout
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid times are %s to %s.', _idgen_us_text(l.epoch_us), _idgen_us_text(last_us));
    END IF;
    RETURN ((us - l.epoch_us) / l.unit_us) << shift;
END $$;

CREATE OR REPLACE FUNCTION layout_id_from_time(ts timestamptz, layout text) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_layout_id_at(ts, layout, 'layout_id_from_time')
$$;

-- The C edition's checks of a declared layout, word for word: the widths,
-- the unit, the epoch (1970 to now), no overflow before 2070-01-01 and an
-- end before year 10000.
CREATE OR REPLACE FUNCTION _idgen_check_layout(epoch timestamptz, time_unit interval, node_bits int,
                                               sequence_bits int, fn text) RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    epoch_us bigint;
    unit_us numeric;
    time_bits int := 63 - node_bits - sequence_bits;
    last_us numeric;
    bits int := 1;
BEGIN
    IF node_bits >= 0 AND sequence_bits >= 0 AND node_bits + sequence_bits > 62 THEN
        RAISE EXCEPTION 'node_bits + sequence_bits = % is out of range for %', node_bits + sequence_bits, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'The widths sum to 63 and the time gets the rest: node_bits + sequence_bits is 0 to 62.';
    END IF;
    IF node_bits < 0 OR node_bits > 31 OR sequence_bits < 0 OR sequence_bits > 31 THEN
        RAISE EXCEPTION '% % is out of range for %', CASE WHEN node_bits < 0 OR node_bits > 31 THEN 'node_bits' ELSE 'sequence_bits' END,
                        CASE WHEN node_bits < 0 OR node_bits > 31 THEN node_bits ELSE sequence_bits END, fn
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid widths are 0 to 31 bits.';
    END IF;
    IF pg_catalog.date_part('month', time_unit) <> 0 OR pg_catalog.date_part('year', time_unit) <> 0 THEN
        RAISE EXCEPTION 'time unit % is out of range for %', time_unit, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A time unit is from 1 microsecond to 1 day, without months or years (they have no fixed length).';
    END IF;
    unit_us := pg_catalog.round(EXTRACT(epoch FROM time_unit)::pg_catalog.numeric * 1000000);
    IF unit_us < 1 OR unit_us > 86400000000 THEN
        RAISE EXCEPTION 'time unit of % microseconds is out of range for %', unit_us, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A time unit is from 1 microsecond to 86400000000 microseconds (1 day).';
    END IF;
    IF NOT pg_catalog.isfinite(epoch) THEN
        RAISE EXCEPTION 'epoch % is out of range for %', epoch, fn
            USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Layouts count finite times only.';
    END IF;
    epoch_us := _idgen_unix_us(epoch);
    IF epoch_us < 0 OR epoch > pg_catalog.clock_timestamp() THEN
        RAISE EXCEPTION 'epoch % is out of range for %', _idgen_us_text(epoch_us), fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('An epoch is from 1970-01-01 00:00:00+00 to the current time: %s.',
                                             CASE WHEN epoch_us < 0 THEN 'Unix time starts there'
                                                  ELSE 'a layout counts from a time that has come' END);
    END IF;
    IF epoch_us % 1000 <> 0 THEN
        RAISE EXCEPTION 'epoch % is not a whole millisecond, for %', _idgen_us_text(epoch_us), fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A layout''s epoch is a whole number of milliseconds since 1970: layout_id() counts whole milliseconds from it.',
                  HINT = 'Truncate it: date_trunc(''milliseconds'', ...).';
    END IF;
    last_us := epoch_us + ((2::pg_catalog.numeric ^ time_bits) - 1) * unit_us;
    IF last_us > 253402300799999999 THEN
        WHILE bits < time_bits AND (2::pg_catalog.numeric ^ (bits + 1)) - 1 <= pg_catalog.trunc((253402300799999999 - epoch_us) / unit_us) LOOP
            bits := bits + 1;
        END LOOP;
        RAISE EXCEPTION 'a layout of % time bits is out of range for %', time_bits, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('From its epoch in its time unit, 1 to %s time bits end before year 10000.', bits),
                  HINT = 'Give the node or sequence more bits, or a shorter time unit.';
    END IF;
    IF last_us < 3155760000000000 THEN
        RAISE EXCEPTION 'a layout of % time bits overflows at %, before %, for %', time_bits,
                        _idgen_us_text(last_us::pg_catalog.int8), _idgen_us_text(3155760000000000), fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('A declared layout''s time field must last until %s and end before year 10000.',
                                             _idgen_us_text(3155760000000000)),
                  HINT = 'Give the time more bits (fewer node or sequence bits), a longer time unit, or a later epoch.';
    END IF;
END $$;

CREATE OR REPLACE FUNCTION idgen_layout_create(name text, epoch timestamptz, time_unit interval,
                                               node_bits int, sequence_bits int,
                                               sequence_above_node boolean) RETURNS void
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    state text;
BEGIN
    IF name !~ '^[a-z][a-z0-9_]{0,62}$' THEN
        RAISE EXCEPTION 'layout name "%" is not valid for idgen_layout_create', name
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A layout name is 1 to 63 characters of a-z, 0-9 and "_" that start with a letter: ^[a-z][a-z0-9_]{0,62}$.';
    END IF;
    IF EXISTS (SELECT FROM idgen_named_layouts() AS n WHERE n.name = idgen_layout_create.name) THEN
        RAISE EXCEPTION 'layout "%" is a named layout', name
            USING ERRCODE = 'duplicate_object',
                  DETAIL = 'The named layouts are idgen''s own; a declared layout takes another name.';
    END IF;
    PERFORM _idgen_check_layout(epoch, time_unit, node_bits, sequence_bits, 'idgen_layout_create');
    INSERT INTO idgen_declared_layouts AS d (name, epoch, time_unit, node_bits, sequence_bits,
                                             sequence_above_node, created_timeline)
    VALUES (name, epoch, time_unit, node_bits, sequence_bits, sequence_above_node, _idgen_timeline())
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'layout "%" already exists', name
            USING ERRCODE = 'duplicate_object', HINT = 'Pick another name; idgen_layouts lists those in use.';
    END IF;
    state := pg_catalog.format('%I._idgen_layout_state_%s', _idgen_schema(), pg_catalog.nextval('_idgen_layout_state_ids'));
    EXECUTE pg_catalog.format('CREATE SEQUENCE %s AS bigint', state);
    EXECUTE pg_catalog.format('REVOKE ALL ON SEQUENCE %s FROM PUBLIC', state);
    INSERT INTO _idgen_layout_state VALUES (name, state::pg_catalog.regclass);
END $$;
REVOKE EXECUTE ON FUNCTION idgen_layout_create(text, timestamptz, interval, int, int, boolean) FROM PUBLIC;

CREATE OR REPLACE FUNCTION idgen_layout_create(name text, epoch timestamptz, time_unit interval,
                                               node_bits int, sequence_bits int) RETURNS void
    LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_layout_create(name, epoch, time_unit, node_bits, sequence_bits, false)
$$;
REVOKE EXECUTE ON FUNCTION idgen_layout_create(text, timestamptz, interval, int, int) FROM PUBLIC;

-- Refused once the layout's generator has drawn from its state: a sequence
-- is never taken back, and travels with the database to a replica or a dump.
CREATE OR REPLACE FUNCTION idgen_layout_drop(name text) RETURNS void
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    state regclass := (SELECT s.state FROM _idgen_layout_state AS s WHERE s.name = idgen_layout_drop.name);
    used boolean;
BEGIN
    IF EXISTS (SELECT FROM idgen_named_layouts() AS n WHERE n.name = idgen_layout_drop.name) THEN
        RAISE EXCEPTION 'layout "%" is a named layout: it cannot be dropped', name
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM _idgen_layout(name, 'idgen_layout_drop');
    IF state IS NOT NULL THEN
        EXECUTE pg_catalog.format('SELECT is_called FROM %s', state) INTO used;
    END IF;
    IF used THEN
        RAISE EXCEPTION 'idgen_layout_drop: layout "%" may have handed out IDs', name
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'layout_id() ran it. Declared again with another epoch, time unit or widths, it could repeat them.',
                  HINT = 'Keep it, and declare a new layout under another name.';
    END IF;
    DELETE FROM idgen_declared_layouts AS d WHERE d.name = idgen_layout_drop.name;
    DELETE FROM _idgen_layout_state AS s WHERE s.name = idgen_layout_drop.name;
    IF state IS NOT NULL THEN
        EXECUTE pg_catalog.format('DROP SEQUENCE %s', state);
    END IF;
END $$;
REVOKE EXECUTE ON FUNCTION idgen_layout_drop(text) FROM PUBLIC;

-- The named layouts' generators have their states from the install.
DO $states$
DECLARE
    n record;
    state text;
BEGIN
    FOR n IN SELECT l.name FROM idgen_named_layouts() AS l
              WHERE NOT EXISTS (SELECT FROM _idgen_layout_state AS s WHERE s.name = l.name) LOOP
        state := pg_catalog.format('%I._idgen_layout_state_%s', pg_catalog.current_schema(), pg_catalog.nextval('_idgen_layout_state_ids'));
        EXECUTE pg_catalog.format('CREATE SEQUENCE %s AS bigint', state);
        EXECUTE pg_catalog.format('REVOKE ALL ON SEQUENCE %s FROM PUBLIC', state);
        INSERT INTO _idgen_layout_state VALUES (n.name, state::pg_catalog.regclass);
    END LOOP;
END
$states$;

-- After a promotion or a restore (_idgen_check_server): every layout's
-- state past margin_ms above both its last unit and the clock, counted
-- from the layout's epoch.
CREATE OR REPLACE FUNCTION _idgen_move_layout_states(margin_ms bigint) RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    s record;
    l record;
    unit_ms bigint;
    now_units bigint;
BEGIN
    FOR s IN SELECT * FROM _idgen_layout_state LOOP
        l := _idgen_layout(s.name, 'layout_id');
        CONTINUE WHEN l.unit_us % 1000 <> 0 OR l.epoch_us % 1000 <> 0;
        unit_ms := l.unit_us / 1000;
        now_units := _idgen_floor_div(_idgen_unix_us(pg_catalog.clock_timestamp()) - l.epoch_us, l.unit_us);
        PERFORM pg_catalog.pg_advisory_lock(1768187749, s.state::pg_catalog.oid::pg_catalog.int4);
        BEGIN
            PERFORM pg_catalog.setval(s.state, (GREATEST(pg_catalog.nextval(s.state) >> l.seq_bits, now_units)
                                                + (margin_ms + unit_ms - 1) / unit_ms) << l.seq_bits, false);
        EXCEPTION WHEN OTHERS OR query_canceled THEN
            PERFORM pg_catalog.pg_advisory_unlock(1768187749, s.state::pg_catalog.oid::pg_catalog.int4);
            RAISE;
        END;
        PERFORM pg_catalog.pg_advisory_unlock(1768187749, s.state::pg_catalog.oid::pg_catalog.int4);
    END LOOP;
END $$;

-- layout_id(layout): the layout's next ID, database-wide, its node field
-- the node id of idgen_set_node_id() (refused where it does not fit).
CREATE OR REPLACE FUNCTION layout_id(layout text) RETURNS bigint
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, 'layout_id()');
    node bigint := _idgen_node_id('layout_id()', 'layout IDs');
    state regclass := (SELECT s.state FROM _idgen_layout_state AS s WHERE s.name = layout);
    shift int := l.node_bits + l.seq_bits;
    max_time bigint := _idgen_layout_max_time(l.time_bits, shift, l.time_in_sign_bit);
    now_us bigint := _idgen_unix_us(pg_catalog.clock_timestamp());
    now_units bigint;
    v bigint;
    t bigint;
BEGIN
    IF l.unit_us % 1000 <> 0 OR l.epoch_us % 1000 <> 0 THEN
        RAISE EXCEPTION 'layout_id(): layout "%" counts time in units of % microseconds', layout, l.unit_us
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'The generator counts whole milliseconds from an epoch of whole milliseconds; '
                           'layout_decode() and layout_id_from_time() read every layout.';
    END IF;
    IF node > (1::pg_catalog.int8 << l.node_bits) - 1 THEN
        RAISE EXCEPTION 'layout_id(): idgen.node_id = % does not fit layout "%"', node, layout
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Its node field holds 0 to %s (%s bits).', (1::pg_catalog.int8 << l.node_bits) - 1, l.node_bits),
                  HINT = 'Use a layout with more node bits, or give this server a node id the layout holds.';
    END IF;
    -- a named layout that is one of the edition's families runs that family's
    -- generator (its state): layout_id('tsid') and tsid() never repeat each other
    IF layout = 'tsid' THEN
        RETURN tsid();
    ELSIF layout = 'sonyflake' THEN
        RETURN sonyflake_id();
    ELSIF layout = 'twitter' AND COALESCE(NULLIF(pg_catalog.current_setting('idgen.snowflake_epoch', true), ''),
                                          '1288834974657') = '1288834974657' THEN
        RETURN snowflake_id();
    ELSIF layout = 'instagram' AND COALESCE(NULLIF(pg_catalog.current_setting('idgen.shard_epoch', true), ''),
                                            '1314220021721') = '1314220021721' THEN
        RETURN next_shard_id(node::pg_catalog.int4);
    END IF;
    now_units := _idgen_floor_div(now_us - l.epoch_us, l.unit_us);
    v := _idgen_advance(state, GREATEST(now_units, 0) << l.seq_bits);
    t := v >> l.seq_bits;
    IF t > now_units THEN
        PERFORM _idgen_check_lead((t * l.unit_us + l.epoch_us) / 1000, now_us / 1000, 'layout_id()');
    END IF;
    IF now_units < 0 OR t > max_time THEN
        RAISE EXCEPTION 'timestamp % is out of range for layout "%"', _idgen_us_text(GREATEST(now_us, l.epoch_us + t * l.unit_us)), layout
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid times are %s to %s.', _idgen_us_text(l.epoch_us),
                                             _idgen_us_text(l.epoch_us + max_time * l.unit_us + l.unit_us - 1));
    END IF;
    RETURN (t << shift)
           | (node << CASE WHEN l.seq_above_node THEN 0 ELSE l.seq_bits END)
           | ((v & ((1::pg_catalog.int8 << l.seq_bits) - 1)) << CASE WHEN l.seq_above_node THEN l.node_bits ELSE 0 END);
END $$;

------------------------------------------------------------------------------
-- Public IDs: named keys, uuidv47's UUIDv4 faces of UUIDv7s, and a keyed
-- permutation of bigint IDs (docs/public-ids.md), the C edition's results
-- and refusals. SipHash-2-4 on bigint: a sum modulo 2^64 is taken in 32-bit
-- halves (bigint's + refuses to overflow), a rotation masks what >> copies
-- of the sign bit; << and # need no care. The keys are rows of
-- idgen_key_store, which only this schema's owner reads; the functions that
-- use them run as that owner, and none is granted to PUBLIC.

CREATE TABLE IF NOT EXISTS idgen_key_store (
    name text PRIMARY KEY,
    key bytea NOT NULL CHECK (pg_catalog.length(key) = 16),
    created_at timestamptz NOT NULL DEFAULT pg_catalog.now()
);
REVOKE ALL ON TABLE idgen_key_store FROM PUBLIC;
CREATE OR REPLACE VIEW idgen_keys AS
    SELECT name, created_at FROM idgen_key_store;
GRANT SELECT ON idgen_keys TO PUBLIC;

-- SipHash-2-4 of whole 64-bit blocks, the last of them already holding the
-- message's tail and its length in the top byte: two rounds per block, the
-- block XORed into v3 before them and into v0 after, then four more.
CREATE OR REPLACE FUNCTION _idgen_siphash24_blocks(k0 bigint, k1 bigint, blocks bigint[]) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    v0 bigint := 8317987319222330741 # k0;  -- 'somepseu'
    v1 bigint := 7237128888997146477 # k1;  -- 'dorandom'
    v2 bigint := 7816392313619706465 # k0;  -- 'lygenera'
    v3 bigint := 8387220255154660723 # k1;  -- 'tedbytes'
    n int := pg_catalog.cardinality(blocks);
    step int;
BEGIN
    FOR step IN 0 .. 2 * n + 3 LOOP
        IF step < 2 * n AND step % 2 = 0 THEN
            v3 := v3 # blocks[step / 2 + 1];
        ELSIF step = 2 * n THEN
            v2 := v2 # 255;
        END IF;
        v0 := (((((v0 >> 32) & 4294967295) + ((v1 >> 32) & 4294967295) + (((v0 & 4294967295) + (v1 & 4294967295)) >> 32)) << 32) | (((v0 & 4294967295) + (v1 & 4294967295)) & 4294967295));
        v1 := ((v1 << 13) | ((v1 >> 51) & 8191)) # v0;
        v0 := ((v0 << 32) | ((v0 >> 32) & 4294967295));
        v2 := (((((v2 >> 32) & 4294967295) + ((v3 >> 32) & 4294967295) + (((v2 & 4294967295) + (v3 & 4294967295)) >> 32)) << 32) | (((v2 & 4294967295) + (v3 & 4294967295)) & 4294967295));
        v3 := ((v3 << 16) | ((v3 >> 48) & 65535)) # v2;
        v0 := (((((v0 >> 32) & 4294967295) + ((v3 >> 32) & 4294967295) + (((v0 & 4294967295) + (v3 & 4294967295)) >> 32)) << 32) | (((v0 & 4294967295) + (v3 & 4294967295)) & 4294967295));
        v3 := ((v3 << 21) | ((v3 >> 43) & 2097151)) # v0;
        v2 := (((((v2 >> 32) & 4294967295) + ((v1 >> 32) & 4294967295) + (((v2 & 4294967295) + (v1 & 4294967295)) >> 32)) << 32) | (((v2 & 4294967295) + (v1 & 4294967295)) & 4294967295));
        v1 := ((v1 << 17) | ((v1 >> 47) & 131071)) # v2;
        v2 := ((v2 << 32) | ((v2 >> 32) & 4294967295));
        IF step < 2 * n AND step % 2 = 1 THEN
            v0 := v0 # blocks[step / 2 + 1];
        END IF;
    END LOOP;
    RETURN v0 # v1 # v2 # v3;
END $$;

-- SipHash-2-4 of a message: its bytes as little-endian 64-bit blocks.
CREATE OR REPLACE FUNCTION _idgen_siphash24(k0 bigint, k1 bigint, msg bytea) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    len int := pg_catalog.length(msg);
    blocks bigint[] := '{}';
    m bigint;
    b int;
    i int;
BEGIN
    FOR b IN 0 .. len / 8 LOOP
        m := 0;
        FOR i IN 0 .. 7 LOOP
            EXIT WHEN b * 8 + i >= len;
            m := m | (pg_catalog.get_byte(msg, b * 8 + i)::bigint << (8 * i));
        END LOOP;
        blocks := blocks || m;
    END LOOP;
    blocks[len / 8 + 1] := blocks[len / 8 + 1] | ((len & 255)::bigint << 56);
    RETURN _idgen_siphash24_blocks(k0, k1, blocks);
END $$;

-- The words of a named key (k0 = bytes 0-7, k1 = bytes 8-15, little-endian),
-- or the C edition's refusal naming the key's name (never its bytes).
CREATE OR REPLACE FUNCTION _idgen_named_key(key_name text, fn text, OUT k0 bigint, OUT k1 bigint)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    k bytea;
    i int;
BEGIN
    SELECT s.key INTO k FROM idgen_key_store s WHERE s.name = key_name;
    IF k IS NULL THEN
        RAISE EXCEPTION '%: there is no key named "%"', fn, key_name
            USING ERRCODE = 'undefined_object',
                  HINT = 'The view idgen_keys lists the keys; idgen_key_create(name) makes one.';
    END IF;
    k0 := 0;
    k1 := 0;
    FOR i IN 0 .. 7 LOOP
        k0 := k0 | (pg_catalog.get_byte(k, i)::bigint << (8 * i));
        k1 := k1 | (pg_catalog.get_byte(k, 8 + i)::bigint << (8 * i));
    END LOOP;
END $$;
REVOKE EXECUTE ON FUNCTION _idgen_named_key(text, text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION idgen_key_import(name text, key bytea) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
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
    IF EXISTS (SELECT FROM idgen_key_store s WHERE s.name = idgen_key_import.name) THEN
        RAISE EXCEPTION 'there is a key named "%" already', name
            USING ERRCODE = 'duplicate_object',
                  HINT = 'Keys are never replaced: what was made with one is read with it. Rotate with a new name.';
    END IF;
    INSERT INTO idgen_key_store (name, key) VALUES (idgen_key_import.name, idgen_key_import.key);
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_import(text, bytea) FROM PUBLIC;

-- 16 bytes of gen_random_uuid()'s random digits (the server's pg_strong_random)
CREATE OR REPLACE FUNCTION idgen_key_create(name text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM idgen_key_import(name, pg_catalog.decode(pg_catalog.substr(_idgen_random_hex(), 1, 16)
                                                     || pg_catalog.substr(_idgen_random_hex(), 1, 16), 'hex'));
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_create(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION idgen_key_drop(name text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    DELETE FROM idgen_key_store s WHERE s.name = idgen_key_drop.name;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'idgen_key_drop: there is no key named "%"', name
            USING ERRCODE = 'undefined_object', HINT = 'The view idgen_keys lists the keys.';
    END IF;
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_drop(text) FROM PUBLIC;

-- uuidv47: the time XORed with SipHash-2-4 of the 74 random bits (10 bytes:
-- rand_a's 12 as byte 6's low nibble and byte 7, rand_b's 62 as byte 8's low
-- 6 bits and bytes 9-15), the version swapped; the variant stays.
CREATE OR REPLACE FUNCTION _idgen_uuid_v47(id uuid, k0 bigint, k1 bigint, from_version int, to_version int, fn text)
    RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    b bytea := pg_catalog.uuid_send(id);
    mask bigint;
    i int;
BEGIN
    IF pg_catalog.get_byte(b, 6) >> 4 <> from_version OR pg_catalog.get_byte(b, 8) >> 6 <> 2 THEN
        RAISE EXCEPTION '% takes a version % UUID, not %', fn, from_version, id
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Its version is %s and its variant bits are %s%s; a version %s UUID of RFC 9562 '
                                             'has version %s and variant bits 10.',
                                             pg_catalog.get_byte(b, 6) >> 4, pg_catalog.get_byte(b, 8) >> 7,
                                             (pg_catalog.get_byte(b, 8) >> 6) & 1, from_version, from_version),
                  HINT = CASE WHEN from_version = 7 THEN 'Faces are made of UUIDv7s, such as uuid_v7()''s.'
                              ELSE 'uuid_v47_encode() makes faces, which are version 4.' END;
    END IF;
    mask := _idgen_siphash24(k0, k1, pg_catalog.set_byte(pg_catalog.set_byte(pg_catalog.substr(b, 7, 10), 0,
                                                          pg_catalog.get_byte(b, 6) & 15), 2, pg_catalog.get_byte(b, 8) & 63));
    FOR i IN 0 .. 5 LOOP
        b := pg_catalog.set_byte(b, i, pg_catalog.get_byte(b, i) # ((mask >> (8 * (5 - i))) & 255)::int);
    END LOOP;
    b := pg_catalog.set_byte(b, 6, (pg_catalog.get_byte(b, 6) & 15) | (to_version << 4));
    RETURN pg_catalog.encode(b, 'hex')::uuid;
END $$;

CREATE OR REPLACE FUNCTION uuid_v47_encode(v7 uuid, key text) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_uuid_v47(v7, k.k0, k.k1, 7, 4, 'uuid_v47_encode') FROM _idgen_named_key(key, 'uuid_v47_encode') k
$$;
CREATE OR REPLACE FUNCTION uuid_v47_decode(face uuid, key text) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_uuid_v47(face, k.k0, k.k1, 4, 7, 'uuid_v47_decode') FROM _idgen_named_key(key, 'uuid_v47_decode') k
$$;
CREATE OR REPLACE FUNCTION uuid_v47_decode_candidates(face uuid) RETURNS uuid[]
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    -- the refusal does not depend on the key: checked even with no key kept
    PERFORM _idgen_uuid_v47(face, 0, 0, 4, 7, 'uuid_v47_decode_candidates');
    RETURN COALESCE((SELECT pg_catalog.array_agg(_idgen_uuid_v47(face, k.k0, k.k1, 4, 7, 'uuid_v47_decode_candidates')
                                                 ORDER BY s.created_at DESC, s.name)
                       FROM idgen_key_store s, _idgen_named_key(s.name, 'uuid_v47_decode_candidates') k), '{}');
END $$;

-- The permutation (core/permute.h): 8 Feistel rounds over a left part of
-- ceil(bits / 2) bits and a right part of the rest, alternating; round r's
-- function is SipHash-2-4 of the one block right | r << 32 | bits << 40,
-- cut to the width of the part it changes.
CREATE OR REPLACE FUNCTION _idgen_permute(id bigint, k0 bigint, k1 bigint, bits int, inverse boolean, fn text)
    RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    b0 int;
    l bigint;
    r bigint;
    t bigint;
    a int;
    rnd int;
BEGIN
    IF bits < 1 OR bits > 63 THEN
        RAISE EXCEPTION 'bits % is out of range for %', bits, fn
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid widths are 1 to 63 bits.';
    END IF;
    IF id < 0 THEN
        RAISE EXCEPTION 'ID % is out of range for %', id, fn
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid IDs are 0 to %s (%s bits).',
                                             CASE WHEN bits = 63 THEN 9223372036854775807 ELSE (1::bigint << bits) - 1 END, bits);
    END IF;
    IF bits < 63 AND id >= (1::bigint << bits) THEN
        RAISE EXCEPTION 'ID % is out of range for %', id, fn
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid IDs are 0 to %s (%s bits).', (1::bigint << bits) - 1, bits),
                  HINT = 'A wider bits argument takes it; every ID of a column needs the same width.';
    END IF;
    b0 := bits - (bits + 1) / 2;
    l := id >> b0;
    r := id & ((1::bigint << b0) - 1);
    IF NOT inverse THEN
        FOR rnd IN 0 .. 7 LOOP
            a := CASE WHEN rnd % 2 = 0 THEN (bits + 1) / 2 ELSE bits / 2 END;
            t := l # (_idgen_siphash24_blocks(k0, k1, ARRAY[r | (rnd::bigint << 32) | (bits::bigint << 40), 576460752303423488])
                      & ((1::bigint << a) - 1));
            l := r;
            r := t;
        END LOOP;
    ELSE
        FOR rnd IN REVERSE 7 .. 0 LOOP
            a := CASE WHEN rnd % 2 = 0 THEN (bits + 1) / 2 ELSE bits / 2 END;
            t := r # (_idgen_siphash24_blocks(k0, k1, ARRAY[l | (rnd::bigint << 32) | (bits::bigint << 40), 576460752303423488])
                      & ((1::bigint << a) - 1));
            r := l;
            l := t;
        END LOOP;
    END IF;
    RETURN (l << b0) | r;
END $$;

CREATE OR REPLACE FUNCTION idgen_permute(id bigint, key text, bits int) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_permute(id, k.k0, k.k1, bits, false, 'idgen_permute') FROM _idgen_named_key(key, 'idgen_permute') k
$$;
CREATE OR REPLACE FUNCTION idgen_permute(id bigint, key text) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_permute(id, key, 63)
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute(id bigint, key text, bits int) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_permute(id, k.k0, k.k1, bits, true, 'idgen_unpermute') FROM _idgen_named_key(key, 'idgen_unpermute') k
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute(id bigint, key text) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_unpermute(id, key, 63)
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute_candidates(id bigint, bits int) RETURNS bigint[]
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    -- the refusals do not depend on the key: checked even with no key kept
    PERFORM _idgen_permute(id, 0, 0, bits, true, 'idgen_unpermute_candidates');
    RETURN COALESCE((SELECT pg_catalog.array_agg(_idgen_permute(id, k.k0, k.k1, bits, true, 'idgen_unpermute_candidates')
                                                 ORDER BY s.created_at DESC, s.name)
                       FROM idgen_key_store s, _idgen_named_key(s.name, 'idgen_unpermute_candidates') k), '{}');
END $$;
CREATE OR REPLACE FUNCTION idgen_unpermute_candidates(id bigint) RETURNS bigint[]
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_unpermute_candidates(id, 63)
$$;

REVOKE EXECUTE ON FUNCTION uuid_v47_encode(uuid, text), uuid_v47_decode(uuid, text), uuid_v47_decode_candidates(uuid),
    idgen_permute(bigint, text), idgen_permute(bigint, text, int), idgen_unpermute(bigint, text),
    idgen_unpermute(bigint, text, int), idgen_unpermute_candidates(bigint), idgen_unpermute_candidates(bigint, int)
    FROM PUBLIC;
-- PostgreSQL 18's uuidv7(interval), and a v7's time to the microsecond.
-- uuid_v7(shift): the clock plus the interval (timestamptz arithmetic, as
-- PostgreSQL 18's), then a v7 of that microsecond as uuid_v7(at) makes it.
CREATE OR REPLACE FUNCTION uuid_v7(shift interval) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    shifted timestamptz := pg_catalog.clock_timestamp() + shift;
BEGIN
    IF NOT pg_catalog.isfinite(shifted)
       OR _idgen_floor_div(_idgen_unix_us(shifted), 1000) NOT BETWEEN 0 AND 281474976710655 THEN
        RAISE EXCEPTION 'timestamp % is out of range for uuid_v7', shifted
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('The clock shifted by interval %L. Valid times are %s to %s: '
                                             'a UUIDv7 holds 48 bits of Unix milliseconds.',
                                             shift::pg_catalog.text, _idgen_from_unix_us(0),
                                             _idgen_from_unix_us(281474976710655999));
    END IF;
    RETURN uuid_v7(shifted);
END $$;
COMMENT ON FUNCTION uuid_v7(interval) IS
    'UUIDv7 of the clock shifted by an interval, as PostgreSQL 18''s uuidv7(interval)';

-- uuid_timestamp() with a v7's 12-bit rand_a read as the sub-millisecond
-- fraction: the first microsecond of that fraction (ceil(f * 1000 / 4096),
-- 999 at most), as the C edition reads it.
CREATE OR REPLACE FUNCTION uuid_timestamp_us(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE uuid_version(id)
             WHEN 7 THEN _idgen_from_unix_us(('x' || pg_catalog.left(h, 12))::pg_catalog.bit(48)::pg_catalog.int8 * 1000
                                             + LEAST((('x' || pg_catalog.substr(h, 14, 3))::pg_catalog.bit(12)
                                                                 ::pg_catalog.int4 * 1000 + 4095) / 4096, 999))
             ELSE uuid_timestamp(id)
           END
      FROM (SELECT pg_catalog.translate(id::pg_catalog.text, '-', '') AS h) s
$$;
COMMENT ON FUNCTION uuid_timestamp_us(uuid) IS
    'uuid_timestamp() to the microsecond: a UUIDv7''s 12-bit sub-millisecond fraction read too';

-- Partitioning a declared or named layout's bigint keys: the span in IDs
-- (idgen_partition_interval of a layout), as the C edition computes it.

-- A span's length in µs; months and years are refused before this.
CREATE OR REPLACE FUNCTION _idgen_span_us(span interval) RETURNS numeric
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.date_part('day', span)::pg_catalog.numeric * 86400000000
           + pg_catalog.date_part('hour', span)::pg_catalog.numeric * 3600000000
           + pg_catalog.date_part('minute', span)::pg_catalog.numeric * 60000000
           + pg_catalog.date_part('microseconds', span)::pg_catalog.numeric
$$;

CREATE OR REPLACE FUNCTION _idgen_layout_partition_interval(layout text, span interval) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, 'idgen_partition_interval');
    shift int := l.node_bits + l.seq_bits;
    whole bigint := _idgen_layout_max_time(l.time_bits, shift, l.time_in_sign_bit);
    -- no positive interval follows a field that reaches the sign bit
    longest bigint := CASE WHEN l.time_in_sign_bit THEN whole >> 1 ELSE whole END;
    us numeric := _idgen_span_us(span);
BEGIN
    IF pg_catalog.date_part('year', span) <> 0 OR pg_catalog.date_part('month', span) <> 0 THEN
        RAISE EXCEPTION 'interval "%" has no fixed length for idgen_partition_interval', span
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Layout "%s"''s time is a count of %s-microsecond units: give the span in days, hours, minutes or seconds.',
                                             layout, l.unit_us);
    END IF;
    IF us < l.unit_us OR us % l.unit_us <> 0 OR us / l.unit_us > longest THEN
        RAISE EXCEPTION 'interval "%" is out of range for idgen_partition_interval of layout "%"', span, layout
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('A span is a whole number of %s-microsecond units, from %s to %s microseconds: what the IDs'' time field holds.',
                                             l.unit_us, l.unit_us, longest * l.unit_us);
    END IF;
    RETURN ((us / l.unit_us)::pg_catalog.int8) << shift;
END $$;

-- Every function of this file says what it is in its comment, for whoever
-- lists the schema (\df+); sql-edition/uninstall.sql finds them by their
-- pinned search_path, which a user's own COMMENT does not change.
DO $mark$
DECLARE
    f regprocedure;
BEGIN
    FOR f IN SELECT p.oid FROM pg_catalog.pg_proc p
              WHERE p.pronamespace = pg_catalog.current_schema()::pg_catalog.regnamespace
                AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
                AND pg_catalog.obj_description(p.oid, 'pg_proc') IS NULL LOOP
        EXECUTE pg_catalog.format('COMMENT ON FUNCTION %s IS %L', f, 'idgen SQL edition');
    END LOOP;
END
$mark$;

-- The install's last word: a notice with the version, the schema, the
-- number of functions, and what a second run added and changed; its hint
-- is the next step (the node id, while none is set). The notice shows at
-- the caller's own client_min_messages (this file set it to warning).
DO $notice$
DECLARE
    version constant text := '0.7.0';  -- idgen.control's default_version (test/integration/sql_edition.sh checks)
    before jsonb := pg_catalog.current_setting('idgen_sql_install.functions_before')::pg_catalog.jsonb;
    after jsonb := _idgen_function_hashes(pg_catalog.current_schema());
    schema text := pg_catalog.quote_ident(pg_catalog.current_schema());
    total int;
    helpers int;
    added text[];
    changed text[];
    node int;
    what text;
    detail text;
    next text;
BEGIN
    SELECT pg_catalog.count(*)::pg_catalog.int4 + 1,
           (pg_catalog.count(*) FILTER (WHERE a.key LIKE '\_idgen\_%'))::pg_catalog.int4 + 1,  -- and _idgen_function_hashes
           COALESCE(pg_catalog.array_agg(a.key ORDER BY a.key) FILTER (WHERE b.key IS NULL), '{}'),
           COALESCE(pg_catalog.array_agg(a.key ORDER BY a.key) FILTER (WHERE b.value <> a.value), '{}')
      INTO total, helpers, added, changed
      FROM pg_catalog.jsonb_each_text(after) a LEFT JOIN pg_catalog.jsonb_each_text(before) b ON b.key = a.key;
    SELECT n.node_id INTO node FROM _idgen_node n;
    IF before = '{}' THEN
        what := 'installed';
    ELSIF pg_catalog.cardinality(added) + pg_catalog.cardinality(changed) = 0 THEN
        what := 'run again, nothing changed';
    ELSE
        what := pg_catalog.format('updated, %s new and %s changed', pg_catalog.cardinality(added), pg_catalog.cardinality(changed));
        detail := pg_catalog.concat_ws(E'\n', 'new: ' || NULLIF(pg_catalog.array_to_string(added, ', '), ''),
                                       'changed: ' || NULLIF(pg_catalog.array_to_string(changed, ', '), ''));
    END IF;
    what := pg_catalog.format('idgen SQL edition %s %s in schema %s: %s functions (%s to call, %s helpers named _idgen_*)',
                              version, what, schema, total, total - helpers, helpers);
    next := CASE WHEN node IS NULL
                 THEN pg_catalog.format('Next, as its owner: SELECT %s.idgen_set_node_id(1); with a node id, 0 to 1023, '
                                        'that no other server or database uses (snowflake_id() refuses until then).', schema)
                 ELSE pg_catalog.format('Node id %s is set. Try: SELECT %s.snowflake_id();', node, schema) END;
    PERFORM pg_catalog.set_config('client_min_messages',
        (SELECT s.reset_val FROM pg_catalog.pg_settings s WHERE s.name = 'client_min_messages'), true);
    IF detail IS NULL THEN
        RAISE NOTICE '%', what USING HINT = next;
    ELSE
        RAISE NOTICE '%', what USING DETAIL = detail, HINT = next;
    END IF;
END
$notice$;

COMMIT;
\set ON_ERROR_STOP :idgen_sql_saved_on_error_stop
\set QUIET :idgen_sql_saved_quiet
\unset idgen_sql_saved_on_error_stop
\unset idgen_sql_saved_quiet
\unset idgen_sql_schema
