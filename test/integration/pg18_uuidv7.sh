#!/usr/bin/env bash
# PostgreSQL 18's uuidv7() and idgen's uuid_v7() read each other: a v7 made
# by PostgreSQL 18 decodes to the same timestamp and version here as there,
# and one made here decodes on 18 as here; 18's uuidv7(interval) and idgen's
# uuid_v7(shift interval) shift the clock alike, and uuid_timestamp_us reads
# 18's sub-millisecond fraction to the microsecond. PostgreSQL 18 comes from the npm
# registry's embedded-postgres package and runs on loopback beside a 15.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/embedded_pg.sh

pg18_version=${PG18_VERSION:-18.4.0-beta.17}
port15=${INTEGRATION_PORT:-$((25815 + ${IDGEN_PORT_OFFSET:-0}))}
port18=$((port15 + 100))
pg_throwaway_server pg18-15 "$port15"
pg18=$(pg_scratch_dir pg18)
trap 'set +e; pg_as_owner "$pg18/native/bin/pg_ctl" -D "$pg18/data" -m fast -w stop >/dev/null 2>&1;
      rm -rf "$pg18"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
embedded_pg_fetch "$pg18_version" "$pg18"
pg_as_owner "$pg18/native/bin/initdb" -D "$pg18/data" -U postgres --auth=trust >/dev/null
pg_as_owner "$pg18/native/bin/pg_ctl" -D "$pg18/data" -l "$pg18/server.log" -w start \
  -o "-p $port18 -c listen_addresses=127.0.0.1 -c unix_socket_directories=$pg18" >/dev/null
echo "PostgreSQL $(pg_psql "$port18" -At -c 'SHOW server_version') on port $port18"

pg_psql "$port15" -c "CREATE EXTENSION idgen" -c "CREATE TABLE theirs (u uuid, ts timestamptz, v int)"
pg_psql "$port18" -c "CREATE TABLE ours (u uuid, ts timestamptz, v int)"

# 18's values, with 18's reading of them, into 15; and ours into 18
pg_psql "$port18" -c "COPY (SELECT u, uuid_extract_timestamp(u), uuid_extract_version(u)
                            FROM (SELECT uuidv7() u FROM generate_series(1, 20000)) g) TO STDOUT" |
  pg_psql "$port15" -c "COPY theirs FROM STDIN"
pg_psql "$port15" -c "COPY (SELECT u, uuid_v7_timestamp(u), uuid_version(u)
                            FROM (SELECT uuid_v7() u FROM generate_series(1, 20000)) g) TO STDOUT" |
  pg_psql "$port18" -c "COPY ours FROM STDIN"

here=$(pg_psql "$port15" -At -c "SELECT count(*), count(*) FILTER (WHERE uuid_v7_timestamp(u) = ts AND uuid_version(u) = v) FROM theirs")
there=$(pg_psql "$port18" -At -c "SELECT count(*), count(*) FILTER (WHERE uuid_extract_timestamp(u) = ts AND uuid_extract_version(u) = v) FROM ours")
echo "18's uuidv7() read by idgen (rows|agreeing): $here"
echo "idgen's uuid_v7() read by 18 (rows|agreeing): $there"
fail=0
[ "$here" = "20000|20000" ] && [ "$there" = "20000|20000" ] || fail=1

# Shifted: each side makes v7s shifted by the same intervals, between two
# readings of its clock (shifted the same way, in UTC: months and days
# count alike). 18's read by uuid_timestamp_us lie between its readings to
# the microsecond (its fraction's microsecond, or the next: 12 bits resolve
# 244 ns); idgen's read by 18's uuid_extract_timestamp lie in the same
# millisecond range.
shifts="('0'), ('1 hour'), ('-1 day'), ('1 month'), ('-30 years'), ('1000 years'), ('-1 mon -2 days 3 us')"
pg_psql "$port15" -c "CREATE TABLE theirs_shifted (shift interval, before timestamptz, u uuid, after timestamptz)"
pg_psql "$port18" -c "CREATE TABLE ours_shifted (shift interval, before timestamptz, u uuid, after timestamptz)"
pg_psql "$port18" -c "SET timezone = 'UTC'" -c "COPY (
    SELECT s, clock_timestamp() + s, uuidv7(s), clock_timestamp() + s
      FROM (SELECT s::interval AS s FROM (VALUES $shifts) v(s)) v, generate_series(1, 2000)) TO STDOUT" |
  pg_psql "$port15" -c "COPY theirs_shifted FROM STDIN"
pg_psql "$port15" -c "SET timezone = 'UTC'" -c "COPY (
    SELECT s, clock_timestamp() + s, uuid_v7(s), clock_timestamp() + s
      FROM (SELECT s::interval AS s FROM (VALUES $shifts) v(s)) v, generate_series(1, 2000)) TO STDOUT" |
  pg_psql "$port18" -c "COPY ours_shifted FROM STDIN"
here=$(pg_psql "$port15" -At -c "SELECT count(*), count(*) FILTER (
    WHERE uuid_timestamp_us(u) BETWEEN before AND after + interval '1 us' AND uuid_version(u) = 7)
  FROM theirs_shifted")
there=$(pg_psql "$port18" -At -c "SELECT count(*), count(*) FILTER (
    WHERE uuid_extract_timestamp(u) BETWEEN date_trunc('milliseconds', before) AND after
      AND uuid_extract_version(u) = 7)
  FROM ours_shifted")
echo "18's uuidv7(interval) read to the us by idgen (rows|agreeing): $here"
echo "idgen's uuid_v7(interval) read by 18 (rows|agreeing): $there"
[ "$here" = "14000|14000" ] && [ "$there" = "14000|14000" ] || fail=1
exit $fail
