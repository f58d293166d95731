# pg_server.sh: throwaway PostgreSQL servers on loopback for the tests.
# Source it, then:  pg_server_start DIR PORT [postgresql.conf lines...]
#                   pg_psql PORT [psql args...]      pg_server_stop DIR
# PostgreSQL refuses to run as root: as root, servers run as `postgres`.
# The tests' ports are 25800-25999: below Linux's ephemeral range (32768 and
# up), where a client connection's local port could be holding them.
# IDGEN_PORT_OFFSET shifts every default port, so two checkouts can run their
# suites side by side.

PG_BINDIR=${PG_BINDIR:-$(pg_config --bindir)}

pg_as_owner() {
  if [ "$(id -u)" -ne 0 ]; then "$@"; return; fi
  # from a directory postgres may not enter (a clone in /root), run from /
  if runuser -u postgres -- test -x "$PWD"; then
    runuser -u postgres -- "$@"
  else
    (cd / && runuser -u postgres -- "$@")
  fi
}

# A fresh directory the server's owner can write to.
pg_scratch_dir() {
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/idgen-$1.XXXXXX")
  chmod 755 "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  echo "$dir"
}

pg_server_start() {
  local dir=$1 port=$2; shift 2
  pg_as_owner "$PG_BINDIR/initdb" -D "$dir/data" -U postgres --auth=trust \
    --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  {
    echo "listen_addresses = '127.0.0.1'"
    echo "port = $port"
    echo "unix_socket_directories = '$dir'"
    echo "fsync = off"
    local line
    for line in "$@"; do echo "$line"; done
  } | pg_as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null \
    || { cat "$dir/server.log" >&2; return 1; }
}

# With IDGEN_SERVER_LOGS set (test/run-all.sh sets it for each suite), the
# server's log is kept there, as <dir's name>.log: a caller removes DIR next,
# and a failed suite's report shows what the server said.
pg_server_stop() {
  local dir=$1
  [ -f "$dir/data/postmaster.pid" ] && \
    pg_as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1
  [ -n "${IDGEN_SERVER_LOGS:-}" ] && [ -f "$dir/server.log" ] &&
    cp "$dir/server.log" "$IDGEN_SERVER_LOGS/$(basename "$dir").log" 2>/dev/null
  return 0
}

pg_psql() {
  local port=$1; shift
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d postgres "$@"
}

# pg_wait_for SECONDS WHAT COMMAND...: polls COMMAND every 0.25 s until it
# succeeds; after SECONDS, says FAIL: no WHAT and returns 1. What a loaded
# machine does "soon" is waited for, never slept on.
pg_wait_for() {
  local limit=$1 what=$2 i; shift 2
  for i in $(seq 1 $((limit * 4))); do
    "$@" && return 0
    sleep 0.25
  done
  echo "FAIL: no $what after $limit s" >&2
  return 1
}

# pg_sql_true PORT SQL: the query returns t
pg_sql_true() { [ "$(pg_psql "$1" -At -c "$2")" = t ]; }

# pg_reload PORT: reloads the configuration and returns once a new session
# has it (the postmaster reads the files when it gets to the signal: on a
# busy machine that can take longer than any fixed sleep). It compares
# pg_conf_load_time(): not for a server whose clock is stopped.
pg_reload() {
  local port=$1 before
  before=$(pg_psql "$port" -At -c "SELECT pg_conf_load_time()")
  pg_psql "$port" -c "SELECT pg_reload_conf()" >/dev/null
  pg_wait_for 60 "configuration reload on port $port" \
    pg_sql_true "$port" "SELECT pg_conf_load_time() > '$before'"
}

# pg_throwaway_server NAME PORT [postgresql.conf lines...]: a server in a
# scratch directory ($PG_DIR) that is stopped and removed when the script exits.
pg_throwaway_server() {
  local name=$1 port=$2; shift 2
  PG_DIR=$(pg_scratch_dir "$name")
  trap 'set +e; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
  pg_server_start "$PG_DIR" "$port" "$@"
}

# wait_all PID...: waits for each background client and fails if any of
# them failed (a bare `wait` returns 0 whatever its jobs returned, and bash
# forgets finished jobs, so the callers keep their PIDs).
wait_all() {
  local status=0 pid
  for pid in "$@"; do
    wait "$pid" || { echo "a client (pid $pid) failed with status $?" >&2; status=1; }
  done
  return $status
}

# pg_refuses PORT SQL SQLSTATE MESSAGE_REGEX: the statement fails with that
# SQLSTATE and a primary message matching the whole regex (extended). Any
# other outcome (success, a crashed backend, another error) fails the check.
pg_refuses() {
  local port=$1 sql=$2 state=$3 message=$4 out first
  if out=$(pg_psql "$port" -v VERBOSITY=verbose -c "$sql" 2>&1 </dev/null); then
    echo "FAIL: $sql: succeeded, expected $state: $message"
    return 1
  fi
  first=$(head -1 <<<"$out")
  if [[ $first =~ ^ERROR:\ \ $state:\ ($message)$ ]]; then
    echo "ok: $sql: refused, $state: ${BASH_REMATCH[1]}"
    return 0
  fi
  echo "FAIL: $sql: expected $state: $message"$'\n'"  got: $out"
  return 1
}
