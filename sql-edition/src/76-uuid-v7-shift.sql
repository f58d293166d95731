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

