#!/usr/bin/env bash
# The SQL edition on a Citus cluster with no C in it (a managed service's
# case, docs/citus.md): a coordinator, two workers and a streaming standby
# of worker 2, Citus from the cache (test/lib/citus_build.sh), only Citus
# preloaded. The edition is installed once, on the coordinator, by a role
# that is no superuser, with no node id set anywhere:
#  - idgen_cluster_sync() gives every worker its state; each node's id is
#    its group (idgen_cluster_node_ids()), a node not added yet is refused;
#  - Snowflakes, TSIDs, layout_id() of a declared layout, faces and
#    permutations with a key: inserted through the coordinator, directly on
#    each worker and by a pushed-down INSERT ... SELECT, no repeat, every
#    Snowflake carrying its maker's group;
#  - worker 2 fails over to its standby (promote, citus_update_node): every
#    ID of node 2 after is above every one before, no repeat.
# The role runs with citus.max_adaptive_executor_pool_size = 1, as
# docs/citus.md says: with several connections to one worker, Citus's
# deadlock detector takes two of them waiting on the edition's lock for a
# deadlock of the statement with itself.
# Ports: 25925-25928 (+ IDGEN_PORT_OFFSET).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/citus_cluster.sh
started=$SECONDS

base=$((25925 + ${IDGEN_PORT_OFFSET:-0}))
coord=$base w1=$((base + 1)) w2=$((base + 2)) standby=$((base + 3))
work=$(pg_scratch_dir citus-sql)
pids=()
trap 'set +e; for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; citus_stop_all; rm -rf "$work"' EXIT
citus_prepare "$work"
# no idgen library: Citus alone, as a service that loads no C of ours
citus_conf[0]="shared_preload_libraries = 'citus'"
fails=0
check() {  # check WHAT EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected $2, got $3"; fails=$((fails + 1)); fi
}
refused() { pg_refuses "$@" || fails=$((fails + 1)); }
q() { local port=$1; shift; pg_psql "$port" -At "$@"; }
# as the edition's owner, a role that is no superuser
o() { local port=$1; shift; psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U owner -d postgres -At "$@"; }

for p in $coord $w1 $w2; do citus_node "s$p" "$p"; done
q $coord -c "SELECT citus_set_coordinator_host('127.0.0.1', $coord)" \
  -c "SELECT citus_add_node('127.0.0.1', $w1)" -c "SELECT citus_add_node('127.0.0.1', $w2)" \
  -c "CREATE ROLE owner LOGIN" -c "CREATE SCHEMA idgen_sql AUTHORIZATION owner" \
  -c "GRANT CREATE ON SCHEMA public TO owner" \
  -c "ALTER ROLE owner SET citus.max_adaptive_executor_pool_size = 1" >/dev/null
o $coord -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql >/dev/null 2>"$work/install.log" ||
  { cat "$work/install.log"; exit 1; }
echo "cluster up, SQL edition installed after $((SECONDS - started)) s"
check "the install's hint on Citus: the sync, not idgen_set_node_id()" \
  "HINT:  On Citus each node takes its group id: no node id to set. Next, on the coordinator, after adding the nodes: SELECT * FROM idgen_sql.idgen_cluster_sync(); (docs/citus.md)." \
  "$(grep '^HINT:  On Citus\|^HINT:  Next' "$work/install.log")"

refused $w1 "SET search_path = idgen_sql; SELECT snowflake_id()" 42P01 'relation "_idgen_node" does not exist'
o $coord -c "SELECT idgen_sql.idgen_layout_create('sctl', '2025-01-01+00', '1 millisecond', 4, 12)" \
  -c "SELECT idgen_sql.idgen_key_create('sk')" >/dev/null
# the first sync by a superuser (who adds the nodes): what it makes there is the owner's
check "idgen_cluster_sync() by a superuser gives both workers their state" "t t" \
  "$(q $coord -c "SELECT success FROM idgen_sql.idgen_cluster_sync()" | tr '\n' ' ' | sed 's/ $//')"
check "on a worker, everything in the edition's schema is the owner's" "0" \
  "$(q $w1 -c "SELECT count(*) FROM pg_class WHERE relnamespace = 'idgen_sql'::regnamespace AND relowner <> 'owner'::regrole")"
check "each node's id is its group, no duplicate" "0|0|citus group|f 1|1|citus group|f 2|2|citus group|f" \
  "$(o $coord -c "SELECT groupid, node_id, source, duplicate FROM idgen_sql.idgen_cluster_node_ids()" | tr '\n' ' ' | sed 's/ $//')"
# the keys are masked in the command's text: a log of every statement shows none
q $w1 -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
check "a second sync changes nothing and fails nothing" "t t" \
  "$(o $coord -c "SELECT success FROM idgen_sql.idgen_cluster_sync()" | tr '\n' ' ' | sed 's/ $//')"
q $w1 -c "ALTER SYSTEM RESET log_statement" -c "SELECT pg_reload_conf()" >/dev/null
sk_hex=$(q $coord -c "SELECT encode(key, 'hex') FROM idgen_sql.idgen_key_store WHERE name = 'sk'")
check "worker 1 logged the sync's statements, no key among them" "t 0" \
  "$(grep -q 'jsonb_populate_recordset' "${citus_dir_of[$w1]}/server.log" && echo t) $(grep -c "$sk_hex" "${citus_dir_of[$w1]}/server.log")"
# nor does any plan the sync makes, on any node: auto_explain (verbose,
# nested statements) logs each; no key, and no worker's seed (a bytea
# constant, or the seed's JSON as a worker returned it)
citus_plans_logged on $coord $w1 $w2
declare -A log_at=()
for p in $coord $w1 $w2; do log_at[$p]=$(citus_log_size $p); done
check "idgen_cluster_sync() with every plan logged" "t t" \
  "$(o $coord -c "SELECT success FROM idgen_sql.idgen_cluster_sync()" | tr '\n' ' ' | sed 's/ $//')"
citus_plans_logged off $coord $w1 $w2
plans=$(for p in $coord $w1 $w2; do citus_log_since $p "${log_at[$p]}"; done)
check "auto_explain logged the sync's plans on the coordinator and the workers' INSERT" "t t" \
  "$(grep -q 'Query Text:.*_idgen_cluster_mask' <<<"$plans" && echo t) $(grep -q 'Query Text: INSERT INTO idgen_key_store' <<<"$plans" && echo t)"
check "no plan holds a key or a seed" "0" \
  "$(grep -Ec -e "$sk_hex" -e '"seed" ?: ' -e "'\\\\x[0-9a-f]{32}'::bytea" <<<"$plans")"
# docs/citus.md's blocks for the SQL edition, as its owner
printf '%s\n' psql -X -q -h 127.0.0.1 -p "$coord" -U owner -d postgres >"$work/psql_args"
PGTZ=UTC PGDATESTYLE='ISO, MDY' SQL_BLOCKS_RUN_ONLY='needs the SQL edition on a Citus cluster' \
  python3 test/doc/sql_blocks.py "$work/psql_args" docs/citus.md || fails=$((fails + 1))
for p in $coord $w1 $w2; do
  check "port $p: Snowflake, TSID and layout IDs carry the group" \
    "$(q $coord -c "SELECT g || '|' || g || '|' || g FROM (SELECT groupid AS g FROM pg_dist_node WHERE nodeport = $p) AS n")" \
    "$(o $p -c "SET search_path = idgen_sql" -c "SELECT snowflake_node(snowflake_id()), tsid_node(tsid()), (layout_decode(layout_id('sctl'), 'sctl')).node")"
done

# a layout that layout_id() ran on a worker: the sync neither drops it there
# nor declares it again with another epoch (its IDs would repeat)
o $coord -c "SELECT idgen_sql.idgen_layout_create('sz', '2025-01-01+00', '1 millisecond', 4, 12)" \
  -c "SELECT * FROM idgen_sql.idgen_cluster_sync()" >/dev/null
o $w1 -c "SELECT idgen_sql.layout_id('sz')" >/dev/null
o $coord -c "SELECT idgen_sql.idgen_layout_drop('sz')" \
  -c "SELECT idgen_sql.idgen_layout_create('sz', '2025-01-01 00:00:30+00', '1 millisecond', 4, 12)" >/dev/null
refused $coord "SET ROLE owner; SELECT * FROM idgen_sql.idgen_cluster_sync()" 55000 \
  "idgen_cluster_sync: a worker could not be given the SQL edition's state: 127.0.0.1:$w1: ERROR:  idgen_layout_drop: layout \"sz\" may have handed out IDs"
o $coord -c "SELECT idgen_sql.idgen_layout_drop('sz')" \
  -c "SELECT idgen_sql.idgen_layout_create('sz', '2025-01-01+00', '1 millisecond', 4, 12)" >/dev/null
check "declared again as it was, the layout syncs" "t t" \
  "$(o $coord -c "SELECT success FROM idgen_sql.idgen_cluster_sync()" | tr '\n' ' ' | sed 's/ $//')"

# a node id set on the coordinator wins there and reaches no worker, though
# Citus copies snowflake_id() to them: on Citus the node id is not made in
o $coord -c "SELECT idgen_sql.idgen_set_node_id(7)" >/dev/null
check "idgen_set_node_id(7) on the coordinator: 7 there, the workers keep their groups" \
  "0|7|idgen_set_node_id 1|1|citus group 2|2|citus group" \
  "$(o $coord -c "SELECT groupid, node_id, source FROM idgen_sql.idgen_cluster_node_ids()" | tr '\n' ' ' | sed 's/ $//')"

# on a worker too (Citus refuses DDL of a function it copies there unless made there only)
check "idgen_set_node_id(1) on worker 1 is taken there" "1|1|idgen_set_node_id" \
  "$(o $w1 -c "SELECT idgen_sql.idgen_set_node_id(1)" -c "SELECT * FROM idgen_sql.idgen_node_id()" | tr '\n' '|' | sed 's/|$//')"

# --- many writers: through the coordinator, on each worker, pushed down ----
o $coord -c "CREATE TABLE events (id bigint PRIMARY KEY DEFAULT idgen_sql.snowflake_id(), made int DEFAULT inet_server_port(), src text)" \
  -c "SELECT create_distributed_table('events', 'id')" \
  -c "CREATE TABLE copies (src_id bigint, id bigint DEFAULT idgen_sql.snowflake_id(), made int DEFAULT inet_server_port(),
                           layout bigint DEFAULT idgen_sql.layout_id('sctl'), PRIMARY KEY (src_id, id))" \
  -c "SELECT create_distributed_table('copies', 'src_id', colocate_with => 'events')" >/dev/null
# VALUES lists: Citus evaluates their DEFAULTs before it sends the rows.
# (INSERT ... SELECT through a coordinator streams rows while it evaluates,
# and refuses the subtransaction the edition's generators open:
# docs/citus.md.)
values() { local i out=; for ((i = 0; i < $1; i++)); do out+="('$2'),"; done; echo "${out%,}"; }
writer() {  # writer PORT TAG
  local i rows
  rows=$(values 500 "$2")
  for ((i = 0; i < ${ROWS_PER_CLIENT:-5000} / 500; i++)); do
    o "$1" -c "INSERT INTO events (src) VALUES $rows" >/dev/null || return 1
  done
}
for p in $coord $w1 $w1 $w2 $w2; do writer $p "direct:$p" & pids+=($!); done
o $coord -c "INSERT INTO copies (src_id) SELECT id FROM events" >/dev/null
wait_all "${pids[@]}"; pids=()
o $coord -c "INSERT INTO copies (src_id) SELECT id FROM events" >/dev/null
ids="SELECT id, made FROM events UNION ALL SELECT id, made FROM copies"
check "no repeat, each Snowflake carries its maker's node id, pushed-down layout IDs unique" "t|0|0|t" \
  "$(q $coord -c "SELECT count(*) > 0, count(*) - count(DISTINCT id),
                         count(*) FILTER (WHERE idgen_sql.snowflake_node(id) <> CASE n.groupid WHEN 0 THEN 7 ELSE n.groupid END),
                         (SELECT count(DISTINCT layout) = count(*) FROM copies)
                    FROM ($ids) AS i JOIN pg_dist_node AS n ON n.nodeport = i.made")"
# faces and permutations with the key, computed on the workers
o $coord -c "CREATE TABLE faces (id bigint PRIMARY KEY, face uuid, public bigint)" \
  -c "SELECT create_distributed_table('faces', 'id', colocate_with => 'events')" \
  -c "INSERT INTO faces SELECT id, idgen_sql.uuid_v47_encode(idgen_sql.uuid_v7(), 'sk'), idgen_sql.idgen_permute(id, 'sk') FROM events" >/dev/null
check "pushed-down permutations read back on the coordinator" "0" \
  "$(o $coord -c "SELECT count(*) FILTER (WHERE idgen_sql.idgen_unpermute(public, 'sk') <> id) FROM faces")"

# --- worker 2 fails over to its standby ------------------------------------
citus_standby "ssb$standby" $standby $w2
o $w2 -c "INSERT INTO events (src) VALUES $(values 2000 'before failover')" >/dev/null
before=$(q $coord -c "SELECT max(id) FROM ($ids) AS i WHERE idgen_sql.snowflake_node(id) = 2")
citus_fail_over $coord $w2 $standby
o $standby -c "INSERT INTO events (src) VALUES $(values 2000 'after failover')" >/dev/null
o $coord -c "INSERT INTO copies (src_id) SELECT id FROM events WHERE src = 'after failover'" >/dev/null
check "after failover: node 2's IDs all above its IDs before, no repeat" "t|t|0" \
  "$(q $coord -c "SELECT min(id) FILTER (WHERE made = $standby) > $before,
                         bool_and(idgen_sql.snowflake_node(id) = 2) FILTER (WHERE made = $standby),
                         count(*) - count(DISTINCT id) FROM ($ids) AS i")"

echo "citus_sql_edition.sh: $fails failure(s), $((SECONDS - started)) s"
[ $fails -eq 0 ]
