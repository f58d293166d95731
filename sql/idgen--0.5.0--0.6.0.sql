-- idgen 0.5.0 -> 0.6.0: public IDs (UUIDv4 faces, keyed bigint
-- permutation, Sqids), bigint layouts as data, partitioning by an ID's time,
-- and the family table as the one source of each type's SQL.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.0'" to load this file. \quit

-- PostgreSQL 18's uuidv7(interval), and a v7's time to the microsecond.
CREATE FUNCTION uuid_v7(shift interval) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_shift'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7(interval) IS
    'UUIDv7 of the clock shifted by an interval, as PostgreSQL 18''s uuidv7(interval)';

CREATE FUNCTION uuid_timestamp_us(id uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_uuid_timestamp_us'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_timestamp_us(uuid) IS
    'uuid_timestamp() to the microsecond: a UUIDv7''s 12-bit sub-millisecond fraction read too';
