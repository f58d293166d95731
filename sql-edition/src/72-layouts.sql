-- Bigint layouts as data (the C edition's idgen_layouts, layout_decode,
-- layout_id_from_time, idgen_layout_create/drop and layout_id): the named
-- layouts, layouts the edition's owner declares, their decoders, and the
-- database-wide generator of each, on _idgen_advance as snowflake_id() is.

-- Where each layout's generator keeps its (unit since the layout's epoch,
-- sequence): a sequence of this schema, made with the layout (never while
-- IDs are handed out: see the shard lanes).
CREATE TABLE IF NOT EXISTS _idgen_layout_state (name text PRIMARY KEY, state regclass NOT NULL);
REVOKE ALL ON TABLE _idgen_layout_state FROM PUBLIC;
CREATE SEQUENCE IF NOT EXISTS _idgen_layout_state_ids AS bigint;
REVOKE ALL ON SEQUENCE _idgen_layout_state_ids FROM PUBLIC;

-- The declared layouts: written by idgen_layout_create() and
-- idgen_layout_drop(), which only the edition's owner may run.
CREATE TABLE IF NOT EXISTS idgen_declared_layouts (
    name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_]{0,62}$'),
    epoch timestamptz NOT NULL,
    time_unit interval NOT NULL CHECK (time_unit > interval '0'),
    node_bits int NOT NULL CHECK (node_bits BETWEEN 0 AND 31),
    sequence_bits int NOT NULL CHECK (sequence_bits BETWEEN 0 AND 31),
    sequence_above_node boolean NOT NULL DEFAULT false,
    created timestamptz NOT NULL DEFAULT pg_catalog.clock_timestamp(),
    created_timeline bigint,
    CHECK (node_bits + sequence_bits <= 62)
);
REVOKE ALL ON TABLE idgen_declared_layouts FROM PUBLIC;
GRANT SELECT ON TABLE idgen_declared_layouts TO PUBLIC;

-- The named layouts: the C edition's table (src/core/layout_def.cpp).
CREATE OR REPLACE FUNCTION idgen_named_layouts(OUT name text, OUT epoch timestamptz,
    OUT time_unit interval, OUT time_bits int, OUT node_bits int, OUT sequence_bits int,
    OUT sequence_above_node boolean, OUT time_in_sign_bit boolean, OUT source text)
    RETURNS SETOF record
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 8
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT * FROM (VALUES
      ('twitter', _idgen_from_unix_us(1288834974657000), interval '1 millisecond', 41, 10, 12, false, false,
       'twitter-archive/snowflake: 41-bit ms since 2010-11-04 01:42:54.657 UTC, 10-bit worker, 12-bit sequence'),
      ('instagram', _idgen_from_unix_us(1314220021721000), interval '1 millisecond', 41, 13, 10, false, false,
       'Instagram Engineering, "Sharding & IDs at Instagram": 41-bit ms since 2011-08-24 21:07:01.721 UTC, 13-bit shard, 10-bit sequence'),
      ('discord', _idgen_from_unix_us(1420070400000000), interval '1 millisecond', 42, 10, 12, false, true,
       'Discord API reference, Snowflakes: 42-bit ms since 2015-01-01 UTC, 5-bit worker, 5-bit process, 12-bit increment'),
      ('mastodon', _idgen_from_unix_us(0), interval '1 millisecond', 48, 0, 16, false, false,
       'mastodon/mastodon lib/mastodon/snowflake.rb, timestamp_id(): 48-bit Unix ms, 16 bits of sequence data'),
      ('cockroachdb', _idgen_from_unix_us(1420070400000000), interval '10 microseconds', 48, 15, 0, false, false,
       'cockroachdb/cockroach GenerateUniqueInt(), unique_rowid(): 48-bit 10 µs units since 2015-01-01 UTC, 15-bit node id'),
      ('sonyflake', _idgen_from_unix_us(1409529600000000), interval '10 milliseconds', 39, 16, 8, true, false,
       'sony/sonyflake v1: 39-bit 10 ms units since 2014-09-01 UTC, 8-bit sequence, 16-bit machine id'),
      ('sonyflake_v2', _idgen_from_unix_us(1735689600000000), interval '10 milliseconds', 39, 16, 8, true, false,
       'sony/sonyflake v2 with its default Settings: 39-bit 10 ms units since 2025-01-01 UTC, 8-bit sequence, 16-bit machine id'),
      ('tsid', _idgen_from_unix_us(1577836800000000), interval '1 millisecond', 42, 10, 12, false, true,
       'f4b6a3/tsid-creator: 42-bit ms since 2020-01-01 UTC, 10-bit node, 12-bit counter')) AS t
$$;

CREATE OR REPLACE VIEW idgen_layouts AS
    SELECT n.name, n.epoch, n.time_unit, n.time_bits, n.node_bits, n.sequence_bits,
           n.sequence_above_node, n.time_in_sign_bit, true AS named, n.source
      FROM idgen_named_layouts() AS n
    UNION ALL
    SELECT d.name, d.epoch, d.time_unit, 63 - d.node_bits - d.sequence_bits, d.node_bits,
           d.sequence_bits, d.sequence_above_node, false, false, NULL
      FROM idgen_declared_layouts AS d;
GRANT SELECT ON idgen_layouts TO PUBLIC;

-- A time of Unix microseconds as the C edition prints it in errors.
CREATE OR REPLACE FUNCTION _idgen_us_text(unix_us bigint) RETURNS text
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp
    SET datestyle = 'ISO, MDY' AS $$
    SELECT _idgen_from_unix_us(unix_us)::pg_catalog.text
$$;

-- A layout by name, its times in Unix µs; refused (42704) when there is none.
CREATE OR REPLACE FUNCTION _idgen_layout(layout text, fn text, OUT epoch_us bigint, OUT unit_us bigint,
    OUT time_bits int, OUT node_bits int, OUT seq_bits int, OUT seq_above_node boolean,
    OUT time_in_sign_bit boolean)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    SELECT _idgen_unix_us(l.epoch), pg_catalog.round(EXTRACT(epoch FROM l.time_unit)::pg_catalog.numeric * 1000000)::pg_catalog.int8,
           l.time_bits, l.node_bits, l.sequence_bits, l.sequence_above_node, l.time_in_sign_bit
      INTO epoch_us, unit_us, time_bits, node_bits, seq_bits, seq_above_node, time_in_sign_bit
      FROM idgen_layouts AS l WHERE l.name = layout;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'layout "%" does not exist, for %', layout, fn
            USING ERRCODE = 'undefined_object',
                  DETAIL = 'The named layouts are twitter, instagram, discord, mastodon, cockroachdb, sonyflake, sonyflake_v2, tsid; idgen_layouts lists the declared ones too.',
                  HINT = 'A superuser declares one with idgen_layout_create().';
    END IF;
END $$;

-- The largest time field that keeps an ID of the layout a valid bigint.
CREATE OR REPLACE FUNCTION _idgen_layout_max_time(time_bits int, shift int, time_in_sign_bit boolean) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN time_in_sign_bit OR time_bits + shift < 64 THEN (1::pg_catalog.int8 << time_bits) - 1
                ELSE (1::pg_catalog.int8 << (63 - shift)) - 1 END
$$;

CREATE OR REPLACE FUNCTION layout_decode(id bigint, layout text, OUT ts timestamptz, OUT node int, OUT sequence int)
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, 'layout_decode');
    shift int := l.node_bits + l.seq_bits;
BEGIN
    IF id < 0 AND NOT l.time_in_sign_bit THEN
        RAISE EXCEPTION 'ID % is out of range for layout "%"', id, layout
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Valid IDs are 0 to 9223372036854775807: the layout never sets the sign bit.';
    END IF;
    -- >> is arithmetic: the mask keeps a time field that reaches the sign bit
    ts := _idgen_from_unix_us(l.epoch_us + ((id >> shift) & ((1::pg_catalog.int8 << (64 - shift)) - 1)) * l.unit_us);
    node := (id >> CASE WHEN l.seq_above_node THEN 0 ELSE l.seq_bits END) & ((1::pg_catalog.int8 << l.node_bits) - 1);
    sequence := (id >> CASE WHEN l.seq_above_node THEN l.node_bits ELSE 0 END) & ((1::pg_catalog.int8 << l.seq_bits) - 1);
END $$;

-- The smallest ID of ts's unit in a layout, for fn (layout_id_from_time,
-- idgen_partition_start).
CREATE OR REPLACE FUNCTION _idgen_layout_id_at(ts timestamptz, layout text, fn text) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, fn);
    shift int := l.node_bits + l.seq_bits;
    us bigint;
    last_us bigint;
BEGIN
    IF NOT pg_catalog.isfinite(ts) THEN
        RAISE EXCEPTION 'timestamp % is out of range for %', ts, fn
            USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Layouts count finite times only.';
    END IF;
    us := _idgen_unix_us(ts);
    last_us := l.epoch_us + _idgen_layout_max_time(l.time_bits, shift, l.time_in_sign_bit) * l.unit_us + l.unit_us - 1;
    IF us < l.epoch_us OR us > last_us THEN
        RAISE EXCEPTION 'timestamp % is out of range for layout "%"', _idgen_us_text(us), layout
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid times are %s to %s.', _idgen_us_text(l.epoch_us), _idgen_us_text(last_us));
    END IF;
    RETURN ((us - l.epoch_us) / l.unit_us) << shift;
END $$;

CREATE OR REPLACE FUNCTION layout_id_from_time(ts timestamptz, layout text) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_layout_id_at(ts, layout, 'layout_id_from_time')
$$;

-- The C edition's checks of a declared layout, word for word: the widths,
-- the unit, the epoch (1970 to now), no overflow before 2070-01-01 and an
-- end before year 10000.
CREATE OR REPLACE FUNCTION _idgen_check_layout(epoch timestamptz, time_unit interval, node_bits int,
                                               sequence_bits int, fn text) RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    epoch_us bigint;
    unit_us numeric;
    time_bits int := 63 - node_bits - sequence_bits;
    last_us numeric;
    bits int := 1;
BEGIN
    IF node_bits >= 0 AND sequence_bits >= 0 AND node_bits + sequence_bits > 62 THEN
        RAISE EXCEPTION 'node_bits + sequence_bits = % is out of range for %', node_bits + sequence_bits, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'The widths sum to 63 and the time gets the rest: node_bits + sequence_bits is 0 to 62.';
    END IF;
    IF node_bits < 0 OR node_bits > 31 OR sequence_bits < 0 OR sequence_bits > 31 THEN
        RAISE EXCEPTION '% % is out of range for %', CASE WHEN node_bits < 0 OR node_bits > 31 THEN 'node_bits' ELSE 'sequence_bits' END,
                        CASE WHEN node_bits < 0 OR node_bits > 31 THEN node_bits ELSE sequence_bits END, fn
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid widths are 0 to 31 bits.';
    END IF;
    IF pg_catalog.date_part('month', time_unit) <> 0 OR pg_catalog.date_part('year', time_unit) <> 0 THEN
        RAISE EXCEPTION 'time unit % is out of range for %', time_unit, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A time unit is from 1 microsecond to 1 day, without months or years (they have no fixed length).';
    END IF;
    unit_us := pg_catalog.round(EXTRACT(epoch FROM time_unit)::pg_catalog.numeric * 1000000);
    IF unit_us < 1 OR unit_us > 86400000000 THEN
        RAISE EXCEPTION 'time unit of % microseconds is out of range for %', unit_us, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A time unit is from 1 microsecond to 86400000000 microseconds (1 day).';
    END IF;
    IF NOT pg_catalog.isfinite(epoch) THEN
        RAISE EXCEPTION 'epoch % is out of range for %', epoch, fn
            USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Layouts count finite times only.';
    END IF;
    epoch_us := _idgen_unix_us(epoch);
    IF epoch_us < 0 OR epoch > pg_catalog.clock_timestamp() THEN
        RAISE EXCEPTION 'epoch % is out of range for %', _idgen_us_text(epoch_us), fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('An epoch is from 1970-01-01 00:00:00+00 to the current time: %s.',
                                             CASE WHEN epoch_us < 0 THEN 'Unix time starts there'
                                                  ELSE 'a layout counts from a time that has come' END);
    END IF;
    IF epoch_us % 1000 <> 0 THEN
        RAISE EXCEPTION 'epoch % is not a whole millisecond, for %', _idgen_us_text(epoch_us), fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A layout''s epoch is a whole number of milliseconds since 1970: layout_id() counts whole milliseconds from it.',
                  HINT = 'Truncate it: date_trunc(''milliseconds'', ...).';
    END IF;
    last_us := epoch_us + ((2::pg_catalog.numeric ^ time_bits) - 1) * unit_us;
    IF last_us > 253402300799999999 THEN
        WHILE bits < time_bits AND (2::pg_catalog.numeric ^ (bits + 1)) - 1 <= pg_catalog.trunc((253402300799999999 - epoch_us) / unit_us) LOOP
            bits := bits + 1;
        END LOOP;
        RAISE EXCEPTION 'a layout of % time bits is out of range for %', time_bits, fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('From its epoch in its time unit, 1 to %s time bits end before year 10000.', bits),
                  HINT = 'Give the node or sequence more bits, or a shorter time unit.';
    END IF;
    IF last_us < 3155760000000000 THEN
        RAISE EXCEPTION 'a layout of % time bits overflows at %, before %, for %', time_bits,
                        _idgen_us_text(last_us::pg_catalog.int8), _idgen_us_text(3155760000000000), fn
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('A declared layout''s time field must last until %s and end before year 10000.',
                                             _idgen_us_text(3155760000000000)),
                  HINT = 'Give the time more bits (fewer node or sequence bits), a longer time unit, or a later epoch.';
    END IF;
END $$;

CREATE OR REPLACE FUNCTION idgen_layout_create(name text, epoch timestamptz, time_unit interval,
                                               node_bits int, sequence_bits int,
                                               sequence_above_node boolean) RETURNS void
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    state text;
BEGIN
    IF name !~ '^[a-z][a-z0-9_]{0,62}$' THEN
        RAISE EXCEPTION 'layout name "%" is not valid for idgen_layout_create', name
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A layout name is 1 to 63 characters of a-z, 0-9 and "_" that start with a letter: ^[a-z][a-z0-9_]{0,62}$.';
    END IF;
    IF EXISTS (SELECT FROM idgen_named_layouts() AS n WHERE n.name = idgen_layout_create.name) THEN
        RAISE EXCEPTION 'layout "%" is a named layout', name
            USING ERRCODE = 'duplicate_object',
                  DETAIL = 'The named layouts are idgen''s own; a declared layout takes another name.';
    END IF;
    PERFORM _idgen_check_layout(epoch, time_unit, node_bits, sequence_bits, 'idgen_layout_create');
    INSERT INTO idgen_declared_layouts AS d (name, epoch, time_unit, node_bits, sequence_bits,
                                             sequence_above_node, created_timeline)
    VALUES (name, epoch, time_unit, node_bits, sequence_bits, sequence_above_node, _idgen_timeline())
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'layout "%" already exists', name
            USING ERRCODE = 'duplicate_object', HINT = 'Pick another name; idgen_layouts lists those in use.';
    END IF;
    state := pg_catalog.format('%I._idgen_layout_state_%s', _idgen_schema(), pg_catalog.nextval('_idgen_layout_state_ids'));
    EXECUTE pg_catalog.format('CREATE SEQUENCE %s AS bigint', state);
    EXECUTE pg_catalog.format('REVOKE ALL ON SEQUENCE %s FROM PUBLIC', state);
    INSERT INTO _idgen_layout_state VALUES (name, state::pg_catalog.regclass);
END $$;
REVOKE EXECUTE ON FUNCTION idgen_layout_create(text, timestamptz, interval, int, int, boolean) FROM PUBLIC;

CREATE OR REPLACE FUNCTION idgen_layout_create(name text, epoch timestamptz, time_unit interval,
                                               node_bits int, sequence_bits int) RETURNS void
    LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT idgen_layout_create(name, epoch, time_unit, node_bits, sequence_bits, false)
$$;
REVOKE EXECUTE ON FUNCTION idgen_layout_create(text, timestamptz, interval, int, int) FROM PUBLIC;

-- Refused once the layout's generator has drawn from its state: a sequence
-- is never taken back, and travels with the database to a replica or a dump.
CREATE OR REPLACE FUNCTION idgen_layout_drop(name text) RETURNS void
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    state regclass := (SELECT s.state FROM _idgen_layout_state AS s WHERE s.name = idgen_layout_drop.name);
    used boolean;
BEGIN
    IF EXISTS (SELECT FROM idgen_named_layouts() AS n WHERE n.name = idgen_layout_drop.name) THEN
        RAISE EXCEPTION 'layout "%" is a named layout: it cannot be dropped', name
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM _idgen_layout(name, 'idgen_layout_drop');
    IF state IS NOT NULL THEN
        EXECUTE pg_catalog.format('SELECT is_called FROM %s', state) INTO used;
    END IF;
    IF used THEN
        RAISE EXCEPTION 'idgen_layout_drop: layout "%" may have handed out IDs', name
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'layout_id() ran it. Declared again with another epoch, time unit or widths, it could repeat them.',
                  HINT = 'Keep it, and declare a new layout under another name.';
    END IF;
    DELETE FROM idgen_declared_layouts AS d WHERE d.name = idgen_layout_drop.name;
    DELETE FROM _idgen_layout_state AS s WHERE s.name = idgen_layout_drop.name;
    IF state IS NOT NULL THEN
        EXECUTE pg_catalog.format('DROP SEQUENCE %s', state);
    END IF;
END $$;
REVOKE EXECUTE ON FUNCTION idgen_layout_drop(text) FROM PUBLIC;

-- The named layouts' generators have their states from the install.
DO $states$
DECLARE
    n record;
    state text;
BEGIN
    FOR n IN SELECT l.name FROM idgen_named_layouts() AS l
              WHERE NOT EXISTS (SELECT FROM _idgen_layout_state AS s WHERE s.name = l.name) LOOP
        state := pg_catalog.format('%I._idgen_layout_state_%s', pg_catalog.current_schema(), pg_catalog.nextval('_idgen_layout_state_ids'));
        EXECUTE pg_catalog.format('CREATE SEQUENCE %s AS bigint', state);
        EXECUTE pg_catalog.format('REVOKE ALL ON SEQUENCE %s FROM PUBLIC', state);
        INSERT INTO _idgen_layout_state VALUES (n.name, state::pg_catalog.regclass);
    END LOOP;
END
$states$;

-- After a promotion or a restore (_idgen_check_server): every layout's
-- state past margin_ms above both its last unit and the clock, counted
-- from the layout's epoch.
CREATE OR REPLACE FUNCTION _idgen_move_layout_states(margin_ms bigint) RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    s record;
    l record;
    unit_ms bigint;
    now_units bigint;
BEGIN
    FOR s IN SELECT * FROM _idgen_layout_state LOOP
        l := _idgen_layout(s.name, 'layout_id');
        CONTINUE WHEN l.unit_us % 1000 <> 0 OR l.epoch_us % 1000 <> 0;
        unit_ms := l.unit_us / 1000;
        now_units := _idgen_floor_div(_idgen_unix_us(pg_catalog.clock_timestamp()) - l.epoch_us, l.unit_us);
        PERFORM _idgen_move_past(s.state, l.seq_bits, now_units, (margin_ms + unit_ms - 1) / unit_ms);
    END LOOP;
END $$;

-- What a layout needs before its state moves (layout_id(),
-- layout_resume_after()): whole milliseconds, and a node id it holds.
CREATE OR REPLACE FUNCTION _idgen_layout_runs(layout text, fn text, unit_us bigint, epoch_us bigint,
                                              node_bits int, node bigint) RETURNS void
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF unit_us % 1000 <> 0 OR epoch_us % 1000 <> 0 THEN
        RAISE EXCEPTION '%: layout "%" counts time in units of % microseconds', fn, layout, unit_us
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'The generator counts whole milliseconds from an epoch of whole milliseconds; '
                           'layout_decode() and layout_id_from_time() read every layout.';
    END IF;
    IF node > (1::pg_catalog.int8 << node_bits) - 1 THEN
        RAISE EXCEPTION '%: idgen.node_id = % does not fit layout "%"', fn, node, layout
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Its node field holds 0 to %s (%s bits).', (1::pg_catalog.int8 << node_bits) - 1, node_bits),
                  HINT = 'Use a layout with more node bits, or give this server a node id the layout holds.';
    END IF;
END $$;

-- A layout's state. A row that came without idgen_layout_create() (a
-- data-only restore or a replication of idgen_declared_layouts) has none:
-- refused, where every call would return NULL.
CREATE OR REPLACE FUNCTION _idgen_layout_state_of(layout text, fn text) RETURNS regclass
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    state regclass := (SELECT s.state FROM _idgen_layout_state AS s WHERE s.name = layout);
BEGIN
    IF state IS NULL THEN
        RAISE EXCEPTION '%: layout "%" has no generator state here', fn, layout
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Its row came without idgen_layout_create() (a restore or a replication of idgen_declared_layouts).',
                  HINT = 'Declare it here: idgen_layout_drop(), then idgen_layout_create() with the same fields.';
    END IF;
    RETURN state;
END $$;

-- layout_id(layout): the layout's next ID, database-wide, its node field
-- the node id of idgen_set_node_id() (refused where it does not fit).
CREATE OR REPLACE FUNCTION layout_id(layout text) RETURNS bigint
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, 'layout_id()');
    node bigint := _idgen_node_id('layout_id()', 'layout IDs');
    state regclass;
    shift int := l.node_bits + l.seq_bits;
    max_time bigint := _idgen_layout_max_time(l.time_bits, shift, l.time_in_sign_bit);
    now_us bigint := _idgen_unix_us(pg_catalog.clock_timestamp());
    now_units bigint;
    v bigint;
    t bigint;
BEGIN
    PERFORM _idgen_layout_runs(layout, 'layout_id()', l.unit_us, l.epoch_us, l.node_bits, node);
    -- a named layout that is one of the edition's families runs that family's
    -- generator (its state): layout_id('tsid') and tsid() never repeat each other
    IF layout = 'tsid' THEN
        RETURN tsid();
    ELSIF layout = 'sonyflake' THEN
        RETURN sonyflake_id();
    ELSIF layout = 'twitter' AND COALESCE(NULLIF(pg_catalog.current_setting('idgen.snowflake_epoch', true), ''),
                                          '1288834974657') = '1288834974657' THEN
        RETURN snowflake_id();
    ELSIF layout = 'instagram' AND COALESCE(NULLIF(pg_catalog.current_setting('idgen.shard_epoch', true), ''),
                                            '1314220021721') = '1314220021721' THEN
        RETURN next_shard_id(node::pg_catalog.int4);
    END IF;
    state := _idgen_layout_state_of(layout, 'layout_id()');
    now_units := _idgen_floor_div(now_us - l.epoch_us, l.unit_us);
    v := _idgen_advance(state, GREATEST(now_units, 0) << l.seq_bits);
    t := v >> l.seq_bits;
    IF t > now_units THEN
        PERFORM _idgen_check_lead((t * l.unit_us + l.epoch_us) / 1000, now_us / 1000, 'layout_id()');
    END IF;
    IF now_units < 0 OR t > max_time THEN
        RAISE EXCEPTION 'timestamp % is out of range for layout "%"', _idgen_us_text(GREATEST(now_us, l.epoch_us + t * l.unit_us)), layout
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid times are %s to %s.', _idgen_us_text(l.epoch_us),
                                             _idgen_us_text(l.epoch_us + max_time * l.unit_us + l.unit_us - 1));
    END IF;
    RETURN (t << shift)
           | (node << CASE WHEN l.seq_above_node THEN 0 ELSE l.seq_bits END)
           | ((v & ((1::pg_catalog.int8 << l.seq_bits) - 1)) << CASE WHEN l.seq_above_node THEN l.node_bits ELSE 0 END);
END $$;

-- layout_resume_after(layout, id): layout_id(layout) goes on after an ID
-- its state never reached, as in the C extension: the database's tables
-- refreshed from a copy's data alone (a copy's sequences are not in a dump
-- of its tables: docs/layouts.md, "Copies of a database"). Another node's
-- ID is passed by its whole unit. Only the edition's owner runs it, as it
-- declares layouts, or a role it grants EXECUTE on purpose (an ID near
-- idgen.max_clock_lead would stall the layout): it runs as the owner, as
-- layout_id() does, since the state it moves is the owner's. A named layout
-- run by one of the edition's families is that family's generator, which
-- no function moves: refused.
CREATE OR REPLACE FUNCTION layout_resume_after(layout text, id bigint) RETURNS void
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, 'layout_resume_after');
    node bigint := _idgen_node_id('layout_resume_after', 'layout IDs');
    seq_mask bigint := (1::pg_catalog.int8 << l.seq_bits) - 1;
    d record;
    t bigint;
    word bigint;
BEGIN
    PERFORM _idgen_layout_runs(layout, 'layout_resume_after', l.unit_us, l.epoch_us, l.node_bits, node);
    IF layout IN ('tsid', 'sonyflake', 'twitter', 'instagram') THEN
        RAISE EXCEPTION 'layout_resume_after: layout "%" is run by one of idgen''s families', layout
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'layout_id() of tsid, sonyflake, twitter and instagram draws from that family''s generator.',
                  HINT = 'The C extension''s *_resume_after functions move those generators.';
    END IF;
    d := layout_decode(id, layout);  -- refuses (22003) an ID the layout never makes
    t := (_idgen_unix_us(d.ts) - l.epoch_us) / l.unit_us;
    PERFORM _idgen_check_lead(_idgen_unix_us(d.ts) / 1000, _idgen_unix_us(pg_catalog.clock_timestamp()) / 1000,
                              'layout_resume_after');
    word := (t << l.seq_bits) | CASE WHEN d.node = node THEN d.sequence ELSE seq_mask END;
    -- drawn at word at least (never lowered): the next value lies past it
    PERFORM _idgen_advance(_idgen_layout_state_of(layout, 'layout_resume_after'), word);
END $$;
REVOKE EXECUTE ON FUNCTION layout_resume_after(text, bigint) FROM PUBLIC;
