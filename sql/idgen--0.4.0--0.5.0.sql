-- idgen 0.4.0 -> 0.5.0: more ID families (TypeID, xid, SCRU128, TSID,
-- Sonyflake, Timeflake, KSUID-ms, nanoid, cuid2, push IDs).
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.5.0'" to load this file. \quit

-- TSID and Sonyflake (bigints on the server-wide generator) [section tsid-sonyflake]
-- Both ride the shared generators' word, reservation and clock policy, as
-- snowflake_id() does, with idgen.node_id as their node (Sonyflake's 16-bit
-- machine id takes the same 0 to 1023). Their epochs are their reference
-- implementations' own, fixed.

-- TSID (tsid-creator): 42-bit ms since 2020-01-01 | 10-bit node | 12-bit
-- counter, a Java long (negative from 2089 on); 13 Crockford base32 characters.
CREATE FUNCTION tsid() RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_tsid'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION tsid() IS
    'TSID (tsid-creator) as a bigint, unique and increasing across every session of the server (needs preload and idgen.node_id)';

CREATE FUNCTION tsid_parse(t text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_tsid_parse'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION tsid_parse(text) IS
    'a TSID''s 13 characters (either case; I and L read as 1, O as 0) as its bigint';

CREATE FUNCTION tsid_text(id bigint) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_tsid_text'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION tsid_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_tsid_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION tsid_node(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_tsid_node'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION tsid_counter(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_tsid_counter'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

-- Sonyflake (sony/sonyflake, v1): sign 0 | 39-bit 10 ms units since
-- 2014-09-01 | 8-bit sequence | 16-bit machine id.
CREATE FUNCTION sonyflake_id() RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_sonyflake_id'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION sonyflake_id() IS
    'Sonyflake ID, unique and increasing across every session of the server (needs preload and idgen.node_id)';

CREATE FUNCTION sonyflake_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_sonyflake_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION sonyflake_decode(id bigint, OUT ts timestamptz, OUT sequence int, OUT machine int)
    AS 'MODULE_PATHNAME', 'sql_sonyflake_decode'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

-- As snowflake_resume_after: superuser only.
CREATE FUNCTION tsid_resume_after(id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_tsid_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION sonyflake_resume_after(id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_sonyflake_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION tsid_resume_after(bigint) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION sonyflake_resume_after(bigint) FROM PUBLIC;
COMMENT ON FUNCTION tsid_resume_after(bigint) IS
    'tsid() goes on after that ID (superuser)';
COMMENT ON FUNCTION sonyflake_resume_after(bigint) IS
    'sonyflake_id() goes on after that ID (superuser)';

-- idgen_status lists both; their rows show idgen.node_id as snowflake_id's does.
CREATE OR REPLACE VIEW idgen_status AS
    SELECT s.*,
           CASE WHEN s.generator IN ('snowflake_id', 'tsid', 'sonyflake_id')
                THEN nullif(n.setting, '-1')::int END AS node_id,
           CASE WHEN s.generator IN ('snowflake_id', 'tsid', 'sonyflake_id')
                THEN n.source END AS node_id_source,
           r.promoted_at,
           r.promotion_jump_ms
    FROM idgen_status() AS s
    LEFT JOIN pg_catalog.pg_settings AS n ON n.name = 'idgen.node_id'
    LEFT JOIN idgen_reservation_status() AS r ON true;
-- [end of section tsid-sonyflake]

-- xid, SCRU128 and Timeflake (fixed-size types) [section xid-scru128-timeflake]
-- [end of section xid-scru128-timeflake]

-- TypeID [section typeid]
-- [end of section typeid]

-- KSUID-ms, nanoid, cuid2 and push IDs [section ksuid-ms-nanoid-cuid2-pushid]
-- [end of section ksuid-ms-nanoid-cuid2-pushid]

-- start, promotion and other operations [section operations]
-- [end of section operations]
