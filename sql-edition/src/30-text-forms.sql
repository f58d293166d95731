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

