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

