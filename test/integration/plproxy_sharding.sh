#!/usr/bin/env bash
# Instagram's architecture with PL/Proxy: a proxy database routes each insert
# by hashtext(key) to one of 8 logical shards (schemas insta0..insta7) on 2
# physical servers; shards 0-3 use DEFAULT next_shard_id(<shard>,
# nextval('<schema>.id_seq')), shards 4-7 DEFAULT next_shard_id(<shard>). A
# RUN ON ALL function gathers every row: all IDs unique, each decoding to the
# shard that holds it. Then shard 3 moves to the other server (pg_dump -n,
# drop, repoint the proxy) and inserts go on: no ID repeats, and the moved
# shard's IDs keep increasing. Shard 7 moves from server 2 to server 1 the
# same way: it uses next_shard_id(7), whose sequence lives in the server's
# shared memory, so its new home resumes after its last ID with
# shard_id_resume_after. Its old home ran a minute ahead of the clock, so
# only that call, not the clock, keeps the moved shard's IDs increasing.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
pids=()

base=${INTEGRATION_PORT:-$((25840 + ${IDGEN_PORT_OFFSET:-0}))}
dirs=()
trap 'set +e; for d in "${dirs[@]}"; do pg_server_stop "$d"; rm -rf "$d"; done' EXIT
for s in 1 2; do
  d=$(pg_scratch_dir "plproxy$s"); dirs+=("$d")
  pg_server_start "$d" $((base + s)) "shared_preload_libraries = 'idgen'" "idgen.node_id = $s"
  pg_psql $((base + s)) -c "CREATE EXTENSION idgen"
done
server_of() { [ "$1" -lt 4 ] && echo 1 || echo 2; }

# each logical shard: a schema; the partition's connection names its shard in
# application_name, so one server can serve several shards
make_shard() {
  local shard=$1 port=$2 default
  if [ "$shard" -lt 4 ]; then default="next_shard_id($shard, nextval('insta$shard.id_seq'))"
  else default="next_shard_id($shard)"; fi
  pg_psql "$port" -c "CREATE SCHEMA insta$shard" -c "CREATE SEQUENCE insta$shard.id_seq" \
    -c "CREATE TABLE insta$shard.photos (id bigint PRIMARY KEY DEFAULT $default, key text)"
}
for shard in $(seq 0 7); do make_shard "$shard" $((base + $(server_of "$shard"))); done
for s in 1 2; do
  pg_psql $((base + s)) <<'SQL'
CREATE FUNCTION my_shard() RETURNS int LANGUAGE sql STABLE
  AS $$ SELECT substr(current_setting('application_name'), 6)::int $$;
CREATE FUNCTION insert_photo(key text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE id bigint;
BEGIN
  EXECUTE format('INSERT INTO insta%s.photos (key) VALUES ($1) RETURNING id', my_shard()) USING key INTO id;
  RETURN id;
END $$;
CREATE FUNCTION all_photos(OUT shard int, OUT id bigint, OUT key text)
RETURNS SETOF record LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY EXECUTE format('SELECT %s, id, key FROM insta%s.photos', my_shard(), my_shard());
END $$;
SQL
done

# the proxy: a database on server 1, 8 partitions over the 2 servers
partition() { echo "host=127.0.0.1 port=$((base + $2)) dbname=postgres user=postgres application_name=shard$1"; }
opts=""
for shard in $(seq 0 7); do opts="$opts${opts:+, }p$shard '$(partition "$shard" "$(server_of "$shard")")'"; done
pg_psql $((base + 1)) -c "CREATE DATABASE proxy"
pg_psql $((base + 1)) -d proxy <<SQL
CREATE EXTENSION plproxy;
CREATE EXTENSION idgen;
CREATE SERVER shards FOREIGN DATA WRAPPER plproxy OPTIONS ($opts);
CREATE USER MAPPING FOR PUBLIC SERVER shards;
CREATE FUNCTION insert_photo(key text) RETURNS bigint AS \$\$
  CLUSTER 'shards'; RUN ON hashtext(key);
\$\$ LANGUAGE plproxy;
CREATE FUNCTION all_photos(OUT shard int, OUT id bigint, OUT key text)
RETURNS SETOF record AS \$\$
  CLUSTER 'shards'; RUN ON ALL;
\$\$ LANGUAGE plproxy;
SQL

insert_batch() {  # insert_batch TAG COUNT: COUNT photos from 4 clients at once
  local c
  for c in 1 2 3 4; do
    pg_psql $((base + 1)) -d proxy -c "SELECT count(insert_photo('$1-$c-' || g)) FROM generate_series(1, $2) g" >/dev/null & pids+=($!)
  done
  wait_all "${pids[@]}"; pids=()
}
check() {  # check LABEL: gathered through RUN ON ALL
  local got
  got=$(pg_psql $((base + 1)) -d proxy -At -F ' ' -c "
    SELECT count(*), count(*) - count(DISTINCT id), count(*) FILTER (WHERE shard_id_shard(id) <> shard),
           count(DISTINCT shard) FROM all_photos()")
  echo "$1: rows duplicates wrong_shard shards = $got"
  [ "$(echo "$got" | cut -d' ' -f2,3,4)" = "0 0 8" ] || { echo "FAIL: $1"; exit 1; }
}
# shard 7's generator a minute ahead of the clock (as after a clock step back)
pg_psql $((base + 2)) -c "SELECT shard_id_resume_after(shard_id_from_time(now() + interval '1 minute') | (7 << 10))"
insert_batch before 500
check "8 shards on 2 servers"

# move shard 3 from server 1 to server 2, and point the proxy at it there
pg_as_owner "$PG_BINDIR/pg_dump" -h 127.0.0.1 -p $((base + 1)) -U postgres -n insta3 postgres |
  pg_psql $((base + 2)) >/dev/null
pg_psql $((base + 1)) -c "DROP SCHEMA insta3 CASCADE" >/dev/null 2>&1
pg_psql $((base + 1)) -d proxy -c "ALTER SERVER shards OPTIONS (SET p3 '$(partition 3 2)')"
insert_batch after 500
check "after moving shard 3"

# move shard 7 from server 2 to server 1: its generator resumes after its last ID
pg_as_owner "$PG_BINDIR/pg_dump" -h 127.0.0.1 -p $((base + 2)) -U postgres -n insta7 postgres |
  pg_psql $((base + 1)) >/dev/null
pg_psql $((base + 1)) -c "SELECT shard_id_resume_after(max(id)) FROM insta7.photos" >/dev/null
pg_psql $((base + 2)) -c "DROP SCHEMA insta7 CASCADE" >/dev/null 2>&1
pg_psql $((base + 1)) -d proxy -c "ALTER SERVER shards OPTIONS (SET p7 '$(partition 7 1)')"
insert_batch moved 500
check "after moving shard 7"

fail=0
# shard, its new server, the batch after its move, the batches before it
for moved in "3 2 after before" "7 1 moved before|after"; do
  read -r shard server tag old <<<"$moved"
  got=$(pg_psql $((base + 1)) -d proxy -At -F ' ' -c "
    SELECT count(*) FILTER (WHERE key LIKE '$tag-%'),
           min(id) FILTER (WHERE key LIKE '$tag-%') > max(id) FILTER (WHERE key ~ '^($old)-')
      FROM all_photos() WHERE shard = $shard")
  held=$(pg_psql $((base + server)) -At -c "SELECT count(*) FROM insta$shard.photos")
  echo "shard $shard now on server $server holds $held photos; new rows, all above its old IDs: $got"
  if [[ $got =~ ^[1-9][0-9]*\ t$ ]]; then
    echo "ok: the moved shard $shard's IDs keep increasing"
  else
    echo "FAIL: the moved shard $shard's IDs do not keep increasing"; fail=1
  fi
done
exit $fail
