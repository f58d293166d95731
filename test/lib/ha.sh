# ha.sh: what the HA tests (test/integration/patroni.sh, pg_auto_failover.sh)
# share: clients that keep every id they get, daemons started as postgres,
# and the check of every failover. Source test/lib/pg_server.sh first.

HA_CLIENTS=()

# ha_daemon LOG [ENV=VALUE...] -- COMMAND...: starts COMMAND as postgres in
# the background, from /, its output to LOG; HA_PID is its pid (setpriv and
# env exec it, so a kill -9 of HA_PID kills the daemon itself).
ha_daemon() {
  local log=$1; shift
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done; shift
  (cd / && exec setpriv --reuid=postgres --regid=postgres --init-groups \
     env "${envs[@]}" "$@" >>"$log" 2>&1 </dev/null) &
  HA_PID=$!
}

# ha_wait_for SECONDS WHAT COMMAND...: polls COMMAND until it succeeds; the
# test fails at once when one of its daemons has exited (the caller's
# daemons_alive sets DEAD), or after SECONDS, with the caller's ha_diagnose.
ha_wait_for() {
  local limit=$1 what=$2 i; shift 2
  for i in $(seq 1 $((limit * 2))); do
    "$@" && return 0
    daemons_alive || { echo "FAIL: $DEAD exited while waiting for $what"; break; }
    sleep 0.5
  done
  echo "FAIL: no $what after $((i / 2)) s"
  ha_diagnose
  exit 1
}

# The environment that puts a server's clock SECONDS behind (libfaketime).
ha_skew_env() {
  local lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
  [ -e "$lib" ] || { echo "FAIL: no libfaketime (test/install-deps.sh installs it)" >&2; return 1; }
  echo "LD_PRELOAD=$lib FAKETIME=-$1 FAKETIME_DONT_RESET=1"
}

# ha_clients_start DIR CONNINFO N: N clients, each keeping its ids in DIR/got.I
ha_clients_start() {
  local dir=$1 conninfo=$2 n=$3 i
  rm -f "$dir/stop"
  for i in $(seq 1 "$n"); do
    /usr/bin/python3 test/lib/ha_client.py "$conninfo" "$dir/got.$i" "$dir/stop" &
    HA_CLIENTS+=($!)
  done
}

ha_clients_stop() {
  local dir=$1 status=0
  touch "$dir/stop"
  wait_all "${HA_CLIENTS[@]}" || status=1
  HA_CLIENTS=()
  return $status
}

ha_kill_clients() {
  local c
  for c in "${HA_CLIENTS[@]}"; do kill "$c" 2>/dev/null; done
}

# ha_ids DIR: how many ids the clients kept so far
ha_ids() { cat "$1"/got.* 2>/dev/null | wc -l; }

# ha_timeline PORT: the primary's present timeline, as the clients record it
# (fails on a server in recovery)
ha_timeline() { pg_psql "$1" -At -c "SELECT substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8)"; }

# ha_kept_from PORT DIR: the clients in DIR kept ids from the primary on
# PORT in its present term (timeline); false while it is still in recovery.
# Each term the report counts must have some: wait for them, not a while.
ha_kept_from() {
  local tl
  tl=$(ha_timeline "$1" 2>/dev/null) && grep -qs "^$tl " "$2"/got.*
}

# ha_load PORT DIR: every id the clients in DIR kept, into table got of the
# (plain, throwaway) server on PORT
ha_load() {
  local port=$1 dir=$2
  pg_psql "$port" -c "SET client_min_messages = warning" -c "DROP TABLE IF EXISTS got, term, before, verdict" \
    -c "CREATE TABLE got (tl text COLLATE \"C\", port int, sf bigint, sh bigint, u text COLLATE \"C\")"
  cat "$dir"/got.* | pg_psql "$port" -c "\\copy got FROM STDIN WITH (DELIMITER ' ')"
  pg_psql "$port" -c "ANALYZE got"
}

# ha_report PORT: per timeline (a primary's term: each failover or
# switchover starts one), the ids kept, how many of them are not above every
# id kept from the timelines before it, per generator; and the exact repeats
# of each generator across everything. Sets HA_TIMELINES, HA_NOT_ABOVE
# (the sum over the three generators) and HA_REPEATS (sf sh u).
ha_report() {
  local port=$1
  pg_psql "$port" <<'SQL'
CREATE TABLE term AS
  SELECT tl, min(port) AS port, count(DISTINCT port) AS ports, count(*) AS ids,
         max(sf) AS sf, max(sh) AS sh, max(u) AS u, min(sf) AS first_sf
    FROM got GROUP BY tl;
CREATE TABLE before AS
  SELECT tl, max(sf) OVER w AS sf, max(sh) OVER w AS sh, max(u) OVER w AS u
    FROM term WINDOW w AS (ORDER BY tl ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING);
CREATE TABLE verdict AS
  SELECT t.tl, t.port, t.ports, t.ids,
         to_char(to_timestamp(((t.first_sf >> 22) + 1288834974657) / 1000.0) AT TIME ZONE 'UTC', 'HH24:MI:SS.MS') AS first_at,
         to_char(to_timestamp(((t.sf >> 22) + 1288834974657) / 1000.0) AT TIME ZONE 'UTC', 'HH24:MI:SS.MS') AS last_at,
         (SELECT count(*) FROM got g WHERE g.tl = t.tl AND g.sf <= b.sf) AS sf_not_above,
         (SELECT count(*) FROM got g WHERE g.tl = t.tl AND g.sh <= b.sh) AS sh_not_above,
         (SELECT count(*) FROM got g WHERE g.tl = t.tl AND g.u <= b.u) AS u_not_above
    FROM term t JOIN before b USING (tl);
SQL
  pg_psql "$port" -c "SELECT tl AS timeline, port AS \"primary's port\", ids AS \"ids kept\",
                             first_at AS \"first Snowflake's time\", last_at AS \"last's\",
                             sf_not_above AS \"snowflake_id() not above the terms before\",
                             sh_not_above AS \"next_shard_id(5) not above\",
                             u_not_above AS \"ulid_monotonic() not above\"
                        FROM verdict ORDER BY tl"
  pg_psql "$port" -c "SELECT count(*) AS \"ids kept\",
                             count(*) - count(DISTINCT sf) AS \"snowflake_id() repeats\",
                             count(*) - count(DISTINCT sh) AS \"next_shard_id(5) repeats\",
                             count(*) - count(DISTINCT u) AS \"ulid_monotonic() repeats\"
                        FROM got"
  HA_TIMELINES=$(pg_psql "$port" -At -c "SELECT count(*) FROM verdict")
  HA_NOT_ABOVE=$(pg_psql "$port" -At -c "SELECT coalesce(sum(sf_not_above + sh_not_above + u_not_above), 0) FROM verdict")
  HA_REPEATS=$(pg_psql "$port" -At -F ' ' -c "SELECT count(*) - count(DISTINCT sf), count(*) - count(DISTINCT sh),
                                                     count(*) - count(DISTINCT u) FROM got")
  HA_ONE_PORT=$(pg_psql "$port" -At -c "SELECT bool_and(ports = 1) FROM verdict")
}
