------------------------------------------------------------------------------
-- Generators of one session. Their state (the last value, a session's
-- random bytes) lives in custom settings of the session (idgen_sql.*), the
-- only per-session memory SQL has. A setting made in a transaction that
-- rolls back is undone with it: the next value is then computed from the
-- clock again, which has moved on (docs/managed-services.md). Each reads
-- the clock in microseconds exactly (whole minutes, then the microseconds
-- within: both exact in a double, which EXTRACT(EPOCH) is not on 13), and
-- takes its random bits from gen_random_uuid() (core's CSPRNG, 122 random
-- bits of which 120 are whole hex digits: 1-8, 10-13, 16-18, 21-23, 25-36).
-- The hot paths are written out in each body: a nested call with a pinned
-- search_path costs more than what it would share.

-- 30 random hex digits (gen_random_uuid() without its version and variant digits).
CREATE OR REPLACE FUNCTION _idgen_random_hex() RETURNS text
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.substr(u, 1, 8) || pg_catalog.substr(u, 10, 4) || pg_catalog.substr(u, 16, 3)
           || pg_catalog.substr(u, 21, 3) || pg_catalog.substr(u, 25, 12)
      FROM (SELECT pg_catalog.gen_random_uuid()::pg_catalog.text AS u) r
$$;

-- uuid_v7(), ulid() and ksuid(): the clock in whole units (ms, ms, s since
-- KSUID's epoch) followed by the fraction of the unit in `bits` bits, then
-- random bits; each value of a session above the last (the last plus one
-- while the clock has not passed it), as in the C edition:
--   uuid_v7() as PostgreSQL 18 builds it: 48-bit ms, version, 12-bit
--     fraction, variant, 62 random bits
--   ulid(): 48-bit ms, 16-bit fraction, 64 random bits
--   ksuid() (20 bytes): 32-bit s since 1400000000, 32-bit fraction, 96 random bits
DO $session$
DECLARE
    g record;
BEGIN
    FOR g IN SELECT * FROM (VALUES
        ('uuid_v7', 'uuid', 0, 1000, 12,
         '(pg_catalog.lpad(pg_catalog.to_hex(units >> 12), 12, ''0'') || pg_catalog.to_hex(28672 | (units & 4095))
           || pg_catalog.right(r, 17))::pg_catalog.uuid'),
        ('ulid', 'uuid', 0, 1000, 16,
         '(pg_catalog.lpad(pg_catalog.to_hex(units), 16, ''0'') || pg_catalog.left(r, 4) || pg_catalog.right(r, 12))::pg_catalog.uuid'),
        ('ksuid', 'bytea', (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8 * 1000, 1000000, 32,
         'pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(units), 16, ''0'') || pg_catalog.left(r, 8)
           || pg_catalog.substr(r, 10, 4) || pg_catalog.right(r, 12), ''hex'')'))
        AS v(name, returns, offset_us, per, bits, build)
    LOOP
        EXECUTE pg_catalog.format($f$
            CREATE OR REPLACE FUNCTION %1$I() RETURNS %2$s
                LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SET search_path = pg_catalog, %3$I, pg_temp AS $$
            DECLARE
                now_ts timestamptz := pg_catalog.clock_timestamp();
                us bigint := pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                             + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8 - %4$s;
                units bigint := ((us / %5$s) << %6$s) | (((us %% %5$s) << %6$s) / %5$s);
                last bigint := NULLIF(pg_catalog.current_setting('idgen_sql.%1$s', true), '')::pg_catalog.int8;
                r text := pg_catalog.gen_random_uuid()::pg_catalog.text;
            BEGIN
                IF last >= units THEN
                    units := last + 1;
                END IF;
                PERFORM pg_catalog.set_config('idgen_sql.%1$s', units::pg_catalog.text, false);
                RETURN %7$s;
            END $$ $f$, g.name, g.returns, pg_catalog.current_schema(), g.offset_us, g.per, g.bits, g.build);
    END LOOP;
END
$session$;

CREATE OR REPLACE FUNCTION uuid_v7(at timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    ms bigint := _idgen_ulid_ms(at, 'uuid_v7');
BEGIN
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(ms), 12, '0')
            || pg_catalog.to_hex(28672 | ((_idgen_unix_us(at) - ms * 1000) * 4096 / 1000))
            || pg_catalog.right(pg_catalog.gen_random_uuid()::pg_catalog.text, 17))::pg_catalog.uuid;
END $$;

-- v1 and v6: 100 ns since 1582-10-15, and a clock sequence and node drawn
-- once per session, the node's multicast bit set (never a MAC address).
CREATE OR REPLACE FUNCTION _idgen_time_based(version int) RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    now_ts timestamptz := pg_catalog.clock_timestamp();
    ticks bigint := (pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                     + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8) * 10 + 122192928000000000;
    last bigint := NULLIF(pg_catalog.current_setting('idgen_sql.uuid_ticks', true), '')::pg_catalog.int8;
    tail text := NULLIF(pg_catalog.current_setting('idgen_sql.uuid_node', true), '');
    hex text;
BEGIN
    IF tail IS NULL THEN
        -- bytes 8 to 15; the node's first byte is byte 10, its multicast bit the lowest
        tail := pg_catalog.right(pg_catalog.translate(pg_catalog.gen_random_uuid()::pg_catalog.text, '-', ''), 16);
        tail := pg_catalog.left(tail, 5) || pg_catalog.to_hex(('x' || pg_catalog.substr(tail, 6, 1))::pg_catalog.bit(4)::pg_catalog.int4 | 1)
                || pg_catalog.right(tail, 10);
        PERFORM pg_catalog.set_config('idgen_sql.uuid_node', tail, false);
    END IF;
    IF last >= ticks THEN
        ticks := last + 1;
    END IF;
    PERFORM pg_catalog.set_config('idgen_sql.uuid_ticks', ticks::pg_catalog.text, false);
    hex := pg_catalog.lpad(pg_catalog.to_hex(ticks), 15, '0');
    IF version = 1 THEN
        hex := pg_catalog.right(hex, 8) || pg_catalog.substr(hex, 4, 4) || '1' || pg_catalog.left(hex, 3);
    ELSE
        hex := pg_catalog.left(hex, 12) || '6' || pg_catalog.right(hex, 3);
    END IF;
    RETURN (hex || pg_catalog.to_hex((('x' || pg_catalog.left(tail, 1))::pg_catalog.bit(4)::pg_catalog.int4 & 3) | 8)
            || pg_catalog.right(tail, 15))::pg_catalog.uuid;
END $$;

CREATE OR REPLACE FUNCTION uuid_v1() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_time_based(1)
$$;

CREATE OR REPLACE FUNCTION uuid_v6() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_time_based(6)
$$;

CREATE OR REPLACE FUNCTION ulid(at timestamptz) RETURNS uuid
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    r text := pg_catalog.gen_random_uuid()::pg_catalog.text;
BEGIN
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(_idgen_ulid_ms(at, 'ulid')), 12, '0')
            || pg_catalog.left(r, 8) || pg_catalog.right(r, 12))::pg_catalog.uuid;
END $$;

-- KSUIDs and ObjectIds are bytea: the 20 and 12 bytes of the C types.
CREATE OR REPLACE FUNCTION ksuid(at timestamptz) RETURNS bytea
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(_idgen_seconds32(at, s, 'ksuid') - s), 8, '0')
                             || _idgen_random_hex() || pg_catalog.left(_idgen_random_hex(), 2), 'hex')
      FROM (SELECT (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8 / 1000 AS s) epoch
$$;

-- objectid(): seconds, 5 random bytes drawn once per session (MongoDB's
-- drivers draw them once per process), a 24-bit counter from a random start.
CREATE OR REPLACE FUNCTION objectid(at timestamptz) RETURNS bytea
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    s bigint;
    process text := NULLIF(pg_catalog.current_setting('idgen_sql.objectid_process', true), '');
    counter bigint := NULLIF(pg_catalog.current_setting('idgen_sql.objectid_counter', true), '')::pg_catalog.int8;
BEGIN
    IF NOT pg_catalog.isfinite(at) THEN
        PERFORM _idgen_seconds32(at, 0, 'objectid');
    END IF;
    s := pg_catalog.date_part('epoch', pg_catalog.date_trunc('second', at));
    IF s < 0 OR s > (_idgen_family_objectid() ->> 'max_time_ms')::pg_catalog.int8 / 1000 THEN
        PERFORM _idgen_seconds32(at, 0, 'objectid');
    END IF;
    IF process IS NULL OR counter IS NULL THEN
        process := pg_catalog.right(pg_catalog.gen_random_uuid()::pg_catalog.text, 10);
        counter := ('x' || pg_catalog.left(pg_catalog.gen_random_uuid()::pg_catalog.text, 6))::pg_catalog.bit(24)::pg_catalog.int8;
        PERFORM pg_catalog.set_config('idgen_sql.objectid_process', process, false);
    END IF;
    counter := (counter + 1) % 16777216;
    PERFORM pg_catalog.set_config('idgen_sql.objectid_counter', counter::pg_catalog.text, false);
    RETURN pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(s), 8, '0') || process
                             || pg_catalog.lpad(pg_catalog.to_hex(counter), 6, '0'), 'hex');
END $$;

CREATE OR REPLACE FUNCTION objectid() RETURNS bytea
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT objectid(pg_catalog.clock_timestamp())
$$;

