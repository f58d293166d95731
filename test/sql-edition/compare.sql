-- The SQL edition (schema idgen_sql) against the C extension (schema idgen)
-- on the same server, in one session of a role that is no superuser: every
-- deterministic function on thousands of random inputs and the edges, value
-- by value and error by error (SQLSTATE, message, detail and hint). The
-- SQL edition's calls run under a hostile search_path (a schema whose
-- functions and operators shadow the built-ins they use).
-- psql -v seed=0.42 -f test/sql-edition/compare.sql, in a database where
-- both editions are installed and this role may create in schema evil;
-- fails (exit 3) on any difference, and when fewer cases ran than it should.
\set ON_ERROR_STOP 1
\set QUIET 1
SET client_min_messages = warning;
SELECT pg_catalog.setseed(:seed) AS seeded \gset
-- a zone with daylight saving and seconds in its 19th-century offset: the
-- times in error messages must print as the C edition prints them
SET TimeZone = 'Europe/Amsterdam';

-- schema evil: made by the caller, this role may create in it
CREATE OR REPLACE FUNCTION evil.lpad(text, int, text) RETURNS text LANGUAGE sql AS $$ SELECT 'trap' $$;
CREATE OR REPLACE FUNCTION evil.to_hex(bigint) RETURNS text LANGUAGE sql AS $$ SELECT 'trap' $$;
CREATE OR REPLACE FUNCTION evil.to_hex(int) RETURNS text LANGUAGE sql AS $$ SELECT 'trap' $$;
CREATE OR REPLACE FUNCTION evil.md5(bytea) RETURNS text LANGUAGE sql AS $$ SELECT 'trap' $$;
CREATE OR REPLACE FUNCTION evil.translate(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT 'trap' $$;
CREATE OR REPLACE FUNCTION evil.get_byte(bytea, int) RETURNS int LANGUAGE sql AS $$ SELECT 0 $$;
CREATE OR REPLACE FUNCTION evil.date_part(text, timestamptz) RETURNS float8 LANGUAGE sql AS $$ SELECT 0::float8 $$;
CREATE OR REPLACE FUNCTION evil.shl(bigint, int) RETURNS bigint LANGUAGE sql AS $$ SELECT 0::bigint $$;
DROP OPERATOR IF EXISTS evil.<< (bigint, int);
CREATE OPERATOR evil.<< (LEFTARG = bigint, RIGHTARG = int, FUNCTION = evil.shl);

-- One call's outcome: its value as text, or its error in full.
CREATE FUNCTION pg_temp.outcome(q text, hostile boolean) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    r text;
    st text; msg text; det text; hnt text;
    path text := pg_catalog.current_setting('search_path');
BEGIN
    IF hostile THEN
        PERFORM pg_catalog.set_config('search_path', 'evil, pg_catalog', false);
    END IF;
    EXECUTE 'SELECT (' || q || ')::text' INTO r;
    PERFORM pg_catalog.set_config('search_path', path, false);
    RETURN 'value ' || COALESCE(r, 'NULL');
EXCEPTION WHEN OTHERS THEN
    PERFORM pg_catalog.set_config('search_path', path, false);
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL, hnt = PG_EXCEPTION_HINT;
    RETURN pg_catalog.format('error %s: %s | detail: %s | hint: %s', st, msg, det, hnt);
END $$;

-- Inputs.
CREATE TEMP TABLE ids AS
    SELECT unnest(ARRAY[0, 1, -1, 9223372036854775807, -9223372036854775808]::bigint[]) AS id
    UNION ALL SELECT 1::bigint << k FROM generate_series(0, 62) k
    UNION ALL SELECT (1::bigint << k) - 1 FROM generate_series(1, 62) k
    UNION ALL SELECT -(1::bigint << k) FROM generate_series(0, 62) k
    UNION ALL SELECT ((random() * 2 - 1) * 9.2e18)::bigint FROM generate_series(1, 300)
    UNION ALL SELECT (random() * (2::float8 ^ (random() * 63)))::bigint FROM generate_series(1, 300);

CREATE TEMP TABLE epochs AS
    SELECT unnest(ARRAY[0, 1, 4398046511103, 4398046511104, -1, 1288834974657, 1314220021721, 1420070400000,
                        -9223372036854775808, 9223372036854775807]::bigint[]) AS epoch
    UNION ALL SELECT (random() * 4398046511123)::bigint - 10 FROM generate_series(1, 30);

-- Unix ms to a time, exactly (whole seconds, then ms), for the edges.
CREATE FUNCTION pg_temp.at_ms(ms bigint, extra_us int DEFAULT 0) RETURNS timestamptz LANGUAGE sql AS $$
    SELECT timestamptz 'epoch' + (ms / 1000) * interval '1 second' + (ms % 1000) * interval '1 millisecond'
           + extra_us * interval '1 microsecond'
$$;

-- every layout's first and last millisecond, one before and one after, and
-- the microseconds around them (times are floored to the millisecond)
CREATE TEMP TABLE times AS
    SELECT pg_temp.at_ms(b + d, u) AS ts
      FROM unnest(ARRAY[0, 1314220021721, 1314220021721 + 1099511627775, 1288834974657, 1288834974657 + 2199023255551,
                        1420070400000, 281474976710655, 1400000000000, 1400000000000 + 4294967295999,
                        4294967295999, 1700000000000]::bigint[]) b,
           unnest(ARRAY[-1, 0, 1]) d, unnest(ARRAY[0, 1, 999, 500]) u
    UNION ALL SELECT unnest(ARRAY['infinity', '-infinity', '1969-12-31 23:59:59.9995+00', '1582-10-15 00:00:00+00',
                                  '1582-10-14 23:59:59.999999+00', '5236-03-31 21:21:00.684697+00',
                                  '5236-03-31 21:21:00.684698+00', '1900-01-01 00:00:00+00', '1850-06-01 12:00:00+00']::timestamptz[])
    UNION ALL SELECT timestamptz '1500-01-01+00' + random() * interval '900 years' FROM generate_series(1, 300)
    UNION ALL SELECT timestamptz '2000-01-01+00' + random() * interval '60 years' FROM generate_series(1, 300);

-- text of every length around each format's, in and out of each alphabet
CREATE FUNCTION pg_temp.random_text(alphabet text, len int) RETURNS text LANGUAGE sql AS $$
    SELECT COALESCE(string_agg(substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1), ''), '')
      FROM generate_series(1, len)
$$;
CREATE TEMP TABLE texts (kind text, t text);
INSERT INTO texts
    SELECT k.kind, pg_temp.random_text(a.alphabet, len)
      FROM (VALUES ('ulid', 26), ('ksuid', 27), ('objectid', 24)) k(kind, n),
           (VALUES ('0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz'),
                   ('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
                   ('0123456789abcdefABCDEF'),
                   ('01234567'), ('0123456789'), ('xyzZILOU-_ é€'),
                   (E'0123456789ABCDEF\x01\x7f\t ')) a(alphabet),
           generate_series(0, 30) len, generate_series(1, 3) rep
     WHERE len BETWEEN k.n - 3 AND k.n + 3 OR len IN (0, 1, 5, 16, 30) OR rep = 1;
-- valid values of each, the largest and one past it
INSERT INTO texts
    SELECT 'ulid', pg_temp.random_text('01234567', 1) || pg_temp.random_text('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 25) FROM generate_series(1, 300)
    UNION ALL SELECT 'ulid', lower(pg_temp.random_text('01234567', 1) || pg_temp.random_text('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 25)) FROM generate_series(1, 50)
    UNION ALL SELECT 'ksuid', pg_temp.random_text('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZaW', 1)
                              || pg_temp.random_text('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 26) FROM generate_series(1, 300)
    UNION ALL SELECT 'objectid', pg_temp.random_text('0123456789abcdefABCDEF', 24) FROM generate_series(1, 300)
    UNION ALL SELECT kind, t FROM (VALUES ('ulid', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('ulid', '80000000000000000000000000'),
                                          ('ulid', '00000000000000000000000000'), ('ulid', '2020-01-01 00:00:00+00'),
                                          ('ksuid', 'aWgEPTl1tmebfsQzFP4bxwgy80V'), ('ksuid', 'aWgEPTl1tmebfsQzFP4bxwgy80W'),
                                          ('ksuid', 'zzzzzzzzzzzzzzzzzzzzzzzzzzz'), ('ksuid', '000000000000000000000000000'),
                                          ('ksuid', '2020-01-01'), ('objectid', 'now'), ('objectid', 'ffffffffffffffffffffffff'),
                                          ('objectid', '000000000000000000000000')) v(kind, t);

-- xid, SCRU128 and Timeflake: text around each one's length, in and out of
-- its alphabet (xid's last character sets padding bits 15 times in 16), the
-- largest values and one past them, and Timeflake's hex form
INSERT INTO texts
    SELECT k.kind, pg_temp.random_text(a.alphabet, len)
      FROM (VALUES ('xid12', 20), ('scru128', 25), ('timeflake', 22)) k(kind, n),
           (VALUES ('0123456789abcdefghijklmnopqrstuv'), ('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'),
                   ('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'), ('0123456789abcdefABCDEF'),
                   ('xyzZ-_ é€'), (E'0123456789\x01\x7f\t ')) a(alphabet),
           generate_series(0, 34) len
     WHERE len BETWEEN k.n - 2 AND k.n + 2 OR len IN (0, 1, 32, 33);
INSERT INTO texts
    SELECT 'xid12', pg_temp.random_text('0123456789abcdefghijklmnopqrstuv', 19) || pg_temp.random_text('0g', 1)
      FROM generate_series(1, 300)
    UNION ALL SELECT 'xid12', pg_temp.random_text('0123456789abcdefghijklmnopqrstuv', 20) FROM generate_series(1, 100)
    UNION ALL SELECT 'scru128', pg_temp.random_text('0123456789abcdeABCDE', 1)
                                || pg_temp.random_text('0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 24)
      FROM generate_series(1, 300)
    UNION ALL SELECT 'timeflake', pg_temp.random_text('0123456', 1)
                                  || pg_temp.random_text('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 21)
      FROM generate_series(1, 300)
    UNION ALL SELECT 'timeflake', pg_temp.random_text('0123456789abcdefABCDEF', 32) FROM generate_series(1, 100)
    UNION ALL SELECT kind, t FROM (VALUES ('xid12', 'vvvvvvvvvvvvvvvvvvvg'), ('xid12', 'vvvvvvvvvvvvvvvvvvvh'),
                                          ('xid12', '9m4e2mr0ui3e8a215n4g'), ('xid12', 'c6e52g2mrqcjl44hf179'),
                                          ('scru128', 'f5lxx1zz5pnorynqglhzmsp33'), ('scru128', 'F5LXX1ZZ5PNORYNQGLHZMSP34'),
                                          ('scru128', 'zzzzzzzzzzzzzzzzzzzzzzzzz'), ('timeflake', '7n42DGM5Tflk9n8mt7Fhc7'),
                                          ('timeflake', '7n42DGM5Tflk9n8mt7Fhc8'), ('timeflake', 'zzzzzzzzzzzzzzzzzzzzzz'),
                                          ('timeflake', 'ffffffffffffffffffffffffffffffff')) v(kind, t);

CREATE TEMP TABLE uuids AS
    SELECT u FROM unnest(ARRAY['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
                               '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'c232ab00-9414-11ec-b3c8-9f6bdeced846',
                               '1ec9414c-232a-6b00-b3c8-9f6bdeced846']::uuid[]) u
    UNION ALL
    -- every version nibble under every variant
    SELECT overlay(overlay(gen_random_uuid()::text PLACING to_hex(v) FROM 15 FOR 1)
                   PLACING substr('0123456789abcdef', 1 + var * 4 + floor(random() * 4)::int, 1) FROM 20 FOR 1)::uuid
      FROM generate_series(0, 15) v, generate_series(0, 3) var, generate_series(1, 8)
    UNION ALL SELECT gen_random_uuid() FROM generate_series(1, 100);

-- TypeID: prefixes valid and not (at 63 and 64 characters, '_' at the ends,
-- upper case, digits, multibyte), and texts: valid ones, and each with one
-- character changed, added or removed
CREATE TEMP TABLE typeid_prefixes AS
    SELECT unnest(ARRAY['', 'a', 'user', 'a_b', 'a__b', repeat('a', 63), repeat('a', 64), 'User', '_a', 'a_', '_',
                        'a1', 'a-b', 'usér', ' a', 'z' || repeat('_', 61) || 'z']) AS p
    UNION ALL SELECT pg_temp.random_text('abcdefghijklmnopqrstuvwxyz', 1 + floor(random() * 2)::int)
                     || pg_temp.random_text('abcdefghijklmnopqrstuvwxyz_', floor(random() * 60)::int)
                     || pg_temp.random_text('abcdefghijklmnopqrstuvwxyz', 1) FROM generate_series(1, 40);
CREATE TEMP TABLE typeid_texts AS
    SELECT p || CASE WHEN p = '' THEN '' ELSE '_' END || pg_temp.random_text('01234567', 1)
           || pg_temp.random_text('0123456789abcdefghjkmnpqrstvwxyz', 25) AS t
      FROM typeid_prefixes, generate_series(1, 4);
INSERT INTO typeid_texts
    SELECT CASE k WHEN 0 THEN overlay(t PLACING c FROM at FOR 1) WHEN 1 THEN overlay(t PLACING c FROM at FOR 0)
                  ELSE overlay(t PLACING '' FROM at FOR 1) END
      FROM (SELECT t, floor(random() * 3)::int AS k, 1 + floor(random() * length(t))::int AS at,
                   substr('ABILOUilou89_-. é0z', 1 + floor(random() * 19)::int, 1) AS c
              FROM typeid_texts, generate_series(1, 2)) m;
INSERT INTO typeid_texts VALUES (''), ('_'), ('7zzzzzzzzzzzzzzzzzzzzzzzzz'), ('80000000000000000000000000'),
    ('a_80000000000000000000000000'), ('2020-01-01 00:00:00+00'), ('PREFIX_00000000000000000000000000');

CREATE TEMP TABLE names AS
    SELECT pg_temp.random_text(E'abcdefghijklmnopqrstuvwxyz.-0123456789 éü€😀\n', len) AS name
      FROM generate_series(0, 140) len;

-- The cases: (function, C edition's expression, SQL edition's expression).
CREATE TEMP TABLE cases (fn text, c text, s text);
INSERT INTO cases
    SELECT f || '(id)', format('idgen.%s(%s)', f, id), format('idgen_sql.%s(%s)', f, id)
      FROM ids, unnest(ARRAY['shard_id_timestamp', 'shard_id_shard', 'shard_id_seq', 'shard_id_decode',
                             'snowflake_timestamp', 'snowflake_node', 'snowflake_seq', 'snowflake_decode']) f
    UNION ALL
    SELECT f || '(id, epoch)', format('idgen.%s(%s, %s)', f, id, epoch), format('idgen_sql.%s(%s, %s)', f, id, epoch)
      FROM ids, epochs, unnest(ARRAY['shard_id_timestamp', 'shard_id_decode', 'snowflake_timestamp', 'snowflake_decode']) f
     WHERE random() < 0.1
    UNION ALL
    SELECT f || '(ts)', format('idgen.%s(%L)', f, ts), format('idgen_sql.%s(%L)', f, ts)
      FROM times, unnest(ARRAY['shard_id_from_time', 'snowflake_id_from_time', 'uuid_v7_from_time',
                               'uuid_v6_from_time']) f
    UNION ALL
    SELECT f || '(ts, epoch)', format('idgen.%s(%L, %s)', f, ts, epoch), format('idgen_sql.%s(%L, %s)', f, ts, epoch)
      FROM times, epochs, unnest(ARRAY['shard_id_from_time', 'snowflake_id_from_time']) f
     WHERE random() < 0.1
    UNION ALL
    SELECT 'ulid_from_time(ts)', format('idgen.ulid_from_time(%L)::uuid', ts), format('idgen_sql.ulid_from_time(%L)', ts) FROM times
    UNION ALL
    SELECT 'timestamp_to_ulid(ts)', format('idgen.timestamp_to_ulid(%L)::uuid', ts::timestamp),
           format('idgen_sql.timestamp_to_ulid(%L)', ts::timestamp) FROM times
    UNION ALL
    SELECT 'ksuid_from_time(ts)', format('idgen.ksuid_from_time(%L)::text', ts),
           format('idgen_sql.ksuid_text(idgen_sql.ksuid_from_time(%L))', ts) FROM times
    UNION ALL
    SELECT 'objectid_from_time(ts)', format('idgen.objectid_from_time(%L)::text', ts),
           format('idgen_sql.objectid_text(idgen_sql.objectid_from_time(%L))', ts) FROM times
    UNION ALL
    -- generators of a given time: the parts that do not come from the RNG
    SELECT 'ulid(at)', format('idgen.ulid_timestamp(idgen.ulid(%L::timestamptz))', ts),
           format('idgen_sql.ulid_timestamp(idgen_sql.ulid(%L::timestamptz))', ts) FROM times
    UNION ALL
    SELECT 'uuid_v7(at)', format('left(idgen.uuid_v7(%L::timestamptz)::text, 19)', ts),
           format('left(idgen_sql.uuid_v7(%L::timestamptz)::text, 19)', ts) FROM times
    UNION ALL
    -- an untyped literal, as every release before 0.6.0 took it: uuid_v7(at
    -- text) reads it as a time; text that is no time (an interval among
    -- them) is refused alike
    SELECT 'uuid_v7(''...'')', format('left(idgen.uuid_v7(%L)::text, 19)', t),
           format('left(idgen_sql.uuid_v7(%L)::text, 19)', t)
      FROM (SELECT ts::text FROM times
            UNION ALL
            SELECT unnest(ARRAY['2022-02-22 14:22:22-05', '2022-02-22 14:22:22.123456', 'epoch', 'infinity',
                                '-infinity', '1 hour', '-1 day', '', ' ', '2022-02-30 00:00:00+00',
                                '10889-08-02 05:31:50.656+00', '1969-12-31 23:59:59.999999+00',
                                'J2451187', '2022-02-22 14:22:22 America/New_York', 'now-ish'])) x(t)
    UNION ALL
    SELECT 'ksuid(at)', format('idgen.ksuid_timestamp(idgen.ksuid(%L::timestamptz))', ts),
           format('idgen_sql.ksuid_timestamp(idgen_sql.ksuid(%L::timestamptz))', ts) FROM times
    UNION ALL
    SELECT 'objectid(at)', format('left(idgen.objectid(%L::timestamptz)::text, 8)', ts),
           format('left(idgen_sql.objectid_text(idgen_sql.objectid(%L::timestamptz)), 8)', ts) FROM times
    UNION ALL
    SELECT 'next_shard_id(shard, seq, at)', format('idgen.next_shard_id(%s, %s, %L)', shard, seq, ts),
           format('idgen_sql.next_shard_id(%s, %s, %L)', shard, seq, ts)
      FROM times, unnest(ARRAY[-1, 0, 1, 5, 8191, 8192, -2147483648, 2147483647]) shard,
           unnest(ARRAY[-9223372036854775808, -1, 0, 1, 1023, 1024, 112345, 9223372036854775807]) seq
     WHERE random() < 0.15
    UNION ALL
    -- with the clock: only the refusals are the same every time
    SELECT 'next_shard_id(shard, seq)', format('idgen.next_shard_id(%s, %s)', shard, seq),
           format('idgen_sql.next_shard_id(%s, %s)', shard, seq)
      FROM unnest(ARRAY[-1, 8192, -2147483648, 2147483647]) shard, unnest(ARRAY[-1, 0, -9223372036854775808]) seq
    UNION ALL
    SELECT 'next_shard_id(shard, seq)', format('idgen.next_shard_id(%s, -1)', shard), format('idgen_sql.next_shard_id(%s, -1)', shard)
      FROM unnest(ARRAY[0, 8191]) shard
    UNION ALL
    SELECT 'text::ulid', format('%L::idgen.ulid::uuid', t), format('idgen_sql.ulid_parse(%L)', t) FROM texts
    UNION ALL
    SELECT 'ulid::text', format('%L::idgen.ulid::text', t), format('idgen_sql.ulid_text(idgen_sql.ulid_parse(%L))', t)
      FROM texts WHERE kind = 'ulid'
    UNION ALL
    SELECT 'text::ksuid', format('encode(idgen.ksuid_send(%L::idgen.ksuid), ''hex'')', t),
           format('encode(idgen_sql.ksuid_parse(%L), ''hex'')', t) FROM texts
    UNION ALL
    SELECT 'ksuid::text', format('%L::idgen.ksuid::text', t), format('idgen_sql.ksuid_text(idgen_sql.ksuid_parse(%L))', t)
      FROM texts WHERE kind = 'ksuid'
    UNION ALL
    SELECT 'ksuid_timestamp', format('idgen.ksuid_timestamp(%L::idgen.ksuid)', t),
           format('idgen_sql.ksuid_timestamp(idgen_sql.ksuid_parse(%L))', t) FROM texts WHERE kind = 'ksuid'
    UNION ALL
    SELECT 'text::objectid', format('encode(idgen.objectid_send(%L::idgen.objectid), ''hex'')', t),
           format('encode(idgen_sql.objectid_parse(%L), ''hex'')', t) FROM texts
    UNION ALL
    SELECT 'objectid::text', format('%L::idgen.objectid::text', t), format('idgen_sql.objectid_text(idgen_sql.objectid_parse(%L))', t)
      FROM texts WHERE kind = 'objectid'
    UNION ALL
    SELECT 'objectid_timestamp, objectid_counter',
           format('(idgen.objectid_timestamp(%1$L::idgen.objectid), idgen.objectid_counter(%1$L::idgen.objectid))', t),
           format('(idgen_sql.objectid_timestamp(idgen_sql.objectid_parse(%1$L)), idgen_sql.objectid_counter(idgen_sql.objectid_parse(%1$L)))', t)
      FROM texts WHERE kind = 'objectid'
    UNION ALL
    -- the SQL edition's text read by the C edition: random bytes of every value
    SELECT 'ksuid_text read by C', format('%L', b), format('encode(idgen.ksuid_send(idgen_sql.ksuid_text(decode(%L, ''hex''))::idgen.ksuid), ''hex'')', b)
      FROM (SELECT left(md5(random()::text) || md5(random()::text), 40) AS b FROM generate_series(1, 300)) r
    UNION ALL
    SELECT 'ulid::text, ulid_timestamp, ulid_to_timestamp', format('(%1$L::uuid::idgen.ulid::text, idgen.ulid_timestamp(%1$L::uuid::idgen.ulid), idgen.ulid_to_timestamp(%1$L::uuid::idgen.ulid))', u),
           format('(idgen_sql.ulid_text(%1$L), idgen_sql.ulid_timestamp(%1$L), idgen_sql.ulid_to_timestamp(%1$L))', u) FROM uuids
    UNION ALL
    SELECT 'uuid_version, uuid_v7_timestamp, uuid_timestamp',
           format('(idgen.uuid_version(%1$L), idgen.uuid_v7_timestamp(%1$L), idgen.uuid_timestamp(%1$L))', u),
           format('(idgen_sql.uuid_version(%1$L), idgen_sql.uuid_v7_timestamp(%1$L), idgen_sql.uuid_timestamp(%1$L))', u) FROM uuids
    UNION ALL
    SELECT 'uuid_timestamp_us', format('idgen.uuid_timestamp_us(%L)', u), format('idgen_sql.uuid_timestamp_us(%L)', u)
      FROM uuids
    UNION ALL
    -- a v7 of a microsecond, each edition's read by the other to the microsecond
    SELECT 'uuid_timestamp_us(uuid_v7(at))', format('idgen.uuid_timestamp_us(idgen_sql.uuid_v7(%L::timestamptz))', ts),
           format('idgen_sql.uuid_timestamp_us(idgen.uuid_v7(%L::timestamptz))', ts) FROM times
    UNION ALL
    SELECT 'bytea_to_ulid', format('idgen.bytea_to_ulid(%L)::uuid', b), format('idgen_sql.bytea_to_ulid(%L)', b)
      FROM (SELECT decode(substr(md5(random()::text) || md5(random()::text), 1, 2 * len), 'hex') AS b
              FROM generate_series(0, 20) len, generate_series(1, 3)) r
    UNION ALL
    SELECT f, format('idgen.%s(%L, %L)', f, ns, name), format('idgen_sql.%s(%L, %L)', f, ns, name)
      FROM names, (SELECT u AS ns FROM uuids ORDER BY random() LIMIT 10) n, unnest(ARRAY['uuid_v3', 'uuid_v5']) f
     WHERE random() < 0.3
    UNION ALL
    SELECT 'text::typeid', format('%L::idgen.typeid::text', t), format('idgen_sql.typeid_parse(%L)', t) FROM typeid_texts
    UNION ALL
    SELECT 'typeid_prefix, typeid_uuid, typeid_timestamp, typeid_text',
           format('(idgen.typeid_prefix(%1$L), idgen.typeid_uuid(%1$L), idgen.typeid_timestamp(%1$L), idgen.typeid_text(%1$L))', t),
           format('(idgen_sql.typeid_prefix(%1$L), idgen_sql.typeid_uuid(%1$L), idgen_sql.typeid_timestamp(%1$L), idgen_sql.typeid_text(%1$L))', t)
      FROM typeid_texts
    UNION ALL
    SELECT 'typeid_has_prefix', format('idgen.typeid_has_prefix(%L, %L)', t, p), format('idgen_sql.typeid_has_prefix(%L, %L)', t, p)
      FROM typeid_texts, typeid_prefixes WHERE random() < 0.02
    UNION ALL
    SELECT 'typeid_from_uuid', format('idgen.typeid_from_uuid(%L, %L)::text', p, u), format('idgen_sql.typeid_from_uuid(%L, %L)', p, u)
      FROM typeid_prefixes, uuids WHERE random() < 0.3
    UNION ALL
    SELECT 'typeid_from_time', format('idgen.typeid_from_time(%L, %L)::text', p, ts), format('idgen_sql.typeid_from_time(%L, %L)', p, ts)
      FROM typeid_prefixes, times WHERE random() < 0.1
    UNION ALL
    -- generators: the prefix and the time, or the refusal
    SELECT 'typeid_generate(prefix, at)',
           format('(SELECT (idgen.typeid_prefix(g), idgen.typeid_timestamp(g)) FROM idgen.typeid_generate(%L, %L) g)', p, ts),
           format('(SELECT (idgen_sql.typeid_prefix(g), idgen_sql.typeid_timestamp(g)) FROM idgen_sql.typeid_generate(%L, %L) g)', p, ts)
      FROM typeid_prefixes, times WHERE random() < 0.05
    UNION ALL
    SELECT 'typeid_generate(prefix)', format('idgen.typeid_prefix(idgen.typeid_generate(%L))', p),
           format('idgen_sql.typeid_prefix(idgen_sql.typeid_generate(%L))', p) FROM typeid_prefixes
    UNION ALL
    SELECT f, format('idgen.%s()', f), format('idgen_sql.%s()', f)
      FROM unnest(ARRAY['uuid_namespace_dns', 'uuid_namespace_url', 'uuid_namespace_oid', 'uuid_namespace_x500',
                        'uuid_min', 'uuid_max']) f;

-- xid, SCRU128 and Timeflake: every text through each parser; the valid
-- ones' text and fields; the SQL edition's text of random bytes read by C
INSERT INTO cases
    SELECT 'xid_parse', format('encode(idgen.xid_parse(%L)::bytea, ''hex'')', t),
           format('encode(idgen_sql.xid_parse(%L), ''hex'')', t) FROM texts
    UNION ALL
    SELECT 'xid_text, xid_timestamp, xid_machine, xid_pid, xid_counter',
           format('(idgen.xid_text(%1$L), idgen.xid_timestamp(%1$L), idgen.xid_machine(%1$L), idgen.xid_pid(%1$L), idgen.xid_counter(%1$L))', t),
           format('(idgen_sql.xid_text(idgen_sql.xid_parse(%1$L)), idgen_sql.xid_timestamp(idgen_sql.xid_parse(%1$L)), '
                  'idgen_sql.xid_machine(idgen_sql.xid_parse(%1$L)), idgen_sql.xid_pid(idgen_sql.xid_parse(%1$L)), '
                  'idgen_sql.xid_counter(idgen_sql.xid_parse(%1$L)))', t)
      FROM texts WHERE kind = 'xid12'
    UNION ALL
    SELECT f || '_parse', format('encode(idgen.%s_parse(%L)::bytea, ''hex'')::uuid', f, t),
           format('idgen_sql.%s_parse(%L)', f, t)
      FROM texts, unnest(ARRAY['scru128', 'timeflake']) f
    UNION ALL
    SELECT f || '_text, ' || f || '_timestamp', format('(idgen.%1$s_text(%2$L), idgen.%1$s_timestamp(%2$L))', f, t),
           format('(idgen_sql.%1$s_text(idgen_sql.%1$s_parse(%2$L)), idgen_sql.%1$s_timestamp(idgen_sql.%1$s_parse(%2$L)))', f, t)
      FROM texts, unnest(ARRAY['scru128', 'timeflake']) f WHERE kind = f
    UNION ALL
    SELECT 'xid_text read by C', format('%L', b), format('encode(idgen.xid_parse(idgen_sql.xid_text(decode(%L, ''hex'')))::bytea, ''hex'')', b)
      FROM (SELECT left(md5(random()::text), 24) AS b FROM generate_series(1, 200)) r
    UNION ALL
    SELECT f || '_text read by C', format('%L::uuid', b), format('encode(idgen.%s_parse(idgen_sql.%s_text(%L))::bytea, ''hex'')::uuid', f, f, b)
      FROM (SELECT md5(random()::text) AS b FROM generate_series(1, 200)) r, unnest(ARRAY['scru128', 'timeflake']) f
    UNION ALL
    SELECT 'bytea length: ' || f, format('idgen.%s_text(%L::bytea::idgen.%s)', f, b, CASE f WHEN 'xid' THEN 'xid12' ELSE f END),
           format('idgen_sql.%s_text(%L)', f, b)
      FROM (SELECT decode(repeat('ab', len), 'hex') AS b FROM unnest(ARRAY[0, 11, 13]) len) r, unnest(ARRAY['xid']) f;
-- TSID and Sonyflake: every id above, and TSID texts: random ones in either
-- case, Crockford's I, L and O, then what tsid-creator refuses (U, a first
-- character above F, wrong lengths, stray and multibyte characters, a time)
CREATE TEMP TABLE tsid_texts AS
    SELECT CASE WHEN random() < 0.5 THEN t ELSE lower(t) END AS t
      FROM (SELECT idgen.tsid_text(id) AS t FROM ids) r
    UNION ALL SELECT overlay(idgen.tsid_text(id) PLACING c FROM 1 + (random() * 12)::int FOR 1)
      FROM ids, unnest(ARRAY['I', 'l', 'O', 'u', 'U', '#', ' ', 'é']) c WHERE random() < 0.1
    UNION ALL SELECT c || '000000000000' FROM unnest(ARRAY['F', 'f', 'G', 'g', 'Z', 'V', 'I', 'O']) c
    UNION ALL SELECT left('0123456789ABCDEFGH', len) FROM generate_series(0, 18) len
    UNION ALL SELECT unnest(ARRAY['2024-01-01', '2024-01-01 00:00:00+00', '😀0123456789AB', '0123456789AB😀']);
INSERT INTO cases
    SELECT f || '(id)', format('idgen.%s(%s)', f, id), format('idgen_sql.%s(%s)', f, id)
      FROM ids, unnest(ARRAY['tsid_text', 'tsid_timestamp', 'tsid_node', 'tsid_counter',
                             'sonyflake_decode', 'sonyflake_timestamp']) f
    UNION ALL
    SELECT 'tsid_parse(text)', format('idgen.tsid_parse(%L)', t), format('idgen_sql.tsid_parse(%L)', t) FROM tsid_texts;
-- KSUID-ms, nanoid, cuid2 and push IDs: the decoders on every KSUID text
-- above and on text near a push ID's; nanoid's refusals (its IDs are random:
-- only their length is compared); cuid2_is_valid on text near a cuid2's.
INSERT INTO texts
    SELECT 'pushid', pg_temp.random_text(a.alphabet, len)
      FROM (VALUES ('-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'), ('-_zA09'),
                   ('-09AZaz_./:@[^`{ é€'), (E'-_az\x01\x7f\t ')) a(alphabet),
           generate_series(0, 24) len, generate_series(1, 4) rep
     WHERE len BETWEEN 17 AND 23 OR rep = 1
    UNION ALL SELECT 'pushid', t FROM (VALUES ('--------------------'), ('zzzzzzzzzzzzzzzzzzzz'), ('-NjEtLV-----------zz')) v(t)
    UNION ALL SELECT 'pushid', pg_temp.random_text('-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz', 20)
      FROM generate_series(1, 300)
    UNION ALL SELECT 'cuid2', pg_temp.random_text(a.alphabet, len)
      FROM (VALUES ('abcdefghijklmnopqrstuvwxyz0123456789'), ('az09AZ-_`{/: é')) a(alphabet),
           generate_series(0, 34) len, generate_series(1, 3) rep;
INSERT INTO cases
    SELECT 'ksuid_ms_timestamp', format('idgen.ksuid_ms_timestamp(%L::idgen.ksuid)', t),
           format('idgen_sql.ksuid_ms_timestamp(idgen_sql.ksuid_parse(%L))', t) FROM texts WHERE kind = 'ksuid'
    UNION ALL
    SELECT 'ksuid_ms_timestamp of bytes', format('idgen.ksuid_ms_timestamp(idgen_sql.ksuid_text(decode(%L, ''hex''))::idgen.ksuid)', b),
           format('idgen_sql.ksuid_ms_timestamp(decode(%L, ''hex''))', b)
      FROM (SELECT left(md5(random()::text) || md5(random()::text), 8) || lpad(to_hex(byte), 2, '0') || repeat('5a', 15) AS b
              FROM generate_series(0, 255) byte) r
    UNION ALL
    SELECT 'pushid_timestamp', format('idgen.pushid_timestamp(%L)', t), format('idgen_sql.pushid_timestamp(%L)', t)
      FROM texts WHERE kind = 'pushid'
    UNION ALL
    SELECT 'cuid2_is_valid', format('idgen.cuid2_is_valid(%L)', t), format('idgen_sql.cuid2_is_valid(%L)', t)
      FROM texts WHERE kind = 'cuid2'
    UNION ALL
    SELECT 'nanoid(size, alphabet)', format('length(idgen.nanoid(%s, %L))', size, a), format('length(idgen_sql.nanoid(%s, %L))', size, a)
      FROM unnest(ARRAY[-2147483648, -1, 0, 1, 21, 1024, 1025, 2147483647]) size,
           unnest(ARRAY['', 'a', 'ab', 'aa', 'abcb', 'äöü€', 'äaã€ä', 'ü€ü', '0123456789abcdef',
                        (SELECT string_agg(chr(i), '') FROM generate_series(256, 511) i),
                        (SELECT string_agg(chr(i), '') FROM generate_series(256, 512) i),
                        (SELECT string_agg(chr(i), '') FROM generate_series(32, 126) i) || 'x']) a
    UNION ALL
    SELECT 'nanoid(size)', format('length(idgen.nanoid(%s))', size), format('length(idgen_sql.nanoid(%s))', size)
      FROM unnest(ARRAY[-1, 0, 1, 15, 16, 21, 1024, 1025]) size;

-- Sqids: random numbers (now and then a negative one) and the options'
-- edges, encoded; texts decoded: each edition's own text, one changed,
-- random ones. Each case's SQL edition call names its own default blocklist.
CREATE TEMP TABLE sqids_options AS
    SELECT a, m, b
      FROM unnest(ARRAY['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 'abc', '0123456789abcdef',
                        '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~0aZ', 'ab', 'aabc', 'ë1092', '']) a,
           unnest(ARRAY[0, 3, 20, 255, 256, -1]) m,
           unnest(ARRAY['default', '{}', '{abc,cab,bca,aaa,ccc}', '{ab1d,xyz,QyG4,8,0a}', '{a,NULL}']) b;
CREATE FUNCTION pg_temp.sqids_call(edition text, fn text, arg text, a text, m int, b text) RETURNS text LANGUAGE sql AS $$
    SELECT format('%s.%s(%s, %L, %s, %s)', edition, fn, arg, a, m,
                  CASE b WHEN 'default' THEN edition || '.sqids_default_blocklist()' ELSE format('%L::text[]', b) END)
$$;
CREATE TEMP TABLE sqids_cases AS
    SELECT o.*, g, ARRAY(SELECT CASE WHEN random() < 0.03 THEN -1 - (random() * 9)::bigint
                                  ELSE (random() * 2 ^ (random() * 62.9))::bigint END
                        FROM generate_series(1, (random() * 4)::int + (g % 2))) AS n
      FROM sqids_options o, generate_series(1, 3) g;
INSERT INTO cases
    SELECT 'sqids_encode', pg_temp.sqids_call('idgen', 'sqids_encode', format('%L::bigint[]', n), a, m, b),
           pg_temp.sqids_call('idgen_sql', 'sqids_encode', format('%L::bigint[]', n), a, m, b)
      FROM sqids_cases
    UNION ALL
    SELECT 'sqids_encode', 'idgen.sqids_encode(' || x || ')', 'idgen_sql.sqids_encode(' || x || ')'
      FROM unnest(ARRAY['''{}''', '''{1,2,3}''', '''{9223372036854775807}''', '''{1,NULL}''', '''{{1},{2}}''',
                        '''{1,2,3}'', min_length => 10', '''{4572721}'', blocklist => ''{}''']) x
    UNION ALL
    SELECT 'sqids_decode', pg_temp.sqids_call('idgen', 'sqids_decode', format('%L', t), a, m, b),
           pg_temp.sqids_call('idgen_sql', 'sqids_decode', format('%L', t), a, m, b)
      FROM (SELECT a, m, b, CASE WHEN g = 1 THEN pg_temp.random_text(a, (random() * 12)::int)
                                 ELSE pg_temp.sqids_call('idgen', 'sqids_encode', format('%L::bigint[]', n), a, m, b) END AS e
              FROM sqids_cases) c,
           LATERAL (SELECT CASE WHEN e NOT LIKE 'idgen.sqids_encode(%' THEN e
                                ELSE (SELECT pg_temp.outcome(e, false)) END AS made) d,
           LATERAL (SELECT CASE WHEN made LIKE 'value %' THEN substr(made, 7) ELSE made END AS t0) t1,
           LATERAL (SELECT unnest(ARRAY[t0, overlay(t0 placing pg_temp.random_text(a, 1) from 1 + (random() * length(t0))::int for 1)])
                           AS t) t2
     WHERE made NOT LIKE 'error %';
-- Partitioning: pg_partman's encoders on every time above, its decoders on
-- every text above (and on the encoders' own bounds), the bigint interval
-- on spans around each family's unit and field, and the start on every time.
INSERT INTO cases
    SELECT f || '_text_time_encoder', format('idgen.%s_text_time_encoder(%L)', f, ts),
           format('idgen_sql.%s_text_time_encoder(%L)', f, ts)
      FROM times, unnest(ARRAY['ulid', 'ksuid', 'xid', 'scru128', 'timeflake', 'tsid', 'pushid', 'typeid']) f
    UNION ALL
    SELECT 'typeid_text_time_encoder(prefix, ts)', format('idgen.typeid_text_time_encoder(%L, %L)', p, ts),
           format('idgen_sql.typeid_text_time_encoder(%L, %L)', p, ts)
      FROM typeid_prefixes, times WHERE random() < 0.05
    UNION ALL
    SELECT f, format('idgen.%s(%L)', f, ts), format('idgen_sql.%s(%L)', f, ts)
      FROM times, unnest(ARRAY['ulid_uuid_time_encoder', 'uuid_v6_time_encoder']) f
    UNION ALL
    SELECT f || ' of its bounds', format('idgen.%s_decoder(idgen.%1$s_encoder(%L))', f, ts),
           format('idgen_sql.%s_decoder(idgen_sql.%1$s_encoder(%L))', f, ts)
      FROM times, unnest(ARRAY['ulid_uuid_time', 'uuid_v6_time']) f WHERE isfinite(ts)
    UNION ALL
    SELECT f || '_from_time', format('encode(idgen.%s_from_time(%L)::bytea, ''hex'')', f, ts),
           format('encode(%s, ''hex'')', CASE f WHEN 'xid' THEN format('idgen_sql.xid_from_time(%L)', ts)
                                         ELSE format('uuid_send(idgen_sql.%s_from_time(%L))', f, ts) END)
      FROM times, unnest(ARRAY['xid', 'scru128', 'timeflake']) f
    UNION ALL
    SELECT f || '_text_time_decoder', format('idgen.%s_text_time_decoder(%L)', f, t),
           format('idgen_sql.%s_text_time_decoder(%L)', f, t)
      FROM (SELECT kind, t FROM texts
            UNION ALL SELECT 'tsid', t FROM tsid_texts
            UNION ALL SELECT 'typeid', t FROM typeid_texts) x,
           LATERAL (SELECT CASE kind WHEN 'xid12' THEN 'xid' ELSE kind END AS f) k
     WHERE f IN ('ulid', 'ksuid', 'xid', 'scru128', 'timeflake', 'tsid', 'pushid', 'typeid')
    UNION ALL
    SELECT f || '_text_time_decoder of its bounds', format('idgen.%s_text_time_decoder(idgen.%1$s_text_time_encoder(%L))', f, ts),
           format('idgen_sql.%s_text_time_decoder(idgen_sql.%1$s_text_time_encoder(%L))', f, ts)
      FROM times, unnest(ARRAY['ulid', 'ksuid', 'xid', 'scru128', 'timeflake', 'tsid', 'pushid', 'typeid']) f
     WHERE isfinite(ts)
    UNION ALL
    SELECT f || '(' || a || ')', format('idgen.%s(%L::%s)', f, u, a), format('idgen_sql.%s(%L::%s)', f, u, a)
      FROM (SELECT u::text AS u FROM uuids UNION ALL SELECT unnest(ARRAY['', 'not a uuid', '0190a1b2c3d4'])) x,
           unnest(ARRAY['ulid_uuid_time_decoder', 'uuid_v6_time_decoder']) f, unnest(ARRAY['text', 'uuid']) a
     WHERE a = 'text' OR u ~ '^[0-9a-f-]{36}$'
    UNION ALL
    -- spans at the time fields' ends (2^41 - 1 ms, 2^41, ...) in hours and ms: 13 reads a
    -- unit's count as a 32-bit integer
    SELECT 'idgen_partition_interval', format('idgen.idgen_partition_interval(%L, %L)', f, span),
           format('idgen_sql.idgen_partition_interval(%L, %L)', f, span)
      FROM unnest(ARRAY['snowflake', 'shard', 'tsid', 'sonyflake', 'ulid', 'Snowflake', '']) f,
           unnest(ARRAY['1 day', '1 hour', '1 ms', '10 ms', '9 ms', '15 ms', '1.5 ms', '0', '-1 day', '1 month', '1 year',
                        '-12 months 1 year 1 day', '610839 hours 2855551 ms', '610839 hours 2855552 ms', '1527099 hours 1738870 ms',
                        '1527099 hours 1738880 ms', '25451 days', '25452 days', '106751991 days']::interval[]
                  -- the time field's last hours: 13 cannot read a count past 32 bits
                  || (CASE WHEN pg_catalog.current_setting('server_version_num')::int >= 140000
                           THEN '{2562047788 hours}' ELSE '{}' END)::interval[]) span
    UNION ALL
    SELECT 'idgen_partition_start', format('idgen.idgen_partition_start(%L, %L)', f, ts),
           format('idgen_sql.idgen_partition_start(%L, %L)', f, ts)
      FROM times, unnest(ARRAY['snowflake', 'shard', 'tsid', 'sonyflake', 'xid']) f
    UNION ALL
    -- a layout's span: one unit, below and off it, its whole time field and one unit above
    -- (counts past 32 bits in hours, ms and microseconds: 13 reads no more)
    SELECT 'idgen_partition_interval(layout)', format('idgen.idgen_partition_interval(%L, %L)', l, span),
           format('idgen_sql.idgen_partition_interval(%L, %L)', l, span)
      FROM unnest(ARRAY['twitter', 'instagram', 'discord', 'mastodon', 'cockroachdb', 'sonyflake_v2', 'orders_daily',
                        'orders_sequence_first', 'nonesuch']) l,
           unnest(ARRAY['1 day', '1 hour', '1 ms', '10 ms', '15 ms', '10 microseconds', '9 microseconds', '15 microseconds',
                        '0', '-1 day', '1 month', '-12 months 1 year 1 day', '610839 hours 2855551 ms', '610839 hours 2855552 ms',
                        '305419 hours 3227775 ms', '305419 hours 3227776 ms', '1527099 hours 1738870 ms', '1527099 hours 1738880 ms',
                        '781874 hours 3367106 ms 550 microseconds', '781874 hours 3367106 ms 560 microseconds', '78187493 hours 1910655 ms',
                        '78187493 hours 1910656 ms', '106751991 days']::interval[]
                  || (CASE WHEN pg_catalog.current_setting('server_version_num')::int >= 140000
                           THEN '{2562047788 hours}' ELSE '{}' END)::interval[]) span
    UNION ALL
    SELECT 'idgen_partition_start(layout)', format('idgen.idgen_partition_start(%L, %L)', l, ts),
           format('idgen_sql.idgen_partition_start(%L, %L)', l, ts)
      FROM times, unnest(ARRAY['twitter', 'instagram', 'discord', 'mastodon', 'cockroachdb', 'sonyflake_v2', 'orders_daily',
                               'orders_sequence_first', 'nonesuch']) l;
-- Bigint layouts as data: every id above in every named layout, every time
-- above, an unknown layout, and the table of named layouts itself.
INSERT INTO cases
    SELECT 'layout_decode(id, layout)', format('idgen.layout_decode(%s, %L)', id, l), format('idgen_sql.layout_decode(%s, %L)', id, l)
      FROM ids, unnest(ARRAY['twitter', 'instagram', 'discord', 'mastodon', 'cockroachdb', 'sonyflake',
                             'sonyflake_v2', 'tsid', 'nonesuch']) l
    UNION ALL
    SELECT 'layout_id_from_time(ts, layout)', format('idgen.layout_id_from_time(%L, %L)', ts, l),
           format('idgen_sql.layout_id_from_time(%L, %L)', ts, l)
      FROM times, unnest(ARRAY['twitter', 'instagram', 'discord', 'mastodon', 'cockroachdb', 'sonyflake',
                               'sonyflake_v2', 'tsid', 'nonesuch']) l
    UNION ALL
    SELECT 'idgen_layouts', '(SELECT string_agg(l::text, '' '' ORDER BY name) FROM idgen.idgen_layouts l WHERE named)',
           '(SELECT string_agg(l::text, '' '' ORDER BY name) FROM idgen_sql.idgen_layouts l WHERE named)';

-- Public IDs, with the key 'compare' that both editions hold (the same
-- bytes): faces of random v7s and decodings of random v4s, every version
-- and variant refused; the permutation of random IDs at random widths, both
-- ways, and the edges of IDs and widths; key names that do not exist.
INSERT INTO cases
    SELECT 'uuid_v47_encode', format('idgen.uuid_v47_encode(%L, ''compare'')', u), format('idgen_sql.uuid_v47_encode(%L, ''compare'')', u)
      FROM (SELECT overlay(overlay(gen_random_uuid()::text PLACING '7' FROM 15 FOR 1)
                           PLACING substr('89ab', 1 + floor(random() * 4)::int, 1) FROM 20 FOR 1)::uuid AS u
              FROM generate_series(1, 700)
            UNION ALL SELECT u FROM uuids) r
    UNION ALL
    SELECT 'uuid_v47_decode', format('idgen.uuid_v47_decode(%L, ''compare'')', u), format('idgen_sql.uuid_v47_decode(%L, ''compare'')', u)
      FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 700) UNION ALL SELECT u FROM uuids) r
    UNION ALL
    SELECT 'uuid_v47_decode_candidates', format('idgen.uuid_v47_decode_candidates(%L)', u),
           format('idgen_sql.uuid_v47_decode_candidates(%L)', u)
      FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 20) UNION ALL SELECT u FROM uuids WHERE random() < 0.2) r
    UNION ALL
    SELECT f || '(id, key, bits)', format('idgen.%s(%s, ''compare'', %s)', f, x, bits), format('idgen_sql.%s(%s, ''compare'', %s)', f, x, bits)
      FROM (SELECT bits, CASE WHEN random() < 0.9 THEN floor(random() * (2::float8 ^ least(bits, 62)))::bigint
                              ELSE floor(random() * 9.2e18)::bigint END AS x
              FROM (SELECT 1 + floor(random() * 63)::int AS bits FROM generate_series(1, 1000)) b) r,
           unnest(ARRAY['idgen_permute', 'idgen_unpermute']) f
    UNION ALL
    SELECT f || '(id, key)', format('idgen.%s(%s, ''compare'')', f, id), format('idgen_sql.%s(%s, ''compare'')', f, id)
      FROM ids, unnest(ARRAY['idgen_permute', 'idgen_unpermute']) f
    UNION ALL
    SELECT f || '(id, key, bits) edges', format('idgen.%s(%s, ''compare'', %s)', f, x, bits),
           format('idgen_sql.%s(%s, ''compare'', %s)', f, x, bits)
      FROM unnest(ARRAY[-2147483648, -1, 0, 1, 2, 31, 32, 33, 52, 53, 54, 62, 63, 64, 2147483647]) bits,
           unnest(ARRAY[-9223372036854775808, -1, 0, 1, 2, 4294967295, 4294967296, 9007199254740991, 9007199254740992,
                        4611686018427387904, 9223372036854775807]) x,
           unnest(ARRAY['idgen_permute', 'idgen_unpermute']) f
    UNION ALL
    SELECT 'idgen_unpermute_candidates', format('idgen.idgen_unpermute_candidates(%s, %s)', x, bits),
           format('idgen_sql.idgen_unpermute_candidates(%s, %s)', x, bits)
      FROM unnest(ARRAY[-1, 0, 1, 3, 53, 63, 64]) bits, unnest(ARRAY[-1, 0, 5, 9007199254740991, 9223372036854775807]) x
    UNION ALL
    SELECT f, format('idgen.%s', call), format('idgen_sql.%s', call)
      FROM (VALUES ('uuid_v47_encode', 'uuid_v47_encode(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'', ''no such key'')'),
                   ('uuid_v47_decode', 'uuid_v47_decode(''017f22e2-79b0-4cc3-98c4-dc0c0c07398f'', ''Compare'')'),
                   ('idgen_permute', 'idgen_permute(1, '''')'),
                   ('idgen_unpermute', 'idgen_unpermute(1, ''compare '', 53)')) v(f, call);

CREATE TEMP TABLE results AS
    SELECT fn, c, s, pg_temp.outcome(c, false) AS c_out, pg_temp.outcome(s, true) AS s_out FROM cases;

\pset footer off
\echo 'cases by function (value = both gave the same value, error = both raised the same error):'
SELECT fn AS function, count(*) FILTER (WHERE c_out = s_out AND c_out LIKE 'value %') AS same_value,
       count(*) FILTER (WHERE c_out = s_out AND c_out LIKE 'error %') AS same_error,
       count(*) FILTER (WHERE c_out IS DISTINCT FROM s_out) AS differ
  FROM results GROUP BY fn ORDER BY fn;
\echo 'differences (the first 20):'
SELECT s AS sql_edition_call, c_out AS c_edition, s_out AS sql_edition
  FROM results WHERE c_out IS DISTINCT FROM s_out ORDER BY fn, s LIMIT 20;

SELECT count(*) AS total, count(*) FILTER (WHERE c_out IS DISTINCT FROM s_out) AS differ,
       count(*) FILTER (WHERE c_out = s_out AND c_out LIKE 'error %') AS errors
  FROM results \gset
\echo compared :total calls: :differ differ, :errors of the agreeing ones are errors
SELECT :differ = 0 AND :total >= 8000 AND :errors >= 1000 AS compare_ok \gset
-- the public IDs' bar: 3,000 random inputs and edges, the same in both
SELECT count(*) >= 3000 AS public_ids_ok FROM results
 WHERE fn ~ '^(uuid_v47|idgen_permute|idgen_unpermute)' AND c_out = s_out \gset
SELECT :'compare_ok'::boolean AND :'public_ids_ok'::boolean AS compare_ok \gset
\if :compare_ok
\echo compare: ok
\else
\echo compare: FAILED
DO $$ BEGIN RAISE EXCEPTION 'the two editions differ, or too few cases ran'; END $$;
\endif
