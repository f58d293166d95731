#!/usr/bin/env bash
# A server booted with its clock 30 days ahead (before NTP corrected it)
# issued IDs 30 days in the future; restarted with the right clock, the
# server-wide generators refuse (55000) and the hint gives the way out:
# idgen.max_clock_lead raised past the lead (days: 0.3.0 stopped at 24.8,
# INT_MAX ms), after which they go on strictly above every ID issued at +30
# days. Also the setting's bounds: a bare number is milliseconds; 100 years
# is the most; more, or less than 0, is refused (22023).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25850 + ${IDGEN_PORT_OFFSET:-0}))}
libfaketime=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
[ -e "$libfaketime" ] || { echo "FAIL: no libfaketime (test/install-deps.sh installs it)"; exit 1; }
LD_PRELOAD="$libfaketime" FAKETIME="+30d" FAKETIME_DONT_RESET=1 \
  pg_throwaway_server clock-far-ahead "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
ctl() { pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w "$@" >/dev/null; }
fail=0
check() {  # check LABEL SQL-returning-t
  if [ "$(pg_psql "$port" -At -c "$2")" = t ]; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi
}
reload() { pg_psql "$port" -c "ALTER SYSTEM SET idgen.max_clock_lead = '$1'" >/dev/null; pg_reload "$port"; }

pg_psql "$port" -c "CREATE EXTENSION idgen" -c "CREATE TABLE drawn (phase text, sf bigint, sh bigint, u ulid)" \
  -c "INSERT INTO drawn SELECT 'ahead', snowflake_id(), next_shard_id(5), ulid_monotonic() FROM generate_series(1, 20000)"
check "drawn with the clock 30 days ahead" \
  "SELECT snowflake_timestamp(max(sf)) > to_timestamp($(date +%s)) + interval '29 days' FROM drawn"
ctl stop -m fast
ctl start   # the right clock
check "the server's clock is right again" \
  "SELECT max(snowflake_timestamp(sf)) - now() > interval '29 days' FROM drawn"
for f in "snowflake_id()" "next_shard_id(5)" "ulid_monotonic()"; do
  name=${f/next_shard_id(5)/next_shard_id(shard)}
  pg_refuses "$port" "SELECT $f" 55000 "${name//[()]/\\&} would run 25[89][0-9]{7} ms ahead of the system clock" || fail=1
done
out=$(pg_psql "$port" -c "SELECT snowflake_id()" 2>&1 || true)
grep -q "^HINT:  If the clock is right now (it was ahead when those IDs were issued), raise the limit past the lead: ALTER SYSTEM SET idgen.max_clock_lead = '3[12]d'; SELECT pg_reload_conf(); the generators go on above their last ID until the clock catches up. Else correct the clock.$" <<<"$out" &&
  echo "ok: the hint gives the way out with the days to set" || { echo "FAIL: hint: $out"; fail=1; }

# the setting's bounds
pg_refuses "$port" "ALTER SYSTEM SET idgen.max_clock_lead = '3162240000001'" 22023 \
  '3\.16224e\+12 ms is outside the valid range for parameter "idgen.max_clock_lead" \(0 \.\. 3\.16224e\+12\)' || fail=1
pg_refuses "$port" "ALTER SYSTEM SET idgen.max_clock_lead = '-1'" 22023 \
  '-1 ms is outside the valid range for parameter "idgen.max_clock_lead" \(0 \.\. 3\.16224e\+12\)' || fail=1
reload 3162240000000
check "100 years (3162240000000 ms) is the most, and is taken" "SELECT current_setting('idgen.max_clock_lead') = '36600d'"
reload 600000
check "a bare number is milliseconds" "SELECT current_setting('idgen.max_clock_lead') = '10min'"

# the way out
reload 31d
pg_psql "$port" -c "INSERT INTO drawn SELECT 'after', snowflake_id(), next_shard_id(5), ulid_monotonic() FROM generate_series(1, 20000)"
check "with idgen.max_clock_lead = '31d': every ID above those issued at +30 days, for all three" \
  "SELECT min(sf) > (SELECT max(sf) FROM drawn WHERE phase = 'ahead')
      AND min(sh) > (SELECT max(sh) FROM drawn WHERE phase = 'ahead')
      AND min(u) > (SELECT max(u) FROM drawn WHERE phase = 'ahead')
     FROM drawn WHERE phase = 'after'"
exit $fail
