#!/usr/bin/env bash
# Hostile input through SQL: random and mutated text into the ulid, ksuid,
# objectid and typeid parsers (and typeid prefixes),
# and extreme bigints, epochs and timestamps into every decoder and bound.
# Every call ends in a result or a clear error with an expected SQLSTATE,
# never a crash: the postmaster's start time does not change.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25819 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server hostile "$port" "shared_preload_libraries = 'idgen'"
pg_psql "$port" -c "CREATE EXTENSION idgen"
started=$(pg_psql "$port" -At -c "SELECT pg_postmaster_start_time()")

pg_psql "$port" <<'SQL'
CREATE TABLE outcomes (target text, input text, sqlstate text);

-- random strings over a hostile alphabet, and one-character mutations of valid ULIDs
CREATE FUNCTION random_text(len int) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzILOUilou -_{}' ||
                           chr(233) || chr(12354) || chr(128512) || E'\t\n',
                           1 + (random() * 75)::int, 1), '')
    FROM generate_series(1, len) $$;
CREATE FUNCTION mutate(s text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT CASE (random() * 3)::int
           WHEN 0 THEN overlay(s placing random_text(1) from 1 + (random() * 25)::int for 1)
           WHEN 1 THEN overlay(s placing random_text(1) from 1 + (random() * 25)::int for 0)
           ELSE overlay(s placing '' from 1 + (random() * 25)::int for 1) END $$;

DO $$
DECLARE
  s text;
  state text;
BEGIN
  FOR i IN 1..30000 LOOP
    s := CASE i % 3 WHEN 0 THEN random_text((random() * 40)::int)
                    WHEN 1 THEN mutate(ulid()::text)
                    ELSE random_text(26) END;
    BEGIN
      IF s::ulid::text <> upper(s) THEN
        RAISE EXCEPTION 'round trip of % gave %', s, s::ulid::text USING ERRCODE = 'XX001';
      END IF;
      state := 'ok';
    EXCEPTION WHEN OTHERS THEN
      state := SQLSTATE;
    END;
    INSERT INTO outcomes VALUES ('ulid_in', s, state);
    BEGIN
      PERFORM s::ksuid;
      state := 'ok';
    EXCEPTION WHEN OTHERS THEN
      state := SQLSTATE;
    END;
    INSERT INTO outcomes VALUES ('ksuid_in', s, state);
    BEGIN
      PERFORM s::objectid;
      state := 'ok';
    EXCEPTION WHEN OTHERS THEN
      state := SQLSTATE;
    END;
    INSERT INTO outcomes VALUES ('objectid_in', s, state);
    -- TypeID: the text as it is, behind a prefix, and as a prefix
    BEGIN
      IF (CASE i % 2 WHEN 0 THEN s ELSE 'user_' || lower(s) END)::typeid::text
         <> (CASE i % 2 WHEN 0 THEN s ELSE 'user_' || lower(s) END) THEN
        RAISE EXCEPTION 'round trip of % changed it', s USING ERRCODE = 'XX001';
      END IF;
      state := 'ok';
    EXCEPTION WHEN OTHERS THEN
      state := SQLSTATE;
    END;
    INSERT INTO outcomes VALUES ('typeid_in', s, state);
    BEGIN
      PERFORM typeid_from_uuid(s, uuid_v7());
      state := 'ok';
    EXCEPTION WHEN OTHERS THEN
      state := SQLSTATE;
    END;
    INSERT INTO outcomes VALUES ('typeid_from_uuid', s, state);
  END LOOP;
END $$;

-- extreme values into every decoder and bound, with and without an epoch
DO $$
DECLARE
  calls text[] := ARRAY[
    'snowflake_timestamp(%1$s)', 'snowflake_node(%1$s)', 'snowflake_seq(%1$s)',
    'snowflake_decode(%1$s)', 'snowflake_timestamp(%1$s, %2$s)', 'snowflake_decode(%1$s, %2$s)',
    'shard_id_timestamp(%1$s)', 'shard_id_shard(%1$s)', 'shard_id_seq(%1$s)',
    'shard_id_decode(%1$s)', 'shard_id_timestamp(%1$s, %2$s)', 'shard_id_decode(%1$s, %2$s)',
    'next_shard_id((%1$s %% 20000)::int, %2$s)', 'next_shard_id(5, %1$s, %3$L)',
    'snowflake_id_from_time(%3$L)', 'snowflake_id_from_time(%3$L, %2$s)',
    'shard_id_from_time(%3$L)', 'shard_id_from_time(%3$L, %2$s)',
    'ulid(%3$L::timestamptz)', 'ulid_from_time(%3$L)', 'uuid_v7(%3$L::timestamptz)',
    'uuid_v7_from_time(%3$L)', 'ksuid(%3$L::timestamptz)', 'ksuid_from_time(%3$L)',
    'objectid(%3$L::timestamptz)', 'objectid_from_time(%3$L)', 'uuid_v6_from_time(%3$L)',
    'typeid_generate(''user'', %3$L::timestamptz)', 'typeid_from_time(''user'', %3$L)'];
  bigints text[] := ARRAY['0', '1', '-1', '9223372036854775807', '-9223372036854775808',
                          '4398046511103', '4398046511104', '1288834974657'];
  times text[] := ARRAY['-infinity', 'infinity', '4713-01-01 00:00:00+00 BC',
                        '294276-12-31 23:59:59.999999+00', '1970-01-01 00:00:00+00',
                        '1969-12-31 23:59:59.999999+00', '2026-01-01 00:00:00+00'];
  c text; b text; e text; t text; sql text; state text;
BEGIN
  FOREACH c IN ARRAY calls LOOP
    FOREACH b IN ARRAY bigints LOOP
      FOREACH e IN ARRAY bigints LOOP
        FOREACH t IN ARRAY times LOOP
          sql := 'SELECT ' || format(c, b, e, t);
          BEGIN
            EXECUTE sql;
            state := 'ok';
          EXCEPTION WHEN OTHERS THEN
            state := SQLSTATE;
          END;
          INSERT INTO outcomes VALUES (split_part(c, '(', 1), sql, state);
        END LOOP;
      END LOOP;
    END LOOP;
  END LOOP;
END $$;
SQL

echo "outcomes by target and SQLSTATE:"
pg_psql "$port" -c "SELECT target, sqlstate, count(*) FROM outcomes GROUP BY 1, 2 ORDER BY 1, 2"
bad=$(pg_psql "$port" -At -c "SELECT count(*) FROM outcomes WHERE sqlstate NOT IN ('ok', '22P02', '22003', '22023')")
now_started=$(pg_psql "$port" -At -c "SELECT pg_postmaster_start_time()")
if [ "$bad" != 0 ]; then
  echo "FAIL: unexpected outcomes:"; pg_psql "$port" -c "SELECT * FROM outcomes WHERE sqlstate NOT IN ('ok', '22P02', '22003', '22023') LIMIT 20"
  exit 1
fi
[ "$started" = "$now_started" ] || { echo "FAIL: the postmaster restarted (a backend crashed)"; exit 1; }
echo "hostile input: every outcome a value or 22P02/22003/22023, postmaster up since $started"
