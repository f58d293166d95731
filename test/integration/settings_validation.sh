#!/usr/bin/env bash
# Bad idgen.* values in postgresql.conf: the server refuses to start and says
# which value and range; changing a fixed setting at reload is refused too.
set -uo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25814 + ${IDGEN_PORT_OFFSET:-0}))}
fail=0
dirs=()
trap 'set +e; for d in "${dirs[@]}"; do pg_server_stop "$d"; rm -rf "$d"; done' EXIT

# expect_refused SETTING_LINE PATTERN: start must fail and the log say PATTERN
expect_refused() {
  local dir
  dir=$(pg_scratch_dir settings); dirs+=("$dir")
  if pg_server_start "$dir" "$port" "shared_preload_libraries = 'idgen'" "$1" 2>/dev/null; then
    echo "FAIL: server started with: $1"; fail=1; pg_server_stop "$dir"; return
  fi
  if grep -q -- "$2" "$dir/server.log"; then
    echo "ok: $1 -> $(grep -m1 -- "$2" "$dir/server.log" | sed 's/^.*UTC \[[0-9]*\] //')"
  else
    echo "FAIL: $1: log lacks '$2'"; cat "$dir/server.log"; fail=1
  fi
}

# PostgreSQL itself only warns and keeps the default; idgen refuses to start.
expect_refused "idgen.node_id = 1024" 'FATAL:  invalid value for parameter "idgen.node_id": "1024"'
expect_refused "idgen.node_id = -1" 'FATAL:  invalid value for parameter "idgen.node_id": "-1"'
expect_refused "idgen.node_id = 'seven'" 'FATAL:  invalid value for parameter "idgen.node_id": "seven"'
expect_refused "idgen.snowflake_epoch = '12abc'" 'FATAL:  invalid value for parameter "idgen.snowflake_epoch": "12abc"'
expect_refused "idgen.shard_epoch = '-1'" 'FATAL:  invalid value for parameter "idgen.shard_epoch": "-1"'
expect_refused "idgen.shard_epoch = '4398046511104'" 'DETAIL:  Valid values are an integer number of Unix milliseconds from 0 to 4398046511103.'
expect_refused "idgen.max_clock_lead = '5 parsecs'" 'FATAL:  invalid value for parameter "idgen.max_clock_lead": "5 parsecs"'

# Without preloading, the server starts (idgen is not loaded yet), but every
# call that would load idgen fails and names the value, rather than decoding
# with a default epoch in place of the configured one.
dir=$(pg_scratch_dir settings); dirs+=("$dir")
pg_server_start "$dir" "$port" "idgen.shard_epoch = '13142200217210'" || exit 1
out=$(pg_psql "$port" -c "CREATE EXTENSION idgen" 2>&1)
if grep -q 'ERROR:  invalid value for parameter "idgen.shard_epoch": "13142200217210"' <<<"$out"; then
  echo "ok: without preload, loading idgen fails: $(head -1 <<<"$out")"
else
  echo "FAIL: without preload, a bad epoch gave: $out"; fail=1
fi
pg_server_stop "$dir"

# No node id set: snowflake_id() refuses, naming the setting and the line to
# add; every other generator works; idgen_status says it is unset; and -1 (the
# "unset" default) is refused when set by ALTER SYSTEM.
dir=$(pg_scratch_dir settings); dirs+=("$dir")
pg_server_start "$dir" "$port" "shared_preload_libraries = 'idgen'" || exit 1
pg_psql "$port" -c "CREATE EXTENSION idgen" >/dev/null
out=$(pg_psql "$port" -v VERBOSITY=verbose -c "SELECT snowflake_id()" 2>&1)
expected='ERROR:  55000: snowflake_id() needs idgen.node_id to be set
DETAIL:  Every server that generates Snowflakes needs its own node id (0 to 1023); with a default, two servers would hand out the same IDs.
HINT:  Add the line "idgen.node_id = 1" to postgresql.conf, or run ALTER SYSTEM SET idgen.node_id = 1; with a number no other server uses, then restart the server.'
if [ "$(grep -v '^LOCATION:' <<<"$out")" = "$expected" ]; then
  echo "ok: without idgen.node_id, snowflake_id() refuses with 55000 and the line to add"
else
  echo "FAIL: without idgen.node_id, snowflake_id() gave:"; echo "$out"; fail=1
fi
# tsid() and sonyflake_id() take their node from idgen.node_id too
# (each names what it makes: TSIDs, Sonyflake IDs)
for f in "tsid():TSIDs" "sonyflake_id():Sonyflake IDs"; do
  ids=${f#*:} f=${f%%:*}
  want=${expected/snowflake_id()/$f}
  out=$(pg_psql "$port" -v VERBOSITY=verbose -c "SELECT $f" 2>&1)
  if [ "$(grep -v '^LOCATION:' <<<"$out")" = "${want/generates Snowflakes/generates $ids}" ]; then
    echo "ok: without idgen.node_id, $f refuses with 55000 and the line to add"
  else
    echo "FAIL: without idgen.node_id, $f gave:"; echo "$out"; fail=1
  fi
done
others=$(pg_psql "$port" -At -c "SELECT next_shard_id(1) > 0, ulid_monotonic() IS NOT NULL,
                                        uuid_v7() IS NOT NULL, snowflake_node(123 << 12)" 2>&1)
[ "$others" = "t|t|t|123" ] && echo "ok: without idgen.node_id, every other generator works" \
  || { echo "FAIL: without idgen.node_id, the others gave: $others"; fail=1; }
status=$(pg_psql "$port" -At -c "SELECT coalesce(node_id::text, 'null'), node_id_source
                                   FROM idgen_status WHERE generator = 'snowflake_id'")
[ "$status" = "null|default" ] && echo "ok: idgen_status shows the node id unset (source default)" \
  || { echo "FAIL: idgen_status shows node id: $status"; fail=1; }
out=$(pg_psql "$port" -c "ALTER SYSTEM SET idgen.node_id = -1" 2>&1)
grep -q 'ERROR:  invalid value for parameter "idgen.node_id": -1' <<<"$out" \
  && echo "ok: ALTER SYSTEM SET idgen.node_id = -1 is refused" \
  || { echo "FAIL: ALTER SYSTEM SET idgen.node_id = -1 gave: $out"; fail=1; }
# set as the hint says, after a restart it is in force and named as set there
pg_psql "$port" -c "ALTER SYSTEM SET idgen.node_id = 1" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 restart >/dev/null
status=$(pg_psql "$port" -At -c "SELECT snowflake_node(snowflake_id()), node_id, node_id_source
                                   FROM idgen_status WHERE generator = 'snowflake_id'")
[ "$status" = "1|1|configuration file" ] && echo "ok: after ALTER SYSTEM and a restart: $status" \
  || { echo "FAIL: after ALTER SYSTEM and a restart: $status"; fail=1; }
pg_server_stop "$dir"

# A running server keeps its node id through a reload that tries to change it.
dir=$(pg_scratch_dir settings); dirs+=("$dir")
pg_server_start "$dir" "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 5" || exit 1
pg_psql "$port" -c "CREATE EXTENSION idgen" >/dev/null
echo "idgen.node_id = 6" | pg_as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
pg_reload "$port" || fail=1   # (the postmaster logs the refusal as it reads the file)
node=$(pg_psql "$port" -At -c "SELECT snowflake_node(snowflake_id())")
if [ "$node" = 5 ] && grep -q 'parameter "idgen.node_id" cannot be changed without restarting the server' "$dir/server.log"; then
  echo "ok: reload keeps idgen.node_id = 5 and logs that the change needs a restart"
else
  echo "FAIL: after reload node is '$node'"; fail=1
fi
exit $fail
