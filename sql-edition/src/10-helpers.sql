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

