------------------------------------------------------------------------------
-- Partitioning by the time inside an ID (0.6.0): pg_partman 5's encoder and
-- decoder pairs for text and uuid keys, the interval and start of its
-- integer partitioning for bigint keys, the range bounds of xid, SCRU128 and
-- Timeflake, and idgen_partition_maintain (here for UUIDv7 keys: this
-- edition's other IDs are uuid, bytea and text, which it cannot tell apart).

-- The smallest 16 bytes of a millisecond: 48-bit ms, the rest zero (ULID,
-- SCRU128 and Timeflake alike).
CREATE OR REPLACE FUNCTION _idgen_ms48_bound(ts timestamptz, fn text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT (pg_catalog.lpad(pg_catalog.to_hex(_idgen_ulid_ms(ts, fn)), 12, '0') || '00000000000000000000')::pg_catalog.uuid
$$;

-- The smallest 32-bit seconds ID of a second (KSUID, xid): its seconds
-- since first_s, then zero bytes.
CREATE OR REPLACE FUNCTION _idgen_s32_bound(ts timestamptz, first_s bigint, zero_bytes int, fn text) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(_idgen_seconds32(ts, first_s, fn) - first_s), 8, '0')
                             || pg_catalog.repeat('00', zero_bytes), 'hex')
$$;

CREATE OR REPLACE FUNCTION xid_from_time(ts timestamptz) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_s32_bound(ts, (_idgen_family_xid12() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000, (_idgen_family_xid12() ->> 'value_bytes')::pg_catalog.int4 - 4, 'xid_from_time')
$$;
CREATE OR REPLACE FUNCTION scru128_from_time(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_ms48_bound(ts, 'scru128_from_time')
$$;
CREATE OR REPLACE FUNCTION timeflake_from_time(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_ms48_bound(ts, 'timeflake_from_time')
$$;

-- text keys: the encoder is the smallest text of its time, the decoder the
-- time of a text (COLLATE "C": the text sorts by time byte by byte)
CREATE OR REPLACE FUNCTION ulid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_text(_idgen_ms48_bound(ts, 'ulid_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION ulid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(ulid_parse(id))
$$;
CREATE OR REPLACE FUNCTION ksuid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ksuid_text(_idgen_s32_bound(ts, (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000,
                                       (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4 - 4, 'ksuid_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION ksuid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ksuid_timestamp(ksuid_parse(id))
$$;
CREATE OR REPLACE FUNCTION xid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT xid_text(_idgen_s32_bound(ts, (_idgen_family_xid12() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000, (_idgen_family_xid12() ->> 'value_bytes')::pg_catalog.int4 - 4, 'xid_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION xid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT xid_timestamp(xid_parse(id))
$$;
CREATE OR REPLACE FUNCTION scru128_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT scru128_text(_idgen_ms48_bound(ts, 'scru128_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION scru128_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT scru128_timestamp(scru128_parse(id))
$$;
CREATE OR REPLACE FUNCTION timeflake_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT timeflake_text(_idgen_ms48_bound(ts, 'timeflake_text_time_encoder'))
$$;
CREATE OR REPLACE FUNCTION timeflake_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT timeflake_timestamp(timeflake_parse(id))
$$;
-- TSID: 42-bit ms since 2020-01-01, up to the sign bit
CREATE OR REPLACE FUNCTION tsid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    ms bigint := _idgen_unix_ms(ts, 'tsid_text_time_encoder');
    epoch_ms bigint := (_idgen_family_tsid() ->> 'default_epoch_ms')::pg_catalog.int8;
    last_ms bigint := epoch_ms + (_idgen_family_tsid() ->> 'max_time_ms')::pg_catalog.int8;
BEGIN
    IF ms < epoch_ms OR ms > last_ms THEN
        PERFORM _idgen_raise_time(ms, epoch_ms, last_ms, 'tsid_text_time_encoder');
    END IF;
    RETURN tsid_text((ms - epoch_ms) << ((_idgen_family_tsid() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_tsid() ->> 'seq_bits')::pg_catalog.int4));
END $$;
CREATE OR REPLACE FUNCTION tsid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT tsid_timestamp(tsid_parse(id))
$$;
-- push ID: the ms's 8 characters (48 bits), then the alphabet's first, '-', for the rest
CREATE OR REPLACE FUNCTION pushid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.string_agg(pg_catalog.substr(_idgen_family_pushid() ->> 'digits',
                                                   ((ms >> (6 * (7 - i))) & 63)::pg_catalog.int4 + 1, 1), '' ORDER BY i)
           || pg_catalog.repeat(pg_catalog.left(_idgen_family_pushid() ->> 'digits', 1),
                                (_idgen_family_pushid() ->> 'text_len')::pg_catalog.int4 - 8)
      FROM (SELECT _idgen_ulid_ms(ts, 'pushid_text_time_encoder') AS ms) m, pg_catalog.generate_series(0, 7) i
$$;
CREATE OR REPLACE FUNCTION pushid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pushid_timestamp(id)
$$;
-- TypeID: the time checked first, so that its refusal names the encoder;
-- then typeid_from_time's (the prefix's refusal names it, as in C)
CREATE OR REPLACE FUNCTION typeid_text_time_encoder(prefix text, ts timestamptz) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_ulid_ms(ts, 'typeid_text_time_encoder');
    RETURN typeid_from_time(prefix, ts);
END $$;
CREATE OR REPLACE FUNCTION typeid_text_time_encoder(ts timestamptz) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT typeid_text_time_encoder('', ts)
$$;
CREATE OR REPLACE FUNCTION typeid_text_time_decoder(id text) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    u uuid := typeid_uuid(id);
BEGIN
    IF uuid_version(u) IS DISTINCT FROM 7 THEN
        RAISE EXCEPTION 'TypeID "%" carries no time', id
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Its UUID is not a version 7 UUID; typeid_text_time_decoder reads the time of those only.';
    END IF;
    RETURN uuid_v7_timestamp(u);
END $$;

-- uuid keys: decoders take text (pg_partman 5.2) and uuid
CREATE OR REPLACE FUNCTION ulid_uuid_time_encoder(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_ms48_bound(ts, 'ulid_uuid_time_encoder')
$$;
CREATE OR REPLACE FUNCTION ulid_uuid_time_decoder(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(id)
$$;
CREATE OR REPLACE FUNCTION ulid_uuid_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT ulid_timestamp(id::pg_catalog.uuid)
$$;
CREATE OR REPLACE FUNCTION uuid_v6_time_encoder(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT uuid_v6_from_time(ts)
$$;
CREATE OR REPLACE FUNCTION uuid_v6_time_decoder(id uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF uuid_version(id) IS DISTINCT FROM 6 THEN
        RAISE EXCEPTION 'UUID "%" is not a version 6 UUID', id
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'uuid_v6_time_decoder reads the time of version 6 UUIDs only.';
    END IF;
    RETURN uuid_timestamp(id);
END $$;
CREATE OR REPLACE FUNCTION uuid_v6_time_decoder(id text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT uuid_v6_time_decoder(id::pg_catalog.uuid)
$$;

-- bigint keys: a family's layout, from the family table: its display
-- name, time shift, time unit, epoch (its setting's where it has one), the
-- largest time field in units and the longest span (TSID's field reaches
-- the sign bit, where no positive interval follows)
CREATE OR REPLACE FUNCTION _idgen_bigint_layout(family text, fn text,
    OUT display text, OUT shift int, OUT unit_ms bigint, OUT epoch_ms bigint, OUT max_units bigint, OUT longest bigint)
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    t text;
    sign_bit boolean;
    max_ms bigint;
BEGIN
    SELECT v.d, v.s, v.u, v.e, v.m, v.sb, v.setting INTO display, shift, unit_ms, epoch_ms, max_ms, sign_bit, t
      FROM (VALUES ('snowflake', _idgen_family_snowflake() ->> 'display_name',
                    (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_snowflake() ->> 'seq_bits')::pg_catalog.int4,
                    (_idgen_family_snowflake() ->> 'time_unit_ms')::pg_catalog.int8,
                    (_idgen_family_snowflake() ->> 'default_epoch_ms')::pg_catalog.int8,
                    (_idgen_family_snowflake() ->> 'max_time_ms')::pg_catalog.int8,
                    (_idgen_family_snowflake() ->> 'time_in_sign_bit')::pg_catalog.bool, 'idgen.snowflake_epoch'),
                   ('shard', _idgen_family_shard() ->> 'display_name',
                    (_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4,
                    (_idgen_family_shard() ->> 'time_unit_ms')::pg_catalog.int8,
                    (_idgen_family_shard() ->> 'default_epoch_ms')::pg_catalog.int8,
                    (_idgen_family_shard() ->> 'max_time_ms')::pg_catalog.int8,
                    (_idgen_family_shard() ->> 'time_in_sign_bit')::pg_catalog.bool, 'idgen.shard_epoch'),
                   ('tsid', _idgen_family_tsid() ->> 'display_name',
                    (_idgen_family_tsid() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_tsid() ->> 'seq_bits')::pg_catalog.int4,
                    (_idgen_family_tsid() ->> 'time_unit_ms')::pg_catalog.int8,
                    (_idgen_family_tsid() ->> 'default_epoch_ms')::pg_catalog.int8,
                    (_idgen_family_tsid() ->> 'max_time_ms')::pg_catalog.int8,
                    (_idgen_family_tsid() ->> 'time_in_sign_bit')::pg_catalog.bool, NULL),
                   ('sonyflake', _idgen_family_sonyflake() ->> 'display_name',
                    (_idgen_family_sonyflake() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_sonyflake() ->> 'seq_bits')::pg_catalog.int4,
                    (_idgen_family_sonyflake() ->> 'time_unit_ms')::pg_catalog.int8,
                    (_idgen_family_sonyflake() ->> 'default_epoch_ms')::pg_catalog.int8,
                    (_idgen_family_sonyflake() ->> 'max_time_ms')::pg_catalog.int8,
                    (_idgen_family_sonyflake() ->> 'time_in_sign_bit')::pg_catalog.bool, NULL))
           AS v(f, d, s, u, e, m, sb, setting)
     WHERE v.f = family;
    IF NOT FOUND THEN
        RAISE EXCEPTION '"%" is not a bigint ID family % partitions', family, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'The bigint families are snowflake, shard, tsid and sonyflake.';
    END IF;
    max_units := max_ms / unit_ms;
    longest := CASE WHEN sign_bit THEN max_units >> 1 ELSE max_units END;
    IF t IS NOT NULL THEN
        t := pg_catalog.current_setting(t, true);
        IF t IS NOT NULL AND t <> '' THEN
            epoch_ms := CASE WHEN t ~ '^[0-9]{1,13}$' AND t::pg_catalog.int8 <= _idgen_max_epoch_ms() THEN t::pg_catalog.int8
                             ELSE _idgen_setting(CASE family WHEN 'shard' THEN 'idgen.shard_epoch' ELSE 'idgen.snowflake_epoch' END,
                                                 epoch_ms, _idgen_max_epoch_ms()) END;
        END IF;
    END IF;
END $$;

CREATE OR REPLACE FUNCTION idgen_partition_interval(family text, span interval) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record;
    us numeric := _idgen_span_us(span);
BEGIN
    IF family NOT IN ('snowflake', 'shard', 'tsid', 'sonyflake') THEN
        RETURN _idgen_layout_partition_interval(family, span);
    END IF;
    l := _idgen_bigint_layout(family, 'idgen_partition_interval');
    IF pg_catalog.date_part('year', span) <> 0 OR pg_catalog.date_part('month', span) <> 0 THEN
        RAISE EXCEPTION 'interval "%" has no fixed length for idgen_partition_interval', span
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('A %s''s time is a count of milliseconds: give the span in days, hours, minutes or seconds.', l.display);
    END IF;
    IF us % 1000 <> 0 OR us < l.unit_ms * 1000 OR (us / 1000) % l.unit_ms <> 0 OR us / 1000 / l.unit_ms > l.longest THEN
        RAISE EXCEPTION 'interval "%" is out of range for idgen_partition_interval of %', span, family
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('A span is a whole number of %s ms units, from %s ms to %s ms: what the IDs'' time field holds.',
                                             l.unit_ms, l.unit_ms, l.longest * l.unit_ms);
    END IF;
    RETURN ((us / 1000 / l.unit_ms)::pg_catalog.int8) << l.shift;
END $$;

CREATE OR REPLACE FUNCTION idgen_partition_start(family text, ts timestamptz) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record;
    ms bigint;
    last_ms bigint;
BEGIN
    IF family NOT IN ('snowflake', 'shard', 'tsid', 'sonyflake') THEN
        RETURN _idgen_layout_id_at(ts, family, 'idgen_partition_start');
    END IF;
    l := _idgen_bigint_layout(family, 'idgen_partition_start');
    ms := _idgen_unix_ms(ts, 'idgen_partition_start');
    last_ms := l.epoch_ms + l.max_units * l.unit_ms + l.unit_ms - 1;
    IF ms < l.epoch_ms OR ms > last_ms THEN
        PERFORM _idgen_raise_time(ms, l.epoch_ms, last_ms, 'idgen_partition_start');
    END IF;
    RETURN ((ms - l.epoch_ms) / l.unit_ms) << l.shift;
END $$;

-- Declarative range partitions of a UUIDv7 key, one per span of time, as
-- the C edition's idgen_partition_maintain (docs/partitioning.md).
CREATE OR REPLACE FUNCTION idgen_partition_maintain(parent regclass, span interval, ahead int DEFAULT 3,
                                         retention interval DEFAULT NULL,
                                         keep_detached boolean DEFAULT false,
                                         prefix text DEFAULT NULL,
                                         as_of timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (action text, partition_name text, time_from timestamptz, time_to timestamptz)
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $fn$
DECLARE
    strategy "char";
    key_column name;
    key_type oid;
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
    -- this edition's IDs are uuid, bytea and text: it partitions UUIDv7 keys
    IF key_type OPERATOR(pg_catalog.<>) 'pg_catalog.uuid'::pg_catalog.regtype::pg_catalog.oid THEN
        RAISE EXCEPTION 'column "%" of % is of type %, which idgen_partition_maintain does not partition',
                        key_column, parent, pg_catalog.format_type(key_type, NULL)
            USING ERRCODE = 'datatype_mismatch',
                  DETAIL = 'The SQL edition partitions uuid (version 7) keys; pg_partman partitions text, uuid '
                           'and bigint keys with idgen''s encoders and intervals.';
    END IF;
    IF prefix IS NOT NULL THEN
        RAISE EXCEPTION 'prefix % is for a typeid key, and %''s is of type uuid', pg_catalog.quote_literal(prefix), parent
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    bound_sql := 'SELECT uuid_v7_from_time(%L)::pg_catalog.text';
    time_sql := 'SELECT uuid_v7_timestamp(%L::pg_catalog.uuid)';

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
        -- finds them: refused, as the C edition's is
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

