-- KSUID-ms, nanoid, cuid2 and push IDs
-- KSUID-ms (svix): a KSUID (20 bytes) whose 5th byte is (ms % 1000) >> 2.
CREATE OR REPLACE FUNCTION ksuid_ms_timestamp(id bytea) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT _idgen_from_unix_us(((_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8
           + ('x' || pg_catalog.encode(pg_catalog.substring(_idgen_check_length(id, 'ksuid',
                 (_idgen_family_ksuid() ->> 'value_bytes')::pg_catalog.int4), 1, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8 * 1000
           + pg_catalog.get_byte(id, 4) * 4 % 1000) * 1000)
$$;

-- "Within one tick the random part is the last one's plus one", for
-- ksuid_ms() and pushid() as ascending_random.hpp does it in the C edition:
-- a new tick draws fresh random bits; the same tick, or a clock behind the
-- session's last, keeps the last tick and adds one to its random bits; if
-- that carries out of them, the next tick begins. The random bits are two
-- halves of half_bits (60 at most) each, kept with the tick in the setting
-- idgen_sql.<name> as tick:hi:lo.
CREATE OR REPLACE FUNCTION _idgen_ascending_random(name text, now_tick bigint, half_bits int,
                                                   OUT tick bigint, OUT hi bigint, OUT lo bigint)
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    state text[] := pg_catalog.string_to_array(NULLIF(pg_catalog.current_setting('idgen_sql.' || name, true), ''), ':');
    half bigint := 1::pg_catalog.int8 << half_bits;
    r text;
BEGIN
    tick := now_tick;
    IF state IS NOT NULL AND state[1]::pg_catalog.int8 >= now_tick THEN
        tick := state[1]::pg_catalog.int8;
        hi := state[2]::pg_catalog.int8;
        lo := state[3]::pg_catalog.int8 + 1;
        IF lo = half THEN  -- carry
            lo := 0;
            hi := hi + 1;
        END IF;
        IF hi = half THEN  -- the tick is used up
            tick := tick + 1;
            hi := NULL;
        END IF;
    END IF;
    IF hi IS NULL THEN
        r := _idgen_random_hex();  -- 30 hex digits: two halves of up to 60 bits
        hi := ('x' || pg_catalog.lpad(pg_catalog.left(r, 15), 16, '0'))::pg_catalog.bit(64)::pg_catalog.int8 & (half - 1);
        lo := ('x' || pg_catalog.lpad(pg_catalog.right(r, 15), 16, '0'))::pg_catalog.bit(64)::pg_catalog.int8 & (half - 1);
    END IF;
    PERFORM pg_catalog.set_config('idgen_sql.' || name, tick || ':' || hi || ':' || lo, false);
END $$;

-- ksuid_ms(): the tick (4 ms) of the clock, then 120 random bits, the last
-- ones plus one within a tick (_idgen_ascending_random).
CREATE OR REPLACE FUNCTION ksuid_ms() RETURNS bytea
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    now_ts timestamptz := pg_catalog.clock_timestamp();
    ms bigint := pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000
                 + pg_catalog.floor(pg_catalog.date_part('microseconds', now_ts) / 1000)::pg_catalog.int8;
    a record := _idgen_ascending_random('ksuid_ms', ms / 4, 60);
    epoch_ms constant bigint := (_idgen_family_ksuid() ->> 'default_epoch_ms')::pg_catalog.int8;
BEGIN
    IF a.tick / 250 < epoch_ms / 1000 OR a.tick / 250 > (epoch_ms + (_idgen_family_ksuid() ->> 'max_time_ms')::pg_catalog.int8) / 1000 THEN
        PERFORM _idgen_raise_time(a.tick / 250 * 1000, epoch_ms,
                                  epoch_ms + (_idgen_family_ksuid() ->> 'max_time_ms')::pg_catalog.int8, 'ksuid_ms');
    END IF;
    RETURN pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(a.tick / 250 - epoch_ms / 1000), 8, '0')
                             || pg_catalog.lpad(pg_catalog.to_hex(a.tick % 250), 2, '0')
                             || pg_catalog.lpad(pg_catalog.to_hex(a.hi), 15, '0')
                             || pg_catalog.lpad(pg_catalog.to_hex(a.lo), 15, '0'), 'hex');
END $$;

-- nanoid: symbols drawn without modulo bias (nanoid's customRandom: a byte at
-- or above the largest multiple of the alphabet's size is dropped), 15
-- random bytes at a time from gen_random_uuid().
CREATE OR REPLACE FUNCTION nanoid(size int, alphabet text) RETURNS text
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    symbols text[] := pg_catalog.regexp_split_to_array(alphabet, '');
    n int := pg_catalog.length(alphabet);  -- the split of '' is {""}
    repeated record;
    cutoff int;
    r text;
    b int;
    out text := '';
    got int := 0;
BEGIN
    IF size < 1 OR size > 1024 THEN
        RAISE EXCEPTION 'size % is out of range for nanoid', size
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid sizes are 1 to 1024 characters.';
    END IF;
    IF n < 2 OR n > 256 THEN
        RAISE EXCEPTION 'alphabet "%" is out of range for nanoid', alphabet
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('It has %s characters; an alphabet has 2 to 256 distinct characters.', n);
    END IF;
    SELECT a.i, pg_catalog.min(f.i) AS first, a.s INTO repeated
      FROM pg_catalog.unnest(symbols) WITH ORDINALITY a(s, i)
      JOIN pg_catalog.unnest(symbols) WITH ORDINALITY f(s, i) ON f.s = a.s COLLATE "C" AND f.i < a.i
     GROUP BY a.i, a.s ORDER BY a.i LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'alphabet "%" repeats "%" for nanoid', alphabet, repeated.s
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Character %s is character %s again; a repeated character would come up '
                                             'more often than the others.', repeated.i, repeated.first);
    END IF;
    cutoff := 256 - 256 % n;
    LOOP
        r := _idgen_random_hex();
        FOR k IN 0 .. 14 LOOP
            b := ('x' || pg_catalog.substr(r, 2 * k + 1, 2))::pg_catalog.bit(8)::pg_catalog.int4;
            CONTINUE WHEN b >= cutoff;
            out := out || symbols[b % n + 1];
            got := got + 1;
            IF got = size THEN
                RETURN out;
            END IF;
        END LOOP;
    END LOOP;
END $$;

-- nanoid(size): the URL-safe alphabet of 64 symbols, a byte's low 6 bits each.
CREATE OR REPLACE FUNCTION nanoid(size int) RETURNS text
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    r text;
    out text := '';
BEGIN
    IF size < 1 OR size > 1024 THEN
        RAISE EXCEPTION 'size % is out of range for nanoid', size
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'Valid sizes are 1 to 1024 characters.';
    END IF;
    WHILE pg_catalog.length(out) < size LOOP
        r := _idgen_random_hex();
        FOR k IN 0 .. LEAST(14, size - pg_catalog.length(out) - 1) LOOP
            out := out || pg_catalog.substr(_idgen_nanoid_alphabet(),
                                            (('x' || pg_catalog.substr(r, 2 * k + 1, 2))::pg_catalog.bit(8)::pg_catalog.int4 & 63) + 1, 1);
        END LOOP;
    END LOOP;
    RETURN out;
END $$;

CREATE OR REPLACE FUNCTION nanoid() RETURNS text
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT nanoid(21)
$$;

-- cuid2: the reference's isCuid. cuid2() itself needs SHA3-512, which
-- PostgreSQL's SQL lacks (pgcrypto's digest() neither): here it refuses,
-- naming the way out, rather than hash with something else.
CREATE OR REPLACE FUNCTION cuid2_is_valid(id text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.octet_length(id) BETWEEN 2 AND 32 AND id ~ '^[a-z][0-9a-z]+$'
$$;

CREATE OR REPLACE FUNCTION cuid2(length int) RETURNS text
    LANGUAGE plpgsql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'cuid2() is not in the idgen SQL edition'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = 'cuid2 hashes with SHA3-512, which PostgreSQL''s SQL does not have.',
              HINT = 'Use the C extension, or make cuid2 IDs in the application; cuid2_is_valid() works here.';
END $$;

CREATE OR REPLACE FUNCTION cuid2() RETURNS text
    LANGUAGE sql VOLATILE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT cuid2(24)
$$;

-- Firebase push IDs: 8 characters of Unix ms, 12 of 72 random bits, in an
-- alphabet in ASCII order.
CREATE OR REPLACE FUNCTION pushid_timestamp(id text) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    b bytea := pg_catalog.convert_to(id, pg_catalog.getdatabaseencoding());
    n int := pg_catalog.octet_length(b);
    c int;
    ms bigint := 0;
BEGIN
    IF id !~ (_idgen_family_pushid() ->> 'pattern') THEN
        FOR i IN 0 .. n - 1 LOOP
            c := pg_catalog.get_byte(b, i);
            CONTINUE WHEN c < 128 AND pg_catalog.strpos(_idgen_family_pushid() ->> 'chars', pg_catalog.chr(c)) > 0;
            RAISE EXCEPTION 'invalid input syntax for a push ID: "%"', id
                USING ERRCODE = 'invalid_text_representation',
                      DETAIL = _idgen_character_name(c, i + 1) || ', is not in ' || (_idgen_family_pushid() ->> 'alphabet') || '.';
        END LOOP;
        RAISE EXCEPTION 'invalid input syntax for a push ID: "%"', id
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = pg_catalog.format('A push ID''s text is %s characters; this is %s.', _idgen_family_pushid() ->> 'text_len', n);
    END IF;
    -- the time's characters: the 48 bits of max_time_ms, 6 to a character
    FOR i IN 1 .. 8 LOOP
        ms := ms * 64 + pg_catalog.strpos(_idgen_family_pushid() ->> 'digits', pg_catalog.substr(id, i, 1)) - 1;
    END LOOP;
    RETURN _idgen_from_unix_us(ms * 1000);
END $$;

-- pushid(): within one ms of the session's last (or a clock behind it) the
-- last random part plus one, as Firebase's client and the C edition do
-- (_idgen_ascending_random, with 72 random bits in two halves of 36).
CREATE OR REPLACE FUNCTION pushid() RETURNS text
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    now_ts timestamptz := pg_catalog.clock_timestamp();
    a record := _idgen_ascending_random('pushid',
        pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000
        + pg_catalog.floor(pg_catalog.date_part('microseconds', now_ts) / 1000)::pg_catalog.int8, 36);
    out text := '';
BEGIN
    IF a.tick < 0 OR a.tick > (_idgen_family_pushid() ->> 'max_time_ms')::pg_catalog.int8 THEN
        PERFORM _idgen_raise_time(a.tick, 0, (_idgen_family_pushid() ->> 'max_time_ms')::pg_catalog.int8, 'pushid');
    END IF;
    -- 20 characters of 6 bits: 8 of the ms, 6 of each random half
    FOR i IN 0 .. (_idgen_family_pushid() ->> 'text_len')::pg_catalog.int4 - 1 LOOP
        out := out || pg_catalog.substr(_idgen_family_pushid() ->> 'digits',
            ((CASE WHEN i < 8 THEN a.tick >> (6 * (7 - i)) WHEN i < 14 THEN a.hi >> (6 * (13 - i))
                   ELSE a.lo >> (6 * (19 - i)) END) & 63)::pg_catalog.int4 + 1, 1);
    END LOOP;
    RETURN out;
END $$;

