# citus_cluster.sh: a Citus cluster on loopback for the tests, the docs and
# the bench: Citus from the cache (citus_build.sh), idgen preloaded after it.
# Source it, then:
#   citus_prepare WORK        Citus built or taken from the cache, and a tree
#                             with idgen in WORK/pg; the servers run from it
#   citus_node NAME PORT [conf lines...]
#                             a server with Citus created in its postgres
#                             database; its directory is added to citus_dirs
#   citus_standby NAME PORT PRIMARY_PORT
#                             a streaming standby of the server on PRIMARY_PORT
#   citus_fail_over COORD PRIMARY STANDBY
#                             once the standby on STANDBY has replayed what
#                             the worker on PRIMARY wrote: the worker stopped,
#                             the standby promoted, the coordinator on COORD
#                             pointed at it (citus_update_node)
#   citus_dir_of[PORT]        the directory of the server on PORT
#   citus_stop_all            stops every server these functions started
# The cache is IDGEN_CITUS_CACHE, else /var/cache/idgen-tests.

source "$(dirname "${BASH_SOURCE[0]}")/pg_server.sh"
source "$(dirname "${BASH_SOURCE[0]}")/citus_build.sh"

citus_dirs=()
declare -A citus_dir_of=()   # port: the server's directory
# Citus first; 2PC for writes to several nodes; its connections between the
# nodes without TLS (loopback, trust)
citus_conf=("shared_preload_libraries = 'citus,idgen'" "max_prepared_transactions = 100"
            "citus.node_conninfo = 'sslmode=disable'" "max_connections = 200")

citus_prepare() {
  local work=$1 started=$SECONDS
  citus_cached "${IDGEN_CITUS_CACHE:-/var/cache/idgen-tests}" || return 1
  echo "Citus ready after $((SECONDS - started)) s ($citus_pg)"
  citus_with_idgen "$work/pg" || return 1
  chmod -R a+rX "$work" && PG_BINDIR=$citus_bindir
}

citus_node() {
  local name=$1 port=$2 dir; shift 2
  dir=$(pg_scratch_dir "citus-$name") && citus_dirs+=("$dir") && citus_dir_of[$port]=$dir &&
    pg_server_start "$dir" "$port" "${citus_conf[@]}" "$@" &&
    pg_psql "$port" -c "CREATE EXTENSION citus" >/dev/null
}

citus_standby() {
  local name=$1 port=$2 primary=$3 dir
  dir=$(pg_scratch_dir "citus-$name") && citus_dirs+=("$dir") && citus_dir_of[$port]=$dir || return 1
  pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$primary" -U postgres -D "$dir/data" -R -X stream -c fast \
    >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; return 1; }
  { echo "port = $port"; echo "unix_socket_directories = '$dir'"; } | pg_as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null ||
    { cat "$dir/server.log" >&2; return 1; }
}

citus_fail_over() {
  local coord=$1 primary=$2 standby=$3 lsn
  lsn=$(pg_psql "$primary" -At -c "SELECT pg_current_wal_lsn()") &&
    pg_wait_for 60 "standby replay" pg_sql_true "$standby" "SELECT pg_last_wal_replay_lsn() >= '$lsn'" &&
    pg_server_stop "${citus_dir_of[$primary]}" &&
    pg_as_owner "$PG_BINDIR/pg_ctl" -D "${citus_dir_of[$standby]}/data" -w promote >/dev/null &&
    pg_psql "$coord" -At -c "SELECT citus_update_node(nodeid, '127.0.0.1', $standby) FROM pg_dist_node WHERE nodeport = $primary" >/dev/null &&
    # Citus syncs the change to the other workers in the background: a shard
    # move before it is done is refused (a metadata node out of sync)
    pg_wait_for 120 "metadata synced to every worker" pg_sql_true "$coord" \
      "SELECT bool_and(metadatasynced) FROM pg_dist_node WHERE isactive AND noderole = 'primary' AND groupid <> 0"
}

# citus_plans_logged on|off PORT...: auto_explain logs every plan of each
# new session (nested statements, verbose) on those servers, or no more
citus_plans_logged() {
  local mode=$1 p setting; shift
  for p in "$@"; do
    for setting in session_preload_libraries auto_explain.log_min_duration auto_explain.log_nested_statements \
        auto_explain.log_verbose; do
      case $mode/$setting in
        on/session_preload_libraries) echo "ALTER SYSTEM SET $setting = 'auto_explain';" ;;
        on/auto_explain.log_min_duration) echo "ALTER SYSTEM SET $setting = 0;" ;;
        on/*) echo "ALTER SYSTEM SET $setting = on;" ;;
        *) echo "ALTER SYSTEM RESET $setting;" ;;
      esac
    done | pg_psql "$p" -c "LOAD 'auto_explain'" -f - -c "SELECT pg_reload_conf()" >/dev/null || return 1
  done
}

# citus_log_size PORT: how much the server's log holds; citus_log_since
# PORT SIZE: what it wrote after that
citus_log_size() { stat -c %s "${citus_dir_of[$1]}/server.log"; }
citus_log_since() { tail -c +"$(($2 + 1))" "${citus_dir_of[$1]}/server.log"; }

citus_stop_all() {
  local d
  for d in "${citus_dirs[@]}"; do pg_server_stop "$d"; rm -rf "$d"; done
  citus_dirs=()
declare -A citus_dir_of=()   # port: the server's directory
}
