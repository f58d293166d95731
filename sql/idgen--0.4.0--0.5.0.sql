-- idgen 0.4.0 -> 0.5.0: more ID families (TypeID, xid, SCRU128, TSID,
-- Sonyflake, Timeflake, KSUID-ms, nanoid, cuid2, push IDs).
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.5.0'" to load this file. \quit

-- TSID and Sonyflake (bigints on the server-wide generator)
-- Both ride the shared generators' word, reservation and clock policy, as
-- snowflake_id() does, with idgen.node_id as their node (Sonyflake's 16-bit
-- machine id takes the same 0 to 1023). Their epochs are their reference
-- implementations' own, fixed.

-- TSID (tsid-creator): 42-bit ms since 2020-01-01 | 10-bit node | 12-bit
-- counter, a Java long (negative from 2089 on); 13 Crockford base32 characters.
CREATE FUNCTION tsid() RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_tsid'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION tsid() IS
    'TSID (tsid-creator) as a bigint, unique and increasing across every session of the server (needs preload and idgen.node_id)';

CREATE FUNCTION tsid_parse(t text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_tsid_parse'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION tsid_parse(text) IS
    'a TSID''s 13 characters (either case; I and L read as 1, O as 0) as its bigint';

CREATE FUNCTION tsid_text(id bigint) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_tsid_text'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION tsid_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_tsid_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION tsid_node(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_tsid_node'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION tsid_counter(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_tsid_counter'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

-- Sonyflake (sony/sonyflake, v1): sign 0 | 39-bit 10 ms units since
-- 2014-09-01 | 8-bit sequence | 16-bit machine id.
CREATE FUNCTION sonyflake_id() RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_sonyflake_id'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION sonyflake_id() IS
    'Sonyflake ID, unique and increasing across every session of the server (needs preload and idgen.node_id)';

CREATE FUNCTION sonyflake_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_sonyflake_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION sonyflake_decode(id bigint, OUT ts timestamptz, OUT sequence int, OUT machine int)
    AS 'MODULE_PATHNAME', 'sql_sonyflake_decode'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

-- As snowflake_resume_after: superuser only.
CREATE FUNCTION tsid_resume_after(id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_tsid_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION sonyflake_resume_after(id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_sonyflake_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION tsid_resume_after(bigint) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION sonyflake_resume_after(bigint) FROM PUBLIC;
COMMENT ON FUNCTION tsid_resume_after(bigint) IS
    'tsid() goes on after that ID (superuser)';
COMMENT ON FUNCTION sonyflake_resume_after(bigint) IS
    'sonyflake_id() goes on after that ID (superuser)';

-- idgen_status lists both; their rows show idgen.node_id as snowflake_id's does.
CREATE OR REPLACE VIEW idgen_status AS
    SELECT s.*,
           CASE WHEN s.generator IN ('snowflake_id', 'tsid', 'sonyflake_id')
                THEN nullif(n.setting, '-1')::int END AS node_id,
           CASE WHEN s.generator IN ('snowflake_id', 'tsid', 'sonyflake_id')
                THEN n.source END AS node_id_source,
           r.promoted_at,
           r.promotion_jump_ms
    FROM idgen_status() AS s
    LEFT JOIN pg_catalog.pg_settings AS n ON n.name = 'idgen.node_id'
    LEFT JOIN idgen_reservation_status() AS r ON true;
--

-- xid, SCRU128 and Timeflake (fixed-size types)
--
-- Three fixed-size types, made alike from one table by the block below:
--   xid12      rs/xid's xid: 4 bytes of Unix seconds, 3 of machine id, 2 of
--              process id, 3 of counter, in 20 base32hex characters. Named
--              xid12 because PostgreSQL's xid is the transaction ID. Its
--              bytes are an ObjectId's: it binds objectid's C functions for
--              comparison, hashing, sortsupport and binary I/O.
--   scru128    48-bit Unix ms, two 24-bit counters, 32 random bits, in 25
--              base36 characters.
--   timeflake  48-bit Unix ms and 80 random bits, in 22 base62 characters.
--              Both 16-byte types sort like uuid and bind uuid's internal
--              functions, as ulid does (its sortsupport has abbreviated keys).
-- Each gets its text I/O, binary I/O, the six operators, btree and hash
-- classes, min/max, BRIN minmax (the default) and from 14 minmax-multi and
-- bloom, casts to and from text and bytea, and <type>_parse/<type>_text.
DO $types$
DECLARE
    caller_path text := pg_catalog.current_setting('search_path');
    ext name := (SELECT n.nspname FROM pg_catalog.pg_extension e
                   JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    from_14 boolean := pg_catalog.current_setting('server_version_num')::pg_catalog.int4 >= 140000;
    t record;
    op record;
    -- how a comparison function is bound: 'C' to MODULE_PATHNAME's sql_<impl>_<op>,
    -- 'internal' to PostgreSQL's <impl>_<op>
    bind text;
BEGIN
    PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
    FOR t IN SELECT * FROM (VALUES
            ('xid12', 12, 'C', 'objectid', 'brin_minmax_multi_distance_xid12', 'sql_objectid_brin_distance',
             'xid (rs/xid): 32-bit Unix seconds, 24-bit machine id, 16-bit process id, 24-bit counter, in 20 base32hex characters'),
            ('scru128', 16, 'internal', 'uuid', 'brin_minmax_multi_distance_uuid', NULL,
             'SCRU128: 48-bit Unix ms, 24-bit counter_hi, 24-bit counter_lo, 32-bit entropy, in 25 base36 characters'),
            ('timeflake', 16, 'internal', 'uuid', 'brin_minmax_multi_distance_uuid', NULL,
             'Timeflake: 48-bit Unix ms and 80 random bits, in 22 base62 characters (or 32 hex digits)'))
            AS v(type, len, lang, impl, distance, distance_c, comment) LOOP
        bind := CASE t.lang WHEN 'C' THEN 'AS %L, %L LANGUAGE C' ELSE 'AS %2$L LANGUAGE internal' END;
        EXECUTE pg_catalog.format('CREATE TYPE %I.%I', ext, t.type);
        EXECUTE pg_catalog.format(
            'CREATE FUNCTION %1$I.%2$I(cstring) RETURNS %1$I.%3$I AS %4$L, %5$L '
            'LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE',
            ext, t.type || '_in', t.type, 'MODULE_PATHNAME', 'sql_' || t.type || '_in');
        EXECUTE pg_catalog.format(
            'CREATE FUNCTION %1$I.%2$I(%1$I.%3$I) RETURNS cstring AS %4$L, %5$L '
            'LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE',
            ext, t.type || '_out', t.type, 'MODULE_PATHNAME', 'sql_' || t.type || '_out');
        EXECUTE pg_catalog.format(
            'CREATE FUNCTION %1$I.%2$I(internal) RETURNS %1$I.%3$I '
            || pg_catalog.format(bind, 'MODULE_PATHNAME',
                                 CASE t.lang WHEN 'C' THEN 'sql_' ELSE '' END || t.impl || '_recv')
            || ' IMMUTABLE STRICT PARALLEL SAFE', ext, t.type || '_recv', t.type);
        EXECUTE pg_catalog.format(
            'CREATE FUNCTION %1$I.%2$I(%1$I.%3$I) RETURNS bytea '
            || pg_catalog.format(bind, 'MODULE_PATHNAME',
                                 CASE t.lang WHEN 'C' THEN 'sql_' ELSE '' END || t.impl || '_send')
            || ' IMMUTABLE STRICT PARALLEL SAFE', ext, t.type || '_send', t.type);
        EXECUTE pg_catalog.format(
            'CREATE TYPE %1$I.%2$I (INPUT = %1$I.%3$I, OUTPUT = %1$I.%4$I, RECEIVE = %1$I.%5$I, '
            'SEND = %1$I.%6$I, INTERNALLENGTH = %7$s, ALIGNMENT = char, STORAGE = plain)',
            ext, t.type, t.type || '_in', t.type || '_out', t.type || '_recv', t.type || '_send', t.len);
        EXECUTE pg_catalog.format('COMMENT ON TYPE %I.%I IS %L', ext, t.type, t.comment);

        -- comparisons, hashes and sortsupport: the bytes' own order
        FOR op IN SELECT * FROM (VALUES
                ('eq', 'bool', 2, true), ('ne', 'bool', 2, true), ('lt', 'bool', 2, true),
                ('le', 'bool', 2, true), ('gt', 'bool', 2, true), ('ge', 'bool', 2, true),
                ('cmp', 'int4', 2, true), ('hash', 'int4', 1, true),
                ('hash_extended', 'int8', 0, true), ('sortsupport', 'void', -1, false))
                AS v(name, result, arity, leakproof) LOOP
            EXECUTE pg_catalog.format(
                'CREATE FUNCTION %1$I.%2$I(%3$s) RETURNS %4$s '
                || pg_catalog.format(bind, 'MODULE_PATHNAME',
                                     CASE t.lang WHEN 'C' THEN 'sql_' ELSE '' END || t.impl || '_' || op.name)
                || ' IMMUTABLE STRICT PARALLEL SAFE' || CASE WHEN op.leakproof THEN ' LEAKPROOF' ELSE '' END,
                ext, t.type || '_' || op.name,
                CASE op.arity
                    WHEN 2 THEN pg_catalog.format('%1$I.%2$I, %1$I.%2$I', ext, t.type)
                    WHEN 1 THEN pg_catalog.format('%1$I.%2$I', ext, t.type)
                    WHEN 0 THEN pg_catalog.format('%1$I.%2$I, int8', ext, t.type)
                    ELSE 'internal' END,
                op.result);
        END LOOP;
        FOR op IN SELECT * FROM (VALUES
                ('=', 'eq', '=', '<>', 'eqsel', 'eqjoinsel', ', HASHES, MERGES'),
                ('<>', 'ne', '<>', '=', 'neqsel', 'neqjoinsel', ''),
                ('<', 'lt', '>', '>=', 'scalarltsel', 'scalarltjoinsel', ''),
                ('<=', 'le', '>=', '>', 'scalarlesel', 'scalarlejoinsel', ''),
                ('>', 'gt', '<', '<=', 'scalargtsel', 'scalargtjoinsel', ''),
                ('>=', 'ge', '<=', '<', 'scalargesel', 'scalargejoinsel', ''))
                AS v(op, fn, commutator, negator, rest, join_sel, extra) LOOP
            EXECUTE pg_catalog.format(
                'CREATE OPERATOR %1$I.%3$s (LEFTARG = %1$I.%2$I, RIGHTARG = %1$I.%2$I, FUNCTION = %1$I.%4$I, '
                'COMMUTATOR = OPERATOR(%1$I.%5$s), NEGATOR = OPERATOR(%1$I.%6$s), '
                'RESTRICT = pg_catalog.%7$s, JOIN = pg_catalog.%8$s%9$s)',
                ext, t.type, op.op, t.type || '_' || op.fn, op.commutator, op.negator,
                op.rest, op.join_sel, op.extra);
        END LOOP;
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I DEFAULT FOR TYPE %1$I.%2$I USING btree AS '
            'OPERATOR 1 %1$I.<, OPERATOR 2 %1$I.<=, OPERATOR 3 %1$I.=, OPERATOR 4 %1$I.>=, OPERATOR 5 %1$I.>, '
            'FUNCTION 1 %1$I.%4$I(%1$I.%2$I, %1$I.%2$I), FUNCTION 2 %1$I.%5$I(internal)',
            ext, t.type, t.type || '_ops', t.type || '_cmp', t.type || '_sortsupport');
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I DEFAULT FOR TYPE %1$I.%2$I USING hash AS '
            'OPERATOR 1 %1$I.=, FUNCTION 1 %1$I.%4$I(%1$I.%2$I), FUNCTION 2 %1$I.%5$I(%1$I.%2$I, int8)',
            ext, t.type, t.type || '_ops', t.type || '_hash', t.type || '_hash_extended');

        -- min and max
        FOR op IN SELECT * FROM (VALUES ('larger', 'max', '>'), ('smaller', 'min', '<'))
                AS v(fn, agg, sortop) LOOP
            EXECUTE pg_catalog.format(
                'CREATE FUNCTION %1$I.%3$I(%1$I.%2$I, %1$I.%2$I) RETURNS %1$I.%2$I AS %4$L, %5$L '
                'LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE',
                ext, t.type, t.type || '_' || op.fn, 'MODULE_PATHNAME', 'sql_' || t.type || '_' || op.fn);
            EXECUTE pg_catalog.format(
                'CREATE AGGREGATE %1$I.%3$I(%1$I.%2$I) (SFUNC = %1$I.%4$I, STYPE = %1$I.%2$I, '
                'COMBINEFUNC = %1$I.%4$I, SORTOP = OPERATOR(%1$I.%5$s), PARALLEL = SAFE)',
                ext, t.type, op.agg, t.type || '_' || op.fn, op.sortop);
        END LOOP;

        -- text and bytes: casts, and the issue's <type>_parse and <type>_text
        EXECUTE pg_catalog.format('CREATE CAST (%1$I.%2$I AS text) WITH INOUT AS ASSIGNMENT', ext, t.type);
        EXECUTE pg_catalog.format('CREATE CAST (text AS %1$I.%2$I) WITH INOUT AS ASSIGNMENT', ext, t.type);
        EXECUTE pg_catalog.format(
            'CREATE FUNCTION %1$I.%3$I(value text) RETURNS %1$I.%2$I AS %4$L, %5$L '
            'LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE',
            ext, t.type, pg_catalog.replace(t.type, 'xid12', 'xid') || '_parse', 'MODULE_PATHNAME',
            'sql_' || t.type || '_parse');
        EXECUTE pg_catalog.format(
            'CREATE FUNCTION %1$I.%3$I(id %1$I.%2$I) RETURNS text AS %4$L, %5$L '
            'LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE',
            ext, t.type, pg_catalog.replace(t.type, 'xid12', 'xid') || '_text', 'MODULE_PATHNAME',
            'sql_' || t.type || '_text');
        EXECUTE pg_catalog.format(
            'CREATE FUNCTION %1$I.%3$I(bytes bytea) RETURNS %1$I.%2$I AS %4$L, %5$L '
            'LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE',
            ext, t.type, 'bytea_to_' || t.type, 'MODULE_PATHNAME', 'sql_bytea_to_' || t.type);
        EXECUTE pg_catalog.format('CREATE CAST (%1$I.%2$I AS bytea) WITH FUNCTION %1$I.%3$I(%1$I.%2$I)',
                                  ext, t.type, t.type || '_send');
        EXECUTE pg_catalog.format('CREATE CAST (bytea AS %1$I.%2$I) WITH FUNCTION %1$I.%3$I(bytea)',
                                  ext, t.type, 'bytea_to_' || t.type);

        -- BRIN: minmax (the default); from 14 minmax-multi and bloom, as for ulid
        IF t.distance_c IS NOT NULL THEN
            EXECUTE pg_catalog.format(
                'CREATE FUNCTION %1$I.%2$I(internal, internal) RETURNS float8 AS %3$L, %4$L '
                'LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE',
                ext, t.distance, 'MODULE_PATHNAME', t.distance_c);
        END IF;
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I DEFAULT FOR TYPE %1$I.%2$I USING brin AS '
            'OPERATOR 1 %1$I.<, OPERATOR 2 %1$I.<=, OPERATOR 3 %1$I.=, OPERATOR 4 %1$I.>=, OPERATOR 5 %1$I.>, '
            'FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal), '
            'FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal), '
            'FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal), '
            'FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal)',
            ext, t.type, t.type || '_minmax_ops');
        CONTINUE WHEN NOT from_14;
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I FOR TYPE %1$I.%2$I USING brin AS '
            'OPERATOR 1 %1$I.<, OPERATOR 2 %1$I.<=, OPERATOR 3 %1$I.=, OPERATOR 4 %1$I.>=, OPERATOR 5 %1$I.>, '
            'FUNCTION 1 pg_catalog.brin_minmax_multi_opcinfo(internal), '
            'FUNCTION 2 pg_catalog.brin_minmax_multi_add_value(internal, internal, internal, internal), '
            'FUNCTION 3 pg_catalog.brin_minmax_multi_consistent(internal, internal, internal, int4), '
            'FUNCTION 4 pg_catalog.brin_minmax_multi_union(internal, internal, internal), '
            'FUNCTION 5 pg_catalog.brin_minmax_multi_options(internal), '
            'FUNCTION 11 %4$I.%5$I(internal, internal)',
            ext, t.type, t.type || '_minmax_multi_ops',
            CASE WHEN t.distance_c IS NULL THEN 'pg_catalog' ELSE ext END, t.distance);
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I FOR TYPE %1$I.%2$I USING brin AS '
            'OPERATOR 1 %1$I.=, '
            'FUNCTION 1 pg_catalog.brin_bloom_opcinfo(internal), '
            'FUNCTION 2 pg_catalog.brin_bloom_add_value(internal, internal, internal, internal), '
            'FUNCTION 3 pg_catalog.brin_bloom_consistent(internal, internal, internal, int4), '
            'FUNCTION 4 pg_catalog.brin_bloom_union(internal, internal, internal), '
            'FUNCTION 5 pg_catalog.brin_bloom_options(internal), '
            'FUNCTION 11 %1$I.%4$I(%1$I.%2$I)',
            ext, t.type, t.type || '_bloom_ops', t.type || '_hash');
    END LOOP;
    PERFORM pg_catalog.set_config('search_path', caller_path, true);
END
$types$;

-- Same bytes, other names: an xid is an ObjectId; a Timeflake is a ULID and
-- a uuid. Assignment casts, as ulid <-> uuid: into a column of the other
-- type without a cast written out; mixed comparisons do not resolve silently.
CREATE CAST (xid12 AS objectid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (objectid AS xid12) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (timeflake AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uuid AS timeflake) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (timeflake AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (ulid AS timeflake) WITHOUT FUNCTION AS ASSIGNMENT;

CREATE FUNCTION xid_generate() RETURNS xid12
    AS 'MODULE_PATHNAME', 'sql_xid12_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION xid_generate() IS
    'xid of the current second: machine id idgen.node_id, the postmaster''s pid, a server-wide counter (needs preload, or 17+)';
CREATE FUNCTION xid_timestamp(id xid12) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_xid12_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION xid_machine(id xid12) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_xid12_machine' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION xid_pid(id xid12) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_xid12_pid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION xid_counter(id xid12) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_xid12_counter' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION scru128() RETURNS scru128
    AS 'MODULE_PATHNAME', 'sql_scru128_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION scru128() IS
    'SCRU128 of the current time by the spec''s generator, strictly increasing within a session';
CREATE FUNCTION scru128_timestamp(id scru128) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_scru128_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION timeflake() RETURNS timeflake
    AS 'MODULE_PATHNAME', 'sql_timeflake_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION timeflake() IS
    'Timeflake of the current time: Unix ms, 16-bit sub-ms fraction, 64 random bits (ulid()''s); strictly increasing within a session';
CREATE FUNCTION timeflake_timestamp(id timeflake) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_timeflake_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
--

-- TypeID
-- A type prefix and a UUID, `prefix_` + 26 lower-case Crockford base32
-- characters (jetify's spec 0.3.0). Variable length: the prefix's bytes,
-- then the UUID's 16, ordered by prefix, then UUID (by time within a
-- prefix, for new ones: UUIDv7s).

CREATE TYPE typeid;
CREATE FUNCTION typeid_in(cstring) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_out(typeid) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_typeid_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_recv(internal) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_send(typeid) RETURNS bytea
    AS 'MODULE_PATHNAME', 'sql_typeid_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE typeid (
    INPUT = typeid_in, OUTPUT = typeid_out, RECEIVE = typeid_recv, SEND = typeid_send,
    INTERNALLENGTH = VARIABLE, STORAGE = main);
COMMENT ON TYPE typeid IS 'TypeID: a type prefix and a UUID (new ones UUIDv7), as prefix_ and 26 lower-case base32 characters; sorts by prefix, then UUID';

CREATE FUNCTION typeid_eq(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ne(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_lt(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_le(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_gt(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ge(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_cmp(typeid, typeid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_typeid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_typeid_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_hash(typeid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_typeid_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_hash_extended(typeid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_typeid_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_larger(typeid, typeid) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_smaller(typeid, typeid) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS typeid_ops DEFAULT FOR TYPE typeid USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 typeid_cmp(typeid, typeid), FUNCTION 2 typeid_sortsupport(internal);
CREATE OPERATOR CLASS typeid_ops DEFAULT FOR TYPE typeid USING hash AS
    OPERATOR 1 =, FUNCTION 1 typeid_hash(typeid), FUNCTION 2 typeid_hash_extended(typeid, bigint);
-- BRIN minmax: within one prefix, new TypeIDs come in time order
CREATE OPERATOR CLASS typeid_minmax_ops DEFAULT FOR TYPE typeid USING brin AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);
CREATE AGGREGATE max(typeid) (
    SFUNC = typeid_larger, STYPE = typeid, COMBINEFUNC = typeid_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(typeid) (
    SFUNC = typeid_smaller, STYPE = typeid, COMBINEFUNC = typeid_smaller, SORTOP = <, PARALLEL = SAFE);

CREATE FUNCTION typeid_parse(id text) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_parse' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_text(id typeid) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_typeid_text' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (typeid AS text) WITH FUNCTION typeid_text(typeid) AS ASSIGNMENT;
CREATE CAST (text AS typeid) WITH FUNCTION typeid_parse(text) AS ASSIGNMENT;

CREATE FUNCTION typeid_generate(prefix text) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_generate' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_generate(text) IS
    'TypeID of the prefix and a uuid_v7(): strictly increasing within a session';
CREATE FUNCTION typeid_generate(prefix text, at timestamptz) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_generate_at' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_generate(text, timestamptz) IS 'TypeID of the prefix and uuid_v7(at) (backfills)';
CREATE FUNCTION typeid_from_uuid(prefix text, id uuid) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_from_uuid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_prefix(id typeid) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_typeid_prefix' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_uuid(id typeid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_typeid_uuid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_timestamp(id typeid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_typeid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_timestamp(typeid) IS 'the time of a TypeID''s UUIDv7; NULL for other UUIDs';
CREATE FUNCTION typeid_from_time(prefix text, ts timestamptz) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_from_time(text, timestamptz) IS
    'smallest TypeID of the prefix in that millisecond: id >= typeid_from_time(p, t1) AND id < typeid_from_time(p, t2)';
CREATE FUNCTION typeid_has_prefix_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME', 'sql_typeid_has_prefix_support' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_has_prefix(id typeid, prefix text) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_has_prefix' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE
    SUPPORT typeid_has_prefix_support;
COMMENT ON FUNCTION typeid_has_prefix(typeid, text) IS
    'whether id has this prefix; an index on id answers it as a range (the prefix''s TypeIDs sort together)';
--

-- KSUID-ms, nanoid, cuid2 and push IDs
-- KSUID-ms (svix): a ksuid whose 5th byte is the 4 ms step of its second.
CREATE FUNCTION ksuid_ms() RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_ms_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION ksuid_ms_timestamp(id ksuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ksuid_ms_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ksuid_ms() IS 'KSUID-ms (svix): a KSUID whose 5th byte is (ms % 1000) >> 2, then 15 random bytes; increasing within the session';
COMMENT ON FUNCTION ksuid_ms_timestamp(ksuid) IS 'The time of a KSUID-ms, to 4 ms: its second plus (5th byte * 4) % 1000 ms';

-- nanoid: random text, no symbol likelier than another.
CREATE FUNCTION nanoid() RETURNS text
    AS 'MODULE_PATHNAME', 'sql_nanoid_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION nanoid(size int) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_nanoid_generate_size' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
CREATE FUNCTION nanoid(size int, alphabet text) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_nanoid_generate_alphabet' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION nanoid(int, text) IS 'nanoid: size (1 to 1024) characters of alphabet (2 to 256 distinct characters), each equally likely';

-- cuid2 (@paralleldrive/cuid2): a letter, then base36 of a SHA3-512 hash.
CREATE FUNCTION cuid2() RETURNS text
    AS 'MODULE_PATHNAME', 'sql_cuid2_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION cuid2(length int) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_cuid2_generate_length' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
CREATE FUNCTION cuid2_is_valid(id text) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_cuid2_is_valid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuid2(int) IS 'cuid2: a letter a-z, then base36 digits of SHA3-512(time, salt, counter, fingerprint); 2 to 32 characters (24 by default)';

-- Firebase push IDs: text that sorts by time under COLLATE "C".
CREATE FUNCTION pushid() RETURNS text
    AS 'MODULE_PATHNAME', 'sql_pushid_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION pushid_timestamp(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_pushid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION pushid() IS 'Firebase push ID: 8 characters of Unix ms and 12 of random bits (one more within a ms); sorts by time under COLLATE "C"';
--

--
