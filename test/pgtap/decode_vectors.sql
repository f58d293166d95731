-- The SQL decoders on test/vectors/decode.tsv and decode_errors.tsv: the
-- same vectors test/cli/run.sh gives idgen-decode, so the two read every
-- ID alike. Each vector's decoder output is printed as idgen-decode prints
-- it and compared with the file. pg_prove runs from the repository's root
-- (test/run-pgtap.sh), where psql's \copy finds the files.
BEGIN;

CREATE TEMP TABLE decode_vectors (kind text, epoch text, input text, fields text);
\copy decode_vectors FROM PROGRAM 'grep -v "^#" test/vectors/decode.tsv'
CREATE TEMP TABLE decode_errors (kind text, input text, why text);
\copy decode_errors FROM PROGRAM 'grep -v "^#" test/vectors/decode_errors.tsv'

SELECT plan(2 + (SELECT count(*)::int FROM decode_vectors)
              + (SELECT count(*)::int FROM decode_errors WHERE kind <> 'auto'));

-- A time as idgen-decode prints it: UTC, ISO 8601, ms (us where it has them).
CREATE FUNCTION pg_temp.iso(ts timestamptz) RETURNS text LANGUAGE sql AS $$
    SELECT coalesce(to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.')
                    || to_char(ts AT TIME ZONE 'UTC',
                               CASE WHEN extract(microseconds FROM ts)::bigint % 1000 = 0
                                    THEN 'MS' ELSE 'US' END) || 'Z', 'null')
$$;

-- RFC 9562's variant field; idgen has no SQL function for it, so the test
-- reads the bits itself.
CREATE FUNCTION pg_temp.variant(u uuid) RETURNS text LANGUAGE sql AS $$
    SELECT CASE WHEN b < 128 THEN 'ncs' WHEN b < 192 THEN 'rfc9562'
                WHEN b < 224 THEN 'microsoft' ELSE 'future' END
      FROM (SELECT get_byte(uuid_send(u), 8) AS b) s
$$;

-- A vector through the SQL decoders, as idgen-decode's fields. names: the
-- fields idgen-decode prints ("ts=... worker=..."), which a kind not named
-- below (a table type, a family added since) is read with: ts= by
-- <kind>_timestamp(id), any other by <kind>_<name>(id).
CREATE FUNCTION pg_temp.sql_fields(kind text, epoch text, input text, names text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    r record;
    field text;
    value text;
    fields text[] := '{}';
BEGIN
    CASE kind
    WHEN 'snowflake' THEN
        IF epoch = '-' THEN
            SELECT * INTO r FROM snowflake_decode(input::bigint);
        ELSE
            SELECT * INTO r FROM snowflake_decode(input::bigint, epoch::bigint);
        END IF;
        RETURN format('ts=%s node=%s seq=%s', pg_temp.iso(r.ts), r.node, r.seq);
    WHEN 'shard' THEN
        IF epoch = '-' THEN
            SELECT * INTO r FROM shard_id_decode(input::bigint);
        ELSE
            SELECT * INTO r FROM shard_id_decode(input::bigint, epoch::bigint);
        END IF;
        RETURN format('ts=%s shard=%s seq=%s', pg_temp.iso(r.ts), r.shard, r.seq);
    WHEN 'ulid' THEN
        RETURN format('ts=%s', pg_temp.iso(ulid_timestamp(input::ulid)));
    WHEN 'uuid' THEN
        RETURN format('version=%s variant=%s ts=%s', coalesce(uuid_version(input::uuid)::text, 'null'),
                      pg_temp.variant(input::uuid), pg_temp.iso(uuid_timestamp(input::uuid)));
    WHEN 'ksuid' THEN
        RETURN format('ts=%s', pg_temp.iso(ksuid_timestamp(input::ksuid)));
    WHEN 'objectid' THEN
        RETURN format('ts=%s counter=%s', pg_temp.iso(objectid_timestamp(input::objectid)),
                      objectid_counter(input::objectid));
    WHEN 'xid12' THEN
        RETURN format('ts=%s machine=%s pid=%s counter=%s', pg_temp.iso(xid_timestamp(xid_parse(input))),
                      xid_machine(input::xid12), xid_pid(input::xid12), xid_counter(input::xid12));
    WHEN 'scru128' THEN
        RETURN format('ts=%s', pg_temp.iso(scru128_timestamp(scru128_parse(input))));
    WHEN 'timeflake' THEN
        RETURN format('ts=%s', pg_temp.iso(timeflake_timestamp(timeflake_parse(input))));
    WHEN 'tsid' THEN
        RETURN format('ts=%s node=%s counter=%s', pg_temp.iso(tsid_timestamp(tsid_parse(input))),
                      tsid_node(tsid_parse(input)), tsid_counter(tsid_parse(input)));
    WHEN 'sonyflake' THEN
        SELECT * INTO r FROM sonyflake_decode(input::bigint);
        RETURN format('ts=%s sequence=%s machine=%s', pg_temp.iso(r.ts), r.sequence, r.machine);
    WHEN 'pushid' THEN
        RETURN format('ts=%s', pg_temp.iso(pushid_timestamp(input)));
    WHEN 'typeid' THEN
        RETURN format('prefix=%s ts=%s', typeid_prefix(input::typeid), pg_temp.iso(typeid_timestamp(input::typeid)));
    ELSE
        FOR field IN SELECT m[1] FROM regexp_matches(names, '(?:^| )(\w+)=', 'g') AS m LOOP
            IF field = 'ts' THEN
                EXECUTE format('SELECT pg_temp.iso(%I(%L::%I))', kind || '_timestamp', input, kind) INTO value;
            ELSE
                EXECUTE format('SELECT %I(%L::%I)::text', kind || '_' || field, input, kind) INTO value;
            END IF;
            fields := fields || format('%s=%s', field, value);
        END LOOP;
        RETURN array_to_string(fields, ' ');
    END CASE;
END $$;

-- The SQLSTATE a vector's decoding raises, or 'none'.
CREATE FUNCTION pg_temp.sqlstate_of(kind text, input text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_temp.sql_fields(kind, '-', input, 'ts=');
    RETURN 'none';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END $$;

SELECT cmp_ok((SELECT count(*) FROM decode_vectors), '>=', 50::bigint,
              'decode.tsv loaded: at least 50 vectors');
-- every kind idgen-decode reads (its --help lists them from the family table)
CREATE TEMP TABLE decode_kinds (kind text);
\copy decode_kinds FROM PROGRAM 'idgen-decode --help | sed -n "/^KIND, in the order/,/^A guess/p" | grep "^  [a-z]" | cut -d" " -f3'
SELECT set_eq('SELECT DISTINCT kind FROM decode_vectors',
              'SELECT kind FROM decode_kinds WHERE kind IS NOT NULL',
              'decode.tsv has vectors of every kind');

SELECT is(pg_temp.sql_fields(kind, epoch, input, fields), fields,
          format('%s %s%s', kind, input, CASE WHEN epoch = '-' THEN '' ELSE ' epoch ' || epoch END))
  FROM decode_vectors;

-- a data exception (class 22: invalid text, out of range), not any error
SELECT matches(pg_temp.sqlstate_of(kind, input), '^22',
               format('%s "%s" is refused (%s)', kind, input, why))
  FROM decode_errors WHERE kind <> 'auto';

SELECT * FROM finish();
ROLLBACK;
