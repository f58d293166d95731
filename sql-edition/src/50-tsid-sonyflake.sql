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
-- has it: no setting of a session reaches it. Unset, the Citus group id
-- (41-citus.sql); else a refusal naming fn.
CREATE OR REPLACE FUNCTION _idgen_node_id(fn text, ids text) RETURNS bigint
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    node bigint := COALESCE((SELECT node_id FROM _idgen_node), _idgen_cluster_node(fn));
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

