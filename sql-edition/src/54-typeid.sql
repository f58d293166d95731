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

