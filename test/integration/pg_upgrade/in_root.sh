#!/usr/bin/env bash
# The steps of test/integration/pg_upgrade.sh, run in the sid root (as root;
# the servers as postgres) from a copy of idgen's source in which idgen is
# built and installed for 18 and 19. The environment gives the ports
# (OLD_PORT, NEW_PORT, SKIP_PORT) and a directory postgres owns (WORK).
set -euo pipefail
cd "$(dirname "$0")/../../.."
old_bin=/usr/lib/postgresql/18/bin new_bin=/usr/lib/postgresql/19/bin
export PATH=$new_bin:$PATH PG_BINDIR=$old_bin
source test/lib/pg_server.sh

old=$WORK/old new=$WORK/new skipped=$WORK/skipped
settings=("shared_preload_libraries = 'idgen'" "idgen.node_id = 7")
fail=0
trap 'for d in "$old" "$new" "$skipped"; do PG_BINDIR=$old_bin pg_server_stop "$d"; PG_BINDIR=$new_bin pg_server_stop "$d"; done' EXIT
ctl() {  # ctl BINDIR DIR ARGS...: pg_ctl as the servers' owner
  local bin=$1 dir=$2; shift 2
  pg_as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 "$@" >/dev/null
}
check() {  # check PORT LABEL SQL-returning-t 
  if [ "$(pg_psql "$1" -At -c "$3")" = t ]; then echo "ok: $2"; else echo "FAIL: $2"; fail=1; fi
}

# Tables keyed by every family, a btree primary key each (hash and BRIN
# indexes too), filled by the column defaults.
families=(
  "snowflake bigint snowflake_id()"
  "shard bigint next_shard_id(5)"
  "ulid ulid ulid()"
  "ulid_monotonic ulid ulid_monotonic()"
  "uuid_v7 uuid uuid_v7()"
  "uuid_v6 uuid uuid_v6()"
  "uuid_v4 uuid uuid_v4()"
  "ksuid ksuid ksuid()"
  "objectid objectid objectid()"
)
# each table's rows and contents, one line per table
contents() {
  local entry name sql=
  for entry in "${families[@]}"; do
    read -r name _ _ <<<"$entry"
    sql+="${sql:+ UNION ALL }SELECT '$name', count(*), md5(string_agg(id::text || ' ' || note, ',' ORDER BY id)) FROM t_$name"
  done
  pg_psql "$1" -At -F ' ' -c "$sql ORDER BY 1"
}

pg_as_owner mkdir -p "$old" "$new"
echo "--- PostgreSQL 18: idgen $(sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control), tables keyed by every family"
pg_server_start "$old" "$OLD_PORT" "${settings[@]}"
pg_psql "$OLD_PORT" -c "CREATE EXTENSION idgen" -c "CREATE EXTENSION amcheck"
for entry in "${families[@]}"; do
  read -r name type default <<<"$entry"
  pg_psql "$OLD_PORT" -c "CREATE TABLE t_$name (id $type PRIMARY KEY DEFAULT $default, note text)"
  [ "$type" = bigint ] || pg_psql "$OLD_PORT" -c "CREATE INDEX ON t_$name USING hash (id)"
done
pg_psql "$OLD_PORT" -c "CREATE INDEX ON t_ulid USING brin (id)" -c "CREATE INDEX ON t_ksuid USING brin (id)"
fill() {  # fill PORT LABEL ROWS
  local entry name
  for entry in "${families[@]}"; do
    read -r name _ _ <<<"$entry"
    pg_psql "$1" -c "INSERT INTO t_$name (note) SELECT '$2 ' || i FROM generate_series(1, $3) i"
  done
}
fill "$OLD_PORT" 18 10000
# The shared generators run 2 minutes ahead of the clock (as after a clock
# stepped back): the new server's clock is then behind the last old IDs, and
# only the old reservation keeps it above them.
pg_psql "$OLD_PORT" -At -c "
  SELECT snowflake_resume_after(snowflake_id_from_time(now() + interval '2 min')),
         shard_id_resume_after(shard_id_from_time(now() + interval '2 min') | (5 << 10)),
         ulid_monotonic_resume_after(ulid_from_time(now() + interval '2 min'))" >/dev/null
fill "$OLD_PORT" "18 ahead" 1000
check "$OLD_PORT" "the last old IDs are 2 minutes ahead of the clock" \
  "SELECT snowflake_timestamp(max(id)) > now() + interval '100 s' FROM t_snowflake"
contents "$OLD_PORT" >"$WORK/before.txt"
pg_psql "$OLD_PORT" -At -F ' ' -c "
  SELECT (SELECT max(id) FROM t_snowflake), (SELECT max(id) FROM t_shard),
         (SELECT max(id) FROM t_ulid_monotonic)" >"$WORK/max.txt"
read -r max_snowflake max_shard max_ulid <"$WORK/max.txt"
ctl "$old_bin" "$old" stop -m fast

echo "--- pg_upgrade to 19: the new cluster with the old one's idgen settings"
pg_as_owner "$new_bin/initdb" -D "$new/data" -U postgres --auth=trust --encoding=UTF8 \
  --locale=C.UTF-8 >"$new/initdb.log" 2>&1 || { cat "$new/initdb.log"; exit 1; }
printf '%s\n' "listen_addresses = '127.0.0.1'" "port = $NEW_PORT" "unix_socket_directories = '$new'" \
  "fsync = off" "${settings[@]}" | pg_as_owner tee -a "$new/data/postgresql.conf" >/dev/null
start=$(date +%s)
if ! (cd "$WORK" && pg_as_owner "$new_bin/pg_upgrade" -b "$old_bin" -B "$new_bin" \
        -d "$old/data" -D "$new/data" -p "$OLD_PORT" -P "$NEW_PORT" -U postgres >"$WORK/pg_upgrade.log" 2>&1); then
  tail -30 "$WORK/pg_upgrade.log"
  find "$new/data/pg_upgrade_output.d" -name '*.log' -exec tail -20 {} + 2>/dev/null
  echo "FAIL: pg_upgrade"; exit 1
fi
echo "ok: pg_upgrade ($(($(date +%s) - start)) s): $(grep -c '^.*ok$' "$WORK/pg_upgrade.log") checks ok"
[ -e "$new/data/idgen.reservation" ] && { echo "FAIL: pg_upgrade copied idgen.reservation"; fail=1; }
[ -e "$new/data/idgen.reservation" ] || echo "ok: pg_upgrade did not copy idgen.reservation"

echo "--- the step skipped (a copy of the upgraded cluster): refused until it is taken"
pg_as_owner cp -a "$new" "$skipped"
pg_as_owner sed -i "s/^port = .*/port = $SKIP_PORT/; s#^unix_socket_directories = .*#unix_socket_directories = '$skipped'#" \
  "$skipped/data/postgresql.conf"
ctl "$new_bin" "$skipped" start
for call in "snowflake_id() snowflake_id\(\)" "next_shard_id(5) next_shard_id\(shard\)" \
            "ulid_monotonic() ulid_monotonic\(\)"; do
  pg_refuses "$SKIP_PORT" "SELECT ${call%% *}" 55000 \
    "${call#* }: the reservation file \"idgen\.reservation\" is missing or empty" || fail=1
done
hint=$(pg_psql "$SKIP_PORT" -c "SELECT snowflake_id()" 2>&1 | sed -n 's/^HINT:  //p' || true)
[[ $hint == *"after pg_upgrade: copy it from the old data directory"* ]] &&
  echo "ok: the hint says: $hint" || { echo "FAIL: the hint: $hint"; fail=1; }
check "$SKIP_PORT" "the rest works meanwhile: ulid(), uuid_v7(), decoders, reads" \
  "SELECT ulid() IS NOT NULL AND uuid_v7() IS NOT NULL AND snowflake_node(max(id)) = 7 FROM t_snowflake"
# the clock instead of the file: below the old IDs that ran ahead of it
pg_psql "$SKIP_PORT" -c "SELECT idgen_reservation_init()" >/dev/null
check "$SKIP_PORT" "idgen_reservation_init() instead would go on from the clock, below the last old IDs" \
  "SELECT snowflake_id() < $max_snowflake"
# started first by mistake: stop it, copy, start (the docs' second way)
ctl "$new_bin" "$skipped" stop -m fast
pg_as_owner cp -p "$old/data/idgen.reservation" "$skipped/data/idgen.reservation"
ctl "$new_bin" "$skipped" start
check "$SKIP_PORT" "stopped, the file copied, started: snowflake_id() above every old ID" \
  "SELECT snowflake_id() > $max_snowflake"
ctl "$new_bin" "$skipped" stop -m fast

echo "--- the documented step: the old cluster's reservation copied before the first start"
# as docs/operations.md says (Upgrading PostgreSQL's major version)
pg_as_owner cp -p "$old/data/idgen.reservation" "$new/data/idgen.reservation"
ctl "$new_bin" "$new" start
check "$NEW_PORT" "PostgreSQL 19" "SELECT current_setting('server_version_num')::int / 10000 = 19"
contents "$NEW_PORT" >"$WORK/after.txt"
if diff -u "$WORK/before.txt" "$WORK/after.txt"; then
  echo "ok: every table's rows intact ($(awk '{n += $2} END {print n}' "$WORK/after.txt") rows, md5 of each table's contents equal)"
else
  echo "FAIL: the tables' contents changed"; fail=1
fi
indexes=$(pg_psql "$NEW_PORT" -At -c "
  SELECT count(*) FROM (SELECT bt_index_check(c.oid, true) FROM pg_class c JOIN pg_am a ON a.oid = c.relam
                         WHERE a.amname = 'btree' AND c.relname LIKE 't\_%') checked")
[ "$indexes" = "${#families[@]}" ] &&
  echo "ok: amcheck: the $indexes primary keys (idgen's btree operator classes) match their tables" ||
  { echo "FAIL: amcheck checked $indexes primary keys"; fail=1; }
check "$NEW_PORT" "index scans on idgen's types find what sequential scans find" "
  SET enable_seqscan = off; SET enable_bitmapscan = off;
  SELECT (SELECT count(*) FROM t_ulid WHERE id >= ulid_from_time(now() - interval '1 day')) = 11000
     AND (SELECT count(*) FROM t_ksuid WHERE id > ksuid_from_time(now() - interval '1 day')) = 11000
     AND (SELECT count(*) FROM t_objectid o WHERE o.id = (SELECT max(id) FROM t_objectid)) = 1"
fill "$NEW_PORT" 19 10000
check "$NEW_PORT" "snowflake_id(): every new ID above every old one" \
  "SELECT min(id) > $max_snowflake FROM t_snowflake WHERE note LIKE '19 %'"
check "$NEW_PORT" "next_shard_id(5): every new ID above every old one" \
  "SELECT min(id) > $max_shard FROM t_shard WHERE note LIKE '19 %'"
check "$NEW_PORT" "ulid_monotonic(): every new ID above every old one" \
  "SELECT min(id) > '$max_ulid' FROM t_ulid_monotonic WHERE note LIKE '19 %'"
check "$NEW_PORT" "the other families still sort after the old rows" "
  SELECT (SELECT id FROM t_uuid_v7 WHERE note LIKE '19 %' ORDER BY id LIMIT 1)
         > (SELECT id FROM t_uuid_v7 WHERE note LIKE '18 %' ORDER BY id DESC LIMIT 1)
     AND (SELECT min(id) FROM t_ulid WHERE note LIKE '19 %') > (SELECT max(id) FROM t_ulid WHERE note LIKE '18 %')"
check "$NEW_PORT" "idgen_reservation_status(): ok, bound to this cluster's timeline 1" \
  "SELECT state = 'ok' AND timeline = 1 AND in_wal FROM idgen_reservation_status()"
if grep -q 'reservation file comes from another cluster' "$new/server.log"; then
  echo "ok: the server log says: $(grep -m1 -o 'the reservation file comes from another cluster.*' "$new/server.log")"
else
  echo "FAIL: no word in the log of the file from another cluster"; fail=1
fi
# a restart on the new cluster's own file: still above
ctl "$new_bin" "$new" restart -m fast
check "$NEW_PORT" "after a restart: snowflake_id() above every ID so far" \
  "SELECT snowflake_id() > (SELECT max(id) FROM t_snowflake)"
exit $fail
