#!/usr/bin/env bash
# Patroni (Debian's 3.0.2, on its own etcd 3.4) with idgen: three members on
# 127.0.0.1, each run from docs/recipes/patroni.yml with its own
# idgen.node_id; m1's clock is right, m2's and m3's run 30 s behind
# (libfaketime, as on machines with broken NTP). Three clients insert rows
# with DEFAULT snowflake_id(), next_shard_id(5) and ulid_monotonic() all the
# time and keep every id a primary returned (test/lib/ha_client.py); after
# each failover a batch draws 200,000 ids at once, kept the same way.
#  1. Lag and skew: m2 and m3 receive no WAL for 3 s (m1's walsenders are
#     stopped, as in a network partition) while m1 serves on; m1 (patroni,
#     postgres and all its processes) is killed with kill -9; Patroni
#     promotes m2 or m3 once m1's leader key expires. The rows of m1's last
#     3 s are lost; their ids are in the clients' hands.
#     m1 rejoins as a replica (pg_rewind) and refuses to generate (55000).
#  2. patronictl switchover back to m1, under load.
#  3. kill -9 of the leader m1 under load (no cut): failover; m1 rejoins.
# After each: 0 repeats across every id any client kept, and every id of a
# primary's term above every id of the terms before it, for all three.
#  4. Negative control, a second cluster from the same recipe with what
#     0.3.0 had: idgen.promotion_margin = 0 and node 1 on every member. The
#     same lag-and-skew failover (the new leader drawing on until its ids
#     reach those m1 kept) must show repeats and ids not above, or the test
#     could not see the failure it is about.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/ha.sh

recipe=docs/recipes/patroni.yml
base=$((25986 + ${IDGEN_PORT_OFFSET:-0}))   # 25986-25994
members=(m1 m2 m3)
declare -A pg_port rest_port node patroni_pid
for i in 0 1 2; do
  pg_port[${members[$i]}]=$((base + i)); rest_port[${members[$i]}]=$((base + 3 + i))
done
etcd_port=$((base + 6)) etcd_peer=$((base + 7)) check_port=$((base + 8))
skew=30
command -v patroni >/dev/null && command -v etcd >/dev/null ||
  { echo "FAIL: patroni or etcd missing (test/install-deps.sh installs them)"; exit 1; }
skew_env=$(ha_skew_env $skew)

work=$(pg_scratch_dir patroni)
etcd_pid=
cleanup() {
  set +e
  ha_kill_clients
  for m in "${members[@]}"; do [ -n "${patroni_pid[$m]:-}" ] && kill "${patroni_pid[$m]}" 2>/dev/null; done
  for i in $(seq 1 30); do
    alive=0
    for m in "${members[@]}"; do [ -n "${patroni_pid[$m]:-}" ] && kill -0 "${patroni_pid[$m]}" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break; sleep 0.5
  done
  for m in "${members[@]}"; do
    [ -n "${patroni_pid[$m]:-}" ] && kill -9 "${patroni_pid[$m]}" 2>/dev/null
    if [ -f "$cluster/$m/data/postmaster.pid" ]; then
      # walsenders the test stopped (SIGSTOP) must run to hear the stop
      pm=$(head -1 "$cluster/$m/data/postmaster.pid")
      [ -n "$pm" ] && pkill -CONT -P "$pm" 2>/dev/null
      pg_as_owner "$PG_BINDIR/pg_ctl" -D "$cluster/$m/data" -m immediate -w stop >/dev/null 2>&1
    fi
  done
  [ -n "$etcd_pid" ] && { kill "$etcd_pid"; wait "$etcd_pid"; } 2>/dev/null
  pg_server_stop "$work/check"
  if [ -n "${IDGEN_SERVER_LOGS:-}" ]; then   # patroni's log holds its postgres's
    for f in "$work"/*/*.log; do cp "$f" "$IDGEN_SERVER_LOGS/patroni-$(basename "$(dirname "$f")")-$(basename "$f")"; done
  fi 2>/dev/null
  rm -rf "$work"
}
cluster=$work/none
trap cleanup EXIT

fail() { echo "FAIL: $*"; exit 1; }
psql_m() { local m=$1; shift; pg_psql "${pg_port[$m]}" "$@"; }
t0=$SECONDS
elapsed() { echo "$((SECONDS - t0)) s"; }

# patronictl's view of the cluster: "name role state timeline" per member
members_state() {
  patronictl -c "$cluster/m1.yml" list -f json 2>/dev/null |
    jq -r '.[] | "\(.Member) \(.Role) \(.State) \(.TL // "-")"'
}
leader() { members_state | awk '$2 == "Leader" && $3 == "running" {print $1}'; }
# what ha_wait_for shows when it gives up
ha_diagnose() {
  echo "patronictl list:"; members_state || true
  for m in "${members[@]}"; do
    [ -f "$cluster/$m.log" ] && { echo "--- $m's patroni log:"; tail -n 15 "$cluster/$m.log"; }
  done
}
# every daemon the test started and has not killed is still running
daemons_alive() {
  local m
  for m in "${members[@]}"; do
    [ -z "${patroni_pid[$m]:-}" ] || kill -0 "${patroni_pid[$m]}" 2>/dev/null || { DEAD="$m's patroni"; return 1; }
  done
  [ -z "$etcd_pid" ] || kill -0 "$etcd_pid" 2>/dev/null || { DEAD=etcd; return 1; }
}
is_leader() { [ "$(leader)" = "$1" ]; }
replica_running() { members_state | grep -q "^$1 Replica running "; }
new_leader_among() { local l; l=$(leader); [ -n "$l" ] && [[ " $* " == *" $l "* ]]; }
streaming() {
  [ "$(psql_m "$1" -At -c "SELECT status FROM pg_stat_wal_receiver" 2>/dev/null)" = streaming ]
}

start_member() {
  local m=$1
  ha_daemon "$cluster/$m.log" -- patroni "$cluster/$m.yml"
  patroni_pid[$m]=$HA_PID
}

# A bin_dir whose postgres runs SKEW seconds behind (libfaketime): Patroni
# itself must not run under libfaketime (its sleeps fail with EINVAL).
skewed_bin_dir() {
  local dir=$work/bin-skewed f
  [ -d "$dir" ] && { echo "$dir"; return; }
  mkdir -p "$dir"
  for f in "$PG_BINDIR"/*; do ln -s "$f" "$dir/"; done
  rm "$dir/postgres"
  printf '#!/bin/sh\nexec env %s %s "$@"\n' "$skew_env" "$PG_BINDIR/postgres" >"$dir/postgres"
  chmod 755 "$dir" "$dir/postgres"
  echo "$dir"
}

# cluster_up NAME MARGIN NODE_M1 NODE_M2 NODE_M3: etcd and three members
# from the recipe; MARGIN "recipe" keeps the recipe's idgen.promotion_margin
cluster_up() {
  local name=$1 margin=$2 i m; shift 2
  cluster=$work/$name
  mkdir -p "$cluster"/{m1,m2,m3} && chown postgres: "$cluster" "$cluster"/{m1,m2,m3} && chmod 755 "$cluster"
  etcd --name "$name" --data-dir "$cluster/etcd" \
    --listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
    --listen-peer-urls "http://127.0.0.1:$etcd_peer" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
    --initial-cluster "$name=http://127.0.0.1:$etcd_peer" --initial-cluster-state new \
    >"$cluster/etcd.log" 2>&1 &
  etcd_pid=$!
  ha_wait_for 30 "etcd on $etcd_port" curl -sf "http://127.0.0.1:$etcd_port/health" -o /dev/null
  for i in 0 1 2; do
    m=${members[$i]}; node[$m]=$1; shift
    NAME=$m REST_PORT=${rest_port[$m]} ETCD_PORT=$etcd_port PG_PORT=${pg_port[$m]} \
    DATA_DIR=$cluster/$m/data SOCKET_DIR=$cluster NODE_ID=${node[$m]} MARGIN=$margin \
    SKEWED_BIN_DIR=$([ $m = m1 ] || skewed_bin_dir) \
      /usr/bin/python3 - "$recipe" >"$cluster/$m.yml" <<'PY'
import os, string, sys
text = string.Template(open(sys.argv[1]).read()).substitute(os.environ)
if os.environ["MARGIN"] != "recipe":
    line = "        idgen.promotion_margin: 1min"
    assert line in text, "the recipe's margin line moved"
    text = text.replace(line, "        idgen.promotion_margin: " + os.environ["MARGIN"])
if os.environ["SKEWED_BIN_DIR"]:
    line = "  bin_dir: /usr/lib/postgresql/15/bin"
    assert line in text, "the recipe's bin_dir line moved"
    text = text.replace(line, "  bin_dir: " + os.environ["SKEWED_BIN_DIR"])
print(text, end="")
PY
    chown postgres: "$cluster/$m.yml"
  done
  start_member m1
  ha_wait_for 60 "leader m1" is_leader m1
  for m in m2 m3; do start_member $m; done
  ha_wait_for 90 "replica m2 streaming" streaming m2
  ha_wait_for 90 "replica m3 streaming" streaming m3
  echo "ok: $name: etcd and 3 members up, m1 leader, m2 and m3 streaming ($(elapsed));" \
       "node ids ${node[m1]} ${node[m2]} ${node[m3]}, promotion margin $(psql_m m1 -At -c 'SHOW idgen.promotion_margin')"
  for m in "${members[@]}"; do
    [ "$(psql_m $m -At -c 'SHOW idgen.node_id')" = "${node[$m]}" ] || fail "$m runs with idgen.node_id $(psql_m $m -At -c 'SHOW idgen.node_id'), not ${node[$m]}"
  done
  psql_m m1 -c "CREATE EXTENSION idgen" \
    -c "CREATE TABLE t (sf bigint DEFAULT snowflake_id(), sh bigint DEFAULT next_shard_id(5),
                        u ulid DEFAULT ulid_monotonic(),
                        tl text DEFAULT substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))"
  mkdir -p "$cluster/clients"
  ha_clients_start "$cluster/clients" \
    "host=127.0.0.1,127.0.0.1,127.0.0.1 port=${pg_port[m1]},${pg_port[m2]},${pg_port[m3]} user=postgres dbname=postgres target_session_attrs=read-write" 3
}

postmaster_of() { head -1 "$cluster/$1/data/postmaster.pid"; }
timeline_of() { ha_timeline "${pg_port[$1]}"; }

# batch NAME: a client draws 200,000 ids at once from the leader $NEW, as a
# batch job would after a failover (kept like the others', in got.NAME)
batch() {
  psql_m "$NEW" -At -F ' ' -c "INSERT INTO t SELECT FROM generate_series(1, 200000)
      RETURNING (SELECT substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8)), inet_server_port(), sf, sh, u::text" \
    >"$cluster/clients/got.$1"
}

# kill_leader M: kill -9 of M's patroni, postmaster and every postgres
# process, at once, as if its machine died
kill_leader() {
  local m=$1 pm
  pm=$(postmaster_of "$m")
  # shellcheck disable=SC2046
  kill -9 "${patroni_pid[$m]}" "$pm" $(pgrep -P "$pm") 2>/dev/null || true
  wait "${patroni_pid[$m]}" 2>/dev/null || true
  patroni_pid[$m]=
}

# failover OLD CUT: under load, kill -9 of the leader OLD; with CUT, the
# replicas receive no WAL for the last 3 s before: OLD's walsenders are
# stopped (SIGSTOP), as in a network partition, and die with it. (The
# replicas run on: a replica restarted after a crash would run its startup
# process on the real clock, as libfaketime does not hold in a postmaster.)
# Prints the time to the new leader; sets NEW.
failover() {
  local old=$1 cut=$2 others=() m senders t
  for m in "${members[@]}"; do [ "$m" != "$old" ] && others+=("$m"); done
  sleep 3
  if [ "$cut" = cut ]; then
    senders=$(psql_m "$old" -At -c "SELECT string_agg(pid::text, ' ') FROM pg_stat_replication")
    [ "$(wc -w <<<"$senders")" = 2 ] || fail "$old has walsenders '$senders', not one per replica"
    # shellcheck disable=SC2086
    kill -STOP $senders
    cut_lsn=$(psql_m "$old" -At -c "SELECT pg_current_wal_lsn()")
    echo "$(ha_ids "$cluster/clients") ids kept; ${others[*]} receive no more WAL; $old serves on for 3 s"
    sleep 3
  fi
  old_tl=$(timeline_of "$old")
  [ "$cut" = cut ] &&
    echo "   $old wrote $(psql_m "$old" -At -c "SELECT pg_size_pretty(pg_current_wal_lsn() - '$cut_lsn')") of WAL the replicas never received"
  kill_leader "$old"
  t=$SECONDS
  ha_wait_for 60 "new leader among ${others[*]}" new_leader_among "${others[@]}"
  NEW=$(leader)
  local behind
  behind=$(psql_m "$NEW" -At -c "SELECT round(extract(epoch FROM '$(date -u '+%F %T.%N')+00'::timestamptz - clock_timestamp()))")
  [ "$behind" -ge $((skew - 2)) ] || fail "$NEW's clock is $behind s behind, not $skew: libfaketime did not take"
  echo "   $NEW's clock is $behind s behind the real one; its idgen_status (promoted_at, promotion_jump_ms):" \
       "$(psql_m "$NEW" -At -F ' ' -c "SELECT promoted_at, promotion_jump_ms FROM idgen_status WHERE generator = 'snowflake_id'")"
  echo "ok: $old killed (kill -9, timeline $old_tl), $NEW leader after $((SECONDS - t)) s ($(elapsed))"
  batch "batch-$old_tl"   # while the clients draw on
  sleep 2
  # the last row of the old term the new leader has: ids above it were in
  # the clients' hands only
  echo "$old_tl $(psql_m "$NEW" -At -c "SELECT max(sf) FROM t WHERE tl = '$old_tl'")" >>"$cluster/received"
}

rejoin() {
  local m=$1
  start_member "$m"
  ha_wait_for 90 "$m back as a streaming replica" streaming "$m"
  # and so in Patroni's eyes, before a switchover may pick it
  ha_wait_for 60 "$m running as a replica in patronictl list" replica_running "$m"
  grep -q "pg_rewind" "$cluster/$m.log" && how="pg_rewind" || how="no rewind needed"
  echo "ok: $m rejoined as a replica ($how, $(elapsed))"
  pg_refuses "${pg_port[$m]}" "SELECT snowflake_id()" 55000 "snowflake_id\(\) cannot run on a server in recovery" &&
  pg_refuses "${pg_port[$m]}" "SELECT next_shard_id(5)" 55000 "next_shard_id\(shard\) cannot run on a server in recovery" &&
  pg_refuses "${pg_port[$m]}" "SELECT ulid_monotonic()" 55000 "ulid_monotonic\(\) cannot run on a server in recovery" ||
    fail "$m, a replica, did not refuse as a standby must"
  [ "$(psql_m "$m" -At -c "SHOW idgen.node_id")" = "${node[$m]}" ] || fail "$m lost its own node id in the rewind"
}

# lost: of the first failover (the one with the cut), the ids the clients
# kept from the killed term that the new leader never received (their rows
# were lost with the old leader), and the time they span
lost() {
  local tl max
  read -r tl max <"$cluster/received"
  pg_psql "$check_port" -At -F ' ' -c "SELECT count(*), coalesce((max(sf) >> 22) - (${max:-0}::bigint >> 22), 0)
                                         FROM got WHERE tl = '$tl' AND sf > ${max:-0}"
}

finish() {
  ha_clients_stop "$cluster/clients"
  ha_load "$check_port" "$cluster/clients"
  ha_report "$check_port"
}

mkdir -p "$work/check" && chown postgres: "$work/check"
pg_server_start "$work/check" "$check_port"

status=0
cleanup_cluster() {
  local m
  for m in "${members[@]}"; do [ -n "${patroni_pid[$m]}" ] && kill "${patroni_pid[$m]}" 2>/dev/null || true; done
  for m in "${members[@]}"; do [ -n "${patroni_pid[$m]}" ] && wait "${patroni_pid[$m]}" 2>/dev/null || true; patroni_pid[$m]=; done
  kill "$etcd_pid"; wait "$etcd_pid" 2>/dev/null || true; etcd_pid=
}
if [ -z "${HA_CONTROL_ONLY:-}" ]; then
echo "== cluster 1: the recipe (node ids 1, 2, 3; margin 1 min); m2, m3 clocks ${skew} s behind"
cluster_up ha recipe 1 2 3
failover m1 cut
rejoin m1
cur=$NEW
patronictl -c "$cluster/m1.yml" switchover --leader "$cur" --candidate m1 --force >"$cluster/switchover.log" 2>&1 ||
  { cat "$cluster/switchover.log"; fail "patronictl switchover $cur -> m1"; }
ha_wait_for 60 "leader m1 after the switchover" is_leader m1
echo "ok: patronictl switchover $cur -> m1 ($(elapsed))"
ha_wait_for 60 "ids kept from m1's new term" ha_kept_from "${pg_port[m1]}" "$cluster/clients"
sleep 4
failover m1 plain
rejoin m1
lead_ms=$(( $(psql_m "$NEW" -At -c "SELECT (extract(epoch FROM max(last_issued)) * 1000)::bigint FROM idgen_status") - $(date +%s%3N) ))
echo "after 3 promotions in $(elapsed), the leader's generators run $((lead_ms / 1000)) s ahead of the real clock (each promotion adds the margin)"
finish
read -r lost_ids lag_ms < <(lost)
echo "the lag-and-skew failover: $lost_ids ids in the clients' hands whose rows the new leader never received (the last $lag_ms ms of m1's term)"
[ "$lost_ids" -gt 0 ] && [ "$lag_ms" -ge 2000 ] || { echo "FAIL: the replicas did not lag (the cut did not hold)"; status=1; }
[ "$HA_TIMELINES" = 4 ] && [ "$HA_ONE_PORT" = t ] ||
  { echo "FAIL: expected 4 terms (timelines), each on one primary; got $HA_TIMELINES"; status=1; }
if [ "$HA_REPEATS" = "0 0 0" ] && [ "$HA_NOT_ABOVE" = 0 ]; then
  echo "ok: 0 repeats, every id of each term above every id before it, for all three generators (3 failovers/switchovers)"
else
  echo "FAIL: repeats (snowflake, shard, ulid): $HA_REPEATS; ids not above an earlier term's: $HA_NOT_ABOVE"; status=1
fi
cleanup_cluster
fi

# The control's new leader (its clock 30 s behind) counts on from the last
# reservation it received, 4,096 Snowflakes and 1,024 shard IDs of shard 5 a
# millisecond, every one of them: its batch and clients repeat the ids m1
# handed out in the first ~60 ms past that reservation, if it handed out
# any then. Lest the control rest on that (m1 and its clients may all have
# stalled just then on a busy machine), batches go on until the new
# leader's Snowflakes reach one m1 kept: at most 10 more, 500 ms of m1's.
reach_old_ids() {
  local i lo hi
  grep -h "^$old_tl " "$cluster"/clients/got.* |
    pg_psql "$check_port" -c "DROP TABLE IF EXISTS old_term" \
      -c "CREATE TABLE old_term (tl text, port int, sf bigint, sh bigint, u text)" \
      -c "\\copy old_term FROM STDIN WITH (DELIMITER ' ')"
  for i in $(seq 0 10); do
    read -r lo hi < <(psql_m "$NEW" -At -F ' ' -c "SELECT min(sf), max(sf) FROM t WHERE tl <> '$old_tl'")
    if [ "$(pg_psql "$check_port" -At -c "SELECT EXISTS (SELECT FROM old_term WHERE sf BETWEEN $lo AND $hi)")" = t ]; then
      [ "$i" = 0 ] || echo "   the new leader's Snowflakes reached ids m1 kept after $i more batches"
      return 0
    fi
    [ "$i" = 10 ] || batch "reach-$i"
  done
  echo "   the new leader's Snowflakes did not reach the ids m1 kept"
}

echo "== cluster 2, negative control (0.3.0's setup): margin 0, node id 1 on every member"
cluster_up control 0 1 1 1
failover m1 cut
reach_old_ids
finish
read -r lost_ids lag_ms < <(lost)
read -r sf_rep sh_rep u_rep <<<"$HA_REPEATS"
echo "negative control: $lost_ids ids lost with m1 (its last $lag_ms ms); repeats: snowflake_id() $sf_rep, next_shard_id(5) $sh_rep, ulid_monotonic() $u_rep; ids not above: $HA_NOT_ABOVE"
if [ "$sf_rep" -gt 0 ] && [ "$sh_rep" -gt 0 ] && [ "$HA_NOT_ABOVE" -gt 0 ]; then
  echo "ok: without the margin and node ids the same failover repeats ids: the test sees the failure"
else
  echo "FAIL: the negative control shows no repeats: this test could not see the failure it is about"; status=1
fi
cleanup_cluster
echo "patroni: $(elapsed) in all"
exit $status
