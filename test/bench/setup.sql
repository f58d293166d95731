-- Everything the contenders need on the PostgreSQL 15 server (contenders.txt
-- names which piece each one uses).
CREATE EXTENSION idgen;
CREATE EXTENSION "uuid-ossp";          -- uuid_generate_v1(), uuid_generate_v4()
CREATE EXTENSION pgcrypto;             -- gen_random_bytes() for generate_ulid()
CREATE EXTENSION pgstattuple;          -- pgstatindex(): leaf density of the inserts' indexes
CREATE EXTENSION idgen_bench_floor;    -- test/bench/floor_ext: the C-call floor
CREATE SEQUENCE s;

-- Instagram's PL/pgSQL original, as the seeds quote it (seed 001), unchanged.
CREATE SCHEMA insta5;
CREATE SEQUENCE insta5.table_id_seq;
CREATE FUNCTION insta5.next_id(OUT result bigint) AS $$
DECLARE
    our_epoch bigint := 1314220021721;
    seq_id bigint;
    now_millis bigint;
    shard_id int := 5;
BEGIN
    SELECT nextval('insta5.table_id_seq') % 1024 INTO seq_id;
    SELECT FLOOR(EXTRACT(EPOCH FROM clock_timestamp()) * 1000) INTO now_millis;
    result := (now_millis - our_epoch) << 23;
    result := result | (shard_id << 10);
    result := result | (seq_id);
END;
$$ LANGUAGE PLPGSQL;

-- A PL/pgSQL ULID of the kind people paste into their schema (the widely
-- copied generate_ulid() works the same way): the clock in ms, 10 bytes from
-- pgcrypto, and 26 Crockford base32 characters assembled with get_byte, as
-- text. Written for this benchmark; checked against idgen's parser below.
CREATE FUNCTION generate_ulid() RETURNS text AS $$
DECLARE
    alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
    bytes bytea := decode(lpad(to_hex(ms), 12, '0'), 'hex') || gen_random_bytes(10);
    output text := '';
    o int;          -- the bit offset of a character's 5 bits: 26 x 5 = 130 bits
    w int;          -- encode 128, so the first character holds only 3
BEGIN
    FOR i IN 0..25 LOOP
        o := i * 5 - 2;
        IF o < 0 THEN
            w := get_byte(bytes, 0) >> 5;
        ELSE
            w := get_byte(bytes, o / 8) << 8;
            IF o / 8 < 15 THEN
                w := w | get_byte(bytes, o / 8 + 1);
            END IF;
            w := (w >> (11 - o % 8)) & 31;
        END IF;
        output := output || substr(alphabet, w + 1, 1);
    END LOOP;
    RETURN output;
END
$$ LANGUAGE plpgsql VOLATILE;

-- generate_ulid() must make real ULIDs of the current time, or it would be
-- timed doing something else.
DO $$
DECLARE u text := generate_ulid();
BEGIN
    IF u::ulid::text <> u OR abs(extract(epoch FROM ulid_timestamp(u::ulid) - clock_timestamp())) > 1 THEN
        RAISE 'generate_ulid() made % (%), not a ULID of now', u, ulid_timestamp(u::ulid);
    END IF;
END $$;
