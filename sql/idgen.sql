-- idgen: the SQL interface of the current version (the Makefile installs it as
-- idgen--<default_version>.sql). Every change here also goes into an upgrade
-- script sql/idgen--<old>--<new>.sql; test/integration/upgrade.sh checks they agree.
\echo Use "CREATE EXTENSION idgen" to load this file. \quit

-- The native types (ulid, ksuid, objectid, xid12, scru128, timeflake,
-- typeid): their I/O, operators, operator classes, min/max and casts are
-- written from the family table into sql/generated/native_types.sql, which
-- the Makefile puts in place of the next line. Here: what is each one's own.
-- native types: sql/generated/native_types.sql

-- Markings: generators read the clock or shared state, so VOLATILE; a
-- function that reads an idgen.* setting is STABLE; the rest are IMMUTABLE.
-- All are PARALLEL SAFE: shared state lives in shared memory, which parallel
-- workers share with their leader.

------------------------------------------------------------------------------
-- Instagram shard IDs: 41-bit ms since idgen.shard_epoch | 13-bit shard | 10-bit seq

CREATE FUNCTION next_shard_id(shard int, seq bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_next_shard_id_seq'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int, bigint) IS
    'Instagram''s next_id(): clock ms | shard | seq % 1024; an error where the original overflows';

CREATE FUNCTION next_shard_id(shard int, seq bigint, at timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_next_shard_id_seq_at'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int, bigint, timestamptz) IS
    'shard ID for a given time (backfills): ms of at | shard | seq % 1024';

CREATE FUNCTION next_shard_id(shard int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_next_shard_id'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int) IS
    'shard ID with its sequence kept per shard in shared memory: never repeats (needs preload)';

CREATE FUNCTION shard_id_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_shard_id_timestamp'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_timestamp(id bigint, epoch_ms bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_shard_id_timestamp_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_shard(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_shard_id_shard'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_seq(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_shard_id_seq'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_decode(id bigint, OUT ts timestamptz, OUT shard int, OUT seq int)
    AS 'MODULE_PATHNAME', 'sql_shard_id_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_decode(id bigint, epoch_ms bigint, OUT ts timestamptz, OUT shard int, OUT seq int)
    AS 'MODULE_PATHNAME', 'sql_shard_id_decode_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_from_time(ts timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_shard_id_from_time'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION shard_id_from_time(timestamptz) IS
    'smallest shard ID of that millisecond: id >= shard_id_from_time(t1) AND id < shard_id_from_time(t2)';

CREATE FUNCTION shard_id_from_time(ts timestamptz, epoch_ms bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_shard_id_from_time_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

------------------------------------------------------------------------------
-- Snowflake: sign 0 | 41-bit ms since idgen.snowflake_epoch | 10-bit idgen.node_id | 12-bit seq

CREATE FUNCTION snowflake_id() RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_snowflake_id'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_id() IS
    'Snowflake ID, unique and increasing across every session of the server (needs preload)';

CREATE FUNCTION snowflake_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_snowflake_timestamp'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_timestamp(id bigint, epoch_ms bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_snowflake_timestamp_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_node(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_snowflake_node'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_seq(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_snowflake_seq'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_decode(id bigint, OUT ts timestamptz, OUT node int, OUT seq int)
    AS 'MODULE_PATHNAME', 'sql_snowflake_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_decode(id bigint, epoch_ms bigint, OUT ts timestamptz, OUT node int, OUT seq int)
    AS 'MODULE_PATHNAME', 'sql_snowflake_decode_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_id_from_time(ts timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_snowflake_id_from_time'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_id_from_time(timestamptz) IS
    'smallest Snowflake of that millisecond: id >= snowflake_id_from_time(t1) AND id < snowflake_id_from_time(t2)';

CREATE FUNCTION snowflake_id_from_time(ts timestamptz, epoch_ms bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_snowflake_id_from_time_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

------------------------------------------------------------------------------
-- ULID: 48-bit Unix ms then 80 random bits, 16 bytes; text is 26 Crockford
-- base32 characters that sort like the bytes. Stored and ordered exactly like
-- uuid, so comparison, hashing, sortsupport and binary I/O are uuid's own.

CREATE FUNCTION ulid() RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_generate'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION ulid() IS
    'ULID of the current time: Unix ms, 16-bit sub-ms fraction, 64 random bits; strictly increasing within a session';

CREATE FUNCTION ulid(at timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_generate_at'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION ulid(timestamptz) IS 'ULID of a given time with 80 random bits (backfills)';

CREATE FUNCTION ulid_monotonic() RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_monotonic'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION ulid_monotonic() IS
    'ULID in the spec''s monotonic order across every session of the server (needs preload)';

CREATE FUNCTION ulid_timestamp(id ulid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ulid_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION ulid_from_time(ts timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_from_time'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ulid_from_time(timestamptz) IS
    'smallest ULID of that millisecond: id >= ulid_from_time(t1) AND id < ulid_from_time(t2)';

CREATE CAST (ulid AS timestamptz) WITH FUNCTION ulid_timestamp(ulid);

-- pgx_ulid's casts, with its results and its function names: a ULID's time
-- as a timestamp in UTC, the smallest ULID of a time (a bound for ranges,
-- never a new ID), and its 16 bytes (ulid_send's). All explicit, as ulid ->
-- timestamptz is: a time or bytes become a ULID only when asked, and no
-- comparison of a ulid with a time, a uuid or a bytea resolves through them.
CREATE FUNCTION ulid_to_timestamp(id ulid) RETURNS timestamp
    AS 'MODULE_PATHNAME', 'sql_ulid_to_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_timestamp(ulid) IS
    'the ULID''s millisecond as a timestamp in UTC (the cast ulid::timestamp, as pgx_ulid''s)';
CREATE FUNCTION timestamp_to_ulid(ts timestamp) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_timestamp_to_ulid'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION timestamp_to_ulid(timestamp) IS
    'smallest ULID of that millisecond, the timestamp read as UTC (the cast timestamp::ulid, as pgx_ulid''s)';
COMMENT ON FUNCTION bytea_to_ulid(bytea) IS 'the ULID of 16 big-endian bytes (the cast bytea::ulid)';
CREATE CAST (ulid AS timestamp) WITH FUNCTION ulid_to_timestamp(ulid);
CREATE CAST (timestamp AS ulid) WITH FUNCTION timestamp_to_ulid(timestamp);
CREATE CAST (timestamptz AS ulid) WITH FUNCTION ulid_from_time(timestamptz);

------------------------------------------------------------------------------
-- The UUID family (RFC 9562), on PostgreSQL's uuid type. Names avoid
-- uuid-ossp's (uuid_nil, uuid_ns_*, uuid_generate_v*) and PostgreSQL 17/18's
-- (uuidv4, uuidv7, uuid_extract_*), so all of them install side by side.

CREATE FUNCTION uuid_v7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7() IS
    'UUIDv7: Unix ms, 12-bit sub-ms fraction, 62 random bits; strictly increasing within a session';

CREATE FUNCTION uuid_v7(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_at'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7(timestamptz) IS 'UUIDv7 of a given time (backfills)';

CREATE FUNCTION uuid_v7_from_time(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_from_time'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_from_time(timestamptz) IS
    'smallest UUIDv7 of that millisecond: id >= uuid_v7_from_time(t1) AND id < uuid_v7_from_time(t2)';

CREATE FUNCTION uuid_v7_timestamp(id uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_timestamp(uuid) IS
    'the millisecond of a UUIDv7; NULL for other versions (as uuid_extract_timestamp for a v7)';

CREATE FUNCTION uuid_version(id uuid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_uuid_version'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_version(uuid) IS
    'version of an RFC 9562 UUID; NULL for other variants (as uuid_extract_version)';

CREATE FUNCTION uuid_v4() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v4'
    LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE FUNCTION uuid_v3(namespace uuid, name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v3'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION uuid_v5(namespace uuid, name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v5'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

-- RFC 9562 section 6.6 namespaces, and the Nil and Max UUIDs (section 5.9, 5.10).
-- Every SQL and PL/pgSQL function pins its search_path, these too: a caller
-- could put a schema with its own uuid type ahead of pg_catalog.
CREATE FUNCTION uuid_namespace_dns() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE FUNCTION uuid_namespace_url() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '6ba7b811-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE FUNCTION uuid_namespace_oid() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '6ba7b812-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE FUNCTION uuid_namespace_x500() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '6ba7b814-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE FUNCTION uuid_min() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid $$;
COMMENT ON FUNCTION uuid_min() IS 'the Nil UUID (uuid-ossp calls it uuid_nil())';
CREATE FUNCTION uuid_max() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::pg_catalog.uuid $$;
COMMENT ON FUNCTION uuid_max() IS 'the Max UUID';

------------------------------------------------------------------------------
-- KSUID (Segment): 4 bytes of seconds since 1400000000, 16 random bytes;
-- 27 base62 characters that sort like the bytes. A 20-byte type: smaller
-- than its text, validated, compared with one memcmp.

CREATE FUNCTION ksuid() RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION ksuid(at timestamptz) RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_generate_at' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
CREATE FUNCTION ksuid_timestamp(id ksuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ksuid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION ksuid_from_time(ts timestamptz) RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ksuid_from_time(timestamptz) IS
    'smallest KSUID of that second: id >= ksuid_from_time(t1) AND id < ksuid_from_time(t2)';

------------------------------------------------------------------------------
-- MongoDB ObjectId: 4 bytes of Unix seconds, 5 random bytes per process, a
-- 3-byte counter from a random start; 24 hex digits.

CREATE FUNCTION objectid() RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION objectid(at timestamptz) RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_generate_at' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
CREATE FUNCTION objectid_timestamp(id objectid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_objectid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION objectid_counter(id objectid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_objectid_counter' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION objectid_from_time(ts timestamptz) RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION objectid_from_time(timestamptz) IS
    'smallest ObjectId of that second: id >= objectid_from_time(t1) AND id < objectid_from_time(t2)';

------------------------------------------------------------------------------
-- UUID v1 and v6 (RFC 9562): 100 ns since 1582-10-15, clock sequence, and a
-- random node with the multicast bit set (never the MAC address).

CREATE FUNCTION uuid_v1() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v1' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION uuid_v6() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v6' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION uuid_v6_from_time(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v6_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v6_from_time(timestamptz) IS
    'smallest UUIDv6 of that microsecond: id >= uuid_v6_from_time(t1) AND id < uuid_v6_from_time(t2)';
CREATE FUNCTION uuid_timestamp(id uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_uuid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_timestamp(uuid) IS
    'the time of a v1, v6 or v7 UUID (as uuid_extract_timestamp, and v6 too); NULL for the others';

------------------------------------------------------------------------------
-- Flickr's ticket servers: a sequence for server k of n hands out k, k+n,
-- k+2n, ...: n servers never collide.

-- Pinned search_path, so a function planted where the caller's path reaches
-- never runs in its place. The caller's current schema comes in through the
-- default of default_schema, evaluated before the path is pinned: there an
-- unqualified name goes, as with CREATE SEQUENCE.
CREATE FUNCTION create_ticket_sequence(name text, server int, servers int,
                                       default_schema name DEFAULT CURRENT_SCHEMA)
RETURNS regclass
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    parts text[];
    qualified text;
BEGIN
    IF name IS NULL OR server IS NULL OR servers IS NULL THEN
        RAISE EXCEPTION 'argument "%" of create_ticket_sequence is null',
                        CASE WHEN name IS NULL THEN 'name' WHEN server IS NULL THEN 'server' ELSE 'servers' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF servers < 1 OR server < 1 OR server > servers THEN
        RAISE EXCEPTION 'server % of % is out of range for create_ticket_sequence', server, servers
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Servers are numbered from 1 to the number of servers, which is at least 1.';
    END IF;
    BEGIN
        parts := pg_catalog.parse_ident(name);
    EXCEPTION WHEN invalid_parameter_value THEN
        parts := NULL;
    END;
    IF parts IS NULL OR pg_catalog.array_length(parts, 1) > 2 THEN
        RAISE EXCEPTION 'invalid sequence name "%"', name
            USING ERRCODE = 'invalid_name',
                  DETAIL = 'A sequence name is an identifier, or a schema and an identifier joined by a dot, '
                           'double-quoted where needed.';
    END IF;
    IF pg_catalog.array_length(parts, 1) = 1 THEN
        IF default_schema IS NULL THEN
            RAISE EXCEPTION 'no schema has been selected to create in' USING ERRCODE = 'invalid_schema_name';
        END IF;
        parts := ARRAY[default_schema::text] || parts;
    END IF;
    qualified := pg_catalog.format('%I.%I', parts[1], parts[2]);
    EXECUTE pg_catalog.format('CREATE SEQUENCE %s AS bigint INCREMENT BY %s START WITH %s MINVALUE %s',
                              qualified, servers, server, server);
    RETURN qualified::pg_catalog.regclass;
END $$;
COMMENT ON FUNCTION create_ticket_sequence(text, int, int, name) IS
    'Flickr''s ticket server k of n: CREATE SEQUENCE name INCREMENT BY n START WITH k';

------------------------------------------------------------------------------
-- What the shared generators have done since the server started.

CREATE FUNCTION idgen_status(
    OUT generator text,             -- snowflake_id, next_shard_id or ulid_monotonic
    OUT shard int,                  -- for next_shard_id: the shard (listed once used)
    OUT last_issued timestamptz,    -- the last millisecond handed out (after a restart: the reservation it resumed from)
    OUT ahead_of_clock_ms bigint,   -- last_issued minus the wall clock now; above 0, running ahead
    OUT issued bigint,              -- IDs handed out since start (or since idgen_status_reset())
    OUT issued_ahead bigint,        -- of those, handed out ahead of the clock (it had stepped back)
    OUT waits bigint,               -- calls that waited for the next millisecond (one used up)
    OUT reserved_until timestamptz) -- the reservation on disk no generator may pass
RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'sql_idgen_status'
    LANGUAGE C VOLATILE PARALLEL SAFE;

-- node_id and node_id_source: on snowflake_id's row, idgen.node_id and
-- where it was set (pg_settings.source: 'default' means unset, and
-- snowflake_id() refuses to run).
-- The reservation the shared generators run under, what it is bound to, and
-- the last promotion that moved it (server-wide: one row).
CREATE FUNCTION idgen_reservation_status(
    OUT reserved_until timestamptz,  -- no shared generator hands out a later millisecond
    OUT snowflake_epoch bigint,      -- the epochs the IDs under it count from
    OUT shard_epoch bigint,
    OUT timeline bigint,             -- the timeline it was made on
    OUT promoted_at timestamptz,     -- when a promotion last moved it on this server
    OUT promotion_jump_ms bigint,    -- how far ahead of the clock that put the generators
    OUT state text,                  -- ok, missing, damaged, or promoted without WAL
    OUT in_wal boolean)              -- whether reservations travel in WAL here
    AS 'MODULE_PATHNAME', 'sql_idgen_reservation_status'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_reservation_status() IS
    'the shared generators'' reservation: its end, binding, last promotion and state';

-- promoted_at and promotion_jump_ms: when a promotion last moved the
-- generators (idgen.promotion_margin) and how far ahead of the clock.
CREATE VIEW idgen_status AS
    SELECT s.*,
           CASE WHEN s.generator = 'snowflake_id' THEN nullif(n.setting, '-1')::int END AS node_id,
           CASE WHEN s.generator = 'snowflake_id' THEN n.source END AS node_id_source,
           r.promoted_at,
           r.promotion_jump_ms
    FROM idgen_status() AS s
    LEFT JOIN pg_catalog.pg_settings AS n ON n.name = 'idgen.node_id'
    LEFT JOIN idgen_reservation_status() AS r ON true;
GRANT SELECT ON idgen_status TO PUBLIC;
COMMENT ON VIEW idgen_status IS 'the shared generators: last millisecond, lead over the clock, counters, reservation, node id';

CREATE FUNCTION idgen_status_reset() RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_status_reset'
    LANGUAGE C VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION idgen_status_reset() FROM PUBLIC;
COMMENT ON FUNCTION idgen_status_reset() IS 'zeroes idgen_status''s counters (superuser)';

-- The shared generators' reservation: a server without one (new, or its
-- reservation file lost) hands out no shared ID until this starts them from
-- the clock; a server that has one keeps it. CREATE EXTENSION runs it.
CREATE FUNCTION idgen_reservation_init() RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_reservation_init'
    LANGUAGE C VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION idgen_reservation_init() FROM PUBLIC;
COMMENT ON FUNCTION idgen_reservation_init() IS
    'starts the shared generators from the clock on a server without a reservation (superuser)';
SELECT idgen_reservation_init();

------------------------------------------------------------------------------
-- Moving an existing column onto a generator.

CREATE FUNCTION idgen_convert_column(tbl regclass, col name, generator text)
RETURNS SETOF text
LANGUAGE plpgsql VOLATILE
-- pinned: nothing on the caller's path runs in place of a built-in, and
-- regclass and pg_get_viewdef print every name with its schema
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    gen text := pg_catalog.btrim(generator);
    m text[];
    kind text;              -- bigint, ulid or uuid
    default_expr text;      -- the column's new DEFAULT, built here, never pasted
    first_new_sql text;     -- the smallest ID the generator can make from now on
    shard int;
    seq regclass;
    seq_name text[];
    att record;
    old_seq text;
    largest text;
    first_new text;
    refuse boolean;
    widen regclass[] := '{}';
    widen_cols name[] := '{}';
    v record;
    g record;
    c record;
    what text;
    views jsonb := '[]';
    kept text[];
    i int;
    -- idgen's own objects, named through its schema: it need not be on the search_path
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
BEGIN
    -- the generator: one of the forms below, or refused
    IF gen ~ '^snowflake_id\(\s*\)$' THEN
        kind := 'bigint'; default_expr := pg_catalog.format('%s.snowflake_id()', ext);
        first_new_sql := pg_catalog.format('SELECT %s.snowflake_id_from_time(pg_catalog.now())::pg_catalog.text', ext);
    ELSIF gen ~ '^ulid\(\s*\)$' THEN
        kind := 'ulid'; default_expr := pg_catalog.format('%s.ulid()', ext);
        first_new_sql := pg_catalog.format('SELECT %s.ulid_from_time(pg_catalog.now())::pg_catalog.text', ext);
    ELSIF gen ~ '^uuid_v7\(\s*\)$' THEN
        kind := 'uuid'; default_expr := pg_catalog.format('%s.uuid_v7()', ext);
    ELSE
        m := pg_catalog.regexp_match(gen, '^next_shard_id\(\s*(\d{1,9})\s*(?:,\s*nextval\(\s*''((?:[^'']|'''')+)''(?:::regclass)?\s*\)\s*)?\)$');
        IF m IS NULL THEN
            RAISE EXCEPTION 'generator "%" is not one idgen_convert_column accepts', generator
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Accepted: snowflake_id(), next_shard_id(<shard>), '
                               'next_shard_id(<shard>, nextval(''<sequence>'')), ulid(), uuid_v7().';
        END IF;
        shard := m[1]::int;
        IF shard > 8191 THEN
            RAISE EXCEPTION 'shard % is out of range for next_shard_id', shard
                USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Valid shards are 0 to 8191 (13 bits).';
        END IF;
        kind := 'bigint';
        first_new_sql := pg_catalog.format('SELECT %s.shard_id_from_time(pg_catalog.now())::pg_catalog.text', ext);
        IF m[2] IS NULL THEN
            default_expr := pg_catalog.format('%s.next_shard_id(%s)', ext, shard);
        ELSE
            -- a sequence named without its schema is the table's schema's
            m[2] := pg_catalog.replace(m[2], '''''', '''');
            BEGIN
                seq_name := pg_catalog.parse_ident(m[2]);
            EXCEPTION WHEN invalid_parameter_value THEN
                seq_name := NULL;
            END;
            IF pg_catalog.array_length(seq_name, 1) = 1 THEN
                seq_name := ARRAY[(SELECT nspname FROM pg_catalog.pg_class r JOIN pg_catalog.pg_namespace n
                                       ON n.oid = r.relnamespace WHERE r.oid = tbl)::text] || seq_name;
            END IF;
            IF pg_catalog.array_length(seq_name, 1) = 2 THEN
                seq := pg_catalog.to_regclass(pg_catalog.format('%I.%I', seq_name[1], seq_name[2]));
            END IF;
            IF seq IS NULL OR (SELECT relkind FROM pg_catalog.pg_class WHERE oid = seq) <> 'S' THEN
                RAISE EXCEPTION 'sequence "%" does not exist', m[2]
                    USING ERRCODE = 'undefined_table',
                          DETAIL = 'A sequence named without its schema is looked for in the table''s schema.';
            END IF;
            default_expr := pg_catalog.format('%s.next_shard_id(%s, pg_catalog.nextval(%L::pg_catalog.regclass))',
                                              ext, shard, seq::text);
        END IF;
    END IF;

    -- the column, and whether its type can hold what the generator makes
    SELECT a.attnum, a.atttypid, a.attidentity, a.attgenerated INTO att
      FROM pg_catalog.pg_attribute a
     WHERE a.attrelid = tbl AND a.attname = col AND a.attnum > 0 AND NOT a.attisdropped;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'column "%" of relation % does not exist', col, tbl USING ERRCODE = 'undefined_column';
    END IF;
    IF att.attgenerated <> '' THEN
        RAISE EXCEPTION 'column "%" of relation % is a generated column', col, tbl
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF (kind = 'bigint' AND att.atttypid NOT IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype))
       OR (kind = 'ulid' AND att.atttypid IS DISTINCT FROM pg_catalog.to_regtype(ext || '.ulid'))
       OR (kind = 'uuid' AND att.atttypid <> 'uuid'::regtype) THEN
        RAISE EXCEPTION 'column "%" of relation % is of type %, which % does not fill', col, tbl,
                        pg_catalog.format_type(att.atttypid, NULL), gen
            USING ERRCODE = 'datatype_mismatch',
                  DETAIL = CASE kind WHEN 'bigint' THEN 'It makes bigint IDs: the column must be smallint, integer or bigint.'
                                     ELSE pg_catalog.format('It makes %s values: the column must be of type %s.', kind, kind) END;
    END IF;

    -- new IDs must sort after every existing one (random v4 UUIDs can't; v7 ones never collide with them)
    IF first_new_sql IS NOT NULL THEN
        EXECUTE pg_catalog.format('SELECT %s.max(%I)::pg_catalog.text FROM %s',
                                  CASE kind WHEN 'ulid' THEN ext ELSE 'pg_catalog' END, col, tbl) INTO largest;
        EXECUTE first_new_sql INTO first_new;
        EXECUTE pg_catalog.format('SELECT $1::%1$s OPERATOR(%2$s.>=) $2::%1$s',
                                  CASE kind WHEN 'ulid' THEN ext || '.ulid' ELSE 'pg_catalog.int8' END,
                                  CASE kind WHEN 'ulid' THEN ext ELSE 'pg_catalog' END)
            USING largest, first_new INTO refuse;
        IF refuse THEN
            RAISE EXCEPTION 'cannot convert column "%" of relation % to %: its values would not sort before the new ones',
                            col, tbl, gen
                USING ERRCODE = 'numeric_value_out_of_range',
                      DETAIL = pg_catalog.format('The largest existing value is %s; the first new ID would be %s or a little more.',
                                                 largest, first_new),
                      HINT = 'Keep the column as it is, or move its rows to new IDs first.';
        END IF;
    END IF;

    -- int columns, and the foreign keys that point at them, become bigint
    IF kind = 'bigint' AND att.atttypid <> 'int8'::regtype THEN
        widen := ARRAY[tbl];
        widen_cols := ARRAY[col];
        FOR v IN SELECT k.conrelid::regclass AS rel, a.attname AS colname
                   FROM pg_catalog.pg_constraint k
                   CROSS JOIN LATERAL ROWS FROM (pg_catalog.unnest(k.confkey), pg_catalog.unnest(k.conkey)) AS u(ref, own)
                   JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.own
                  WHERE k.contype = 'f' AND k.confrelid = tbl AND u.ref = att.attnum
                    AND a.atttypid IN ('int2'::regtype, 'int4'::regtype) LOOP
            widen := widen || v.rel;
            widen_cols := widen_cols || v.colname;
        END LOOP;

        -- views over those columns block ALTER TYPE: each is dropped and
        -- made again with all it had. First each is checked, and its
        -- definition and metadata kept, before anything changes.
        FOR v IN
            WITH RECURSIVE targets AS (
                SELECT w.rel::oid AS rel, a.attnum
                  FROM ROWS FROM (pg_catalog.unnest(widen), pg_catalog.unnest(widen_cols)) AS w(rel, colname)
                  JOIN pg_catalog.pg_attribute a ON a.attrelid = w.rel AND a.attname = w.colname),
            deps(view, depth) AS (
                SELECT DISTINCT r.ev_class, 1
                  FROM targets t
                  JOIN pg_catalog.pg_depend d ON d.refclassid = 'pg_catalog.pg_class'::regclass
                                  AND d.refobjid = t.rel AND d.refobjsubid = t.attnum
                                  AND d.classid = 'pg_catalog.pg_rewrite'::regclass
                  JOIN pg_catalog.pg_rewrite r ON r.oid = d.objid AND r.ev_class <> t.rel
                UNION
                SELECT r.ev_class, deps.depth + 1
                  FROM deps
                  JOIN pg_catalog.pg_depend d ON d.refclassid = 'pg_catalog.pg_class'::regclass
                                  AND d.refobjid = deps.view AND d.classid = 'pg_catalog.pg_rewrite'::regclass
                  JOIN pg_catalog.pg_rewrite r ON r.oid = d.objid AND r.ev_class <> deps.view)
            SELECT d.view, pg_catalog.max(d.depth) AS depth, k.relkind, k.relowner, k.relacl, k.reloptions
              FROM deps d JOIN pg_catalog.pg_class k ON k.oid = d.view
             GROUP BY d.view, k.relkind, k.relowner, k.relacl, k.reloptions
             ORDER BY pg_catalog.max(d.depth) DESC
        LOOP
            IF v.relkind <> 'v'
               OR EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgrelid = v.view)
               OR EXISTS (SELECT 1 FROM pg_catalog.pg_rewrite WHERE ev_class = v.view AND rulename <> '_RETURN') THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: % depends on it', col, tbl,
                                v.view::regclass
                    USING ERRCODE = 'dependent_objects_still_exist',
                          DETAIL = 'idgen_convert_column makes plain views again; materialized views, '
                                   'and views with triggers or rules, it leaves to you.';
            END IF;
            -- what a remade view could not have again
            SELECT e.extname INTO what
              FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
             WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = v.view AND d.deptype = 'e';
            IF what IS NOT NULL THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: view % belongs to extension %',
                                col, tbl, v.view::regclass, what
                    USING ERRCODE = 'dependent_objects_still_exist',
                          DETAIL = 'A view made again would not belong to the extension.';
            END IF;
            SELECT pg_catalog.format('%s on %s', p.grantor::regrole, p.place) INTO what
              FROM (SELECT (pg_catalog.aclexplode(v.relacl)).grantor, 'the view' AS place
                    UNION ALL
                    SELECT (pg_catalog.aclexplode(a.attacl)).grantor, pg_catalog.format('column %I', a.attname)
                      FROM pg_catalog.pg_attribute a WHERE a.attrelid = v.view AND a.attacl IS NOT NULL) p
             WHERE p.grantor <> v.relowner LIMIT 1;
            IF what IS NOT NULL THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: view % has privileges granted by %',
                                col, tbl, v.view::regclass, what
                    USING ERRCODE = 'feature_not_supported',
                          DETAIL = 'A view made again gets its grants from its owner only.',
                          HINT = 'Revoke those privileges, convert, and grant them again.';
            END IF;
            SELECT provider INTO what FROM pg_catalog.pg_seclabel
             WHERE classoid = 'pg_catalog.pg_class'::regclass AND objoid = v.view LIMIT 1;
            IF what IS NOT NULL THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: view % has a security label from provider %',
                                col, tbl, v.view::regclass, what
                    USING ERRCODE = 'feature_not_supported',
                          DETAIL = 'idgen_convert_column does not make security labels again.';
            END IF;
            views := pg_catalog.jsonb_build_object(
                'view', v.view,
                'name', v.view::regclass::text,
                'definition', pg_catalog.pg_get_viewdef(v.view),
                'options', (SELECT pg_catalog.string_agg(pg_catalog.format('%I = %L', o.option_name, o.option_value), ', ')
                              FROM pg_catalog.pg_options_to_table(v.reloptions) o),
                'owner', v.relowner::regrole::text,
                'owner_id', v.relowner,
                'acl', v.relacl::text,
                'comment', pg_catalog.obj_description(v.view, 'pg_class'),
                'columns', (SELECT pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                                       'name', a.attname,
                                       'comment', pg_catalog.col_description(v.view, a.attnum),
                                       'default', pg_catalog.pg_get_expr(ad.adbin, ad.adrelid),
                                       'acl', a.attacl::text))
                              FROM pg_catalog.pg_attribute a
                              LEFT JOIN pg_catalog.pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
                             WHERE a.attrelid = v.view AND a.attnum > 0 AND NOT a.attisdropped)
                ) || views;
        END LOOP;
        -- deepest first, and prepended: dropping goes backwards, making again forwards
        FOR v IN SELECT value FROM pg_catalog.jsonb_array_elements(views) WITH ORDINALITY AS e(value, n) ORDER BY n DESC LOOP
            EXECUTE pg_catalog.format('DROP VIEW %s', v.value->>'name');
        END LOOP;

        FOR i IN 1 .. pg_catalog.array_length(widen, 1) LOOP
            EXECUTE pg_catalog.format('ALTER TABLE %s ALTER COLUMN %I TYPE pg_catalog.int8', widen[i], widen_cols[i]);
            RETURN NEXT pg_catalog.format('widened %s.%I to bigint', widen[i], widen_cols[i]);
        END LOOP;

        FOR v IN SELECT value FROM pg_catalog.jsonb_array_elements(views) LOOP
            kept := ARRAY[pg_catalog.format('owner %s', v.value->>'owner')];
            EXECUTE pg_catalog.format('CREATE VIEW %s%s AS %s', v.value->>'name',
                                      CASE WHEN v.value->>'options' IS NULL THEN ''
                                           ELSE pg_catalog.format(' WITH (%s)', v.value->>'options') END,
                                      v.value->>'definition');
            EXECUTE pg_catalog.format('ALTER VIEW %s OWNER TO %s', v.value->>'name', v.value->>'owner');
            IF v.value->>'options' IS NOT NULL THEN
                kept := kept || pg_catalog.format('options (%s)', v.value->>'options');
            END IF;
            IF v.value->>'comment' IS NOT NULL THEN
                EXECUTE pg_catalog.format('COMMENT ON VIEW %s IS %L', v.value->>'name', v.value->>'comment');
                kept := kept || 'comment'::text;
            END IF;
            -- the privileges exactly as they were: a new view may have got
            -- default privileges the old one lacked
            FOR g IN
                WITH was AS (SELECT * FROM pg_catalog.aclexplode(COALESCE(
                                 (v.value->>'acl')::aclitem[], pg_catalog.acldefault('r', (v.value->>'owner_id')::oid)))),
                     made AS (SELECT * FROM pg_catalog.aclexplode(COALESCE(
                                 (SELECT relacl FROM pg_catalog.pg_class WHERE oid = (v.value->>'name')::regclass),
                                 pg_catalog.acldefault('r', (v.value->>'owner_id')::oid))))
                SELECT 'REVOKE' AS verb, * FROM (SELECT * FROM made EXCEPT SELECT * FROM was) gone
                UNION ALL
                SELECT 'GRANT', * FROM (SELECT * FROM was EXCEPT SELECT * FROM made) back
                ORDER BY verb DESC
            LOOP
                EXECUTE pg_catalog.format('%s %s ON %s %s %s%s', g.verb, g.privilege_type, v.value->>'name',
                                          CASE g.verb WHEN 'GRANT' THEN 'TO' ELSE 'FROM' END,
                                          CASE g.grantee WHEN 0 THEN 'PUBLIC' ELSE g.grantee::regrole::text END,
                                          CASE WHEN g.verb = 'GRANT' AND g.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
            END LOOP;
            IF v.value->>'acl' IS NOT NULL THEN
                kept := kept || 'grants'::text;
            END IF;
            FOR c IN SELECT * FROM pg_catalog.jsonb_to_recordset(v.value->'columns')
                                   AS x(name text, comment text, "default" text, acl text) LOOP
                IF c.comment IS NOT NULL THEN
                    EXECUTE pg_catalog.format('COMMENT ON COLUMN %s.%I IS %L', v.value->>'name', c.name, c.comment);
                    kept := kept || pg_catalog.format('comment on column %I', c.name);
                END IF;
                IF c."default" IS NOT NULL THEN
                    EXECUTE pg_catalog.format('ALTER VIEW %s ALTER COLUMN %I SET DEFAULT %s',
                                              v.value->>'name', c.name, c."default");
                    kept := kept || pg_catalog.format('default of column %I', c.name);
                END IF;
                FOR g IN SELECT * FROM pg_catalog.aclexplode(c.acl::aclitem[]) LOOP
                    EXECUTE pg_catalog.format('GRANT %s (%I) ON %s TO %s%s', g.privilege_type, c.name, v.value->>'name',
                                              CASE g.grantee WHEN 0 THEN 'PUBLIC' ELSE g.grantee::regrole::text END,
                                              CASE WHEN g.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
                END LOOP;
                IF c.acl IS NOT NULL THEN
                    kept := kept || pg_catalog.format('grants on column %I', c.name);
                END IF;
            END LOOP;
            RETURN NEXT pg_catalog.format('made view %s again with its %s', v.value->>'name',
                                          pg_catalog.array_to_string(kept, ', '));
        END LOOP;
    END IF;

    IF att.attidentity <> '' THEN
        EXECUTE pg_catalog.format('ALTER TABLE %s ALTER COLUMN %I DROP IDENTITY', tbl, col);
        RETURN NEXT pg_catalog.format('dropped the identity of %s.%I', tbl, col);
    ELSE
        old_seq := pg_catalog.pg_get_serial_sequence(tbl::text, col::text);
    END IF;
    EXECUTE pg_catalog.format('ALTER TABLE %s ALTER COLUMN %I SET DEFAULT %s', tbl, col, default_expr);
    RETURN NEXT pg_catalog.format('%s.%I now defaults to %s', tbl, col,
                                  (SELECT pg_catalog.pg_get_expr(adbin, adrelid) FROM pg_catalog.pg_attrdef
                                    WHERE adrelid = tbl AND adnum = att.attnum));
    IF old_seq IS NOT NULL AND (seq IS NULL OR old_seq::regclass <> seq) THEN
        RETURN NEXT pg_catalog.format('sequence %s no longer feeds it (kept; drop it when nothing else uses it)', old_seq);
    END IF;
    IF kind = 'uuid' THEN
        EXECUTE pg_catalog.format('SELECT pg_catalog.count(*) FILTER (WHERE %3$s.uuid_version(%1$I) IS DISTINCT FROM 7)'
                                  '::pg_catalog.text FROM %2$s', col, tbl, ext) INTO largest;
        IF largest <> '0' THEN
            RETURN NEXT pg_catalog.format('%s existing values are not v7: they interleave with the new ones in order '
                                          '(they never collide)', largest);
        END IF;
    END IF;
END
$fn$;
COMMENT ON FUNCTION idgen_convert_column(regclass, name, text) IS
    'moves a serial, identity, bigint, ulid or uuid column onto an idgen generator, in one transaction';

-- Moving a shared generator past IDs another server handed out: a shard moved
-- here, or a standby promoted with a clock behind its old primary's. Each
-- reserves on disk first, so a restart resumes after the ID too. Only the
-- superuser may run them (grant them on purpose): an ID near the clock lead
-- bound would stall the generator for everyone.
CREATE FUNCTION shard_id_resume_after(id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_shard_id_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION snowflake_resume_after(id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_snowflake_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION ulid_monotonic_resume_after(id ulid) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_ulid_monotonic_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION shard_id_resume_after(bigint) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION snowflake_resume_after(bigint) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION ulid_monotonic_resume_after(ulid) FROM PUBLIC;
COMMENT ON FUNCTION shard_id_resume_after(bigint) IS
    'next_shard_id(shard) of that ID''s shard goes on after it (superuser)';
COMMENT ON FUNCTION snowflake_resume_after(bigint) IS
    'snowflake_id() goes on after that ID (superuser)';
COMMENT ON FUNCTION ulid_monotonic_resume_after(ulid) IS
    'ulid_monotonic() goes on after that ULID''s millisecond (superuser)';

-- 0.5.0: more ID families.

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
-- xid, SCRU128 and Timeflake (fixed-size types)
--   xid12      rs/xid's xid: 4 bytes of Unix seconds, 3 of machine id, 2 of
--              process id, 3 of counter, in 20 base32hex characters. Named
--              xid12 because PostgreSQL's xid is the transaction ID.
--   scru128    48-bit Unix ms, two 24-bit counters, 32 random bits, in 25
--              base36 characters.
--   timeflake  48-bit Unix ms and 80 random bits, in 22 base62 characters.
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
-- TypeID
-- A type prefix and a UUID, `prefix_` + 26 lower-case Crockford base32
-- characters (jetify's spec 0.3.0). Variable length: the prefix's bytes,
-- then the UUID's 16, ordered by prefix, then UUID (by time within a
-- prefix, for new ones: UUIDv7s).

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
