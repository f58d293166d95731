#!/usr/bin/env bash
# The steps of test/integration/pg_partman.sh, run in the trixie root (as
# root; the server as postgres) from a copy of idgen's source built and
# installed for PostgreSQL 17 there, beside trixie's pg_partman. The
# environment gives the port (PORT) and a directory postgres owns (WORK).
# Times are relative to now(): pg_partman makes partitions around it.
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PG_BINDIR=/usr/lib/postgresql/17/bin
export PATH=$PG_BINDIR:$PATH
source test/lib/pg_server.sh

dir=$WORK/server
fail=0
trap 'pg_server_stop "$dir"' EXIT
q() { pg_psql "$PORT" -At -c "$1"; }
# retention of a set of daily partitions named <set>_pYYYYMMDD: with 1 day,
# run_maintenance() drops the day before yesterday's, keeps yesterday's
retention_drops_old_days() {  # retention_drops_old_days LABEL SET
  q "UPDATE partman.part_config SET retention = '1 day', retention_keep_table = false
       WHERE parent_table = 'public.$2'" >/dev/null
  q "SELECT partman.run_maintenance('public.$2')" >/dev/null
  check "$1: retention dropped the day before yesterday's partition, kept yesterday's" \
    "SELECT to_regclass('$2_p' || to_char(now() - interval '2 days', 'YYYYMMDD')) IS NULL
        AND to_regclass('$2_p' || to_char(now() - interval '1 day', 'YYYYMMDD')) IS NOT NULL"
}
check() {  # check LABEL SQL-returning-t
  local got
  got=$(pg_psql "$PORT" -At -c "$2" 2>&1) || true
  if [ "$got" = t ]; then echo "ok: $1"; else echo "FAIL: $1 (got: $got)"; fail=1; fi
}
refuses() { pg_refuses "$PORT" "$@" || fail=1; }

pg_as_owner mkdir -p "$dir"
pg_server_start "$dir" "$PORT" "shared_preload_libraries = 'idgen'" "idgen.node_id = 7" "timezone = 'UTC'"
q "CREATE EXTENSION idgen" >/dev/null
q "CREATE SCHEMA partman" >/dev/null
q "CREATE EXTENSION pg_partman SCHEMA partman" >/dev/null
echo "PostgreSQL $(q 'SHOW server_version'), pg_partman $(q "SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'"), idgen $(q "SELECT extversion FROM pg_extension WHERE extname = 'idgen'")"

# The times every set gets rows at: the day before yesterday's midnight (its
# first partition's first instant), a millisecond before today's midnight
# and today's midnight (either side of a boundary), now, tomorrow.
q "CREATE TABLE times AS SELECT t FROM unnest(ARRAY[
     date_trunc('day', now()) - interval '2 days',
     date_trunc('day', now()) - interval '1 millisecond',
     date_trunc('day', now()),
     now(),
     now() + interval '1 day']) AS t" >/dev/null

# --- text and uuid keys: create_parent with an encoder and decoder, daily
# partitions named <table>_pYYYYMMDD; a row's partition is the day of its
# time as its family's own decoder reads it (not the partition decoder).
# TypeID's prefix comes in through a one-line wrapper, as the docs show.
q "CREATE FUNCTION public.user_typeid_text_time_encoder(ts timestamptz) RETURNS text
     LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp
     AS \$\$ SELECT public.typeid_text_time_encoder('user', ts) \$\$" >/dev/null
# uuid keys the same way: ULIDs kept as uuid and UUIDv6 with idgen's pairs,
# UUIDv7 with pg_partman's own (uuid7_time_encoder, uuid7_time_decoder).
sets=(
  "text ulid public.ulid_text_time_encoder public.ulid_text_time_decoder ulid(t)::text ulid_timestamp(id::ulid)"
  "text ksuid public.ksuid_text_time_encoder public.ksuid_text_time_decoder ksuid(t)::text ksuid_timestamp(id::ksuid)"
  "text tsid public.tsid_text_time_encoder public.tsid_text_time_decoder tsid_text(idgen_partition_start('tsid',t)+(random()*4194303)::bigint) tsid_timestamp(tsid_parse(id))"
  "text typeid public.user_typeid_text_time_encoder public.typeid_text_time_decoder typeid_generate('user',t)::text typeid_timestamp(id::typeid)"
  "uuid ulid public.ulid_uuid_time_encoder public.ulid_uuid_time_decoder ulid(t)::uuid ulid_timestamp(id::ulid)"
  "uuid v6 public.uuid_v6_time_encoder public.uuid_v6_time_decoder uuid_v6_from_time(t) uuid_timestamp(id)"
  "uuid v7 partman.uuid7_time_encoder partman.uuid7_time_decoder uuid_v7(t) uuid_v7_timestamp(id)"
)
for entry in "${sets[@]}"; do
  read -r type name encoder decoder make time_of <<<"$entry"
  table=e${type:0:1}_$name label="$type $name" collate=
  [ "$type" = text ] && collate='COLLATE "C"'
  q "CREATE TABLE $table (id $type $collate NOT NULL, note text) PARTITION BY RANGE (id)" >/dev/null
  q "SELECT partman.create_parent('public.$table', 'id', '1 day', p_premake := 2,
       p_start_partition := (date_trunc('day', now()) - interval '2 days')::text,
       p_time_encoder := '$encoder', p_time_decoder := '$decoder')" >/dev/null
  q "INSERT INTO $table SELECT $make, t::text FROM times" >/dev/null
  check "$label: create_parent made the days before yesterday to the day after tomorrow" \
    "SELECT array_agg(partition_tablename ORDER BY partition_tablename) = array_agg('${table}_p' || to_char(d, 'YYYYMMDD') ORDER BY d)
       FROM partman.show_partitions('public.$table') FULL JOIN generate_series(date_trunc('day', now()) - interval '2 days',
            date_trunc('day', now()) + interval '2 days', interval '1 day') AS d
         ON partition_tablename = '${table}_p' || to_char(d, 'YYYYMMDD')"
  check "$label: each of 5 rows in the partition of its day, none in the default" \
    "SELECT count(*) = 5 AND bool_and(tableoid::regclass::text = '${table}_p' || to_char($time_of, 'YYYYMMDD'))
       FROM $table"
  # a row two days ahead: run_maintenance() premakes 2 days past it
  q "INSERT INTO $table SELECT $make, 'ahead' FROM (SELECT now() + interval '2 days' AS t) s" >/dev/null
  check "$label: no partition 4 days ahead before run_maintenance()" \
    "SELECT to_regclass('${table}_p' || to_char(now() + interval '4 days', 'YYYYMMDD')) IS NULL"
  q "SELECT partman.run_maintenance('public.$table')" >/dev/null
  check "$label: run_maintenance() made the partitions 3 and 4 days ahead" \
    "SELECT to_regclass('${table}_p' || to_char(now() + interval '3 days', 'YYYYMMDD')) IS NOT NULL
        AND to_regclass('${table}_p' || to_char(now() + interval '4 days', 'YYYYMMDD')) IS NOT NULL"
  check "$label: a range on the key itself prunes to one partition" \
    "SELECT count(*) = 1 FROM (SELECT DISTINCT tableoid FROM $table
       WHERE id >= $encoder(date_trunc('day', now())) AND id < $encoder(date_trunc('day', now()) + interval '1 day')) s"
  retention_drops_old_days "$label" "$table"
done
# pg_partman's UUIDv7 pair and idgen's (uuid_v7_from_time, uuid_v7_timestamp)
# agree: the same time for every v7, and bounds that split v7s alike (the
# bounds differ in their version and variant bits only)
check "uuid v7: pg_partman's decoder reads 20,000 of idgen's v7s as uuid_v7_timestamp does" \
  "SELECT bool_and(partman.uuid7_time_decoder(u::text) = uuid_v7_timestamp(u))
     FROM (SELECT uuid_v7(now() - random() * interval '20 years') AS u FROM generate_series(1, 20000)) s"
check "uuid v7: the two encoders' bounds split the v7s on either side of 2,000 boundaries alike" \
  "SELECT bool_and((u >= partman.uuid7_time_encoder(b)) = (u >= uuid_v7_from_time(b)))
     FROM (SELECT date_trunc('second', now() - random() * interval '20 years') AS b FROM generate_series(1, 2000)) s,
          LATERAL (VALUES (uuid_v7(b)), (uuid_v7(b - interval '1 millisecond')), (uuid_v7_from_time(b)),
                          ('ffffffff-ffff-7fff-bfff-ffffffffffff'::uuid), (uuid_v7_from_time(b - interval '1 millisecond'))) v(u)"

# --- bigint keys: integer partitioning with idgen_partition_interval and
# idgen_partition_start; partitions named <table>_p<first id>. From its
# start, create_parent makes p_premake more: 4 reach the day after tomorrow.
bigint_sets=(
  "snowflake snowflake_id_from_time(t)+(random()*4194303)::bigint snowflake_timestamp"
  "tsid idgen_partition_start('tsid',t)+(random()*4194303)::bigint tsid_timestamp"
  "sonyflake idgen_partition_start('sonyflake',t)+(random()*16777215)::bigint sonyflake_timestamp"
)
for entry in "${bigint_sets[@]}"; do
  read -r name make time_of <<<"$entry"
  q "CREATE TABLE eb_$name (id bigint NOT NULL, note text) PARTITION BY RANGE (id)" >/dev/null
  q "SELECT partman.create_parent('public.eb_$name', 'id', idgen_partition_interval('$name', '1 day')::text,
       p_premake := 4, p_start_partition := idgen_partition_start('$name', (SELECT min(t) FROM times))::text)" >/dev/null
  q "INSERT INTO eb_$name SELECT $make, t::text FROM times" >/dev/null
  check "bigint $name: each of 5 rows in the partition of its ids, none in the default" \
    "SELECT count(*) = 5 AND bool_and(coalesce(id >= lower AND id < lower + idgen_partition_interval('$name', '1 day'), false))
       FROM (SELECT id, substring(tableoid::regclass::text FROM '_p(\d+)$')::bigint AS lower FROM eb_$name) s"
  check "bigint $name: each partition is one day of its time, from the epoch on" \
    "SELECT bool_and($time_of(lower + idgen_partition_interval('$name', '1 day')) - $time_of(lower) = interval '1 day'
                     AND $time_of(lower) = $time_of(0) + interval '1 day' * (lower / idgen_partition_interval('$name', '1 day')))
       FROM (SELECT substring(partition_tablename FROM '_p(\d+)$')::bigint AS lower
               FROM partman.show_partitions('public.eb_$name')) s"
  # a row in the newest partition: run_maintenance() premakes 2 more past it
  newest=$(q "SELECT max(substring(partition_tablename FROM '_p(\d+)$')::bigint) FROM partman.show_partitions('public.eb_$name')")
  q "INSERT INTO eb_$name VALUES ($newest + 1, 'newest')" >/dev/null
  q "SELECT partman.run_maintenance('public.eb_$name')" >/dev/null
  check "bigint $name: run_maintenance() made the 2 partitions past the newest row's" \
    "SELECT count(*) = 2 FROM partman.show_partitions('public.eb_$name')
      WHERE substring(partition_tablename FROM '_p(\d+)$')::bigint
            IN ($newest + idgen_partition_interval('$name', '1 day'), $newest + 2 * idgen_partition_interval('$name', '1 day'))"
  # retention, in ids: a partition goes once its ids end a day's worth or
  # more below the largest id (in the newest partition of before)
  q "UPDATE partman.part_config SET retention = idgen_partition_interval('$name', '1 day')::text,
       retention_keep_table = false WHERE parent_table = 'public.eb_$name'" >/dev/null
  q "SELECT partman.run_maintenance('public.eb_$name')" >/dev/null
  check "bigint $name: retention dropped the partitions that end a day below the largest id, kept the next" \
    "SELECT min(lower) = $newest - idgen_partition_interval('$name', '1 day')
       FROM (SELECT substring(partition_tablename FROM '_p(\d+)$')::bigint AS lower
               FROM partman.show_partitions('public.eb_$name')) s"
done
check "bigint tsid: its epoch is a midnight, so its partitions start at midnight" \
  "SELECT bool_and(tsid_timestamp(substring(partition_tablename FROM '_p(\d+)$')::bigint)
                   = date_trunc('day', tsid_timestamp(substring(partition_tablename FROM '_p(\d+)$')::bigint)))
     FROM partman.show_partitions('public.eb_tsid')"

# --- a native idgen type: pg_partman refuses it (idgen_partition_maintain's)
q "CREATE TABLE en_ulid (id ulid NOT NULL) PARTITION BY RANGE (id)" >/dev/null
refuses "SELECT partman.create_parent('public.en_ulid', 'id', '1 day')" P0001 \
  "pg_partman only supports partitioning of data types that are integer, numeric, date/timestamp or specially encoded text\. Supplied column is of type ulid"
check "native ulid: idgen_partition_maintain makes its partitions instead" \
  "SELECT count(*) = 3 FROM idgen_partition_maintain('en_ulid', '1 day', ahead => 2)"

[ $fail -eq 0 ] && echo "pg_partman: all checks passed" || echo "pg_partman: FAILED"
exit $fail
