#!/usr/bin/env bash
# pg_auto_failover (Debian's pg_autoctl 2.0) with idgen: a monitor and two
# nodes on 127.0.0.1, the nodes set up with docs/recipes/pg_auto_failover.conf
# (the preload, the margin, and each node's idgen.node_id in a file beside
# its data directory, which the base backup and pg_rewind leave alone).
# Three clients insert rows with DEFAULT snowflake_id(), next_shard_id(5)
# and ulid_monotonic() all the time and keep every id a primary returned
# (test/lib/ha_client.py).
#  1. kill -9 of node1 (its pg_autoctl and postgres) under load: the monitor
#     promotes node2. node1 comes back as a secondary (pg_rewind) and refuses
#     to generate (55000).
#  2. pg_autoctl perform switchover, under load: node1 is primary again.
# After each: 0 repeats across every id any client kept, and every id of a
# primary's term above every id of the terms before it, for all three.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/ha.sh

recipe=docs/recipes/pg_auto_failover.conf
base=$((25995 + ${IDGEN_PORT_OFFSET:-0}))   # 25995-25998
mon_port=$base check_port=$((base + 3))
nodes=(node1 node2)
declare -A port node_id autoctl_pid
port=([node1]=$((base + 1)) [node2]=$((base + 2)))
node_id=([node1]=1 [node2]=2)
command -v pg_autoctl >/dev/null ||
  { echo "FAIL: pg_autoctl missing (test/install-deps.sh installs postgresql-15-auto-failover)"; exit 1; }

work=$(pg_scratch_dir pg_auto_failover)
monitor_pid=
cleanup() {
  set +e
  ha_kill_clients
  local d p i
  for p in "${autoctl_pid[@]}" $monitor_pid; do kill "$p" 2>/dev/null; done
  for i in $(seq 1 30); do
    alive=0
    for p in "${autoctl_pid[@]}" $monitor_pid; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break; sleep 0.5
  done
  for p in "${autoctl_pid[@]}" $monitor_pid; do kill -9 "$p" 2>/dev/null; done
  for d in "$work"/node1/data "$work"/node2/data "$work"/monitor/data; do
    [ -f "$d/postmaster.pid" ] && pg_as_owner "$PG_BINDIR/pg_ctl" -D "$d" -m immediate -w stop >/dev/null 2>&1
  done
  pg_server_stop "$work/check"
  [ -n "${IDGEN_SERVER_LOGS:-}" ] && cp "$work"/*.log "$IDGEN_SERVER_LOGS/" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "FAIL: $*"; exit 1; }
t0=$SECONDS
elapsed() { echo "$((SECONDS - t0)) s"; }
mkdir -p "$work"/{monitor,node1,node2,xdg/config,xdg/data,xdg/run,clients,check}
chown -R postgres: "$work"
chmod 700 "$work/xdg/run"
# pg_autoctl keeps its configuration and state under the XDG directories:
# here, not in the postgres user's home
autoctl_env=("XDG_CONFIG_HOME=$work/xdg/config" "XDG_DATA_HOME=$work/xdg/data" "XDG_RUNTIME_DIR=$work/xdg/run"
             "PATH=$PG_BINDIR:/usr/bin:/bin" "PG_CONFIG=$PG_BINDIR/pg_config")
autoctl() { pg_as_owner env "${autoctl_env[@]}" pg_autoctl "$@"; }
monitor_url="postgres://autoctl_node@127.0.0.1:$mon_port/pg_auto_failover?sslmode=disable"

# states: "name reported-state" per node, as the monitor sees them
states() {
  pg_psql "$mon_port" -d pg_auto_failover -At -F ' ' \
    -c "SELECT nodename, reportedstate, goalstate FROM pgautofailover.node ORDER BY nodeid" 2>/dev/null
}
# every pg_autoctl the test started and has not killed is still running
daemons_alive() {
  local n
  for n in "${nodes[@]}"; do
    [ -z "${autoctl_pid[$n]:-}" ] || kill -0 "${autoctl_pid[$n]}" 2>/dev/null || { DEAD="$n's pg_autoctl"; return 1; }
  done
  [ -z "$monitor_pid" ] || kill -0 "$monitor_pid" 2>/dev/null || { DEAD="the monitor's pg_autoctl"; return 1; }
}
up() { pg_psql "$1" -c "SELECT 1" -o /dev/null 2>/dev/null; }
in_state() { states | grep -qx "$1 $2 $2"; }
# what ha_wait_for shows when it gives up
ha_diagnose() {
  echo "the monitor's view (node, reported, goal):"; states || true
  for f in "$work"/*.log; do echo "--- $(basename "$f"):"; tail -n 15 "$f"; done
}

run_node() {  # pg_autoctl run, as a daemon whose pid is its supervisor's
  local n=$1
  ha_daemon "$work/$n.log" "${autoctl_env[@]}" -- pg_autoctl run --pgdata "$work/$n/data"
  autoctl_pid[$n]=$HA_PID
}

echo "== a monitor and two nodes; node ids 1 and 2; recipe $recipe"
autoctl create monitor --pgdata "$work/monitor/data" --pgport "$mon_port" --hostname 127.0.0.1 \
  --auth trust --no-ssl --pgctl "$PG_BINDIR/pg_ctl" >"$work/monitor.log" 2>&1 ||
  { cat "$work/monitor.log"; fail "pg_autoctl create monitor"; }
# notice a dead node in seconds rather than the default 20 s, and promote
# without waiting the default 30 s for a dead primary to demote itself
cat <<'CONF' | pg_as_owner tee -a "$work/monitor/data/postgresql.conf" >/dev/null
pgautofailover.health_check_period = 1000
pgautofailover.health_check_timeout = 1000
pgautofailover.health_check_max_retries = 1
pgautofailover.health_check_retry_delay = 500
pgautofailover.node_considered_unhealthy_timeout = 3000
pgautofailover.primary_demote_timeout = 5000
CONF
ha_daemon "$work/monitor.log" "${autoctl_env[@]}" -- pg_autoctl run --pgdata "$work/monitor/data"
monitor_pid=$HA_PID
ha_wait_for 30 "monitor on $mon_port" up "$mon_port"
pg_reload "$mon_port" || fail "the monitor's health-check settings not loaded"

# node1: its data directory made first, with the recipe's lines in it
pg_as_owner "$PG_BINDIR/initdb" -D "$work/node1/data" -U postgres --auth=trust --encoding=UTF8 \
  --locale=C.UTF-8 >"$work/initdb.log" 2>&1 || { cat "$work/initdb.log"; fail initdb; }
{ echo; cat "$recipe"; echo "unix_socket_directories = '$work'"; } |
  pg_as_owner tee -a "$work/node1/data/postgresql.conf" >/dev/null
for n in "${nodes[@]}"; do
  echo "idgen.node_id = ${node_id[$n]}" | pg_as_owner tee "$work/$n/idgen-node.conf" >/dev/null
done
create_node() {
  local n=$1
  autoctl create postgres --pgdata "$work/$n/data" --pgport "${port[$n]}" --pghost 127.0.0.1 \
    --hostname 127.0.0.1 --name "$n" --auth trust --no-ssl --monitor "$monitor_url" \
    --pgctl "$PG_BINDIR/pg_ctl" >>"$work/$n.log" 2>&1 || { tail -n 30 "$work/$n.log"; fail "pg_autoctl create postgres $n"; }
  run_node "$n"
}
create_node node1
ha_wait_for 60 "node1 single" in_state node1 single
ha_wait_for 60 "node1 serving" up "${port[node1]}"
pg_psql "${port[node1]}" -c "CREATE EXTENSION idgen" \
  -c "CREATE TABLE t (sf bigint DEFAULT snowflake_id(), sh bigint DEFAULT next_shard_id(5),
                      u ulid DEFAULT ulid_monotonic(),
                      tl text DEFAULT substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))"
create_node node2
ha_wait_for 90 "node1 primary" in_state node1 primary
ha_wait_for 90 "node2 secondary" in_state node2 secondary
for n in "${nodes[@]}"; do
  got=$(pg_psql "${port[$n]}" -At -F ' ' -c "SELECT current_setting('idgen.node_id'), current_setting('shared_preload_libraries'),
                                                    current_setting('idgen.promotion_margin')")
  [ "$got" = "${node_id[$n]} idgen 1min" ] || fail "$n runs with node id, preload, margin: $got (expected ${node_id[$n]} idgen 1min)"
done
echo "ok: monitor, node1 primary, node2 secondary ($(elapsed)); node ids 1 and 2, preload idgen, margin 1min;" \
     "synchronous_standby_names on node1: '$(pg_psql "${port[node1]}" -At -c "SHOW synchronous_standby_names")'"

ha_clients_start "$work/clients" \
  "host=127.0.0.1,127.0.0.1 port=${port[node1]},${port[node2]} user=postgres dbname=postgres target_session_attrs=read-write" 3
ha_wait_for 60 "ids kept from node1" ha_kept_from "${port[node1]}" "$work/clients"
sleep 4

# 1. node1 dies as a machine dies: pg_autoctl and postgres, kill -9
pm=$(head -1 "$work/node1/data/postmaster.pid")
old_tl=$(ha_timeline "${port[node1]}")
disown "${autoctl_pid[node1]}"   # no "Killed" from bash
# shellcheck disable=SC2046
kill -9 "${autoctl_pid[node1]}" $(pgrep -P "${autoctl_pid[node1]}") "$pm" $(pgrep -P "$pm") 2>/dev/null || true
autoctl_pid[node1]=
t=$SECONDS
ha_wait_for 90 "node2 promoted" in_state node2 wait_primary
echo "ok: node1 killed (kill -9, timeline $old_tl) at $(ha_ids "$work/clients") ids kept; node2 primary after $((SECONDS - t)) s ($(elapsed))"
sleep 4
received=$(pg_psql "${port[node2]}" -At -c "SELECT coalesce(max(sf), 0) FROM t WHERE tl = '$old_tl'")

run_node node1
ha_wait_for 120 "node1 back as secondary" in_state node1 secondary
ha_wait_for 30 "node2 primary" in_state node2 primary
grep -q "pg_rewind" "$work/node1.log" && how=pg_rewind || how="no pg_rewind"
echo "ok: node1 rejoined as a secondary ($how, $(elapsed))"
pg_refuses "${port[node1]}" "SELECT snowflake_id()" 55000 "snowflake_id\(\) cannot run on a server in recovery" &&
pg_refuses "${port[node1]}" "SELECT next_shard_id(5)" 55000 "next_shard_id\(shard\) cannot run on a server in recovery" &&
pg_refuses "${port[node1]}" "SELECT ulid_monotonic()" 55000 "ulid_monotonic\(\) cannot run on a server in recovery" ||
  fail "node1, a secondary, did not refuse as a standby must"
[ "$(pg_psql "${port[node1]}" -At -c "SHOW idgen.node_id")" = 1 ] || fail "node1 lost its own node id in the rewind"

# 2. the switchover back to node1
autoctl perform switchover --pgdata "$work/node2/data" --wait 90 >"$work/switchover.log" 2>&1 ||
  { tail -n 20 "$work/switchover.log"; fail "pg_autoctl perform switchover"; }
ha_wait_for 60 "node1 primary after the switchover" in_state node1 primary
echo "ok: pg_autoctl perform switchover: node1 primary again ($(elapsed))"
ha_wait_for 60 "ids kept from node1's new term" ha_kept_from "${port[node1]}" "$work/clients"
sleep 4

ha_clients_stop "$work/clients"
pg_server_start "$work/check" "$check_port"
ha_load "$check_port" "$work/clients"
ha_report "$check_port"
lost=$(pg_psql "$check_port" -At -c "SELECT count(*) FROM got WHERE tl = '$old_tl' AND sf > $received")
echo "ids in the clients' hands whose rows node2 never received: $lost" \
     "(pg_auto_failover replicates synchronously to its one secondary)"
status=0
[ "$HA_TIMELINES" = 3 ] && [ "$HA_ONE_PORT" = t ] ||
  { echo "FAIL: expected 3 terms (timelines), each on one primary; got $HA_TIMELINES"; status=1; }
if [ "$HA_REPEATS" = "0 0 0" ] && [ "$HA_NOT_ABOVE" = 0 ]; then
  echo "ok: 0 repeats, every id of each term above every id before it, for all three generators (a failover, a switchover)"
else
  echo "FAIL: repeats (snowflake, shard, ulid): $HA_REPEATS; ids not above an earlier term's: $HA_NOT_ABOVE"; status=1
fi
echo "pg_auto_failover: $(elapsed) in all"
exit $status
