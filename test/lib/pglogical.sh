# pglogical.sh: two PostgreSQL 15 servers replicating both ways with
# pglogical, on loopback. Source it after pg_server.sh, then:
#   pglogical_servers BASE      start nodes 1 and 2 on ports BASE+1, BASE+2
#                               (directories in PGL_DIRS; stop them yourself)
#   ... create the same tables on both ...
#   pglogical_link BASE         replicate every public table both ways
#   pglogical_wait BASE SQL N   until SQL returns at least N on both sides

PGL_DIRS=()

pglogical_servers() {
  local base=$1 node d
  for node in 1 2; do
    d=$(pg_scratch_dir "pglogical$node"); PGL_DIRS+=("$d")
    pg_server_start "$d" $((base + node)) "shared_preload_libraries = 'idgen, pglogical'" \
      "wal_level = logical" "max_replication_slots = 10" "max_wal_senders = 10" \
      "max_worker_processes = 16" "track_commit_timestamp = on" "idgen.node_id = $node" \
      "output_plugin_libraries = 'pgoutput, test_decoding, pglogical_output'" || return 1
    # (Debian's 15.20 trusts only the decoding plugins listed there)
    pg_psql $((base + node)) -c "CREATE EXTENSION idgen" -c "CREATE EXTENSION pglogical" || return 1
  done
}

pglogical_link() {
  local base=$1 node other
  for node in 1 2; do
    pg_psql $((base + node)) -c "SELECT pglogical.create_node(node_name := 'node$node',
          dsn := 'host=127.0.0.1 port=$((base + node)) dbname=postgres user=postgres')" \
      -c "SELECT pglogical.replication_set_add_all_tables('default', ARRAY['public'])" >/dev/null || return 1
  done
  # no structure or data copy, and no forwarding of changes that came from
  # elsewhere (or they would loop)
  for node in 1 2; do
    other=$((3 - node))
    pg_psql $((base + node)) -c "SELECT pglogical.create_subscription(
        subscription_name := 'from_node$other',
        provider_dsn := 'host=127.0.0.1 port=$((base + other)) dbname=postgres user=postgres',
        replication_sets := '{default}', synchronize_structure := false,
        synchronize_data := false, forward_origins := '{}')" >/dev/null || return 1
  done
  for node in 1 2; do
    pg_psql $((base + node)) -c "SELECT pglogical.wait_for_subscription_sync_complete('from_node$((3 - node))')" \
      >/dev/null || return 1
  done
}

pglogical_wait() {
  local base=$1 sql=$2 want=$3 i node sides n
  for i in $(seq 1 120); do
    sides=0
    for node in 1 2; do
      n=$(pg_psql $((base + node)) -At -c "$sql")
      [ "$n" -ge "$want" ] && sides=$((sides + 1))
    done
    [ $sides = 2 ] && return 0
    sleep 0.5
  done
  return 1
}
