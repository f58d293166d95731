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

