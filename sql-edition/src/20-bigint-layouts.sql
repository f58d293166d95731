------------------------------------------------------------------------------
-- The bigint layouts, made from one definition:
--   Instagram shard IDs: 41-bit ms since idgen.shard_epoch | 13-bit shard | 10-bit seq
--     (only 2^40 ms of the time field keep the sign bit 0)
--   Snowflake: sign 0 | 41-bit ms since idgen.snowflake_epoch | 10-bit node | 12-bit seq
-- Each function is one PL/pgSQL body with the checks inline and the
-- refusals in helpers: a nested call with a pinned search_path costs more
-- than the arithmetic it wraps.

-- The decoders' refusal: a bad epoch first, then a negative ID.
CREATE OR REPLACE FUNCTION _idgen_refuse_id(id bigint, epoch_ms bigint, fn text, hint text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_check_epoch(epoch_ms, fn);
    PERFORM _idgen_check_id(id, fn, hint);
END $$;

-- The *_from_time refusal: an infinite time first, then a bad epoch.
CREATE OR REPLACE FUNCTION _idgen_refuse_at(ts timestamptz, epoch_ms bigint, fn text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_unix_ms(ts, fn);
    PERFORM _idgen_check_epoch(epoch_ms, fn);
END $$;

DO $layouts$
DECLARE
    l record;
    -- a time from Unix ms >= 0, exactly (days and ms in UTC: no daylight
    -- saving step, no double)
    ts_of text := '(timestamp ''1970-01-01'' + ((%1$s) / 86400000) * interval ''1 day''
                   + ((%1$s) %% 86400000) * interval ''1 millisecond'') AT TIME ZONE ''UTC''';
    -- the epoch setting, its default when unset; a bad value is refused
    epoch_of text := 'CASE WHEN t IS NULL OR t = '''' THEN %2$s
                           WHEN t ~ ''^[0-9]{1,13}$'' AND t::pg_catalog.int8 <= %3$s THEN t::pg_catalog.int8
                           ELSE _idgen_setting(%1$L, %2$s, %3$s) END';
    max_epoch bigint := _idgen_max_epoch_ms();
    head text := 'LANGUAGE plpgsql %s STRICT PARALLEL SAFE SET search_path = pg_catalog, %I, pg_temp';
    imm text := pg_catalog.format(head, 'IMMUTABLE', pg_catalog.current_schema());
    stab text := pg_catalog.format(head, 'STABLE', pg_catalog.current_schema());
    e text;
    ts text;
BEGIN
    -- each layout's fields from its family's row: ms | mid | seq
    FOR l IN SELECT v.p, f ->> 'mid_name' AS mid, (f ->> 'mid_bits')::pg_catalog.int4 + (f ->> 'seq_bits')::pg_catalog.int4 AS shift,
                    (f ->> 'seq_bits')::pg_catalog.int4 AS mid_shift, (1 << (f ->> 'mid_bits')::pg_catalog.int4) - 1 AS mid_mask,
                    (1 << (f ->> 'seq_bits')::pg_catalog.int4) - 1 AS seq_mask, f ->> 'max_time_ms' AS max_ms, v.setting,
                    f ->> 'default_epoch_ms' AS default_epoch, v.from_time,
                    COALESCE(pg_catalog.quote_literal(f ->> 'negative_id_hint'), 'NULL') AS hint
               FROM (VALUES ('shard_id', _idgen_family_shard(), 'idgen.shard_epoch', 'shard_id_from_time'),
                            ('snowflake', _idgen_family_snowflake(), 'idgen.snowflake_epoch', 'snowflake_id_from_time'))
                    AS v(p, f, setting, from_time)
    LOOP
        e := pg_catalog.format(epoch_of, l.setting, l.default_epoch, max_epoch);
        ts := pg_catalog.format(ts_of, 'epoch_ms + (id >> ' || l.shift || ')');
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_timestamp(id bigint, epoch_ms bigint) RETURNS timestamptz %2$s AS $$
            BEGIN
                IF id < 0 OR epoch_ms < 0 OR epoch_ms > %5$s THEN
                    PERFORM _idgen_refuse_id(id, epoch_ms, '%1$s_timestamp', %3$s);
                END IF;
                RETURN %4$s;
            END $$ $f$, l.p, imm, l.hint, ts, max_epoch);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_timestamp(id bigint) RETURNS timestamptz %2$s AS $$
            DECLARE
                t text := pg_catalog.current_setting(%5$L, true);
                epoch_ms bigint := %6$s;
            BEGIN
                IF id < 0 THEN
                    PERFORM _idgen_refuse_id(id, epoch_ms, '%1$s_timestamp', %3$s);
                END IF;
                RETURN %4$s;
            END $$ $f$, l.p, stab, l.hint, ts, l.setting, e);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_%2$s(id bigint) RETURNS int %3$s AS $$
            BEGIN
                IF id < 0 THEN
                    PERFORM _idgen_refuse_id(id, 0, '%1$s_%2$s', %4$s);
                END IF;
                RETURN ((id >> %5$s) & %6$s)::pg_catalog.int4;
            END $$ $f$, l.p, l.mid, imm, l.hint, l.mid_shift, l.mid_mask);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_seq(id bigint) RETURNS int %2$s AS $$
            BEGIN
                IF id < 0 THEN
                    PERFORM _idgen_refuse_id(id, 0, '%1$s_seq', %3$s);
                END IF;
                RETURN (id & %4$s)::pg_catalog.int4;
            END $$ $f$, l.p, imm, l.hint, l.seq_mask);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_decode(id bigint, epoch_ms bigint, OUT ts timestamptz, OUT %2$s int, OUT seq int) %3$s AS $$
            BEGIN
                IF id < 0 OR epoch_ms < 0 OR epoch_ms > %9$s THEN
                    PERFORM _idgen_refuse_id(id, epoch_ms, '%1$s_decode', %4$s);
                END IF;
                ts := %5$s;
                %2$s := ((id >> %6$s) & %7$s)::pg_catalog.int4;
                seq := (id & %8$s)::pg_catalog.int4;
            END $$ $f$, l.p, l.mid, imm, l.hint, ts, l.mid_shift, l.mid_mask, l.seq_mask, max_epoch);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s_decode(id bigint, OUT ts timestamptz, OUT %2$s int, OUT seq int) %3$s AS $$
            DECLARE
                t text := pg_catalog.current_setting(%9$L, true);
                epoch_ms bigint := %10$s;
            BEGIN
                IF id < 0 THEN
                    PERFORM _idgen_refuse_id(id, epoch_ms, '%1$s_decode', %4$s);
                END IF;
                ts := %5$s;
                %2$s := ((id >> %6$s) & %7$s)::pg_catalog.int4;
                seq := (id & %8$s)::pg_catalog.int4;
            END $$ $f$, l.p, l.mid, stab, l.hint, ts, l.mid_shift, l.mid_mask, l.seq_mask, l.setting, e);
        -- the smallest ID of ts's millisecond (floored, as Instagram's
        -- FLOOR(EXTRACT(EPOCH FROM ...) * 1000)), for id >= f(t1) AND id < f(t2)
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s(ts timestamptz, epoch_ms bigint) RETURNS bigint %2$s AS $$
            DECLARE
                us bigint;
                ms bigint;
            BEGIN
                IF NOT pg_catalog.isfinite(ts) OR epoch_ms < 0 OR epoch_ms > %5$s THEN
                    PERFORM _idgen_refuse_at(ts, epoch_ms, '%1$s');
                END IF;
                us := pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', ts))::pg_catalog.int8 * 1000000
                      + pg_catalog.date_part('microseconds', ts)::pg_catalog.int8;
                ms := (us - ((us %% 1000) + 1000) %% 1000) / 1000;
                IF ms < epoch_ms OR ms > epoch_ms + %3$s THEN
                    PERFORM _idgen_raise_time(ms, epoch_ms, epoch_ms + %3$s, '%1$s');
                END IF;
                RETURN (ms - epoch_ms) << %4$s;
            END $$ $f$, l.from_time, stab, l.max_ms, l.shift, max_epoch);
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$s(ts timestamptz) RETURNS bigint %2$s AS $$
            DECLARE
                t text := pg_catalog.current_setting(%3$L, true);
            BEGIN
                RETURN %1$s(ts, %4$s);
            END $$ $f$, l.from_time, stab, l.setting, e);
    END LOOP;
END
$layouts$;

-- Instagram's next_id() with the time given: ms of at | shard | seq % 1024,
-- refused where the original overflows (shard, seq, time: in that order).
-- The layout's facts are its family's (constants of each expression's plan).
CREATE OR REPLACE FUNCTION next_shard_id(shard int, seq bigint, at timestamptz) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    t text := pg_catalog.current_setting('idgen.shard_epoch', true);
    epoch bigint;
    us bigint;
    ms bigint;
BEGIN
    IF NOT pg_catalog.isfinite(at) THEN
        PERFORM _idgen_unix_ms(at, 'next_shard_id');
    END IF;
    epoch := CASE WHEN t IS NULL OR t = '' THEN (_idgen_family_shard() ->> 'default_epoch_ms')::pg_catalog.int8
                  WHEN t ~ '^[0-9]{1,13}$' AND t::pg_catalog.int8 <= _idgen_max_epoch_ms() THEN t::pg_catalog.int8
                  ELSE _idgen_setting('idgen.shard_epoch', (_idgen_family_shard() ->> 'default_epoch_ms')::pg_catalog.int8,
                                      _idgen_max_epoch_ms()) END;
    IF shard < 0 OR shard >= 1 << (_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4 THEN
        RAISE EXCEPTION 'shard % is out of range for next_shard_id', shard
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid shards are 0 to %s (%s bits).',
                                             (1 << (_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4) - 1,
                                             _idgen_family_shard() ->> 'mid_bits');
    END IF;
    IF seq < 0 THEN
        RAISE EXCEPTION 'sequence value % is out of range for next_shard_id', seq
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Valid values are 0 to 9223372036854775807; the ID keeps the value modulo %s.',
                                             1 << (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4);
    END IF;
    us := pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', at))::pg_catalog.int8 * 1000000
          + pg_catalog.date_part('microseconds', at)::pg_catalog.int8;
    ms := (us - ((us % 1000) + 1000) % 1000) / 1000;
    IF ms < epoch OR ms > epoch + (_idgen_family_shard() ->> 'max_time_ms')::pg_catalog.int8 THEN
        PERFORM _idgen_raise_time(ms, epoch, epoch + (_idgen_family_shard() ->> 'max_time_ms')::pg_catalog.int8, 'next_shard_id');
    END IF;
    RETURN ((ms - epoch) << ((_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4 + (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4))
           | (shard::pg_catalog.int8 << (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4)
           | (seq % (1 << (_idgen_family_shard() ->> 'seq_bits')::pg_catalog.int4));
END $$;

CREATE OR REPLACE FUNCTION next_shard_id(shard int, seq bigint) RETURNS bigint
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT next_shard_id(shard, seq, pg_catalog.clock_timestamp())
$$;

