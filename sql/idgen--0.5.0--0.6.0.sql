-- idgen 0.5.0 -> 0.6.0: public IDs (UUIDv4 faces, keyed bigint
-- permutation, Sqids), bigint layouts as data, partitioning by an ID's time,
-- and the family table as the one source of each type's SQL.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.0'" to load this file. \quit

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
    CHECK (node_bits + sequence_bits <= 62)
);
REVOKE ALL ON idgen_declared_layouts FROM PUBLIC;
GRANT SELECT ON idgen_declared_layouts TO PUBLIC;
SELECT pg_catalog.pg_extension_config_dump('idgen_declared_layouts', '');
COMMENT ON TABLE idgen_declared_layouts IS
    'bigint layouts declared by a superuser (idgen_layout_create)';

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
