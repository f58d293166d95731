------------------------------------------------------------------------------
-- Public IDs: named keys, uuidv47's UUIDv4 faces of UUIDv7s, and a keyed
-- permutation of bigint IDs (docs/public-ids.md), the C edition's results
-- and refusals. SipHash-2-4 on bigint: a sum modulo 2^64 is taken in 32-bit
-- halves (bigint's + refuses to overflow), a rotation masks what >> copies
-- of the sign bit; << and # need no care. The keys are rows of
-- idgen_key_store, which only this schema's owner reads; the functions that
-- use them run as that owner, and none is granted to PUBLIC.

CREATE TABLE IF NOT EXISTS idgen_key_store (
    name text PRIMARY KEY,
    key bytea NOT NULL CHECK (pg_catalog.length(key) = 16),
    created_at timestamptz NOT NULL DEFAULT pg_catalog.now()
);
REVOKE ALL ON TABLE idgen_key_store FROM PUBLIC;
CREATE OR REPLACE VIEW idgen_keys AS
    SELECT name, created_at FROM idgen_key_store;
GRANT SELECT ON idgen_keys TO PUBLIC;

-- SipHash-2-4 of whole 64-bit blocks, the last of them already holding the
-- message's tail and its length in the top byte: two rounds per block, the
-- block XORed into v3 before them and into v0 after, then four more.
CREATE OR REPLACE FUNCTION _idgen_siphash24_blocks(k0 bigint, k1 bigint, blocks bigint[]) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    v0 bigint := 8317987319222330741 # k0;  -- 'somepseu'
    v1 bigint := 7237128888997146477 # k1;  -- 'dorandom'
    v2 bigint := 7816392313619706465 # k0;  -- 'lygenera'
    v3 bigint := 8387220255154660723 # k1;  -- 'tedbytes'
    n int := pg_catalog.cardinality(blocks);
    step int;
BEGIN
    FOR step IN 0 .. 2 * n + 3 LOOP
        IF step < 2 * n AND step % 2 = 0 THEN
            v3 := v3 # blocks[step / 2 + 1];
        ELSIF step = 2 * n THEN
            v2 := v2 # 255;
        END IF;
        v0 := (((((v0 >> 32) & 4294967295) + ((v1 >> 32) & 4294967295) + (((v0 & 4294967295) + (v1 & 4294967295)) >> 32)) << 32) | (((v0 & 4294967295) + (v1 & 4294967295)) & 4294967295));
        v1 := ((v1 << 13) | ((v1 >> 51) & 8191)) # v0;
        v0 := ((v0 << 32) | ((v0 >> 32) & 4294967295));
        v2 := (((((v2 >> 32) & 4294967295) + ((v3 >> 32) & 4294967295) + (((v2 & 4294967295) + (v3 & 4294967295)) >> 32)) << 32) | (((v2 & 4294967295) + (v3 & 4294967295)) & 4294967295));
        v3 := ((v3 << 16) | ((v3 >> 48) & 65535)) # v2;
        v0 := (((((v0 >> 32) & 4294967295) + ((v3 >> 32) & 4294967295) + (((v0 & 4294967295) + (v3 & 4294967295)) >> 32)) << 32) | (((v0 & 4294967295) + (v3 & 4294967295)) & 4294967295));
        v3 := ((v3 << 21) | ((v3 >> 43) & 2097151)) # v0;
        v2 := (((((v2 >> 32) & 4294967295) + ((v1 >> 32) & 4294967295) + (((v2 & 4294967295) + (v1 & 4294967295)) >> 32)) << 32) | (((v2 & 4294967295) + (v1 & 4294967295)) & 4294967295));
        v1 := ((v1 << 17) | ((v1 >> 47) & 131071)) # v2;
        v2 := ((v2 << 32) | ((v2 >> 32) & 4294967295));
        IF step < 2 * n AND step % 2 = 1 THEN
            v0 := v0 # blocks[step / 2 + 1];
        END IF;
    END LOOP;
    RETURN v0 # v1 # v2 # v3;
END $$;

-- SipHash-2-4 of a message: its bytes as little-endian 64-bit blocks.
CREATE OR REPLACE FUNCTION _idgen_siphash24(k0 bigint, k1 bigint, msg bytea) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    len int := pg_catalog.length(msg);
    blocks bigint[] := '{}';
    m bigint;
    b int;
    i int;
BEGIN
    FOR b IN 0 .. len / 8 LOOP
        m := 0;
        FOR i IN 0 .. 7 LOOP
            EXIT WHEN b * 8 + i >= len;
            m := m | (pg_catalog.get_byte(msg, b * 8 + i)::bigint << (8 * i));
        END LOOP;
        blocks := blocks || m;
    END LOOP;
    blocks[len / 8 + 1] := blocks[len / 8 + 1] | ((len & 255)::bigint << 56);
    RETURN _idgen_siphash24_blocks(k0, k1, blocks);
END $$;

-- The words of a named key (k0 = bytes 0-7, k1 = bytes 8-15, little-endian),
-- or the C edition's refusal naming the key's name (never its bytes).
CREATE OR REPLACE FUNCTION _idgen_named_key(key_name text, fn text, OUT k0 bigint, OUT k1 bigint)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    k bytea;
    i int;
BEGIN
    SELECT s.key INTO k FROM idgen_key_store s WHERE s.name = key_name;
    IF k IS NULL THEN
        RAISE EXCEPTION '%: there is no key named "%"', fn, key_name
            USING ERRCODE = 'undefined_object',
                  HINT = 'The view idgen_keys lists the keys; idgen_key_create(name) makes one.';
    END IF;
    k0 := 0;
    k1 := 0;
    FOR i IN 0 .. 7 LOOP
        k0 := k0 | (pg_catalog.get_byte(k, i)::bigint << (8 * i));
        k1 := k1 | (pg_catalog.get_byte(k, 8 + i)::bigint << (8 * i));
    END LOOP;
END $$;
REVOKE EXECUTE ON FUNCTION _idgen_named_key(text, text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION idgen_key_import(name text, key bytea) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    -- checked here: the table's own refusals would print the row, key and all
    IF key IS NULL OR pg_catalog.length(key) <> 16 THEN
        RAISE EXCEPTION 'idgen_key_import takes a key of 16 bytes, not %', COALESCE(pg_catalog.length(key)::text, 'NULL')
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A key is 128 bits as SipHash takes them: k0 is bytes 0-7 little-endian, k1 bytes 8-15.';
    END IF;
    IF name IS NULL OR name = '' THEN
        RAISE EXCEPTION 'a key''s name may not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT FROM idgen_key_store s WHERE s.name = idgen_key_import.name) THEN
        RAISE EXCEPTION 'there is a key named "%" already', name
            USING ERRCODE = 'duplicate_object',
                  HINT = 'Keys are never replaced: what was made with one is read with it. Rotate with a new name.';
    END IF;
    INSERT INTO idgen_key_store (name, key) VALUES (idgen_key_import.name, idgen_key_import.key);
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_import(text, bytea) FROM PUBLIC;

-- 16 bytes of gen_random_uuid()'s random digits (the server's pg_strong_random)
CREATE OR REPLACE FUNCTION idgen_key_create(name text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM idgen_key_import(name, pg_catalog.decode(pg_catalog.substr(_idgen_random_hex(), 1, 16)
                                                     || pg_catalog.substr(_idgen_random_hex(), 1, 16), 'hex'));
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_create(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION idgen_key_drop(name text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    DELETE FROM idgen_key_store s WHERE s.name = idgen_key_drop.name;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'idgen_key_drop: there is no key named "%"', name
            USING ERRCODE = 'undefined_object', HINT = 'The view idgen_keys lists the keys.';
    END IF;
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_drop(text) FROM PUBLIC;

-- uuidv47: the time XORed with SipHash-2-4 of the 74 random bits (10 bytes:
-- rand_a's 12 as byte 6's low nibble and byte 7, rand_b's 62 as byte 8's low
-- 6 bits and bytes 9-15), the version swapped; the variant stays.
CREATE OR REPLACE FUNCTION _idgen_uuid_v47(id uuid, k0 bigint, k1 bigint, from_version int, to_version int, fn text)
    RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    b bytea := pg_catalog.uuid_send(id);
    mask bigint;
    i int;
BEGIN
    IF pg_catalog.get_byte(b, 6) >> 4 <> from_version OR pg_catalog.get_byte(b, 8) >> 6 <> 2 THEN
        RAISE EXCEPTION '% takes a version % UUID, not %', fn, from_version, id
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Its version is %s and its variant bits are %s%s; a version %s UUID of RFC 9562 '
                                             'has version %s and variant bits 10.',
                                             pg_catalog.get_byte(b, 6) >> 4, pg_catalog.get_byte(b, 8) >> 7,
                                             (pg_catalog.get_byte(b, 8) >> 6) & 1, from_version, from_version),
                  HINT = CASE WHEN from_version = 7 THEN 'Faces are made of UUIDv7s, such as uuid_v7()''s.'
                              ELSE 'uuid_v47_encode() makes faces, which are version 4.' END;
    END IF;
    mask := _idgen_siphash24(k0, k1, pg_catalog.set_byte(pg_catalog.set_byte(pg_catalog.substr(b, 7, 10), 0,
                                                          pg_catalog.get_byte(b, 6) & 15), 2, pg_catalog.get_byte(b, 8) & 63));
    FOR i IN 0 .. 5 LOOP
        b := pg_catalog.set_byte(b, i, pg_catalog.get_byte(b, i) # ((mask >> (8 * (5 - i))) & 255)::int);
    END LOOP;
    b := pg_catalog.set_byte(b, 6, (pg_catalog.get_byte(b, 6) & 15) | (to_version << 4));
    RETURN pg_catalog.encode(b, 'hex')::uuid;
END $$;

CREATE OR REPLACE FUNCTION uuid_v47_encode(v7 uuid, key text) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_uuid_v47(v7, k.k0, k.k1, 7, 4, 'uuid_v47_encode') FROM _idgen_named_key(key, 'uuid_v47_encode') k
$$;
CREATE OR REPLACE FUNCTION uuid_v47_decode(face uuid, key text) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_uuid_v47(face, k.k0, k.k1, 4, 7, 'uuid_v47_decode') FROM _idgen_named_key(key, 'uuid_v47_decode') k
$$;
CREATE OR REPLACE FUNCTION uuid_v47_decode_candidates(face uuid) RETURNS uuid[]
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    -- the refusal does not depend on the key: checked even with no key kept
    PERFORM _idgen_uuid_v47(face, 0, 0, 4, 7, 'uuid_v47_decode_candidates');
    RETURN COALESCE((SELECT pg_catalog.array_agg(_idgen_uuid_v47(face, k.k0, k.k1, 4, 7, 'uuid_v47_decode_candidates')
                                                 ORDER BY s.created_at DESC, s.name)
                       FROM idgen_key_store s, _idgen_named_key(s.name, 'uuid_v47_decode_candidates') k), '{}');
END $$;

-- The permutation (core/permute.h): 8 Feistel rounds over a left part of
-- ceil(bits / 2) bits and a right part of the rest, alternating; round r's
-- function is SipHash-2-4 of the one block right | r << 32 | bits << 40,
-- cut to the width of the part it changes.
CREATE OR REPLACE FUNCTION _idgen_permute(id bigint, k0 bigint, k1 bigint, bits int, inverse boolean, fn text)
    RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    b0 int;
    l bigint;
    r bigint;
    t bigint;
    a int;
    rnd int;
BEGIN
    IF bits < 1 OR bits > 63 THEN
        RAISE EXCEPTION 'bits % is out of range for %', bits, fn
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid widths are 1 to 63 bits.';
    END IF;
    IF id < 0 THEN
        RAISE EXCEPTION 'ID % is out of range for %', id, fn
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid IDs are 0 to %s (%s bits).',
                                             CASE WHEN bits = 63 THEN 9223372036854775807 ELSE (1::bigint << bits) - 1 END, bits);
    END IF;
    IF bits < 63 AND id >= (1::bigint << bits) THEN
        RAISE EXCEPTION 'ID % is out of range for %', id, fn
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid IDs are 0 to %s (%s bits).', (1::bigint << bits) - 1, bits),
                  HINT = 'A wider bits argument takes it; every ID of a column needs the same width.';
    END IF;
    b0 := bits - (bits + 1) / 2;
    l := id >> b0;
    r := id & ((1::bigint << b0) - 1);
    IF NOT inverse THEN
        FOR rnd IN 0 .. 7 LOOP
            a := CASE WHEN rnd % 2 = 0 THEN (bits + 1) / 2 ELSE bits / 2 END;
            t := l # (_idgen_siphash24_blocks(k0, k1, ARRAY[r | (rnd::bigint << 32) | (bits::bigint << 40), 576460752303423488])
                      & ((1::bigint << a) - 1));
            l := r;
            r := t;
        END LOOP;
    ELSE
        FOR rnd IN REVERSE 7 .. 0 LOOP
            a := CASE WHEN rnd % 2 = 0 THEN (bits + 1) / 2 ELSE bits / 2 END;
            t := r # (_idgen_siphash24_blocks(k0, k1, ARRAY[l | (rnd::bigint << 32) | (bits::bigint << 40), 576460752303423488])
                      & ((1::bigint << a) - 1));
            r := l;
            l := t;
        END LOOP;
    END IF;
    RETURN (l << b0) | r;
END $$;

CREATE OR REPLACE FUNCTION idgen_permute(id bigint, key text, bits int) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_permute(id, k.k0, k.k1, bits, false, 'idgen_permute') FROM _idgen_named_key(key, 'idgen_permute') k
$$;
CREATE OR REPLACE FUNCTION idgen_permute(id bigint, key text) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_permute(id, key, 63)
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute(id bigint, key text, bits int) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_permute(id, k.k0, k.k1, bits, true, 'idgen_unpermute') FROM _idgen_named_key(key, 'idgen_unpermute') k
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute(id bigint, key text) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_unpermute(id, key, 63)
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute_candidates(id bigint, bits int) RETURNS bigint[]
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    -- the refusals do not depend on the key: checked even with no key kept
    PERFORM _idgen_permute(id, 0, 0, bits, true, 'idgen_unpermute_candidates');
    RETURN COALESCE((SELECT pg_catalog.array_agg(_idgen_permute(id, k.k0, k.k1, bits, true, 'idgen_unpermute_candidates')
                                                 ORDER BY s.created_at DESC, s.name)
                       FROM idgen_key_store s, _idgen_named_key(s.name, 'idgen_unpermute_candidates') k), '{}');
END $$;
CREATE OR REPLACE FUNCTION idgen_unpermute_candidates(id bigint) RETURNS bigint[]
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_unpermute_candidates(id, 63)
$$;

REVOKE EXECUTE ON FUNCTION uuid_v47_encode(uuid, text), uuid_v47_decode(uuid, text), uuid_v47_decode_candidates(uuid),
    idgen_permute(bigint, text), idgen_permute(bigint, text, int), idgen_unpermute(bigint, text),
    idgen_unpermute(bigint, text, int), idgen_unpermute_candidates(bigint), idgen_unpermute_candidates(bigint, int)
    FROM PUBLIC;
