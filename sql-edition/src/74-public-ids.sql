------------------------------------------------------------------------------
-- Public IDs: named keys, uuidv47's UUIDv4 faces of UUIDv7s, and a keyed
-- permutation of bigint IDs (docs/public-ids.md), the C edition's results
-- and refusals. SipHash-2-4 on bigint: a sum modulo 2^64 is taken in 32-bit
-- halves (bigint's + refuses to overflow), a rotation masks what >> copies
-- of the sign bit; << and # need no care. Each bitwise operator on a key's
-- words is named pg_catalog's (OPERATOR(pg_catalog.&)): no operator of
-- another schema is ever matched to one, however exactly it takes them.
--
-- The keys are rows of idgen_key_store, which only this schema's owner
-- reads. Each key has a function of its own, _idgen_keyfn_<md5 of its
-- name>(op, ...), that runs a public-ID function under the key as the
-- owner: EXECUTE on it is the key's grant (idgen_key_grant). The functions
-- that use a key run as their caller, so PostgreSQL checks the grant
-- against whoever calls them.

CREATE TABLE IF NOT EXISTS idgen_key_store (
    name text PRIMARY KEY,
    key bytea NOT NULL CHECK (pg_catalog.length(key) = 16),
    created_at timestamptz NOT NULL DEFAULT pg_catalog.now()
);
REVOKE ALL ON TABLE idgen_key_store FROM PUBLIC;

-- the name of the function that holds a key's grant
CREATE OR REPLACE FUNCTION _idgen_keyfn(key_name text) RETURNS name
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ('_idgen_keyfn_' OPERATOR(pg_catalog.||) pg_catalog.left(pg_catalog.md5(key_name), 16))::pg_catalog.name
$$;

CREATE OR REPLACE VIEW idgen_keys AS
    SELECT s.name, s.created_at,
           ARRAY(SELECT CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0 THEN 'PUBLIC'
                             ELSE a.grantee::pg_catalog.regrole::pg_catalog.text END
                   FROM pg_catalog.pg_proc p CROSS JOIN LATERAL pg_catalog.aclexplode(p.proacl) a
                  WHERE p.proname OPERATOR(pg_catalog.=) _idgen_keyfn(s.name)
                    AND p.pronamespace OPERATOR(pg_catalog.=) :'idgen_sql_schema'::pg_catalog.regnamespace::pg_catalog.oid
                    AND a.grantee OPERATOR(pg_catalog.<>) p.proowner
                  ORDER BY 1) AS granted_to
      FROM idgen_key_store s;
GRANT SELECT ON idgen_keys TO PUBLIC;

-- SipHash-2-4 of whole 64-bit blocks, the last of them already holding the
-- message's tail and its length in the top byte: two rounds per block, the
-- block XORed into v3 before them and into v0 after, then four more.
CREATE OR REPLACE FUNCTION _idgen_siphash24_blocks(k0 bigint, k1 bigint, blocks bigint[]) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    v0 bigint := 8317987319222330741 OPERATOR(pg_catalog.#) k0;  -- 'somepseu'
    v1 bigint := 7237128888997146477 OPERATOR(pg_catalog.#) k1;  -- 'dorandom'
    v2 bigint := 7816392313619706465 OPERATOR(pg_catalog.#) k0;  -- 'lygenera'
    v3 bigint := 8387220255154660723 OPERATOR(pg_catalog.#) k1;  -- 'tedbytes'
    n int := pg_catalog.cardinality(blocks);
    step int;
BEGIN
    FOR step IN 0 .. 2 * n + 3 LOOP
        IF step < 2 * n AND step % 2 = 0 THEN
            v3 := v3 OPERATOR(pg_catalog.#) blocks[step / 2 + 1];
        ELSIF step = 2 * n THEN
            v2 := v2 OPERATOR(pg_catalog.#) 255;
        END IF;
        v0 := (((((v0 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295) + ((v1 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295) + (((v0 OPERATOR(pg_catalog.&) 4294967295) + (v1 OPERATOR(pg_catalog.&) 4294967295)) OPERATOR(pg_catalog.>>) 32)) OPERATOR(pg_catalog.<<) 32) OPERATOR(pg_catalog.|) (((v0 OPERATOR(pg_catalog.&) 4294967295) + (v1 OPERATOR(pg_catalog.&) 4294967295)) OPERATOR(pg_catalog.&) 4294967295));
        v1 := ((v1 OPERATOR(pg_catalog.<<) 13) OPERATOR(pg_catalog.|) ((v1 OPERATOR(pg_catalog.>>) 51) OPERATOR(pg_catalog.&) 8191)) OPERATOR(pg_catalog.#) v0;
        v0 := ((v0 OPERATOR(pg_catalog.<<) 32) OPERATOR(pg_catalog.|) ((v0 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295));
        v2 := (((((v2 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295) + ((v3 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295) + (((v2 OPERATOR(pg_catalog.&) 4294967295) + (v3 OPERATOR(pg_catalog.&) 4294967295)) OPERATOR(pg_catalog.>>) 32)) OPERATOR(pg_catalog.<<) 32) OPERATOR(pg_catalog.|) (((v2 OPERATOR(pg_catalog.&) 4294967295) + (v3 OPERATOR(pg_catalog.&) 4294967295)) OPERATOR(pg_catalog.&) 4294967295));
        v3 := ((v3 OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) ((v3 OPERATOR(pg_catalog.>>) 48) OPERATOR(pg_catalog.&) 65535)) OPERATOR(pg_catalog.#) v2;
        v0 := (((((v0 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295) + ((v3 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295) + (((v0 OPERATOR(pg_catalog.&) 4294967295) + (v3 OPERATOR(pg_catalog.&) 4294967295)) OPERATOR(pg_catalog.>>) 32)) OPERATOR(pg_catalog.<<) 32) OPERATOR(pg_catalog.|) (((v0 OPERATOR(pg_catalog.&) 4294967295) + (v3 OPERATOR(pg_catalog.&) 4294967295)) OPERATOR(pg_catalog.&) 4294967295));
        v3 := ((v3 OPERATOR(pg_catalog.<<) 21) OPERATOR(pg_catalog.|) ((v3 OPERATOR(pg_catalog.>>) 43) OPERATOR(pg_catalog.&) 2097151)) OPERATOR(pg_catalog.#) v0;
        v2 := (((((v2 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295) + ((v1 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295) + (((v2 OPERATOR(pg_catalog.&) 4294967295) + (v1 OPERATOR(pg_catalog.&) 4294967295)) OPERATOR(pg_catalog.>>) 32)) OPERATOR(pg_catalog.<<) 32) OPERATOR(pg_catalog.|) (((v2 OPERATOR(pg_catalog.&) 4294967295) + (v1 OPERATOR(pg_catalog.&) 4294967295)) OPERATOR(pg_catalog.&) 4294967295));
        v1 := ((v1 OPERATOR(pg_catalog.<<) 17) OPERATOR(pg_catalog.|) ((v1 OPERATOR(pg_catalog.>>) 47) OPERATOR(pg_catalog.&) 131071)) OPERATOR(pg_catalog.#) v2;
        v2 := ((v2 OPERATOR(pg_catalog.<<) 32) OPERATOR(pg_catalog.|) ((v2 OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 4294967295));
        IF step < 2 * n AND step % 2 = 1 THEN
            v0 := v0 OPERATOR(pg_catalog.#) blocks[step / 2 + 1];
        END IF;
    END LOOP;
    RETURN v0 OPERATOR(pg_catalog.#) v1 OPERATOR(pg_catalog.#) v2 OPERATOR(pg_catalog.#) v3;
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
            m := m OPERATOR(pg_catalog.|) (pg_catalog.get_byte(msg, b * 8 + i)::bigint OPERATOR(pg_catalog.<<) (8 * i));
        END LOOP;
        blocks := pg_catalog.array_append(blocks, m);  -- || is polymorphic: an exact one elsewhere would win
    END LOOP;
    blocks[len / 8 + 1] := blocks[len / 8 + 1] OPERATOR(pg_catalog.|) ((len OPERATOR(pg_catalog.&) 255)::bigint OPERATOR(pg_catalog.<<) 56);
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
        k0 := k0 OPERATOR(pg_catalog.|) (pg_catalog.get_byte(k, i)::bigint OPERATOR(pg_catalog.<<) (8 * i));
        k1 := k1 OPERATOR(pg_catalog.|) (pg_catalog.get_byte(k, 8 + i)::bigint OPERATOR(pg_catalog.<<) (8 * i));
    END LOOP;
END $$;

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
    IF pg_catalog.get_byte(b, 6) OPERATOR(pg_catalog.>>) 4 <> from_version OR pg_catalog.get_byte(b, 8) OPERATOR(pg_catalog.>>) 6 <> 2 THEN
        RAISE EXCEPTION '% takes a version % UUID, not %', fn, from_version, id
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Its version is %s and its variant bits are %s%s; a version %s UUID of RFC 9562 '
                                             'has version %s and variant bits 10.',
                                             pg_catalog.get_byte(b, 6) OPERATOR(pg_catalog.>>) 4, pg_catalog.get_byte(b, 8) OPERATOR(pg_catalog.>>) 7,
                                             (pg_catalog.get_byte(b, 8) OPERATOR(pg_catalog.>>) 6) OPERATOR(pg_catalog.&) 1, from_version, from_version),
                  HINT = CASE WHEN from_version = 7 THEN 'Faces are made of UUIDv7s, such as uuid_v7()''s.'
                              ELSE 'uuid_v47_encode() makes faces, which are version 4.' END;
    END IF;
    mask := _idgen_siphash24(k0, k1, pg_catalog.set_byte(pg_catalog.set_byte(pg_catalog.substr(b, 7, 10), 0,
                                                          pg_catalog.get_byte(b, 6) OPERATOR(pg_catalog.&) 15), 2, pg_catalog.get_byte(b, 8) OPERATOR(pg_catalog.&) 63));
    FOR i IN 0 .. 5 LOOP
        b := pg_catalog.set_byte(b, i, pg_catalog.get_byte(b, i) OPERATOR(pg_catalog.#) ((mask OPERATOR(pg_catalog.>>) (8 * (5 - i))) OPERATOR(pg_catalog.&) 255)::int);
    END LOOP;
    b := pg_catalog.set_byte(b, 6, (pg_catalog.get_byte(b, 6) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.|) (to_version OPERATOR(pg_catalog.<<) 4));
    RETURN pg_catalog.encode(b, 'hex')::uuid;
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
                                             CASE WHEN bits = 63 THEN 9223372036854775807 ELSE (1::bigint OPERATOR(pg_catalog.<<) bits) - 1 END, bits);
    END IF;
    IF bits < 63 AND id >= (1::bigint OPERATOR(pg_catalog.<<) bits) THEN
        RAISE EXCEPTION 'ID % is out of range for %', id, fn
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid IDs are 0 to %s (%s bits).', (1::bigint OPERATOR(pg_catalog.<<) bits) - 1, bits),
                  HINT = 'A wider bits argument takes it; every ID of a column needs the same width.';
    END IF;
    b0 := bits - (bits + 1) / 2;
    l := id OPERATOR(pg_catalog.>>) b0;
    r := id OPERATOR(pg_catalog.&) ((1::bigint OPERATOR(pg_catalog.<<) b0) - 1);
    IF NOT inverse THEN
        FOR rnd IN 0 .. 7 LOOP
            a := CASE WHEN rnd % 2 = 0 THEN (bits + 1) / 2 ELSE bits / 2 END;
            t := l OPERATOR(pg_catalog.#) (_idgen_siphash24_blocks(k0, k1, ARRAY[r OPERATOR(pg_catalog.|) (rnd::bigint OPERATOR(pg_catalog.<<) 32) OPERATOR(pg_catalog.|) (bits::bigint OPERATOR(pg_catalog.<<) 40), 576460752303423488])
                      OPERATOR(pg_catalog.&) ((1::bigint OPERATOR(pg_catalog.<<) a) - 1));
            l := r;
            r := t;
        END LOOP;
    ELSE
        FOR rnd IN REVERSE 7 .. 0 LOOP
            a := CASE WHEN rnd % 2 = 0 THEN (bits + 1) / 2 ELSE bits / 2 END;
            t := r OPERATOR(pg_catalog.#) (_idgen_siphash24_blocks(k0, k1, ARRAY[l OPERATOR(pg_catalog.|) (rnd::bigint OPERATOR(pg_catalog.<<) 32) OPERATOR(pg_catalog.|) (bits::bigint OPERATOR(pg_catalog.<<) 40), 576460752303423488])
                      OPERATOR(pg_catalog.&) ((1::bigint OPERATOR(pg_catalog.<<) a) - 1));
            r := l;
            l := t;
        END LOOP;
    END IF;
    RETURN (l OPERATOR(pg_catalog.<<) b0) OPERATOR(pg_catalog.|) r;
END $$;
REVOKE EXECUTE ON FUNCTION _idgen_named_key(text, text) FROM PUBLIC;

-- op (a public-ID function's name) under the named key, as the owner: what
-- each key's own function runs, and the faces trigger. Owner only: a caller
-- reaches it through a key's function, which PostgreSQL lets it call only if
-- granted the key. PL/pgSQL, as the key's function: their compiled form and
-- plans are kept by the session, where an SQL function called by EXECUTE is
-- planned anew.
-- The key's function is found again here, as the statement's snapshot has
-- it, wherever the call comes from (a grantee may call a key's function
-- directly, and PostgreSQL finds it in a cache an open transaction may not
-- have refreshed): 42704 once it is dropped, 40001 in a REPEATABLE READ
-- transaction older than a drop, grant or revoke of it (a new row), whose
-- snapshot would read the key row as it was.
CREATE OR REPLACE FUNCTION _idgen_keyed_op(key_name text, op text, id uuid, n bigint, bits int) RETURNS text
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    k record;
    fn oid;
    changed_by xid;
BEGIN
    SELECT p.oid, p.xmax INTO fn, changed_by FROM pg_catalog.pg_proc p
     WHERE p.proname OPERATOR(pg_catalog.=) _idgen_keyfn(key_name)
       AND p.pronamespace OPERATOR(pg_catalog.=) _idgen_schema()::pg_catalog.regnamespace::pg_catalog.oid;
    IF fn IS NULL THEN
        RAISE EXCEPTION '%: there is no key named "%"', op, key_name
            USING ERRCODE = 'undefined_object',
                  HINT = 'The view idgen_keys lists the keys; idgen_key_create(name) makes one.';
    END IF;
    IF changed_by::pg_catalog.text <> '0' AND _idgen_xid_committed(changed_by) THEN
        RAISE EXCEPTION '%: key "%" was dropped, granted or revoked after this statement''s snapshot', op, key_name
            USING ERRCODE = 'serialization_failure',
                  HINT = 'Run it again (under REPEATABLE READ or SERIALIZABLE, in a new transaction).';
    END IF;
    SELECT * INTO k FROM _idgen_named_key(key_name, op);
    RETURN CASE op
               WHEN 'uuid_v47_encode' THEN _idgen_uuid_v47(id, k.k0, k.k1, 7, 4, op)::pg_catalog.text
               WHEN 'uuid_v47_faces' THEN _idgen_uuid_v47(id, k.k0, k.k1, 7, 4, op)::pg_catalog.text
               WHEN 'idgen_permute' THEN _idgen_permute(n, k.k0, k.k1, bits, false, op)::pg_catalog.text
               WHEN 'idgen_unpermute' THEN _idgen_permute(n, k.k0, k.k1, bits, true, op)::pg_catalog.text
               WHEN 'idgen_unpermute_candidates' THEN _idgen_permute(n, k.k0, k.k1, bits, true, op)::pg_catalog.text
               ELSE _idgen_uuid_v47(id, k.k0, k.k1, 4, 7, op)::pg_catalog.text END;
END $$;
REVOKE EXECUTE ON FUNCTION _idgen_keyed_op(text, text, uuid, bigint, int) FROM PUBLIC;

-- A key's own function (owner only until granted), made with the key.
CREATE OR REPLACE FUNCTION _idgen_make_keyfn(key_name text) RETURNS void
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    schema text := _idgen_schema();
BEGIN
    EXECUTE pg_catalog.format(
        'CREATE OR REPLACE FUNCTION %s.%I(op text, id uuid, n bigint, bits int) RETURNS text '
        'LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = pg_catalog, %s, pg_temp '
        'AS %L', schema, _idgen_keyfn(key_name), schema,
        pg_catalog.format('BEGIN RETURN _idgen_keyed_op(%L, op, id, n, bits); END', key_name));
    EXECUTE pg_catalog.format('REVOKE EXECUTE ON FUNCTION %s.%I(text, uuid, bigint, int) FROM PUBLIC',
                              schema, _idgen_keyfn(key_name));
    PERFORM _idgen_revoke_from_roles('FUNCTION ' OPERATOR(pg_catalog.||) p.oid::pg_catalog.regprocedure::pg_catalog.text, p.proacl, p.proowner)
       FROM pg_catalog.pg_proc p
      WHERE p.proname OPERATOR(pg_catalog.=) _idgen_keyfn(key_name)
        AND p.pronamespace OPERATOR(pg_catalog.=) schema::pg_catalog.regnamespace::pg_catalog.oid;
END $$;
REVOKE EXECUTE ON FUNCTION _idgen_make_keyfn(text) FROM PUBLIC;

-- Whether a transaction committed: x (a 32-bit xid, such as a row's xmax)
-- is taken as the 64-bit one nearest the snapshot's, as no live xid is 2^31
-- or more away.
CREATE OR REPLACE FUNCTION _idgen_xid_committed(x xid) RETURNS boolean
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.pg_xact_status((s.next
               + ((((x::pg_catalog.text::pg_catalog.int8 - (s.next OPERATOR(pg_catalog.&) 4294967295)) + 2147483648)
                   OPERATOR(pg_catalog.&) 4294967295) - 2147483648))::pg_catalog.text::pg_catalog.xid8) = 'committed'
      FROM (SELECT pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())::pg_catalog.text::pg_catalog.int8 AS next) s
$$;

-- op of the caller's under the named key: 42704 when there is none, 42501
-- when the caller was not granted it or may not call op's function (this
-- one may be called directly), 40001 when a REPEATABLE READ transaction is
-- older than a drop, grant or revoke of it (the key's function refuses it:
-- _idgen_keyed_op). As the caller.
CREATE OR REPLACE FUNCTION _idgen_with_key(key_name text, op text, id uuid, n bigint, bits int) RETURNS text
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    fn_name name := _idgen_keyfn(key_name);
    schema text := _idgen_schema();
    fn oid;
    acl aclitem[];
    owner oid;
    may boolean;
    -- the caller and the roles whose privileges it has, as the statement's
    -- snapshot has them (pg_has_role reads a cache that an open transaction
    -- may not have refreshed since a member was removed): a membership
    -- inherits as PostgreSQL's own, by the grant's INHERIT from 16 on, by the
    -- member's rolinherit before
    caller_roles oid[] := ARRAY(
        WITH RECURSIVE r(role) AS (
            SELECT u.oid FROM pg_catalog.pg_roles u WHERE u.rolname OPERATOR(pg_catalog.=) pg_catalog.current_user()
            UNION
            SELECT m.roleid FROM r JOIN pg_catalog.pg_auth_members m ON m.member OPERATOR(pg_catalog.=) r.role
              JOIN pg_catalog.pg_roles u ON u.oid OPERATOR(pg_catalog.=) m.member
             WHERE COALESCE((pg_catalog.to_jsonb(m) OPERATOR(pg_catalog.->>) 'inherit_option')::boolean, u.rolinherit))
        SELECT r.role FROM r);
    result text;
BEGIN
    -- by values, not calls: an index scan, not a call per row of pg_proc
    SELECT p.oid, p.proacl, p.proowner INTO fn, acl, owner FROM pg_catalog.pg_proc p
     WHERE p.proname OPERATOR(pg_catalog.=) fn_name
       AND p.pronamespace OPERATOR(pg_catalog.=) schema::pg_catalog.regnamespace::pg_catalog.oid;
    -- NULL: dropped since the snapshot that found it (a REPEATABLE READ
    -- transaction older than the drop), whose key row it would still read
    may := pg_catalog.has_function_privilege(fn, 'EXECUTE');
    IF fn IS NULL OR may IS NULL THEN
        RAISE EXCEPTION '%: there is no key named "%"', op, key_name
            USING ERRCODE = 'undefined_object',
                  HINT = 'The view idgen_keys lists the keys; idgen_key_create(name) makes one.';
    END IF;
    -- and the grant as the statement's snapshot has it: the privilege check
    -- above reads a cache that an open transaction may not have refreshed
    -- since a revoke committed
    IF NOT may OR NOT EXISTS (SELECT FROM pg_catalog.aclexplode(COALESCE(acl, pg_catalog.acldefault('f', owner))) a
                               WHERE a.privilege_type = 'EXECUTE'
                                 AND (a.grantee OPERATOR(pg_catalog.=) 0
                                      OR a.grantee OPERATOR(pg_catalog.=) ANY (caller_roles)
                                      OR (SELECT u.rolsuper FROM pg_catalog.pg_roles u
                                           WHERE u.rolname OPERATOR(pg_catalog.=) pg_catalog.current_user()))) THEN
        RAISE EXCEPTION '%: permission denied for key "%"', op, key_name
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = pg_catalog.format('Role %s was not granted the key.', pg_catalog.current_user()),
                  HINT = 'Its owner grants it: idgen_key_grant(key_name, role).';
    END IF;
    -- the function grants hold here too: a key granted for faces decodes none
    IF NOT EXISTS (SELECT FROM pg_catalog.unnest(CASE op
                       WHEN 'uuid_v47_encode' THEN '{"uuid_v47_encode(uuid,text)"}'::text[]
                       WHEN 'uuid_v47_decode' THEN '{"uuid_v47_decode(uuid,text)"}'
                       WHEN 'uuid_v47_decode_candidates' THEN '{"uuid_v47_decode_candidates(uuid)"}'
                       WHEN 'idgen_permute' THEN '{"idgen_permute(bigint,text)","idgen_permute(bigint,text,integer)"}'
                       WHEN 'idgen_unpermute' THEN '{"idgen_unpermute(bigint,text)","idgen_unpermute(bigint,text,integer)"}'
                       WHEN 'idgen_unpermute_candidates' THEN '{"idgen_unpermute_candidates(bigint,integer)"}' END) f
                    WHERE pg_catalog.has_function_privilege(schema OPERATOR(pg_catalog.||) '.' OPERATOR(pg_catalog.||) f, 'EXECUTE')) THEN
        RAISE EXCEPTION 'permission denied for function %', op USING ERRCODE = 'insufficient_privilege';
    END IF;
    EXECUTE pg_catalog.format('SELECT %s.%I($1, $2, $3, $4)', schema, fn_name) INTO result USING op, id, n, bits;
    RETURN result;
END $$;

-- The key's bytes are never a constant of a plan: a plan dump
-- (debug_print_plan) or auto_explain would print it. Generic plans keep
-- them parameters; idgen_key_create's never are a value of its own.
CREATE OR REPLACE FUNCTION idgen_key_import(name text, key bytea) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    other text;
    why text;
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
    -- a key's function is named by 64 bits of its name's md5: another
    -- key's of the same name would be replaced, and its name run this key
    other := (SELECT s.name FROM idgen_key_store s
               WHERE _idgen_keyfn(s.name) OPERATOR(pg_catalog.=) _idgen_keyfn(idgen_key_import.name) LIMIT 1);
    IF other IS NOT NULL THEN
        RAISE EXCEPTION 'key "%" would have the function of key "%" (%)', name, other, _idgen_keyfn(name)
            USING ERRCODE = 'duplicate_object',
                  DETAIL = 'A key''s function is named by the first 16 hex digits of its name''s md5, which these share.',
                  HINT = 'Choose another name.';
    END IF;
    -- a dropped key's function that other objects named stays (idgen_key_drop):
    -- dropped now if they are gone, else the name is not taken again
    IF pg_catalog.to_regprocedure(pg_catalog.format('%s.%I(text, uuid, bigint, integer)', _idgen_schema(), _idgen_keyfn(name))) IS NOT NULL THEN
        BEGIN
            EXECUTE pg_catalog.format('DROP FUNCTION %s.%I(text, uuid, bigint, int)', _idgen_schema(), _idgen_keyfn(name));
        EXCEPTION WHEN dependent_objects_still_exist THEN
            GET STACKED DIAGNOSTICS why = PG_EXCEPTION_DETAIL;
            RAISE EXCEPTION 'the function of a key once named "%" (%) is still named by other objects', name, _idgen_keyfn(name)
                USING ERRCODE = 'dependent_objects_still_exist', DETAIL = why,
                      HINT = 'Their owners drop them, or choose another name.';
        END;
    END IF;
    INSERT INTO idgen_key_store (name, key) VALUES (idgen_key_import.name, idgen_key_import.key);
    PERFORM _idgen_make_keyfn(name);
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_import(text, bytea) FROM PUBLIC;

-- 16 bytes of gen_random_uuid()'s random digits (the server's pg_strong_random)
CREATE OR REPLACE FUNCTION idgen_key_create(name text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    PERFORM idgen_key_import(name, pg_catalog.decode(pg_catalog.substr(_idgen_random_hex(), 1, 16)
                                                     || pg_catalog.substr(_idgen_random_hex(), 1, 16), 'hex'));
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_create(text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION idgen_key_drop(name text) RETURNS void
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    why text;
BEGIN
    DELETE FROM idgen_key_store s WHERE s.name = idgen_key_drop.name;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'idgen_key_drop: there is no key named "%"', name
            USING ERRCODE = 'undefined_object', HINT = 'The view idgen_keys lists the keys.';
    END IF;
    BEGIN
        EXECUTE pg_catalog.format('DROP FUNCTION IF EXISTS %s.%I(text, uuid, bigint, int)',
                                  _idgen_schema(), _idgen_keyfn(name));
    EXCEPTION WHEN dependent_objects_still_exist THEN
        -- another role's object names it (a grantee's view): the key is
        -- dropped all the same (its row is gone, which the function reads),
        -- and the function kept from every role until that object goes
        GET STACKED DIAGNOSTICS why = PG_EXCEPTION_DETAIL;
        PERFORM _idgen_revoke_from_roles('FUNCTION ' OPERATOR(pg_catalog.||) p.oid::pg_catalog.regprocedure::pg_catalog.text, p.proacl, p.proowner)
           FROM pg_catalog.pg_proc p
          WHERE p.proname OPERATOR(pg_catalog.=) _idgen_keyfn(name)
            AND p.pronamespace OPERATOR(pg_catalog.=) _idgen_schema()::pg_catalog.regnamespace::pg_catalog.oid;
        EXECUTE pg_catalog.format('REVOKE EXECUTE ON FUNCTION %s.%I(text, uuid, bigint, int) FROM PUBLIC',
                                  _idgen_schema(), _idgen_keyfn(name));
        RAISE WARNING 'idgen_key_drop: key "%" is dropped; its function stays, granted to nobody, while other objects name it', name
            USING DETAIL = why, HINT = 'Their owners drop them.';
    END;
END $$;
REVOKE EXECUTE ON FUNCTION idgen_key_drop(text) FROM PUBLIC;

-- idgen_key_grant(key_name, role) and idgen_key_revoke: EXECUTE on the key's function
CREATE OR REPLACE FUNCTION _idgen_key_grant(key_name text, role text, grant_it boolean) RETURNS void
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    fn text := pg_catalog.format('%s.%I(text, uuid, bigint, integer)', _idgen_schema(), _idgen_keyfn(key_name));
    -- 'public' or 'PUBLIC' is every role (GRANT's keyword), any other
    -- spelling a role's exact name ("Public"); "PUBLIC" may be both: refused
    grantee text := CASE WHEN role IN ('public', 'PUBLIC') THEN 'PUBLIC' ELSE pg_catalog.quote_ident(role) END;
BEGIN
    IF role = 'PUBLIC' AND EXISTS (SELECT FROM pg_catalog.pg_roles r WHERE r.rolname = role) THEN
        RAISE EXCEPTION 'idgen_key_%: "PUBLIC" names both every role and a role of that name', CASE WHEN grant_it THEN 'grant' ELSE 'revoke' END
            USING ERRCODE = 'invalid_parameter_value', HINT = 'Write ''public'' for every role.';
    END IF;
    IF grantee <> 'PUBLIC' AND NOT EXISTS (SELECT FROM pg_catalog.pg_roles r WHERE r.rolname = role) THEN
        RAISE EXCEPTION 'role "%" does not exist', role USING ERRCODE = 'undefined_object';
    END IF;
    IF NOT EXISTS (SELECT FROM idgen_key_store s WHERE s.name = key_name) OR pg_catalog.to_regprocedure(fn) IS NULL THEN
        RAISE EXCEPTION 'idgen_key_%: there is no key named "%"', CASE WHEN grant_it THEN 'grant' ELSE 'revoke' END, key_name
            USING ERRCODE = 'undefined_object', HINT = 'The view idgen_keys lists the keys.';
    END IF;
    EXECUTE pg_catalog.format(CASE WHEN grant_it THEN 'GRANT EXECUTE ON FUNCTION %s TO %s'
                                   ELSE 'REVOKE EXECUTE ON FUNCTION %s FROM %s' END, fn, grantee);
END $$;
REVOKE EXECUTE ON FUNCTION _idgen_key_grant(text, text, boolean) FROM PUBLIC;
CREATE OR REPLACE FUNCTION idgen_key_grant(key_name text, role text) RETURNS void
    LANGUAGE sql VOLATILE STRICT SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_key_grant(key_name, role, true)
$$;
REVOKE EXECUTE ON FUNCTION idgen_key_grant(text, text) FROM PUBLIC;
CREATE OR REPLACE FUNCTION idgen_key_revoke(key_name text, role text) RETURNS void
    LANGUAGE sql VOLATILE STRICT SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_key_grant(key_name, role, false)
$$;
REVOKE EXECUTE ON FUNCTION idgen_key_revoke(text, text) FROM PUBLIC;

-- Keys kept before 0.6.1 were usable by every role that could call the
-- functions: each gets its function, granted to PUBLIC, so that no working
-- call breaks (docs/public-ids.md). Keys made since have one already; a
-- row without one since (a data-only restore) gets one granted to nobody.
DO $keys$
DECLARE
    k text;
    before oid[] := COALESCE(pg_catalog.string_to_array(NULLIF(pg_catalog.current_setting('idgen_sql_install.objects_before'), ''),
                                                        ',')::pg_catalog.oid[], '{}');
    -- the run found an edition older than 0.6.1: its encoder, and no key
    -- functions (a first install finds neither: a key table restored
    -- before it holds rows of its own, granted to nobody)
    before_keys boolean := pg_catalog.to_regprocedure(_idgen_schema() OPERATOR(pg_catalog.||) '.uuid_v47_encode(uuid,text)')::pg_catalog.oid
                               OPERATOR(pg_catalog.=) ANY (before)
                           AND pg_catalog.to_regprocedure(_idgen_schema() OPERATOR(pg_catalog.||) '._idgen_make_keyfn(text)')::pg_catalog.oid
                               OPERATOR(pg_catalog.<>) ALL (before);
BEGIN
    FOR k IN SELECT s.name FROM idgen_key_store s
              WHERE pg_catalog.to_regprocedure(pg_catalog.format('%s.%I(text, uuid, bigint, integer)',
                                               _idgen_schema(), _idgen_keyfn(s.name))) IS NULL LOOP
        PERFORM _idgen_make_keyfn(k);
        IF before_keys THEN
            PERFORM _idgen_key_grant(k, 'public', true);  -- 'PUBLIC' is refused beside a role of that name
        ELSE
            RAISE WARNING 'key "%" had no grants kept (a row restored alone): it is granted to nobody', k
                USING HINT = 'Its owner grants it: idgen_key_grant(key_name, role).';
        END IF;
    END LOOP;
END
$keys$;

-- The functions that use a key: as their caller (see above).
CREATE OR REPLACE FUNCTION uuid_v47_encode(v7 uuid, key text) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_with_key(key, 'uuid_v47_encode', v7, NULL, NULL)::pg_catalog.uuid
$$;
CREATE OR REPLACE FUNCTION uuid_v47_decode(face uuid, key text) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_with_key(key, 'uuid_v47_decode', face, NULL, NULL)::pg_catalog.uuid
$$;
-- under each kept key the caller was granted, newest key first
CREATE OR REPLACE FUNCTION _idgen_granted_keys() RETURNS SETOF text
    LANGUAGE sql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT s.name FROM idgen_keys s
     WHERE pg_catalog.has_function_privilege(
               pg_catalog.to_regprocedure(pg_catalog.format('%s.%I(text, uuid, bigint, integer)',
                                                            _idgen_schema(), _idgen_keyfn(s.name))),
               'EXECUTE')
     ORDER BY s.created_at DESC, s.name
$$;
CREATE OR REPLACE FUNCTION uuid_v47_decode_candidates(face uuid) RETURNS uuid[]
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    -- the refusal does not depend on the key: checked even with no key kept
    PERFORM _idgen_uuid_v47(face, 0, 0, 4, 7, 'uuid_v47_decode_candidates');
    RETURN COALESCE((SELECT pg_catalog.array_agg(_idgen_with_key(k, 'uuid_v47_decode_candidates', face, NULL, NULL)::pg_catalog.uuid)
                       FROM _idgen_granted_keys() k), '{}');
END $$;

CREATE OR REPLACE FUNCTION idgen_permute(id bigint, key text, bits int) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_with_key(key, 'idgen_permute', NULL, id, bits)::pg_catalog.int8
$$;
CREATE OR REPLACE FUNCTION idgen_permute(id bigint, key text) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_with_key(key, 'idgen_permute', NULL, id, 63)::pg_catalog.int8
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute(id bigint, key text, bits int) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_with_key(key, 'idgen_unpermute', NULL, id, bits)::pg_catalog.int8
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute(id bigint, key text) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_with_key(key, 'idgen_unpermute', NULL, id, 63)::pg_catalog.int8
$$;
CREATE OR REPLACE FUNCTION idgen_unpermute_candidates(id bigint, bits int) RETURNS bigint[]
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    -- the refusals do not depend on the key: checked even with no key kept
    PERFORM _idgen_permute(id, 0, 0, bits, true, 'idgen_unpermute_candidates');
    RETURN COALESCE((SELECT pg_catalog.array_agg(_idgen_with_key(k, 'idgen_unpermute_candidates', NULL, id, bits)::pg_catalog.int8)
                       FROM _idgen_granted_keys() k), '{}');
END $$;
CREATE OR REPLACE FUNCTION idgen_unpermute_candidates(id bigint) RETURNS bigint[]
    LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_unpermute_candidates(id, 63)
$$;

REVOKE EXECUTE ON FUNCTION uuid_v47_encode(uuid, text), uuid_v47_decode(uuid, text), uuid_v47_decode_candidates(uuid),
    idgen_permute(bigint, text), idgen_permute(bigint, text, int), idgen_unpermute(bigint, text),
    idgen_unpermute(bigint, text, int), idgen_unpermute_candidates(bigint), idgen_unpermute_candidates(bigint, int)
    FROM PUBLIC;

-- uuid_v7_ms(): the millisecond, then 74 random bits (a v4's, version 7):
-- its face shows no more than a v4 does
CREATE OR REPLACE FUNCTION uuid_v7_ms() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.encode(pg_catalog.set_byte(
               overlay(pg_catalog.uuid_send(pg_catalog.gen_random_uuid())
                                  PLACING pg_catalog.substr(pg_catalog.int8send(
                                      pg_catalog.floor(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp())
                                                       OPERATOR(pg_catalog.*) 1000)::pg_catalog.int8), 3, 6) FROM 1 FOR 6),
               6, (pg_catalog.get_byte(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()), 6)
                   OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.|) 112), 'hex')::pg_catalog.uuid
$$;

-- uuid_v47_faces(key, id column, face column): a BEFORE INSERT OR UPDATE
-- row trigger that sets a row's id to a fresh uuid_v7_ms() and its face at
-- insert, under a key granted to the table's owner (not to whoever
-- inserts), and lets no UPDATE change either (docs/public-ids.md). As the
-- owner of this schema: the inserting role holds no encoder and no key.
CREATE OR REPLACE FUNCTION uuid_v47_faces() RETURNS trigger
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    key_name text := TG_ARGV[0];
    owner oid := (SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) TG_RELID);
    fn text := pg_catalog.format('%s.%I(text, uuid, bigint, integer)', _idgen_schema(), _idgen_keyfn(key_name));
    v7 uuid;
    old_id uuid;
    new_id uuid;
    c int;
BEGIN
    IF TG_WHEN <> 'BEFORE' OR TG_LEVEL <> 'ROW' OR TG_OP NOT IN ('INSERT', 'UPDATE') THEN
        RAISE EXCEPTION 'uuid_v47_faces() runs only as a BEFORE INSERT OR UPDATE ... FOR EACH ROW trigger'
            USING ERRCODE = '39P01';
    END IF;
    IF TG_NARGS <> 3 THEN
        RAISE EXCEPTION 'uuid_v47_faces() takes 3 arguments (key name, id column, face column), not %', TG_NARGS
            USING ERRCODE = '39P01';
    END IF;
    FOR c IN 1 .. 2 LOOP
        IF NOT EXISTS (SELECT FROM pg_catalog.pg_attribute a
                        WHERE a.attrelid OPERATOR(pg_catalog.=) TG_RELID AND a.attname OPERATOR(pg_catalog.=) TG_ARGV[c]
                          AND a.attnum OPERATOR(pg_catalog.>) 0 AND NOT a.attisdropped) THEN
            RAISE EXCEPTION 'uuid_v47_faces: table % has no column "%"', TG_TABLE_NAME, TG_ARGV[c]
                USING ERRCODE = 'undefined_column';
        END IF;
        IF (SELECT a.atttypid FROM pg_catalog.pg_attribute a
             WHERE a.attrelid OPERATOR(pg_catalog.=) TG_RELID AND a.attname OPERATOR(pg_catalog.=) TG_ARGV[c])
           OPERATOR(pg_catalog.<>) 'pg_catalog.uuid'::pg_catalog.regtype THEN
            RAISE EXCEPTION 'uuid_v47_faces: column "%" of table % is not of type uuid', TG_ARGV[c], TG_TABLE_NAME
                USING ERRCODE = 'datatype_mismatch';
        END IF;
    END LOOP;
    IF TG_OP = 'UPDATE' THEN
        FOR c IN 1 .. 2 LOOP
            -- the two uuid fields only, never the row: serialising it would
            -- run the casts and output functions of the table owner's types
            -- as this schema's owner (every key, every privilege of it)
            EXECUTE pg_catalog.format('SELECT ($1).%1$I, ($2).%1$I', TG_ARGV[c]) INTO old_id, new_id USING OLD, NEW;
            IF old_id IS DISTINCT FROM new_id THEN
                RAISE EXCEPTION 'uuid_v47_faces: column "%" of table % is set at insert and never changed', TG_ARGV[c], TG_TABLE_NAME
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
        END LOOP;
        RETURN NEW;
    END IF;
    IF pg_catalog.to_regprocedure(fn) IS NULL THEN
        RAISE EXCEPTION 'uuid_v47_faces: there is no key named "%"', key_name
            USING ERRCODE = 'undefined_object',
                  HINT = 'The view idgen_keys lists the keys; idgen_key_create(name) makes one.';
    END IF;
    IF NOT pg_catalog.has_function_privilege(owner, fn, 'EXECUTE') THEN
        RAISE EXCEPTION 'uuid_v47_faces: permission denied for key "%"', key_name
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = pg_catalog.format('Role %s was not granted the key.', owner::pg_catalog.regrole),
                  HINT = 'Its owner grants it: idgen_key_grant(key_name, role).';
    END IF;
    v7 := uuid_v7_ms();
    NEW := pg_catalog.jsonb_populate_record(NEW, pg_catalog.jsonb_build_object(
               TG_ARGV[1], v7, TG_ARGV[2], _idgen_keyed_op(key_name, 'uuid_v47_faces', v7, NULL, NULL)));
    RETURN NEW;
END $$;
REVOKE EXECUTE ON FUNCTION uuid_v47_faces() FROM PUBLIC;
