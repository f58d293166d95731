-- idgen 0.5.0 -> 0.6.0: public IDs (UUIDv4 faces, keyed bigint
-- permutation, Sqids), bigint layouts as data, partitioning by an ID's time,
-- and the family table as the one source of each type's SQL.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.0'" to load this file. \quit

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
        CONTINUE WHEN EXISTS (SELECT FROM pg_catalog.jsonb_array_elements(existing) e
                               WHERE (e->>'from')::timestamptz < time_to AND (e->>'to')::timestamptz > time_from);
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
    created_at timestamptz NOT NULL DEFAULT pg_catalog.now()
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

CREATE VIEW idgen_keys AS
    SELECT name, created_at FROM idgen_key_store;
GRANT SELECT ON idgen_keys TO PUBLIC;
COMMENT ON VIEW idgen_keys IS 'the names of idgen''s keys and when each was made; never the keys';

CREATE FUNCTION idgen_key_import(name text, key bytea) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    taken boolean;
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
    EXECUTE pg_catalog.format('SELECT EXISTS (SELECT FROM %s.idgen_key_store WHERE name OPERATOR(pg_catalog.=) $1)', ext)
        INTO taken USING name;
    IF taken THEN
        RAISE EXCEPTION 'there is a key named "%" already', name
            USING ERRCODE = 'duplicate_object',
                  HINT = 'Keys are never replaced: what was made with one is read with it. Rotate with a new name.';
    END IF;
    EXECUTE pg_catalog.format('INSERT INTO %s.idgen_key_store (name, key) VALUES ($1, $2)', ext) USING name, key;
END
$fn$;
REVOKE EXECUTE ON FUNCTION idgen_key_import(text, bytea) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_import(text, bytea) IS 'keeps a 128-bit key (16 bytes) under a new name (owner only)';

-- 16 bytes of gen_random_uuid() (the server's pg_strong_random): bytes 0-5
-- and 9-10 of each of two UUIDs are random, the others hold version and variant
CREATE FUNCTION idgen_key_create(name text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    a bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
    b bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
BEGIN
    EXECUTE pg_catalog.format('SELECT %s.idgen_key_import($1, $2)', ext)
        USING name, pg_catalog.substr(a, 1, 6) || pg_catalog.substr(a, 10, 2)
                    || pg_catalog.substr(b, 1, 6) || pg_catalog.substr(b, 10, 2);
END
$fn$;
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

-- Faces and permuted IDs: STABLE (they read the keys), STRICT, as their owner.
-- No SET search_path: it would cost more than the face itself, and they
-- resolve no name but the key table's, which keys.c reads schema-qualified
-- under a pinned search_path of its own.
CREATE FUNCTION uuid_v47_encode(v7 uuid, key text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_encode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION uuid_v47_encode(uuid, text) IS
    'uuidv47''s UUIDv4 face of a UUIDv7: its time XORed with SipHash-2-4 of its random bits under the named key';
CREATE FUNCTION uuid_v47_decode(face uuid, key text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION uuid_v47_decode(uuid, text) IS 'the UUIDv7 behind a uuidv47 face, with the named key';
CREATE FUNCTION uuid_v47_decode_candidates(face uuid) RETURNS uuid[]
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_decode_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION uuid_v47_decode_candidates(uuid) IS
    'the UUIDv7 behind a face under each kept key, newest key first: id = ANY(...) finds its row across a rotation';

CREATE FUNCTION idgen_permute(id bigint, key text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_permute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
CREATE FUNCTION idgen_permute(id bigint, key text, bits int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_permute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION idgen_permute(bigint, text, int) IS
    'a keyed bijection of 0 to 2^bits - 1 (bits 1 to 63, 63 by default): the ID shown, which reveals neither time nor count';
CREATE FUNCTION idgen_unpermute(id bigint, key text) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
CREATE FUNCTION idgen_unpermute(id bigint, key text, bits int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
COMMENT ON FUNCTION idgen_unpermute(bigint, text, int) IS 'the inverse of idgen_permute with the same key and bits';
CREATE FUNCTION idgen_unpermute_candidates(id bigint) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
CREATE FUNCTION idgen_unpermute_candidates(id bigint, bits int) RETURNS bigint[]
    AS 'MODULE_PATHNAME', 'sql_idgen_unpermute_candidates'
    LANGUAGE C STRICT STABLE PARALLEL SAFE SECURITY DEFINER;
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

-- The native types new in 0.6.0 (their rows' since, in the family table):
-- the Makefile writes their SQL in place of the next line.
-- native types new in 0.6.0: idgen-native-types --since 0.6.0
