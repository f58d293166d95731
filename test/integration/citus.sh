#!/usr/bin/env bash
# idgen on a Citus cluster on loopback: a coordinator, two workers and a
# streaming standby of worker 1, then a third worker added later, with
# idgen.node_id set nowhere (docs/citus.md). Citus is built once from the
# vendored source and cached (test/lib/citus_build.sh).
#  - node ids: every node's is its Citus group id (idgen_cluster_node_ids()
#    lists them, no duplicate); a node not added yet, a group past 1023 and a
#    group past a declared layout's node field are refused; an explicit
#    idgen.node_id wins, and one that repeats a group is flagged;
#  - tables distributed by every native type, uuid (v7), each bigint family
#    and a declared layout: a pushed-down INSERT ... SELECT, a co-located
#    join by ID; a reference table keyed by an idgen type;
#  - concurrent inserts through the coordinator, directly on each worker and
#    pushed down: no repeat, every Snowflake carries its maker's node id;
#  - worker 1 fails over to its standby (promote, citus_update_node): every
#    ID of node 1 after is above every one before, no repeat;
#  - a shard moved keeps its rows and IDs; a worker added later generates
#    with its own group;
#  - a distributed table partitioned by the time inside its ULID.
# Ports: 25940-25945 (+ IDGEN_PORT_OFFSET).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/citus_cluster.sh
started=$SECONDS

base=$((25940 + ${IDGEN_PORT_OFFSET:-0}))
coord=$base w1=$((base + 1)) w2=$((base + 2)) standby=$((base + 3)) w3=$((base + 4)) w4=$((base + 5))
rows_per_client=${ROWS_PER_CLIENT:-25000}
work=$(pg_scratch_dir citus)
pids=()
trap 'set +e; for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; citus_stop_all; rm -rf "$work"' EXIT
citus_prepare "$work"
fails=0
check() {  # check WHAT EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected $2, got $3"; fails=$((fails + 1)); fi
}
refused() { pg_refuses "$@" || fails=$((fails + 1)); }
q() { local port=$1; shift; pg_psql "$port" -At "$@"; }

for p in $coord $w1 $w2; do citus_node "n$p" "$p"; done
q $coord -c "SELECT citus_set_coordinator_host('127.0.0.1', $coord)" \
  -c "SELECT citus_add_node('127.0.0.1', $w1)" -c "SELECT citus_add_node('127.0.0.1', $w2)" >/dev/null
echo "cluster up after $((SECONDS - started)) s"

# docs/citus.md's blocks, on this cluster: CREATE EXTENSION idgen first
printf '%s\n' psql -X -q -h 127.0.0.1 -p "$coord" -U postgres -d postgres >"$work/psql_args"
PGTZ=UTC PGDATESTYLE='ISO, MDY' SQL_BLOCKS_RUN_ONLY='needs a Citus cluster' \
  python3 test/doc/sql_blocks.py "$work/psql_args" docs/citus.md || fails=$((fails + 1))
q $coord -c "SET client_min_messages = warning" -c "CREATE EXTENSION IF NOT EXISTS idgen" >/dev/null

# --- node ids from the groups -------------------------------------------
check "each node's id is its group, no duplicate" "0|0|citus group|f 1|1|citus group|f 2|2|citus group|f" \
  "$(q $coord -c "SELECT groupid, node_id, source, duplicate FROM idgen_cluster_node_ids()" | tr '\n' ' ' | sed 's/ $//')"
for p in $coord $w1 $w2; do
  check "port $p: snowflake_node(snowflake_id()) is its group" \
    "$(q $coord -c "SELECT groupid FROM pg_dist_node WHERE nodeport = $p")" \
    "$(q $p -c "SELECT snowflake_node(snowflake_id())")"
done
check "tsid() and sonyflake_id() carry the group on worker 2" "2 2" \
  "$(q $w2 -F ' ' -c "SELECT tsid_node(tsid()), (sonyflake_decode(sonyflake_id())).machine")"

# a server with Citus that is no node yet reads group 0, the coordinator's
citus_node "n$w3" $w3
q $w3 -c "CREATE EXTENSION idgen" >/dev/null
refused $w3 "SELECT snowflake_id()" 55000 \
  'snowflake_id\(\): this server is not a node of its Citus cluster yet'
check "idgen_node_id() says why there is none" "|citus group 0, not in the cluster yet" \
  "$(q $w3 -c "SELECT * FROM idgen_node_id()")"

# --- every family as a distribution key ---------------------------------
# layouts and keys reach the workers through idgen_cluster_sync(), as their owner allows
q $coord -c "SELECT idgen_layout_create('ctl', '2025-01-01+00', '1 millisecond', 4, 12)" \
  -c "SELECT idgen_layout_create('narrow', '2025-01-01+00', '1 millisecond', 1, 15)" \
  -c "SELECT idgen_key_create('k')" \
  -c "CREATE ROLE app LOGIN" -c "GRANT ALL ON SCHEMA public TO app" >/dev/null
check "a role that is no superuser generates with the group too" "1" \
  "$(q $w1 -c "SET ROLE app" -c "SELECT snowflake_node(snowflake_id())")"
refused $coord "SET ROLE app; SELECT * FROM idgen_cluster_sync()" 42501 'permission denied for table idgen_key_store'
# a worker that would not take the rows refuses the sync before any key is sent
q $w2 -c "UPDATE pg_extension SET extversion = '0.6.1' WHERE extname = 'idgen'" >/dev/null
refused $coord "SELECT * FROM idgen_cluster_sync()" 55000 \
  "idgen_cluster_sync: a worker would not take the rows: 127.0.0.1:$w2: idgen 0.6.1, not 0.7.0"
q $w2 -c "UPDATE pg_extension SET extversion = '0.7.0' WHERE extname = 'idgen'" >/dev/null
# a role with INSERT but no DELETE there is refused before the rows are sent
q $coord -c "CREATE ROLE syncer LOGIN" -c "GRANT SELECT ON idgen_key_store, idgen_declared_layouts TO syncer" >/dev/null
for p in $w1 $w2; do q $p -c "GRANT SELECT, INSERT ON idgen_key_store, idgen_declared_layouts TO syncer" >/dev/null; done
refused $coord "SET ROLE syncer; SELECT * FROM idgen_cluster_sync()" 55000 \
  "idgen_cluster_sync: a worker would not take the rows: 127.0.0.1:$w1: no DELETE on public.idgen_declared_layouts, public.idgen_key_store; 127.0.0.1:$w2: no DELETE on public.idgen_declared_layouts, public.idgen_key_store"
# a key granted to a role that a worker lacks is refused before it is sent
q $coord -c "SET citus.enable_create_role_propagation = off" -c 'CREATE ROLE localonly' -c 'CREATE ROLE "Odd ""Local"""' \
  -c "SELECT idgen_key_grant('k', 'localonly')" -c "SELECT idgen_key_grant('k', 'Odd \"Local\"')" \
  -c "SELECT idgen_key_grant('k', 'PUBLIC')" -c "SELECT idgen_key_grant('k', 'syncer')" >/dev/null
refused $coord "SELECT * FROM idgen_cluster_sync()" 55000 \
  "idgen_cluster_sync: a worker would not take the rows: 127.0.0.1:$w1: no role \"Odd \"\"Local\"\"\", localonly; 127.0.0.1:$w2: no role \"Odd \"\"Local\"\"\", localonly"
q $coord -c "SELECT idgen_key_revoke('k', 'localonly')" -c "SELECT idgen_key_revoke('k', 'Odd \"Local\"')" \
  -c "SET citus.enable_create_role_propagation = off" -c 'DROP ROLE localonly' -c 'DROP ROLE "Odd ""Local"""' >/dev/null
key_hex=$(q $coord -c "SELECT encode(key, 'hex') FROM idgen_key_store WHERE name = 'k'")
check "key k is in no worker's log after the refusals" "0 0" \
  "$(grep -c "$key_hex" "${citus_dir_of[$w1]}/server.log" "${citus_dir_of[$w2]}/server.log" | cut -d: -f2 | tr '\n' ' ' | sed 's/ $//')"
check "no new key reached worker 1 meanwhile" "doc_k" "$(q $w1 -c "SELECT string_agg(name, ' ') FROM idgen_keys")"
# the keys are masked in the command's text: a log of every statement shows none
q $w1 -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
check "idgen_cluster_sync() reaches both workers" "t t" \
  "$(q $coord -c "SELECT success FROM idgen_cluster_sync()" | tr '\n' ' ' | sed 's/ $//')"
q $w1 -c "ALTER SYSTEM RESET log_statement" -c "SELECT pg_reload_conf()" >/dev/null
doc_hex=$(q $coord -c "SELECT encode(key, 'hex') FROM idgen_key_store WHERE name = 'doc_k'")
check "worker 1 logged the sync's statements, no key among them" "t 0" \
  "$(grep -q 'jsonb_populate_recordset' "${citus_dir_of[$w1]}/server.log" && echo t) $(grep -c -e "$key_hex" -e "$doc_hex" "${citus_dir_of[$w1]}/server.log")"
# nor does any plan the sync makes, on any node: auto_explain (verbose,
# nested statements) logs each; no key, and no worker's seed (a bytea
# constant, or the seed's JSON as a worker returned it)
citus_plans_logged on $coord $w1 $w2
declare -A log_at=()
for p in $coord $w1 $w2; do log_at[$p]=$(citus_log_size $p); done
check "idgen_cluster_sync() with every plan logged" "t t" \
  "$(q $coord -c "SELECT success FROM idgen_cluster_sync()" | tr '\n' ' ' | sed 's/ $//')"
citus_plans_logged off $coord $w1 $w2
plans=$(for p in $coord $w1 $w2; do citus_log_since $p "${log_at[$p]}"; done)
check "auto_explain logged the sync's plans on the coordinator and the workers' INSERT" "t t" \
  "$(grep -q 'Query Text:.*run_command_on_workers' <<<"$plans" && echo t) $(grep -q 'Query Text: INSERT INTO public.idgen_key_store' <<<"$plans" && echo t)"
check "no plan holds a key or a seed" "0" \
  "$(grep -Ec -e "$key_hex" -e "$doc_hex" -e '"seed" ?: ' -e "'\\\\x[0-9a-f]{32}'::bytea" <<<"$plans")"
check "a worker has the layouts and the keys (the docs' too)" "ctl doc_ctl narrow|doc_k k" \
  "$(q $w1 -c "SELECT string_agg(name, ' ' ORDER BY name) FROM idgen_declared_layouts" -c "SELECT string_agg(name, ' ') FROM idgen_keys" | tr '\n' '|' | sed 's/|$//')"
# a worker that fails the rows all the same makes the sync raise, not return success = f
q $w2 -c "SET citus.enable_ddl_propagation = off" \
  -c "CREATE FUNCTION refuse_rows() RETURNS trigger LANGUAGE plpgsql AS \$\$BEGIN RAISE EXCEPTION 'no rows here'; END\$\$" \
  -c "CREATE TRIGGER refuse_rows BEFORE INSERT ON idgen_declared_layouts FOR EACH ROW EXECUTE FUNCTION refuse_rows()" >/dev/null
refused $coord "SELECT * FROM idgen_cluster_sync()" 55000 \
  "idgen_cluster_sync: a worker did not take the rows: 127.0.0.1:$w2: ERROR:  no rows here"
q $w2 -c "SET citus.enable_ddl_propagation = off" -c "DROP TRIGGER refuse_rows ON idgen_declared_layouts" -c "DROP FUNCTION refuse_rows()" >/dev/null
# a grantee that no longer exists is a bare OID on the coordinator (DROP ROLE
# refuses a grantee, but a restore with triggers disabled or pg_upgrade
# loses that dependency: made so here): never sent, since a worker would
# read it as whichever of its roles has that OID
bare_oid() {  # bare_oid append|remove: a role OID no role has, in k's grants
  q $coord -c "ALTER TABLE idgen_key_store DISABLE TRIGGER ALL" \
    -c "UPDATE idgen_key_store SET granted_to = pg_catalog.array_$1(granted_to, 987654::oid::regrole) WHERE name = 'k'" \
    -c "ALTER TABLE idgen_key_store ENABLE TRIGGER ALL" >/dev/null
}
bare_oid append
q $coord -c "SELECT * FROM idgen_cluster_sync()" >/dev/null
check "a dropped grantee's OID reaches no worker" "{PUBLIC,syncer}|{PUBLIC,syncer}" \
  "$(q $w1 -c "SELECT granted_to FROM idgen_keys WHERE name = 'k'")|$(q $w2 -c "SELECT granted_to FROM idgen_keys WHERE name = 'k'")"
bare_oid remove
# a layout that layout_id() ran on a worker: the sync neither drops it there
# nor declares it again with another epoch (its IDs would repeat)
q $coord -c "SELECT idgen_layout_create('lz', '2025-01-01+00', '1 millisecond', 6, 12)" -c "SELECT * FROM idgen_cluster_sync()" >/dev/null
# a synced layout is each worker's own there, not a copy of the coordinator's database
check "a synced layout's created_in is each worker's" "t|t" \
  "$(for p in $w1 $w2; do q $p -c "SELECT created_in = idgen_layout_origin() FROM idgen_declared_layouts WHERE name = 'lz'"; done | tr '\n' '|' | sed 's/|$//')"
q $w1 -c "SELECT layout_id('lz')" >/dev/null
q $coord -c "SELECT idgen_layout_drop('lz')" >/dev/null
refused $coord "SELECT * FROM idgen_cluster_sync()" 55000 \
  "idgen_cluster_sync: a worker would not take the rows: 127.0.0.1:$w1: idgen_layout_drop: layout \"lz\" may have handed out IDs"
q $coord -c "SELECT idgen_layout_create('lz', '2025-01-01 00:00:30+00', '1 millisecond', 6, 12)" >/dev/null
refused $coord "SELECT * FROM idgen_cluster_sync()" 55000 \
  "idgen_cluster_sync: a worker would not take the rows: 127.0.0.1:$w1: idgen_layout_drop: layout \"lz\" may have handed out IDs"
q $coord -c "SELECT idgen_layout_drop('lz')" -c "SELECT idgen_layout_create('lz', '2025-01-01+00', '1 millisecond', 6, 12)" >/dev/null
check "declared again as it was, the layout syncs" "t t" \
  "$(q $coord -c "SELECT success FROM idgen_cluster_sync()" | tr '\n' ' ' | sed 's/ $//')"
families=(
  "ulid:ulid()" "ulid_mono:ulid_monotonic()" "ksuid:ksuid()" "ksuid_ms:ksuid_ms()" "objectid:objectid()"
  "xid12:xid_generate()" "scru128:scru128()" "timeflake:timeflake()" "typeid:typeid_generate('user')"
  "uuid:uuid_v7()" "snowflake:snowflake_id()" "tsid:tsid()" "sonyflake:sonyflake_id()"
  "layout:layout_id('ctl')" "shard:next_shard_id((idgen_node_id()).node_id)")
type_of() {
  case $1 in
    ulid_mono) echo ulid ;; ksuid_ms) echo ksuid ;; uuid) echo uuid ;;
    snowflake | tsid | sonyflake | layout | shard) echo bigint ;; *) echo "$1" ;;
  esac
}
for f in "${families[@]}"; do
  name=${f%%:*} gen=${f#*:} type=$(type_of "${f%%:*}")
  q $coord -c "CREATE TABLE k_$name (id $type PRIMARY KEY DEFAULT $gen, n int)" \
    -c "SELECT create_distributed_table('k_$name', 'id')" \
    -c "CREATE TABLE c_$name (id $type PRIMARY KEY, made $type DEFAULT $gen, n int)" \
    -c "SELECT create_distributed_table('c_$name', 'id', colocate_with => 'k_$name')" \
    -c "INSERT INTO k_$name (n) SELECT g FROM generate_series(1, 2000) g" >/dev/null
  # pushed down: the DEFAULT of c_<name>.made is evaluated on the workers
  q $coord -c "INSERT INTO c_$name (id, n) SELECT id, n FROM k_$name" >/dev/null
  check "$name ($type): inserted, pushed down, co-located join by ID, no repeat" "2000|2000|4000" \
    "$(q $coord -c "SELECT (SELECT count(*) FROM k_$name k JOIN c_$name c USING (id) WHERE k.n = c.n),
                           (SELECT count(DISTINCT made) FROM c_$name),
                           (SELECT count(DISTINCT x) FROM (SELECT id FROM k_$name UNION ALL SELECT made FROM c_$name) AS u(x))")"
done
one=$(q $coord -c "SELECT id FROM k_ulid LIMIT 1")
check "a lookup by ULID is routed to one shard" "Task Count: 1" \
  "$(q $coord -c "EXPLAIN SELECT * FROM k_ulid WHERE id = '$one'" | grep -o 'Task Count: [0-9]*')"
check "pushed-down layout_id('ctl') IDs carry the workers' groups" "1 2" \
  "$(q $coord -c "SELECT DISTINCT (layout_decode(made, 'ctl')).node FROM c_layout ORDER BY 1" | tr '\n' ' ' | sed 's/ $//')"

# faces and permutations computed on the workers, pushed down
q $coord -c "CREATE TABLE faces (id uuid PRIMARY KEY, face uuid, public bigint)" \
  -c "SELECT create_distributed_table('faces', 'id', colocate_with => 'k_uuid')" \
  -c "INSERT INTO faces SELECT id, uuid_v47_encode(id, 'k'), idgen_permute(n::bigint, 'k') FROM k_uuid" >/dev/null
check "pushed-down faces and permutations read back on the coordinator" "2000|2000|2000" \
  "$(q $coord -c "SELECT count(*) FILTER (WHERE uuid_v47_decode(face, 'k') = id), count(DISTINCT face),
                         count(*) FILTER (WHERE idgen_unpermute(public, 'k') BETWEEN 1 AND 2000) FROM faces")"
# an UPDATE with a face is refused by Citus (a STABLE function of a column); per shard it runs
refused $coord "UPDATE faces SET face = uuid_v47_encode(id, 'k')" 0A000 \
  'STABLE functions used in UPDATE queries cannot be called with column references'
q $coord -c "UPDATE faces SET face = NULL" \
  -c "SELECT run_command_on_shards('faces', \$\$UPDATE %s SET face = public.uuid_v47_encode(id, 'k')\$\$)" >/dev/null
check "faces filled per shard (run_command_on_shards)" "2000" \
  "$(q $coord -c "SELECT count(*) FROM faces WHERE uuid_v47_decode(face, 'k') = id")"
# a GRANT on idgen's functions stays on the coordinator (docs/citus.md): it is made on the workers too
q $coord -c "GRANT SELECT ON k_uuid TO app" -c "GRANT EXECUTE ON FUNCTION uuid_v47_encode(uuid, text) TO app" \
  -c "SELECT idgen_key_grant('k', 'app')" -c "SELECT * FROM idgen_cluster_sync()" >/dev/null
refused $coord "SET ROLE app; SELECT count(uuid_v47_encode(id, 'k')) FROM k_uuid" 42501 \
  'permission denied for function uuid_v47_encode'
q $coord -c "SELECT run_command_on_workers(\$\$GRANT EXECUTE ON FUNCTION public.uuid_v47_encode(uuid, text) TO app\$\$)" >/dev/null
check "EXECUTE granted on the workers too: app makes faces there" "2000" \
  "$(q $coord -c "SET ROLE app" -c "SELECT count(uuid_v47_encode(id, 'k')) FROM k_uuid")"

# a reference table keyed by an idgen type, joined to a distributed one
q $coord -c "CREATE TABLE r_kinds (id ksuid PRIMARY KEY DEFAULT ksuid(), label text)" \
  -c "SELECT create_reference_table('r_kinds')" \
  -c "INSERT INTO r_kinds (label) SELECT 'k' || g FROM generate_series(1, 50) g" >/dev/null
check "a reference table keyed by ksuid: on every node, joined" "50 50 50 2000" \
  "$(echo $(q $w1 -c "SELECT count(*) FROM r_kinds") $(q $w2 -c "SELECT count(*) FROM r_kinds") \
     $(q $coord -c "SELECT count(*) FROM r_kinds") \
     $(q $coord -c "SELECT count(*) FROM k_ksuid k JOIN r_kinds r ON r.label = 'k' || (k.n % 50 + 1)"))"

# --- many writers at once ------------------------------------------------
# made: the port of the server that evaluated the DEFAULT, the truth the
# node id in each Snowflake is checked against
q $coord -c "CREATE TABLE events (id bigint PRIMARY KEY DEFAULT snowflake_id(), made int DEFAULT inet_server_port(), src text)" \
  -c "SELECT create_distributed_table('events', 'id')" \
  -c "CREATE TABLE copies (src_id bigint, id bigint DEFAULT snowflake_id(), made int DEFAULT inet_server_port(), PRIMARY KEY (src_id, id))" \
  -c "SELECT create_distributed_table('copies', 'src_id', colocate_with => 'events')" >/dev/null
writer() {  # writer PORT TAG: rows in statements of 1,000
  local i
  for ((i = 0; i < rows_per_client / 1000; i++)); do
    q "$1" -c "INSERT INTO events (src) SELECT '$2' FROM generate_series(1, 1000)" >/dev/null || return 1
  done
}
for p in $coord $coord $w1 $w1 $w2 $w2; do writer $p "direct:$p" & pids+=($!); done
# pushed down while they write: each worker copies what its shards hold so far
for i in 1 2 3 4 5; do
  q $coord -c "INSERT INTO copies (src_id) SELECT id FROM events" >/dev/null
done
wait_all "${pids[@]}"; pids=()
q $coord -c "INSERT INTO copies (src_id) SELECT id FROM events" >/dev/null
node_truth="SELECT nodeport, groupid FROM pg_dist_node"
check "many writers: at least 300,000 IDs, no repeat, each carries its maker's group" "t|0|0" \
  "$(q $coord -c "WITH ids AS (SELECT id, made FROM events UNION ALL SELECT id, made FROM copies)
                  SELECT count(*) >= 300000, count(*) - count(DISTINCT id),
                         count(*) FILTER (WHERE snowflake_node(id) <> n.groupid)
                    FROM ids JOIN ($node_truth) n ON n.nodeport = ids.made")"
echo "rows: $(q $coord -c "SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM copies)")"

# --- worker 1 fails over to its standby ----------------------------------
citus_standby "sb$standby" $standby $w1
q $w1 -c "INSERT INTO events (src) SELECT 'before failover' FROM generate_series(1, 5000)" >/dev/null
q $coord -c "INSERT INTO copies (src_id) SELECT id FROM events WHERE src = 'before failover'" >/dev/null
refused $standby "SELECT snowflake_id()" 55000 'snowflake_id\(\) cannot run on a server in recovery'
before=$(q $coord -c "SELECT max(id) FROM (SELECT id FROM events UNION ALL SELECT id FROM copies) u WHERE snowflake_node(id) = 1")
citus_fail_over $coord $w1 $standby
q $standby -c "INSERT INTO events (src) SELECT 'after failover' FROM generate_series(1, 5000)" >/dev/null
q $coord -c "INSERT INTO copies (src_id) SELECT id FROM events WHERE src = 'after failover'" >/dev/null
check "after failover: node 1's IDs all above its IDs before, no repeat" "t|t|0" \
  "$(q $coord -c "WITH ids AS (SELECT id, made FROM events UNION ALL SELECT id, made FROM copies)
                  SELECT min(id) FILTER (WHERE made = $standby) > $before,
                         bool_and(snowflake_node(id) = 1) FILTER (WHERE made = $standby),
                         count(*) - count(DISTINCT id) FROM ids")"
check "the promoted standby generates with its primary's group" "1|citus group" \
  "$(q $standby -c "SELECT * FROM idgen_node_id()")"

# --- a shard moved keeps its rows and IDs --------------------------------
shard=$(q $coord -c "SELECT shardid FROM citus_shards WHERE table_name = 'events'::regclass AND nodeport = $w2 LIMIT 1")
sum_before=$(q $coord -c "SELECT count(*), sum(hashint8(id)) FROM events WHERE get_shard_id_for_distribution_column('events', id) = $shard")
q $coord -c "SELECT citus_move_shard_placement($shard, '127.0.0.1', $w2, '127.0.0.1', $standby, shard_transfer_mode => 'block_writes')" >/dev/null
check "a moved shard is on its new worker" "$standby" \
  "$(q $coord -c "SELECT nodeport FROM citus_shards WHERE shardid = $shard AND table_name = 'events'::regclass")"
check "a moved shard keeps its rows and IDs" "$sum_before" \
  "$(q $coord -c "SELECT count(*), sum(hashint8(id)) FROM events WHERE get_shard_id_for_distribution_column('events', id) = $shard")"

# --- a worker added later -------------------------------------------------
q $coord -c "SELECT citus_add_node('127.0.0.1', $w3)" -c "SELECT * FROM idgen_cluster_sync()" >/dev/null
group3=$(q $coord -c "SELECT groupid FROM pg_dist_node WHERE nodeport = $w3")
check "a worker added later generates with its own group ($group3)" "$group3" \
  "$(q $w3 -c "SELECT snowflake_node(snowflake_id())")"
refused $w3 "SELECT layout_id('narrow')" 22023 \
  "layout_id\\(\\): node id $group3 \\(the Citus group id\\) does not fit layout \"narrow\""
# a group past 1023 is no node id; an explicit setting wins; a repeat is flagged
q $coord -c "SELECT setval('pg_dist_groupid_seq', 1500)" >/dev/null
citus_node "n$w4" $w4
q $coord -c "SELECT citus_add_node('127.0.0.1', $w4)" >/dev/null
refused $w4 "SELECT snowflake_id()" 22023 'snowflake_id\(\): Citus group id 1501 is not a node id'
check "idgen_cluster_node_ids() names the group past the range" "|citus group 1501, above 1023|f" \
  "$(q $coord -c "SELECT node_id, source, duplicate FROM idgen_cluster_node_ids() WHERE nodeport = $w4")"
q $w4 -c "ALTER SYSTEM SET idgen.node_id = 2" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "${citus_dir_of[$w4]}/data" -w -m fast restart -l "${citus_dir_of[$w4]}/server.log" >/dev/null
check "an explicit idgen.node_id wins over the group" "2" "$(q $w4 -c "SELECT snowflake_node(snowflake_id())")"
check "two nodes with node id 2 are flagged" "2|2|t 1501|2|t" \
  "$(q $coord -c "SELECT groupid, node_id, duplicate FROM idgen_cluster_node_ids() WHERE node_id = 2" | tr '\n' ' ' | sed 's/ $//')"
q $coord -c "SELECT citus_remove_node('127.0.0.1', $w4)" >/dev/null

# --- partitioned by the time inside the ID --------------------------------
q $coord -c "CREATE TABLE timeline (id ulid NOT NULL DEFAULT ulid(), body text) PARTITION BY RANGE (id)" \
  -c "SELECT create_distributed_table('timeline', 'id')" \
  -c "SELECT count(*) FROM idgen_partition_maintain('timeline', '1 day', 2, as_of => '2026-01-10 12:00+00')" \
  -c "INSERT INTO timeline VALUES (ulid(timestamptz '2026-01-10 23:59:59.999+00'), 'last of the 10th'), (ulid(timestamptz '2026-01-11 00:00+00'), 'first of the 11th')" >/dev/null
check "idgen_partition_maintain's partitions are distributed" "3" \
  "$(q $coord -c "SELECT count(*) FROM pg_dist_partition WHERE logicalrelid::text LIKE 'timeline_p%'")"
check "rows land in their day's partition" "1|1" \
  "$(q $coord -c "SELECT (SELECT count(*) FROM timeline_p20260110 WHERE body = 'last of the 10th'),
                         (SELECT count(*) FROM timeline_p20260111 WHERE body = 'first of the 11th')")"
plan=$(q $coord -c "EXPLAIN (COSTS OFF) SELECT * FROM timeline WHERE id >= ulid_from_time('2026-01-11 01:00+00') AND id < ulid_from_time('2026-01-11 02:00+00')")
check "a time range reads one day's partition" "timeline_p20260111" \
  "$(grep -o 'timeline_p[0-9]*' <<<"$plan" | sort -u | tr '\n' ' ' | sed 's/ $//')"

echo "citus.sh: $fails failure(s), $((SECONDS - started)) s"
[ $fails -eq 0 ]
