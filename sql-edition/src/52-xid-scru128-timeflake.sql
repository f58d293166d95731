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

