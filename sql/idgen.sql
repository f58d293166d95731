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
-- Sqids (sqids.org): non-negative numbers as short text that decodes back,
-- by the specification; decoding gives numbers only for the canonical text
-- of those numbers under the same options, '{}' for any other text.
CREATE FUNCTION sqids_default_blocklist() RETURNS text[]
    AS 'MODULE_PATHNAME', 'sql_sqids_default_blocklist' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION sqids_default_blocklist() IS 'Sqids'' default blocklist, the reference implementations'' words';
CREATE FUNCTION sqids_encode(numbers bigint[],
                             alphabet text DEFAULT 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
                             min_length int DEFAULT 0,
                             blocklist text[] DEFAULT sqids_default_blocklist()) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_sqids_encode' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION sqids_encode(bigint[], text, int, text[]) IS
    'Sqids: the numbers (0 to 2^63 - 1) as text of the alphabet (3 to 255 distinct single-byte characters), at least min_length (0 to 255) long, holding no blocklist word';
CREATE FUNCTION sqids_decode(id text,
                             alphabet text DEFAULT 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
                             min_length int DEFAULT 0,
                             blocklist text[] DEFAULT sqids_default_blocklist()) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'sql_sqids_decode' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION sqids_decode(text, text, int, text[]) IS
    'Sqids: the numbers of id, when id is the text sqids_encode gives for them with these options; else ''{}''';
------------------------------------------------------------------------------
-- Partitioning by the time inside an ID (0.6.0): pg_partman 5's encoder and
-- decoder pairs for text and uuid keys, the interval and start of its
-- integer partitioning for bigint keys, and declarative partitions of the
-- native types, which pg_partman refuses, kept by idgen_partition_maintain.

-- range bounds of the native types that had none: the smallest of a time
CREATE FUNCTION xid_from_time(ts timestamptz) RETURNS xid12
    AS 'MODULE_PATHNAME', 'sql_xid12_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION xid_from_time(timestamptz) IS
    'smallest xid of that second: id >= xid_from_time(t1) AND id < xid_from_time(t2)';
CREATE FUNCTION scru128_from_time(ts timestamptz) RETURNS scru128
    AS 'MODULE_PATHNAME', 'sql_scru128_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION scru128_from_time(timestamptz) IS
    'smallest SCRU128 of that millisecond: id >= scru128_from_time(t1) AND id < scru128_from_time(t2)';
CREATE FUNCTION timeflake_from_time(ts timestamptz) RETURNS timeflake
    AS 'MODULE_PATHNAME', 'sql_timeflake_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION timeflake_from_time(timestamptz) IS
    'smallest Timeflake of that millisecond: id >= timeflake_from_time(t1) AND id < timeflake_from_time(t2)';

-- text keys (COLLATE "C": the IDs' text sorts by time byte by byte).
-- An encoder is the smallest text of its time, a decoder the time of a text.
CREATE FUNCTION ulid_text_time_encoder(ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_ulid_text_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION ulid_text_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ulid_text_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION ksuid_text_time_encoder(ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_ksuid_text_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION ksuid_text_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ksuid_text_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION xid_text_time_encoder(ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_xid_text_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION xid_text_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_xid_text_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION scru128_text_time_encoder(ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_scru128_text_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION scru128_text_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_scru128_text_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION timeflake_text_time_encoder(ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_timeflake_text_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION timeflake_text_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_timeflake_text_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION tsid_text_time_encoder(ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_tsid_text_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION tsid_text_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_tsid_text_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION pushid_text_time_encoder(ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_pushid_text_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION pushid_text_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_pushid_text_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
-- TypeID: the decoder reads any prefix; pg_partman passes the encoder only
-- a time, so a prefix's encoder is a one-line wrapper of the two-argument
-- form (docs/partitioning.md); the one-argument form is for TypeIDs
-- without a prefix.
CREATE FUNCTION typeid_text_time_encoder(ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_typeid_text_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_text_time_encoder(prefix text, ts timestamptz) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_typeid_text_time_encoder_prefix' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_text_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_typeid_text_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_text_time_encoder(text, timestamptz) IS
    'smallest TypeID text of that prefix and millisecond: wrap it per prefix for pg_partman''s p_time_encoder';

-- uuid keys. pg_partman 5.2 calls a decoder with text; a later one may look
-- for the key's own type: each decoder takes both.
CREATE FUNCTION ulid_uuid_time_encoder(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_ulid_uuid_time_encoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ulid_uuid_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_time_decoder(id uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ulid_uuid_time_decoder_uuid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION uuid_v6_time_encoder(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v6_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION uuid_v6_time_decoder(id text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_uuid_v6_time_decoder' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION uuid_v6_time_decoder(id uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_uuid_v6_time_decoder_uuid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ulid_uuid_time_encoder(timestamptz) IS
    'pg_partman p_time_encoder for ULIDs kept as uuid: ulid_from_time(ts)::uuid';
COMMENT ON FUNCTION uuid_v6_time_encoder(timestamptz) IS
    'pg_partman p_time_encoder for UUIDv6 keys: uuid_v6_from_time(ts)';

-- bigint keys: pg_partman's integer partitioning, in time. STABLE: a
-- Snowflake's and a shard ID's epoch are settings, declared layouts rows.
CREATE FUNCTION idgen_partition_interval(family text, span interval) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_partition_interval' LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_partition_interval(text, interval) IS
    'the IDs of a bigint family (snowflake, shard, tsid, sonyflake) or a layout (idgen_layouts) in a time span: pg_partman''s p_interval';
CREATE FUNCTION idgen_partition_start(family text, ts timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_partition_start' LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_partition_start(text, timestamptz) IS
    'the smallest ID of a bigint family (snowflake, shard, tsid, sonyflake) or a layout (idgen_layouts) at a time: pg_partman''s p_start_partition';

-- Declarative range partitions on a native key (or a UUIDv7), one per span
-- of time, bounds from *_from_time: creates the partition of as_of and
-- `ahead` more, and detaches (and drops, unless keep_detached) those that
-- ended `retention` or longer before as_of. Run it from cron or pg_cron.
-- Spans are whole seconds or whole months, on a grid in UTC from Monday
-- 1970-01-05 (months: from January). A TypeID key partitions one prefix.
-- Pinned search_path; idgen's own functions through its schema.
CREATE FUNCTION idgen_partition_maintain(parent regclass, span interval, ahead int DEFAULT 3,
                                         retention interval DEFAULT NULL,
                                         keep_detached boolean DEFAULT false,
                                         prefix text DEFAULT NULL,
                                         as_of timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (action text, partition_name text, time_from timestamptz, time_to timestamptz)
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    strategy "char";
    key_column name;
    key_type oid;
    kind text;            -- the key's type: ulid, ksuid, ... typeid, uuid
    bound_sql text;       -- %L: a time; gives the bound's text
    time_sql text;        -- %L: a bound's text; gives its time
    span_s numeric;       -- the span in seconds; NULL for months
    span_months int;
    name_format text;
    parent_schema name;
    parent_name name;
    first_from timestamp; -- UTC
    t timestamp;
    p record;
    existing jsonb := '[]';
    child text;
    bound_from text;
    bound_to text;
    cutoff timestamptz;
    covered interval;     -- how much of a span the partitions there cover
    part jsonb;           -- the first of them
BEGIN
    IF span IS NULL OR ahead IS NULL OR keep_detached IS NULL OR as_of IS NULL OR parent IS NULL THEN
        RAISE EXCEPTION 'idgen_partition_maintain takes no null but for retention and prefix'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT pt.partstrat, a.attname, a.atttypid INTO strategy, key_column, key_type
      FROM pg_catalog.pg_partitioned_table pt
      LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
     WHERE pt.partrelid = parent AND pt.partnatts = 1;
    IF NOT FOUND OR strategy <> 'r' OR key_column IS NULL THEN
        RAISE EXCEPTION '% is not a table partitioned by range on one column', parent
            USING ERRCODE = 'wrong_object_type',
                  HINT = 'CREATE TABLE ... PARTITION BY RANGE (id), with id of an idgen type.';
    END IF;
    kind := CASE key_type
        WHEN pg_catalog.to_regtype(ext || '.ulid') THEN 'ulid'
        WHEN pg_catalog.to_regtype(ext || '.ksuid') THEN 'ksuid'
        WHEN pg_catalog.to_regtype(ext || '.objectid') THEN 'objectid'
        WHEN pg_catalog.to_regtype(ext || '.xid12') THEN 'xid'
        WHEN pg_catalog.to_regtype(ext || '.scru128') THEN 'scru128'
        WHEN pg_catalog.to_regtype(ext || '.timeflake') THEN 'timeflake'
        WHEN pg_catalog.to_regtype(ext || '.typeid') THEN 'typeid'
        WHEN 'pg_catalog.uuid'::pg_catalog.regtype THEN 'uuid_v7'
    END;
    IF kind IS NULL THEN
        RAISE EXCEPTION 'column "%" of % is of type %, which idgen_partition_maintain does not partition',
                        key_column, parent, pg_catalog.format_type(key_type, NULL)
            USING ERRCODE = 'datatype_mismatch',
                  DETAIL = 'It partitions keys of type ulid, ksuid, objectid, xid12, scru128, timeflake, typeid '
                           'and uuid (version 7); pg_partman partitions text and bigint keys with idgen''s '
                           'encoders and intervals.';
    END IF;
    IF (kind = 'typeid') <> (prefix IS NOT NULL) THEN
        RAISE EXCEPTION '%', CASE WHEN prefix IS NULL THEN pg_catalog.format('a typeid key needs a prefix: %s is partitioned for one prefix at a time', parent)
                                  ELSE pg_catalog.format('prefix %L is for a typeid key, and %s''s is of type %s', prefix, parent, pg_catalog.format_type(key_type, NULL)) END
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF kind = 'typeid' THEN
        EXECUTE pg_catalog.format('SELECT %s.typeid_from_time($1, $2)', ext) USING prefix, as_of;  -- the prefix checked
        bound_sql := pg_catalog.format('SELECT %s.typeid_from_time(%L, %%L)::pg_catalog.text', ext, prefix);
        time_sql := pg_catalog.format('SELECT CASE WHEN %1$s.typeid_prefix(%%1$L::%1$s.typeid) = %2$L '
                                      'THEN %1$s.typeid_timestamp(%%1$L::%1$s.typeid) END', ext, prefix);
    ELSIF kind = 'uuid_v7' THEN
        bound_sql := 'SELECT ' || ext || '.uuid_v7_from_time(%L)::pg_catalog.text';
        time_sql := 'SELECT ' || ext || '.uuid_v7_timestamp(%L::pg_catalog.uuid)';
    ELSE
        bound_sql := pg_catalog.format('SELECT %s.%s_from_time(%%L)::pg_catalog.text', ext, kind);
        time_sql := pg_catalog.format('SELECT %s.%s_timestamp(%%L::%s)', ext, kind,
                                      pg_catalog.format_type(key_type, NULL));
    END IF;

    -- the span: whole months, or whole seconds (days are 24 hours, in UTC)
    span_months := (pg_catalog.date_part('year', span) * 12 + pg_catalog.date_part('month', span))::int;
    IF span_months <> 0 THEN
        IF span_months < 1 OR span <> pg_catalog.make_interval(months => span_months) THEN
            RAISE EXCEPTION 'span % is not a whole number of months or of seconds', span
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        name_format := 'YYYYMM';
    ELSE
        span_months := NULL;
        span_s := pg_catalog.date_part('epoch', span)::numeric;
        IF span_s < 1 OR span_s <> pg_catalog.trunc(span_s) THEN
            RAISE EXCEPTION 'span % is not a whole number of months or of seconds', span
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'A partition covers at least one second.';
        END IF;
        name_format := CASE WHEN span_s % 86400 = 0 THEN 'YYYYMMDD'
                            WHEN span_s % 3600 = 0 THEN 'YYYYMMDD"_"HH24'
                            WHEN span_s % 60 = 0 THEN 'YYYYMMDD"_"HH24MI'
                            ELSE 'YYYYMMDD"_"HH24MISS' END;
    END IF;
    IF ahead < 0 OR ahead > 1000 THEN
        RAISE EXCEPTION 'ahead % is out of range for idgen_partition_maintain', ahead
            USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'It makes 0 to 1000 partitions ahead of as_of''s.';
    END IF;
    IF retention IS NOT NULL AND retention <= interval '0' THEN
        RAISE EXCEPTION 'retention % is not a positive interval', retention
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- one maintainer at a time: a second waits, then sees the first's partitions
    EXECUTE pg_catalog.format('LOCK TABLE %s IN SHARE ROW EXCLUSIVE MODE', parent);
    SELECT n.nspname, c.relname INTO parent_schema, parent_name
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = parent;

    -- the partitions there are, with the times of their bounds (MINVALUE,
    -- MAXVALUE, DEFAULT and other prefixes' have none: left alone)
    FOR p IN
        SELECT c.oid::pg_catalog.regclass AS child,
               pg_catalog.regexp_match(pg_catalog.pg_get_expr(c.relpartbound, c.oid),
                                       '^FOR VALUES FROM \(''([^'']*)''\) TO \(''([^'']*)''\)$') AS bounds
          FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = parent
    LOOP
        CONTINUE WHEN p.bounds IS NULL;
        EXECUTE pg_catalog.format(time_sql, p.bounds[1]) INTO time_from;
        EXECUTE pg_catalog.format(time_sql, p.bounds[2]) INTO time_to;
        CONTINUE WHEN time_from IS NULL OR time_to IS NULL;
        existing := existing || pg_catalog.jsonb_build_object('child', p.child::text, 'from', time_from, 'to', time_to);
    END LOOP;

    -- the partition of as_of, then `ahead` more: each made where none covers its span
    IF span_months IS NOT NULL THEN
        first_from := pg_catalog.make_timestamp(1970, 1, 1, 0, 0, 0)
                      + pg_catalog.make_interval(months => span_months * pg_catalog.floor(
                            ((pg_catalog.date_part('year', as_of AT TIME ZONE 'UTC') - 1970) * 12
                             + pg_catalog.date_part('month', as_of AT TIME ZONE 'UTC') - 1) / span_months)::int);
    ELSE
        first_from := pg_catalog.make_timestamp(1970, 1, 5, 0, 0, 0)
                      + pg_catalog.make_interval(secs => (span_s * pg_catalog.floor(
                            pg_catalog.date_part('epoch', (as_of AT TIME ZONE 'UTC') - pg_catalog.make_timestamp(1970, 1, 5, 0, 0, 0))
                            / span_s))::float8);
    END IF;
    FOR k IN 0 .. ahead LOOP
        t := first_from + span * k;
        time_from := t AT TIME ZONE 'UTC';
        time_to := (t + span) AT TIME ZONE 'UTC';
        -- the partitions there in this span: none (one is made), enough to
        -- cover it (skipped), or part of it, as a span coarser than theirs
        -- finds them: refused, since skipping would leave the rest of the
        -- span without a partition and a partition of it would overlap
        SELECT pg_catalog.sum(LEAST((e->>'to')::timestamptz, time_to) - GREATEST((e->>'from')::timestamptz, time_from)),
               (pg_catalog.array_agg(e ORDER BY (e->>'from')::timestamptz))[1]
          INTO covered, part
          FROM pg_catalog.jsonb_array_elements(existing) e
         WHERE (e->>'from')::timestamptz < time_to AND (e->>'to')::timestamptz > time_from;
        CONTINUE WHEN covered = time_to - time_from;
        IF covered IS NOT NULL THEN
            RAISE EXCEPTION 'span % does not fit the partitions of % there are, of %: it would leave a gap', span, parent,
                            pg_catalog.age(((part->>'to')::timestamptz AT TIME ZONE 'UTC'), ((part->>'from')::timestamptz AT TIME ZONE 'UTC'))
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = pg_catalog.format('The span from %s to %s UTC is covered only in part, by %s (%s to %s UTC): '
                                                 'skipping it leaves the rest without a partition, and a partition of it would overlap.',
                                                 pg_catalog.to_char(t, 'YYYY-MM-DD HH24:MI:SS'),
                                                 pg_catalog.to_char(t + span, 'YYYY-MM-DD HH24:MI:SS'), part->>'child',
                                                 pg_catalog.to_char((part->>'from')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
                                                 pg_catalog.to_char((part->>'to')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
                      HINT = 'Call it with the span of the partitions there; a new span takes over where they end on its grid.';
        END IF;
        child := parent_name || CASE WHEN prefix IS NULL OR prefix = '' THEN '' ELSE '_' || prefix END
                 || '_p' || pg_catalog.to_char(t, name_format);
        IF pg_catalog.octet_length(child) > 63 THEN
            RAISE EXCEPTION 'partition name "%" is too long', child
                USING ERRCODE = 'name_too_long', DETAIL = 'Names are at most 63 bytes: give the table a shorter name.';
        END IF;
        EXECUTE pg_catalog.format(bound_sql, time_from) INTO bound_from;
        EXECUTE pg_catalog.format(bound_sql, time_to) INTO bound_to;
        EXECUTE pg_catalog.format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)',
                                  parent_schema, child, parent, bound_from, bound_to);
        action := 'created';
        partition_name := pg_catalog.format('%I.%I', parent_schema, child)::pg_catalog.regclass::text;
        RETURN NEXT;
    END LOOP;

    -- retention: partitions that ended `retention` or longer before as_of
    IF retention IS NOT NULL THEN
        cutoff := ((as_of AT TIME ZONE 'UTC') - retention) AT TIME ZONE 'UTC';
        FOR p IN
            SELECT e->>'child' AS child, (e->>'from')::timestamptz AS t_from, (e->>'to')::timestamptz AS t_to
              FROM pg_catalog.jsonb_array_elements(existing) e
             WHERE (e->>'to')::timestamptz <= cutoff
             ORDER BY 2
        LOOP
            EXECUTE pg_catalog.format('ALTER TABLE %s DETACH PARTITION %s', parent, p.child);
            action := CASE WHEN keep_detached THEN 'detached' ELSE 'dropped' END;
            partition_name := p.child; time_from := p.t_from; time_to := p.t_to;
            IF NOT keep_detached THEN
                EXECUTE pg_catalog.format('DROP TABLE %s', p.child);
            END IF;
            RETURN NEXT;
        END LOOP;
    END IF;
END $fn$;
COMMENT ON FUNCTION idgen_partition_maintain(regclass, interval, int, interval, boolean, text, timestamptz) IS
    'range partitions of a native idgen key, one per span: makes the current and `ahead` more, detaches or drops those past retention';
------------------------------------------------------------------------------
-- Bigint layouts as data: named layouts for the IDs people bring, layouts a
-- superuser declares (an epoch, a time unit, node and sequence widths; the
-- time gets the rest of 63 bits), their decoders, and layout_id().

-- The declared layouts. Written by idgen_layout_create() and
-- idgen_layout_drop() only (superuser); dumped with the database.
CREATE TABLE idgen_declared_layouts (
    name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_]{0,62}$'),
    epoch timestamptz NOT NULL,
    time_unit interval NOT NULL CHECK (time_unit > interval '0'),
    node_bits int NOT NULL CHECK (node_bits BETWEEN 0 AND 31),
    sequence_bits int NOT NULL CHECK (sequence_bits BETWEEN 0 AND 31),
    sequence_above_node boolean NOT NULL DEFAULT false,  -- time | sequence | node (Sonyflake's order)
    created timestamptz NOT NULL DEFAULT pg_catalog.clock_timestamp(),
    created_timeline bigint NOT NULL,  -- idgen_layout_drop() vouches for this timeline only
    -- the database it was declared in (system identifier/OID): a copy of the
    -- database differs, and resumes past what the original may have issued
    -- (NULL: not known, as a copy)
    created_in text,
    CHECK (node_bits + sequence_bits <= 62)
);
REVOKE ALL ON idgen_declared_layouts FROM PUBLIC;
GRANT SELECT ON idgen_declared_layouts TO PUBLIC;
SELECT pg_catalog.pg_extension_config_dump('idgen_declared_layouts', '');
COMMENT ON TABLE idgen_declared_layouts IS
    'bigint layouts declared by a superuser (idgen_layout_create)';
-- a logical replication subscriber's apply (row triggers only, under
-- session_replication_role = replica) deletes or changes a declared layout
-- only where layout_id() cannot have run it here
-- what idgen_layout_create() puts in created_in here
CREATE FUNCTION idgen_layout_origin() RETURNS text
    AS 'MODULE_PATHNAME', 'sql_idgen_layout_origin' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_layout_origin() IS
    'this database as idgen_declared_layouts.created_in names it: system identifier/OID';
CREATE FUNCTION idgen_declared_layout_replaced() RETURNS trigger
    AS 'MODULE_PATHNAME', 'sql_idgen_declared_layout_replaced' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION idgen_declared_layout_replaced() FROM PUBLIC;
CREATE TRIGGER idgen_declared_layout_replaced BEFORE UPDATE OR DELETE ON idgen_declared_layouts
    FOR EACH ROW EXECUTE FUNCTION idgen_declared_layout_replaced();
ALTER TABLE idgen_declared_layouts ENABLE REPLICA TRIGGER idgen_declared_layout_replaced;
-- a TRUNCATE fires no row trigger, and the apply's INSERT after it would
-- declare the layout again with another shape: each layout it would remove
-- is checked as the row trigger checks one
CREATE TRIGGER idgen_declared_layouts_truncated BEFORE TRUNCATE ON idgen_declared_layouts
    FOR EACH STATEMENT EXECUTE FUNCTION idgen_declared_layout_replaced();
ALTER TABLE idgen_declared_layouts ENABLE REPLICA TRIGGER idgen_declared_layouts_truncated;
-- a row's created is the publisher's clock there: the change is let through
-- only for a row this server wrote since it started (an INSERT the apply
-- made, counted here, or idgen_layout_create()) and layout_id() has not run
CREATE TRIGGER idgen_declared_layout_arrived BEFORE INSERT ON idgen_declared_layouts
    FOR EACH ROW EXECUTE FUNCTION idgen_declared_layout_replaced();
ALTER TABLE idgen_declared_layouts ENABLE REPLICA TRIGGER idgen_declared_layout_arrived;
-- a layout is never changed in place: a row's name or shape changed by hand
-- would hand out another layout's IDs, or its own again (attack7: a rename
-- repeated 1,000 of 1,000 at once); created_in and the rest may change
-- (docs/operations.md's pg_upgrade step sets created_in)
CREATE FUNCTION idgen_declared_layout_unchanged() RETURNS trigger
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF (NEW.name, NEW.epoch, NEW.time_unit, NEW.node_bits, NEW.sequence_bits, NEW.sequence_above_node)
       IS DISTINCT FROM
       (OLD.name, OLD.epoch, OLD.time_unit, OLD.node_bits, OLD.sequence_bits, OLD.sequence_above_node) THEN
        RAISE EXCEPTION 'layout "%" is never changed in place', OLD.name
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Its name, epoch, time unit and widths are those its IDs were made with: changed, '
                           'it could hand out those IDs again, or another layout''s.',
                  HINT = 'Declare a new layout under another name with idgen_layout_create().';
    END IF;
    RETURN NEW;
END $$;
REVOKE EXECUTE ON FUNCTION idgen_declared_layout_unchanged() FROM PUBLIC;
CREATE TRIGGER idgen_declared_layout_unchanged BEFORE UPDATE ON idgen_declared_layouts
    FOR EACH ROW EXECUTE FUNCTION idgen_declared_layout_unchanged();

CREATE FUNCTION idgen_named_layouts(OUT name text, OUT epoch timestamptz,
    OUT time_unit interval, OUT time_bits int, OUT node_bits int, OUT sequence_bits int,
    OUT sequence_above_node boolean, OUT time_in_sign_bit boolean, OUT source text)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'sql_idgen_named_layouts'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 8;
COMMENT ON FUNCTION idgen_named_layouts() IS
    'the named bigint layouts and where each is published';

CREATE VIEW idgen_layouts AS
    SELECT n.name, n.epoch, n.time_unit, n.time_bits, n.node_bits, n.sequence_bits,
           n.sequence_above_node, n.time_in_sign_bit, true AS named, n.source
      FROM idgen_named_layouts() AS n
    UNION ALL
    SELECT d.name, d.epoch, d.time_unit, 63 - d.node_bits - d.sequence_bits, d.node_bits,
           d.sequence_bits, d.sequence_above_node, false, false, NULL
      FROM idgen_declared_layouts AS d;
GRANT SELECT ON idgen_layouts TO PUBLIC;
COMMENT ON VIEW idgen_layouts IS
    'the named and declared bigint layouts: epoch, time unit, time, node and sequence bits';

CREATE FUNCTION idgen_layout_create(name text, epoch timestamptz, time_unit interval,
    node_bits int, sequence_bits int) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_layout_create'
    LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION idgen_layout_create(text, timestamptz, interval, int, int) FROM PUBLIC;
COMMENT ON FUNCTION idgen_layout_create(text, timestamptz, interval, int, int) IS
    'declares a bigint layout; the time gets the rest of 63 bits (superuser)';

-- Sonyflake's order (v2 with other settings): the sequence above the node
CREATE FUNCTION idgen_layout_create(name text, epoch timestamptz, time_unit interval,
    node_bits int, sequence_bits int, sequence_above_node boolean) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_layout_create'
    LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION idgen_layout_create(text, timestamptz, interval, int, int, boolean) FROM PUBLIC;
COMMENT ON FUNCTION idgen_layout_create(text, timestamptz, interval, int, int, boolean) IS
    'declares a bigint layout, its sequence above its node when asked (superuser)';

CREATE FUNCTION idgen_layout_drop(name text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_layout_drop'
    LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION idgen_layout_drop(text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_layout_drop(text) IS
    'drops a declared layout that has handed out no IDs (superuser)';

CREATE FUNCTION layout_decode(id bigint, layout text,
    OUT ts timestamptz, OUT node int, OUT sequence int)
    AS 'MODULE_PATHNAME', 'sql_layout_decode'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION layout_decode(bigint, text) IS
    'the time, node and sequence of an ID of a named or declared layout';

CREATE FUNCTION layout_id_from_time(ts timestamptz, layout text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_layout_id_from_time'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION layout_id_from_time(timestamptz, text) IS
    'the smallest ID of a layout at that time (for range scans)';

CREATE FUNCTION layout_id(layout text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_layout_id'
    LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION layout_id(text) IS
    'the next ID of a named or declared layout, unique and increasing across the server';

-- Moving a declared layout past IDs its database holds but its word does
-- not know (0.7.0): the original refreshed from a copy of its database
-- (docs/layouts.md, "Copies of a database"). As snowflake_resume_after:
-- superuser only, unless granted.
CREATE FUNCTION layout_resume_after(layout text, id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_layout_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION layout_resume_after(text, bigint) FROM PUBLIC;
COMMENT ON FUNCTION layout_resume_after(text, bigint) IS
    'layout_id(layout) goes on after that ID, in this database (superuser)';

------------------------------------------------------------------------------
-- Public IDs: named keys, uuidv47's UUIDv4 faces of UUIDv7s, and a keyed
-- permutation of bigint IDs (docs/public-ids.md).
--
-- The keys are rows of idgen_key_store, which only its owner reads (and
-- pg_dump keeps: its rows are user data). The functions that use a key run
-- as that owner (SECURITY DEFINER) and never print one; none of them is
-- granted to PUBLIC: a role gets the ones it needs, such as making faces
-- without reading them back. No setting carries a key.

CREATE TABLE idgen_key_store (
    name text PRIMARY KEY,
    key bytea NOT NULL CHECK (pg_catalog.length(key) = 16),
    created_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    -- who may use the key besides the table's owner (idgen_key_grant); 0 is PUBLIC
    granted_to regrole[] NOT NULL DEFAULT '{}'
);
REVOKE ALL ON idgen_key_store FROM PUBLIC;
SELECT pg_catalog.pg_extension_config_dump('idgen_key_store', '');
COMMENT ON TABLE idgen_key_store IS 'idgen''s named 128-bit keys (owner only): k0 = bytes 0-7, k1 = bytes 8-15, little-endian';

-- every backend's copy of the keys is thrown away when the table changes
CREATE FUNCTION idgen_key_store_changed() RETURNS trigger
    AS 'MODULE_PATHNAME', 'sql_idgen_key_store_changed' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION idgen_key_store_changed() FROM PUBLIC;
CREATE TRIGGER idgen_key_store_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON idgen_key_store
    FOR EACH STATEMENT EXECUTE FUNCTION idgen_key_store_changed();
-- under session_replication_role = replica too (a replica's apply, or a
-- superuser's DELETE): a key gone from the table is gone from every copy
ALTER TABLE idgen_key_store ENABLE ALWAYS TRIGGER idgen_key_store_changed;
-- a logical replication subscriber's apply fires row triggers only, and
-- those under session_replication_role = replica: a key the publisher
-- drops, grants or revokes is so forgotten by every session there, and its
-- grantees' dependencies follow (REPLICA: a session's own statements have
-- the statement trigger)
CREATE TRIGGER idgen_key_store_applied AFTER INSERT OR UPDATE OR DELETE ON idgen_key_store
    FOR EACH ROW EXECUTE FUNCTION idgen_key_store_changed();
ALTER TABLE idgen_key_store ENABLE REPLICA TRIGGER idgen_key_store_applied;

CREATE VIEW idgen_keys AS
    SELECT name, created_at,
           ARRAY(SELECT CASE WHEN g OPERATOR(pg_catalog.=) 0 THEN 'PUBLIC' ELSE g::text END
                   FROM pg_catalog.unnest(granted_to) AS g) AS granted_to
      FROM idgen_key_store;
GRANT SELECT ON idgen_keys TO PUBLIC;
COMMENT ON VIEW idgen_keys IS 'the names of idgen''s keys and when each was made; never the keys';

-- C (key_store.c): the bytes never are a constant or a parameter of a
-- statement, which a plan dump or auto_explain would print
CREATE FUNCTION idgen_key_import(name text, key bytea) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_import' LANGUAGE C VOLATILE SECURITY DEFINER;
REVOKE EXECUTE ON FUNCTION idgen_key_import(text, bytea) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_import(text, bytea) IS 'keeps a 128-bit key (16 bytes) under a new name (owner only)';

CREATE FUNCTION idgen_key_create(name text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_create' LANGUAGE C VOLATILE SECURITY DEFINER;
REVOKE EXECUTE ON FUNCTION idgen_key_create(text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_create(text) IS 'makes a 128-bit key from the server''s strong random source and keeps it under a new name (owner only)';

CREATE FUNCTION idgen_key_drop(name text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    gone int;
BEGIN
    EXECUTE pg_catalog.format('DELETE FROM %s.idgen_key_store WHERE name OPERATOR(pg_catalog.=) $1', ext) USING name;
    GET DIAGNOSTICS gone = ROW_COUNT;
    IF gone = 0 THEN
        RAISE EXCEPTION 'idgen_key_drop: there is no key named "%"', name
            USING ERRCODE = 'undefined_object', HINT = 'The view idgen_keys lists the keys.';
    END IF;
END
$fn$;
REVOKE EXECUTE ON FUNCTION idgen_key_drop(text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_drop(text) IS 'forgets a key: what was made with it can no longer be read (owner only)';

-- Faces and permuted IDs: STABLE (they read the keys), STRICT, as their
-- caller, who uses only the keys granted to it (keys.c reads the table as its
-- owner). No SET search_path: it would cost more than the face itself, and
-- they resolve no name but the key table's, which keys.c reads
-- schema-qualified under a pinned search_path of its own.
CREATE FUNCTION uuid_v47_encode(v7 uuid, key text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_encode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v47_encode(uuid, text) IS
    'uuidv47''s UUIDv4 face of a UUIDv7: its time XORed with SipHash-2-4 of its random bits under the named key';
CREATE FUNCTION uuid_v47_decode(face uuid, key text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v47_decode(uuid, text) IS 'the UUIDv7 behind a uuidv47 face, with the named key';
CREATE FUNCTION uuid_v47_decode_candidates(face uuid) RETURNS uuid[]
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_decode_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v47_decode_candidates(uuid) IS
    'the UUIDv7 behind a face under each kept key, newest key first: id = ANY(...) finds its row across a rotation';

CREATE FUNCTION idgen_permute(id bigint, key text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_permute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION idgen_permute(id bigint, key text, bits int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_permute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_permute(bigint, text, int) IS
    'a keyed bijection of 0 to 2^bits - 1 (bits 1 to 63, 63 by default): the ID shown, which reveals neither time nor count';
CREATE FUNCTION idgen_unpermute(id bigint, key text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION idgen_unpermute(id bigint, key text, bits int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_unpermute(bigint, text, int) IS 'the inverse of idgen_permute with the same key and bits';
CREATE FUNCTION idgen_unpermute_candidates(id bigint) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION idgen_unpermute_candidates(id bigint, bits int) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_unpermute_candidates(bigint, int) IS
    'idgen_unpermute under each kept key, newest key first: id = ANY(...) finds its row across a rotation';

REVOKE EXECUTE ON FUNCTION uuid_v47_encode(uuid, text), uuid_v47_decode(uuid, text), uuid_v47_decode_candidates(uuid),
    idgen_permute(bigint, text), idgen_permute(bigint, text, int), idgen_unpermute(bigint, text),
    idgen_unpermute(bigint, text, int), idgen_unpermute_candidates(bigint), idgen_unpermute_candidates(bigint, int)
    FROM PUBLIC;
-- PostgreSQL 18's uuidv7(interval), and a v7's time to the microsecond.
CREATE FUNCTION uuid_v7(shift interval) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_shift'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7(interval) IS
    'UUIDv7 of the clock shifted by an interval, as PostgreSQL 18''s uuidv7(interval)';

CREATE FUNCTION uuid_timestamp_us(id uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_uuid_timestamp_us'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_timestamp_us(uuid) IS
    'uuid_timestamp() to the microsecond: a UUIDv7''s 12-bit sub-millisecond fraction read too';

------------------------------------------------------------------------------
-- Public IDs per key (0.6.1, docs/public-ids.md): a key is used only by the
-- roles granted it and the key table's owner; the functions that use a key
-- run as their caller. Faces stored at insert by a trigger, for roles that
-- hold no encoder, of v7s whose faces show no more than a v4.

-- what idgen_key_import and idgen_key_create write, handed over once (C)
CREATE FUNCTION idgen_key_pending() RETURNS bytea
    AS 'MODULE_PATHNAME', 'sql_idgen_key_pending' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION idgen_key_pending() FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_pending() IS 'idgen_key_import''s and idgen_key_create''s own: the key being written, once';

CREATE FUNCTION idgen_key_grant(key_name text, role text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_grant' LANGUAGE C STRICT VOLATILE SECURITY DEFINER;
REVOKE EXECUTE ON FUNCTION idgen_key_grant(text, text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_grant(text, text) IS
    'lets a role (and its members), or PUBLIC, use the named key in the functions it may call (owner only)';
CREATE FUNCTION idgen_key_revoke(key_name text, role text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_revoke' LANGUAGE C STRICT VOLATILE SECURITY DEFINER;
REVOKE EXECUTE ON FUNCTION idgen_key_revoke(text, text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_revoke(text, text) IS 'takes back what idgen_key_grant gave (owner only)';

CREATE FUNCTION uuid_v7_ms() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_ms'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_ms() IS
    'UUIDv7 to the millisecond, rand_a random: its uuidv47 face shows no more than a UUIDv4';

CREATE FUNCTION uuid_v47_faces() RETURNS trigger
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_faces' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION uuid_v47_faces() FROM PUBLIC;
COMMENT ON FUNCTION uuid_v47_faces() IS
    'BEFORE INSERT OR UPDATE row trigger (key, id column, face column): a uuid_v7_ms() and its face at insert, '
    'under a key granted to the table''s owner; neither column changes after';

-- 0.6.1: uuid_v7('2022-02-22 14:22:22-05') works again. Every release before
-- 0.6.0 read that literal as uuid_v7(timestamptz)'s; uuid_v7(shift interval)
-- made it ambiguous (42725). An untyped literal prefers text to both, so this
-- overload takes it and reads it as that literal was read: a time, never an
-- interval (a shift is written uuid_v7(interval '...'), as in 0.6.0).
CREATE FUNCTION uuid_v7(at text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_text'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7(text) IS
    'uuid_v7(timestamptz) of a time written as text (a literal, as before 0.6.0): uuid_v7(''2022-02-22 14:22:22-05'')';

------------------------------------------------------------------------------
-- Citus (0.7.0): with idgen.node_id unset, a node of a Citus cluster
-- generates with its Citus group id (docs/citus.md). idgen_node_id() says
-- what this server uses; idgen_cluster_node_ids(), run on the coordinator,
-- asks every node and flags two that share one.

CREATE OR REPLACE FUNCTION idgen_node_id(
    OUT node_id int,   -- the node id in this server's IDs; NULL: none, and generation refuses
    OUT source text)   -- idgen.node_id, citus group, unset, or why the group is none
    AS 'MODULE_PATHNAME', 'sql_idgen_node_id'
    LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_node_id() IS
    'the node id this server''s IDs carry: idgen.node_id, else its Citus group id';

CREATE OR REPLACE FUNCTION idgen_cluster_node_ids(
    OUT nodeid int,        -- pg_dist_node's
    OUT groupid int,
    OUT nodename text,
    OUT nodeport int,
    OUT node_id int,       -- idgen_node_id() on that node
    OUT source text,       -- or the error that node gave
    OUT duplicate boolean) -- another node has the same node_id
RETURNS SETOF record
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    schema_name name := (SELECT n.nspname FROM pg_catalog.pg_extension AS e
                         JOIN pg_catalog.pg_namespace AS n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
                         WHERE e.extname OPERATOR(pg_catalog.=) 'idgen');
BEGIN
    IF pg_catalog.to_regprocedure('pg_catalog.run_command_on_all_nodes(text,boolean,boolean)') IS NULL THEN
        RAISE EXCEPTION 'idgen_cluster_node_ids() needs Citus'
            USING ERRCODE = 'feature_not_supported',
                  HINT = 'Run it on the coordinator of a Citus cluster; a single server''s node id is idgen_node_id().';
    END IF;
    RETURN QUERY
    WITH answers AS (
        SELECT r.nodeid, r.success,
               CASE WHEN r.success THEN r.result::pg_catalog.jsonb END AS answer,
               r.result
        FROM pg_catalog.run_command_on_all_nodes(pg_catalog.format(
                 'SELECT pg_catalog.json_build_object(''node_id'', node_id, ''source'', source) FROM %I.idgen_node_id()',
                 schema_name)) AS r),
    nodes AS (
        SELECT d.nodeid, d.groupid, d.nodename::pg_catalog.text AS nodename, d.nodeport,
               (a.answer OPERATOR(pg_catalog.->>) 'node_id')::pg_catalog.int4 AS node_id,
               CASE WHEN a.success THEN a.answer OPERATOR(pg_catalog.->>) 'source' ELSE a.result END AS source
        FROM pg_catalog.pg_dist_node AS d
        JOIN answers AS a ON a.nodeid OPERATOR(pg_catalog.=) d.nodeid)
    SELECT n.nodeid, n.groupid, n.nodename, n.nodeport, n.node_id, n.source,
           n.node_id IS NOT NULL AND
           pg_catalog.count(*) OVER (PARTITION BY n.node_id) OPERATOR(pg_catalog.>) 1
    FROM nodes AS n
    ORDER BY n.groupid, n.nodeid;
END $$;
COMMENT ON FUNCTION idgen_cluster_node_ids() IS
    'on a Citus coordinator: every node''s idgen node id, duplicates flagged';

-- A key masked for one worker (idgen_cluster_sync): XORed with the first
-- 16 bytes of SHA-256 of a seed that worker made and keeps in its key store,
-- and of the key's name; the same call unmasks it. The command that carries
-- the keys then holds none that its text, kept by pg_stat_statements or
-- logged, gives away.
CREATE OR REPLACE FUNCTION idgen_cluster_sync_mask(key bytea, seed bytea, name text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT pg_catalog.decode(pg_catalog.string_agg(pg_catalog.lpad(pg_catalog.to_hex(
               pg_catalog.get_byte(key, i) OPERATOR(pg_catalog.#) pg_catalog.get_byte(p.pad, i)), 2, '0'), '' ORDER BY i), 'hex')
      FROM (SELECT pg_catalog.sha256(seed OPERATOR(pg_catalog.||) pg_catalog.convert_to(name, 'UTF8')) AS pad) AS p,
           pg_catalog.generate_series(0, pg_catalog.length(key) OPERATOR(pg_catalog.-) 1) AS i
$$;
COMMENT ON FUNCTION idgen_cluster_sync_mask(bytea, bytea, text) IS
    'idgen_cluster_sync''s mask of a key for one worker: its own inverse';

-- Declared layouts and keys live in idgen's tables, which Citus does not
-- copy: idgen_cluster_sync(), run on the coordinator, makes every worker's
-- copy of each of idgen's configuration tables (pg_extension_config_dump:
-- idgen_declared_layouts, idgen_key_store and any later one) the
-- coordinator's. It runs as its caller, who must be able to read them: the
-- keys reach the workers only as their owner allows. Run it after declaring
-- a layout, making or dropping a key, and adding a node.
-- The rows travel in the text of a command, the keys masked with a seed
-- each worker makes and keeps in its key store first (its command is its
-- own): a first command checks that every worker will take them, since a
-- worker logs the text of a command that fails there: the
-- same idgen, DELETE and INSERT on each table, and every role a key is
-- granted to (granted_to is read back there by name). A declared layout
-- that the rows would drop or change on a worker is dropped there first in
-- a subtransaction rolled back, so that idgen_layout_drop() refuses one
-- that layout_id() may have run there (a worker's IDs would repeat). A
-- worker that fails the rows all the same makes it raise: its rows are not
-- there.
CREATE OR REPLACE FUNCTION idgen_cluster_sync(
    OUT nodename text,
    OUT nodeport int,
    OUT success boolean,
    OUT result text)
RETURNS SETOF record
LANGUAGE plpgsql VOLATILE
-- generic plans: a variable (the commands, which carry masked keys) stays a
-- parameter of a plan, which a plan dump or auto_explain prints
SET search_path = pg_catalog, pg_temp SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
    config pg_catalog.regclass;
    rows pg_catalog.jsonb;
    tables text[] := '{}';
    roles text[] := '{}';
    command text := '';
    version text := (SELECT e.extversion FROM pg_catalog.pg_extension AS e WHERE e.extname OPERATOR(pg_catalog.=) 'idgen');
    refusing text;
    failing text;
    layouts pg_catalog.regclass;
    layout_rows pg_catalog.jsonb;
    keys pg_catalog.regclass;
    key_rows pg_catalog.jsonb;
    seed_names text[];
    masked_rows pg_catalog.jsonb[];
    i int;
    names text[] := '{}';
    ports int[] := '{}';
    commands text[] := '{}';
    schema_name name := (SELECT n.nspname FROM pg_catalog.pg_extension AS e
                         JOIN pg_catalog.pg_namespace AS n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
                         WHERE e.extname OPERATOR(pg_catalog.=) 'idgen');
BEGIN
    IF pg_catalog.to_regprocedure('pg_catalog.run_command_on_workers(text,boolean)') IS NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync() needs Citus'
            USING ERRCODE = 'feature_not_supported',
                  HINT = 'Run it on the coordinator of a Citus cluster.';
    END IF;
    FOR config IN
        SELECT c.oid::pg_catalog.regclass
          FROM pg_catalog.pg_extension AS e, pg_catalog.unnest(e.extconfig) AS c(oid)
         WHERE e.extname OPERATOR(pg_catalog.=) 'idgen'
         ORDER BY 1
    LOOP
        -- a caller who may not read a table (the keys: their owner only) is
        -- refused here. The keys' bytes are left out: they are read only
        -- inside the statement that masks them, never into a variable, which
        -- the plan of a statement that reads it would hold as a constant
        EXECUTE pg_catalog.format('SELECT COALESCE(pg_catalog.jsonb_agg(%s), ''[]'') FROM %s AS t',
                                  CASE WHEN config OPERATOR(pg_catalog.=) pg_catalog.format('%I.idgen_key_store', schema_name)::pg_catalog.regclass
                                       THEN 'pg_catalog.to_jsonb(t) OPERATOR(pg_catalog.-) ''key''::text' ELSE 't' END, config)
            INTO rows;
        -- a role dropped since its grant is a bare OID in granted_to, which a
        -- worker would read as whichever role has that OID there: left out
        rows := (SELECT COALESCE(pg_catalog.jsonb_agg(CASE WHEN x OPERATOR(pg_catalog.?) 'granted_to' THEN
                     pg_catalog.jsonb_set(x, '{granted_to}', COALESCE(
                         (SELECT pg_catalog.jsonb_agg(g.r ORDER BY g.o)
                            FROM pg_catalog.jsonb_array_elements(x OPERATOR(pg_catalog.->) 'granted_to') WITH ORDINALITY AS g(r, o)
                           WHERE g.r OPERATOR(pg_catalog.#>>) '{}' OPERATOR(pg_catalog.!~) '^[0-9]+$'), '[]'))
                     ELSE x END ORDER BY a.o), '[]')
                   FROM pg_catalog.jsonb_array_elements(rows) WITH ORDINALITY AS a(x, o));
        tables := tables OPERATOR(pg_catalog.||) config::text;
        IF config OPERATOR(pg_catalog.=) pg_catalog.format('%I.idgen_declared_layouts', schema_name)::pg_catalog.regclass THEN
            layouts := config;
            layout_rows := rows;
        END IF;
        -- a regrole as its name (quoted where it must be); PUBLIC's 0 is '-'
        roles := roles OPERATOR(pg_catalog.||) ARRAY(
            SELECT r OPERATOR(pg_catalog.#>>) '{}'
              FROM pg_catalog.jsonb_path_query(rows, 'lax $[*].granted_to[*]') AS r
             WHERE r OPERATOR(pg_catalog.#>>) '{}' OPERATOR(pg_catalog.<>) '-');
        IF config OPERATOR(pg_catalog.=) pg_catalog.format('%I.idgen_key_store', schema_name)::pg_catalog.regclass THEN
            keys := config;
            key_rows := rows;
            CONTINUE;
        END IF;
        -- a declared layout is the worker's own there (another node id): not
        -- a copy of the coordinator's database (created_in), which would skip
        command := command OPERATOR(pg_catalog.||) pg_catalog.format(
            'DELETE FROM %1$s; INSERT INTO %1$s SELECT * FROM pg_catalog.jsonb_populate_recordset(NULL::%1$s, %2$s); ',
            config, CASE WHEN config OPERATOR(pg_catalog.=) layouts THEN pg_catalog.format(
                '(SELECT COALESCE(pg_catalog.jsonb_agg(x OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object(%L, %I.idgen_layout_origin())), %L) '
                'FROM pg_catalog.jsonb_array_elements(%L::pg_catalog.jsonb) AS x)', 'created_in', schema_name, '[]', rows)
            ELSE pg_catalog.format('%L', rows) END);
    END LOOP;
    -- each privilege on its own: has_table_privilege of a list holds with any one
    SELECT pg_catalog.string_agg(pg_catalog.format('%s:%s: %s', w.nodename, w.nodeport, w.result), '; ')
      INTO refusing
      FROM pg_catalog.run_command_on_workers(pg_catalog.format(
               'SELECT COALESCE((SELECT COALESCE(%1$L OPERATOR(pg_catalog.||) e.extversion OPERATOR(pg_catalog.||) %2$L, %3$L) '
               'FROM (VALUES (1)) AS v LEFT JOIN pg_catalog.pg_extension AS e ON e.extname OPERATOR(pg_catalog.=) %4$L '
               'WHERE e.extversion IS DISTINCT FROM %5$L), '
               '(SELECT %6$L OPERATOR(pg_catalog.||) pg_catalog.string_agg(p OPERATOR(pg_catalog.||) %7$L OPERATOR(pg_catalog.||) n, %8$L ORDER BY p) '
               'FROM (SELECT p, pg_catalog.string_agg(t, %9$L ORDER BY t) AS n '
               'FROM pg_catalog.unnest(%10$L::text[]) AS t, pg_catalog.unnest(%11$L::text[]) AS p '
               'WHERE NOT pg_catalog.has_table_privilege(t, p) GROUP BY p) AS m), '
               '(SELECT %12$L OPERATOR(pg_catalog.||) pg_catalog.string_agg(r, %9$L ORDER BY r COLLATE pg_catalog."C") '
               'FROM (SELECT DISTINCT r FROM pg_catalog.unnest(%13$L::text[]) AS r) AS d WHERE pg_catalog.to_regrole(r) IS NULL), '
               '%14$L)',
               'idgen ', ', not ' OPERATOR(pg_catalog.||) version, 'no idgen', 'idgen', version,
               'no ', ' on ', ' nor ', ', ', tables, '{DELETE,INSERT}', 'no role ', roles, 'ready')) AS w
     WHERE NOT w.success OR w.result IS DISTINCT FROM 'ready';
    IF refusing IS NULL AND layouts IS NOT NULL THEN
        SELECT pg_catalog.string_agg(pg_catalog.format('%s:%s: %s', w.nodename, w.nodeport,
                                                       pg_catalog.regexp_replace(w.result, '^ERROR:  ', '')), '; ')
          INTO refusing
          FROM pg_catalog.run_command_on_workers(pg_catalog.format('DO %L', pg_catalog.format(
                   'DECLARE l record; m text; refused text; '
                   'BEGIN PERFORM pg_catalog.set_config(%1$L, %2$L, true); '
                   'FOR l IN SELECT w.name FROM %3$s AS w WHERE NOT EXISTS (SELECT '
                   'FROM pg_catalog.jsonb_populate_recordset(NULL::%3$s, %4$L) AS c WHERE c.name = w.name '
                   'AND c.epoch = w.epoch AND c.time_unit = w.time_unit AND c.node_bits = w.node_bits '
                   'AND c.sequence_bits = w.sequence_bits AND c.sequence_above_node = w.sequence_above_node) '
                   'ORDER BY w.name LOOP '
                   'BEGIN PERFORM %5$I.idgen_layout_drop(l.name); RAISE SQLSTATE %6$L; '
                   'EXCEPTION WHEN SQLSTATE %6$L THEN NULL; '
                   'WHEN OTHERS THEN GET STACKED DIAGNOSTICS m = MESSAGE_TEXT; '
                   'refused := pg_catalog.concat_ws(%7$L, refused, m); END; END LOOP; '
                   'IF refused IS NOT NULL THEN RAISE EXCEPTION %8$L, refused USING ERRCODE = %9$L; END IF; END',
                   'search_path', 'pg_catalog, pg_temp', layouts, layout_rows, schema_name, 'IDG01', '; ', '%',
                   'object_not_in_prerequisite_state'))) AS w
         WHERE NOT w.success;
    END IF;
    IF refusing IS NOT NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync: a worker would not take the rows: %', refusing
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Create or update idgen there, grant what it lacks, or create the role there, then run it again.';
    END IF;
    -- each worker makes a seed, kept in its key store until its rows are
    -- in, and told to this one only in the command's result. One statement
    -- makes the seeds and masks the keys with them, reading both as it
    -- runs: neither is a constant of its plan, nor a variable's value
    IF keys IS NOT NULL THEN
        EXECUTE pg_catalog.format(
            'SELECT pg_catalog.array_agg(w.nodename::text ORDER BY w.nodename, w.nodeport) FILTER (WHERE w.success), '
            'pg_catalog.array_agg(w.nodeport ORDER BY w.nodename, w.nodeport) FILTER (WHERE w.success), '
            'pg_catalog.array_agg(w.result::pg_catalog.json OPERATOR(pg_catalog.->>) ''name'' ORDER BY w.nodename, w.nodeport) '
            'FILTER (WHERE w.success), '
            'pg_catalog.array_agg((SELECT COALESCE(pg_catalog.jsonb_agg(a.x OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object(''key'', '
            '%1$I.idgen_cluster_sync_mask(k.key, (w.result::pg_catalog.json OPERATOR(pg_catalog.->>) ''seed'')::pg_catalog.bytea, k.name)) '
            'ORDER BY a.o), ''[]'') FROM pg_catalog.jsonb_array_elements(%2$L::pg_catalog.jsonb) WITH ORDINALITY AS a(x, o) '
            'JOIN %3$s AS k ON k.name OPERATOR(pg_catalog.=) (a.x OPERATOR(pg_catalog.->>) ''name'')) '
            'ORDER BY w.nodename, w.nodeport) FILTER (WHERE w.success), '
            'pg_catalog.string_agg(pg_catalog.format(''%%s:%%s: %%s'', w.nodename, w.nodeport, w.result), ''; '' '
            'ORDER BY w.nodename, w.nodeport) FILTER (WHERE NOT w.success) '
            'FROM pg_catalog.run_command_on_workers(%4$L) AS w',
            schema_name, key_rows, keys, pg_catalog.format(
                'WITH s AS (INSERT INTO %1$s (name, key) SELECT %2$L OPERATOR(pg_catalog.||) pg_catalog.gen_random_uuid(), '
                'pg_catalog.substr(pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.gen_random_uuid()::text '
                'OPERATOR(pg_catalog.||) pg_catalog.gen_random_uuid()::text, %3$L)), 1, 16) RETURNING name, key) '
                'SELECT pg_catalog.json_build_object(%4$L, s.name, %5$L, s.key) FROM s',
                keys, 'idgen_cluster_sync seed ', 'UTF8', 'name', 'seed'))
            INTO names, ports, seed_names, masked_rows, refusing;
        IF refusing IS NOT NULL THEN
            RAISE EXCEPTION 'idgen_cluster_sync: a worker would not take the rows: %', refusing
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      HINT = 'Grant what it lacks there, then run it again.';
        END IF;
        -- the worker reads its seed inside the INSERT that unmasks (a
        -- subquery, not a variable: its plan holds no constant of it)
        FOR i IN 1 .. COALESCE(pg_catalog.cardinality(names), 0) LOOP
            commands := commands OPERATOR(pg_catalog.||) pg_catalog.format('DO %L', pg_catalog.format(
                'BEGIN PERFORM pg_catalog.set_config(%1$L, %2$L, true); %3$s'
                'IF NOT EXISTS (SELECT FROM %4$s AS k WHERE k.name = %5$L) THEN RAISE EXCEPTION %6$L; END IF; '
                'DELETE FROM %4$s AS k WHERE k.name <> %5$L; '
                'INSERT INTO %4$s SELECT * FROM pg_catalog.jsonb_populate_recordset(NULL::%4$s, '
                '(SELECT pg_catalog.jsonb_agg(x || pg_catalog.jsonb_build_object(%7$L, %8$I.idgen_cluster_sync_mask('
                '(x ->> %7$L)::bytea, (SELECT k.key FROM %4$s AS k WHERE k.name = %5$L), x ->> %9$L))) '
                'FROM pg_catalog.jsonb_array_elements(%10$L::jsonb) AS x)); '
                'DELETE FROM %4$s AS k WHERE k.name = %5$L; END',
                'search_path', 'pg_catalog, pg_temp', command, keys, seed_names[i],
                'idgen_cluster_sync: this worker''s seed is gone: run it again', 'key', schema_name, 'name',
                masked_rows[i]));
        END LOOP;
    ELSE
        SELECT pg_catalog.array_agg(w.nodename ORDER BY w.nodename, w.nodeport),
               pg_catalog.array_agg(w.nodeport ORDER BY w.nodename, w.nodeport)
          INTO names, ports
          FROM pg_catalog.run_command_on_workers('SELECT 1') AS w;
        commands := pg_catalog.array_fill(pg_catalog.format('DO %L', pg_catalog.format(
            'BEGIN PERFORM pg_catalog.set_config(%L, %L, true); %s END', 'search_path', 'pg_catalog, pg_temp', command)),
            ARRAY[pg_catalog.cardinality(names)]);
    END IF;
    -- one statement each: master_run_on_worker reports the first result of
    -- several, even when a later one fails
    FOR nodename, nodeport, success, result IN
        SELECT w.node_name, w.node_port, w.success, w.result
          FROM pg_catalog.master_run_on_worker(names, ports, commands, true) AS w
         ORDER BY 1, 2
    LOOP
        IF NOT success THEN
            failing := COALESCE(failing OPERATOR(pg_catalog.||) '; ', '')
                       OPERATOR(pg_catalog.||) pg_catalog.format('%s:%s: %s', nodename, nodeport, result);
        END IF;
        RETURN NEXT;
    END LOOP;
    IF failing IS NOT NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync: a worker did not take the rows: %', failing
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Each worker takes the rows in a transaction of its own: the others have them.',
                  HINT = 'The failing worker logged the command, keys included: see docs/citus.md.';
    END IF;
END $$;
COMMENT ON FUNCTION idgen_cluster_sync() IS
    'on a Citus coordinator: every worker''s declared layouts and keys made the coordinator''s';
