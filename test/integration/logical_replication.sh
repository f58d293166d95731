#!/usr/bin/env bash
# idgen's tables on a logical replication subscriber (issue 43, R3 and
# R16): a publisher replicates idgen_key_store and idgen_declared_layouts
# (FOR TABLE, as FOR ALL TABLES would) to a subscriber, whose apply fires
# row triggers only. On the subscriber:
#   - a session that used a key refuses it, at its next statement, once the
#     publisher's revoke arrives, and once the publisher's drop arrives; no
#     transaction of the session need end or begin between
#   - a grant that arrives by replication keeps its role from DROP ROLE, and
#     a revoke that arrives releases it: no grant outlives its role as a
#     bare OID there either
#   - a declared layout that layout_id() ran there is neither dropped nor
#     declared again with another epoch by the publisher's drop and create:
#     the apply refuses the change as idgen_layout_drop() would, and stops;
#     nor by the publisher's TRUNCATE and create (no row trigger fires for
#     a TRUNCATE: a statement trigger checks every layout it would remove)
#   - with the publisher's clock 10 minutes ahead (libfaketime: a row's
#     created is the publisher's clock), after the subscriber's restart,
#     neither is a layout it ran (attack3 G), nor one it never ran whose row
#     came before the restart, until a superuser deletes that row there;
#     a layout whose row came since the start and never ran here is
#     dropped and declared again through replication
# Steps wait for what the subscriber shows, never for the clock.
# Ports: 25970-25971 (+ IDGEN_PORT_OFFSET).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/sessions.sh

base=$((25970 + ${IDGEN_PORT_OFFSET:-0}))
pub=$base sub=$((base + 1))
PG_DIR=$(pg_scratch_dir key-replication)
pub_dir=$PG_DIR/pub sub_dir=$PG_DIR/sub
trap 'set +e; pg_server_stop "$sub_dir"; pg_server_stop "$pub_dir"; rm -rf "$PG_DIR"' EXIT
for d in "$pub_dir" "$sub_dir"; do
  mkdir -p "$d" && chmod 755 "$d"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$d"
done
# the publisher's clock: $pub_dir/faketime
PG_DIR=$pub_dir source test/lib/faketime.sh
PG_DIR=$pub_dir faketime_server_start "$pub" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1" \
  "wal_level = logical"
pg_server_start "$sub_dir" "$sub" "shared_preload_libraries = 'idgen'" "idgen.node_id = 2" \
  "log_error_verbosity = verbose"
fail=0
check() { # check WHAT EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected $2, got $3"; fail=1; fi
}
v7=017f22e2-79b0-7cc3-98c4-dc0c0c07398f
for port in "$pub" "$sub"; do
  pg_psql "$port" -c "CREATE ROLE mallory LOGIN" -c "CREATE ROLE temp3" -c "CREATE EXTENSION idgen" \
    -c "GRANT EXECUTE ON FUNCTION uuid_v47_encode(uuid, text) TO mallory" >/dev/null
done
pg_psql "$pub" -c "SELECT idgen_key_create('lr')" -c "SELECT idgen_key_grant('lr', 'mallory')" \
  -c "CREATE PUBLICATION p FOR TABLE idgen_key_store" >/dev/null
pg_psql "$sub" -c "SET client_min_messages = warning" -c "CREATE SUBSCRIPTION s
  CONNECTION 'host=127.0.0.1 port=$pub user=postgres dbname=postgres' PUBLICATION p" >/dev/null
# subscriber_shows SQL: the subscriber's idgen_keys, as one line, is SQL's
subscriber_shows() {
  [ "$(pg_psql "$sub" -At -c "SELECT coalesce(string_agg(name || ' ' || granted_to::text, '; ' ORDER BY name), '-') FROM idgen_keys")" = "$1" ]
}
pg_wait_for 120 "key lr on the subscriber" subscriber_shows "lr {mallory}"

echo "--- a subscriber's session, a revoke and a drop on the publisher"
session_open m "$sub" -U mallory -d postgres
face=$(pg_psql "$pub" -At -c "SELECT uuid_v47_encode('$v7', 'lr')")
session_send m "SELECT uuid_v47_encode('$v7', 'lr');"
check "the subscriber's session makes the publisher's face" "$face" "$(session_wait m)"
pg_psql "$pub" -c "SELECT idgen_key_revoke('lr', 'mallory')" >/dev/null
pg_wait_for 120 "the revoke on the subscriber" subscriber_shows "lr {}"
session_send m "SELECT uuid_v47_encode('$v7', 'lr');"
check "the session refuses the key revoked by replication" \
  'ERROR:  uuid_v47_encode: permission denied for key "lr"' "$(session_wait m | head -1)"
pg_psql "$pub" -c "SELECT idgen_key_grant('lr', 'mallory')" >/dev/null
pg_wait_for 120 "the grant on the subscriber" subscriber_shows "lr {mallory}"
session_send m "SELECT uuid_v47_encode('$v7', 'lr');"
check "the session uses the key granted again by replication" "$face" "$(session_wait m)"
pg_psql "$pub" -c "SELECT idgen_key_drop('lr')" >/dev/null
pg_wait_for 120 "the drop on the subscriber" subscriber_shows "-"
session_send m "SELECT uuid_v47_encode('$v7', 'lr');"
check "the session refuses the key dropped by replication" \
  'ERROR:  uuid_v47_encode: there is no key named "lr"' "$(session_wait m | head -1)"
session_close m

echo "--- a grant that arrives by replication, and its role"
pg_psql "$pub" -c "SELECT idgen_key_create('lr2')" -c "SELECT idgen_key_grant('lr2', 'temp3')" >/dev/null
pg_wait_for 120 "the grant of lr2 on the subscriber" subscriber_shows "lr2 {temp3}"
check "DROP ROLE refuses the grantee on the subscriber" \
  'ERROR:  role "temp3" cannot be dropped because some objects depend on it|DETAIL:  privileges for column granted_to of table idgen_key_store' \
  "$(pg_psql "$sub" -c "DROP ROLE temp3" 2>&1 | paste -sd '|')"
pg_psql "$pub" -c "SELECT idgen_key_revoke('lr2', 'temp3')" >/dev/null
pg_wait_for 120 "the revoke of lr2 on the subscriber" subscriber_shows "lr2 {}"
check "DROP ROLE takes the role revoked by replication" "DROP ROLE" \
  "$(pg_psql "$sub" -c "DROP ROLE temp3" -c "SELECT 'DROP ROLE'" -At 2>&1)"
check "the key's grants name no bare OID" "lr2 {}" \
  "$(pg_psql "$sub" -At -c "SELECT name || ' ' || granted_to::text FROM idgen_keys")"

echo "--- a declared layout dropped and declared again on the publisher, used on the subscriber"
pg_psql "$pub" -c "SELECT idgen_layout_create('lz', '2025-01-01 00:00:00+00', '1 millisecond', 6, 12)" \
  -c "ALTER PUBLICATION p ADD TABLE idgen_declared_layouts" >/dev/null
pg_psql "$sub" -c "ALTER SUBSCRIPTION s REFRESH PUBLICATION" >/dev/null
# the subscriber's layouts, each as its name and whether its epoch is 2025's first second
layouts_on_subscriber="SELECT coalesce(string_agg(name || ' ' || (epoch = '2025-01-01 00:00:00+00')::text, '; '), '-') FROM idgen_declared_layouts"
layout_on_subscriber() { [ "$(pg_psql "$sub" -At -c "$layouts_on_subscriber")" = "$1" ]; }
pg_wait_for 120 "layout lz on the subscriber" layout_on_subscriber "lz true"
first=$(pg_psql "$sub" -At -c "SELECT max(layout_id('lz')) FROM generate_series(1, 1000)")
pg_psql "$pub" -c "SELECT idgen_layout_drop('lz')" \
  -c "SELECT idgen_layout_create('lz', '2025-01-01 00:00:30+00', '1 millisecond', 6, 12)" >/dev/null
# the apply refused the change, or (no refusal) took it
refused_or_taken() {
  pg_sql_true "$sub" "SELECT apply_error_count > 0 OR ($layouts_on_subscriber) <> 'lz true'
                        FROM pg_stat_subscription_stats WHERE subname = 's'"
}
pg_wait_for 120 "the apply's refusal or the change" refused_or_taken
check "the subscriber's apply refuses the drop, as idgen_layout_drop() would there" \
  'ERROR:  55000: a replicated change of idgen_declared_layouts: layout "lz" may have handed out IDs' \
  "$(grep -o 'ERROR:  55000: a replicated change of idgen_declared_layouts: .*' "$sub_dir/server.log" | head -1)"
check "the subscriber keeps the layout it used" "lz true" "$(pg_psql "$sub" -At -c "$layouts_on_subscriber")"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$sub_dir/data" -l "$sub_dir/server.log" -w -m fast restart >/dev/null
check "after a restart its IDs go on above the ones before" t \
  "$(pg_psql "$sub" -At -c "SELECT min(layout_id('lz')) > $first FROM generate_series(1, 1000)")"
pg_psql "$sub" -c "SET client_min_messages = warning" -c "ALTER SUBSCRIPTION s DISABLE" -c "DROP SUBSCRIPTION s" >/dev/null

echo "--- a declared layout truncated and declared again on the publisher, used on the subscriber"
# a database of its own on the subscriber: the publisher's table holds lz's new shape
pg_psql "$sub" -c "CREATE DATABASE trunc" >/dev/null
pg_psql "$sub" -d trunc -c "CREATE EXTENSION idgen" >/dev/null
pg_psql "$pub" -c "SELECT idgen_layout_create('lt', '2025-01-01 00:00:00+00', '1 millisecond', 6, 12)" \
  -c "CREATE PUBLICATION p2 FOR TABLE idgen_declared_layouts" >/dev/null
pg_psql "$sub" -d trunc -c "SET client_min_messages = warning" -c "CREATE SUBSCRIPTION s2
  CONNECTION 'host=127.0.0.1 port=$pub user=postgres dbname=postgres' PUBLICATION p2" >/dev/null
lt_on_subscriber="SELECT coalesce((SELECT (epoch = '2025-01-01 00:00:00+00')::text FROM idgen_declared_layouts WHERE name = 'lt'), '-')"
lt_shows() { [ "$(pg_psql "$sub" -d trunc -At -c "$lt_on_subscriber")" = "$1" ]; }
pg_wait_for 120 "layout lt on the subscriber" lt_shows true
first=$(pg_psql "$sub" -d trunc -At -c "SELECT max(layout_id('lt')) FROM generate_series(1, 1000)")
pg_psql "$pub" -c "TRUNCATE idgen_declared_layouts" \
  -c "SELECT idgen_layout_create('lt', '2025-01-01 00:00:30+00', '1 millisecond', 6, 12)" >/dev/null
truncate_refused_or_taken() {
  pg_sql_true "$sub" "SELECT apply_error_count > 0 FROM pg_stat_subscription_stats WHERE subname = 's2'" ||
    ! lt_shows true
}
pg_wait_for 120 "the apply's refusal or the TRUNCATE" truncate_refused_or_taken
check "the subscriber's apply refuses the TRUNCATE, as idgen_layout_drop() would there" \
  'ERROR:  55000: a replicated TRUNCATE of idgen_declared_layouts: layout "lt" may have handed out IDs' \
  "$(grep -o 'ERROR:  55000: a replicated TRUNCATE of idgen_declared_layouts: .*' "$sub_dir/server.log" | head -1)"
check "the subscriber keeps the layout it used" true "$(pg_psql "$sub" -d trunc -At -c "$lt_on_subscriber")"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$sub_dir/data" -l "$sub_dir/server.log" -w -m fast restart >/dev/null
check "after a restart its IDs go on above the ones before" t \
  "$(pg_psql "$sub" -d trunc -At -c "SELECT min(layout_id('lt')) > $first FROM generate_series(1, 1000)")"
pg_psql "$sub" -d trunc -c "SET client_min_messages = warning" -c "ALTER SUBSCRIPTION s2 DISABLE" \
  -c "DROP SUBSCRIPTION s2" >/dev/null

echo "--- the publisher's clock ahead: a restart of the subscriber, then a drop and a new declaration"
set_clock +600
pg_psql "$sub" -c "CREATE DATABASE ahead" >/dev/null
pg_psql "$sub" -d ahead -c "CREATE EXTENSION idgen" >/dev/null
for l in lg lk lh; do
  pg_psql "$pub" -c "SELECT idgen_layout_create('$l', '2025-01-01 00:00:00+00', '1 millisecond', 6, 12)" >/dev/null
done
pg_psql "$sub" -d ahead -c "SET client_min_messages = warning" -c "CREATE SUBSCRIPTION s3
  CONNECTION 'host=127.0.0.1 port=$pub user=postgres dbname=postgres' PUBLICATION p2" >/dev/null
# LAYOUT's epoch on the subscriber, as its second of 2025 ("-": none)
epoch_on_subscriber() {
  pg_psql "$sub" -d ahead -At -c "SELECT coalesce((SELECT extract(epoch FROM epoch - '2025-01-01 00:00:00+00')::int::text
                                    FROM idgen_declared_layouts WHERE name = '$1'), '-')"
}
epoch_shows() { [ "$(epoch_on_subscriber "$1")" = "$2" ]; }
pg_wait_for 120 "layouts lg, lk and lh on the subscriber" epoch_shows lh 0
first=$(pg_psql "$sub" -d ahead -At -c "SELECT max(layout_id('lg')) FROM generate_series(1, 1000)")
check "the subscriber's clock is behind the rows' created" t \
  "$(pg_psql "$sub" -d ahead -At -c "SELECT bool_and(created > now() + interval '5 minutes') FROM idgen_declared_layouts
                                   WHERE name IN ('lg', 'lk', 'lh')")"
# lh's row came since the subscriber started, and never ran there: it goes
pg_psql "$pub" -c "SELECT idgen_layout_drop('lh')" \
  -c "SELECT idgen_layout_create('lh', '2025-01-01 00:00:30+00', '1 millisecond', 6, 12)" >/dev/null
pg_wait_for 120 "lh declared again on the subscriber" epoch_shows lh 30
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$sub_dir/data" -l "$sub_dir/server.log" -w -m fast restart >/dev/null
errors_before=$(grep -c 'ERROR:  55000: a replicated change of idgen_declared_layouts' "$sub_dir/server.log" || true)
# the apply's next refusal: its ERROR, DETAIL and HINT lines, as one
next_refusal() {
  grep -A2 'ERROR:  55000: a replicated change of idgen_declared_layouts' "$sub_dir/server.log" |
    grep -v '^--$' | sed -n "$((errors_before * 3 + 1)),$((errors_before * 3 + 3))p" |
    sed 's/^.*\(ERROR\|DETAIL\|HINT\):  /\1:  /' | paste -sd '|'
}
refusal_logged() { [ -n "$(next_refusal)" ]; }
came_before='Its row came here before the server last started (or by a way this server keeps no count of), and what layout_id() did before then is not known. Declared again with another epoch, time unit or widths, it could repeat them.'
way_out="Where layout_id() never ran it here, a superuser's DELETE of the row here, outside the apply, lets the apply go on; else skip the transaction (ALTER SUBSCRIPTION ... SKIP) and declare layouts on each server."
# lg ran here before the restart (attack3 G: its created, the publisher's clock, is after the restart);
# its drop and new declaration in one transaction, which the subscription then skips
pg_psql "$pub" -c "BEGIN" -c "SELECT idgen_layout_drop('lg')" \
  -c "SELECT idgen_layout_create('lg', '2025-01-01 00:00:30+00', '1 millisecond', 6, 12)" -c "COMMIT" >/dev/null
lg_refused_or_taken() { refusal_logged || ! epoch_shows lg 0; }
pg_wait_for 120 "the apply's refusal of lg, or the change" lg_refused_or_taken
check "after a restart, the apply refuses a layout the subscriber ran, the publisher's clock ahead" \
  "ERROR:  55000: a replicated change of idgen_declared_layouts: layout \"lg\" may have handed out IDs|DETAIL:  $came_before|HINT:  $way_out" \
  "$(next_refusal)"
check "the subscriber keeps the layout it ran" 0 "$(epoch_on_subscriber lg)"
check "its IDs go on above the ones before" t \
  "$(pg_psql "$sub" -d ahead -At -c "SELECT min(layout_id('lg')) > $first FROM generate_series(1, 1000)")"
# the hint's way for a layout that ran here: the refused transaction skipped, the LSN from the log
lsn=$(grep -o 'finished at [0-9A-F]*/[0-9A-F]*' "$sub_dir/server.log" | tail -1 | cut -d' ' -f3)
[ -z "$lsn" ] || pg_psql "$sub" -d ahead -c "ALTER SUBSCRIPTION s3 SKIP (lsn = '$lsn')" >/dev/null
skipped() { pg_sql_true "$sub" "SELECT subskiplsn = '0/0' FROM pg_subscription WHERE subname = 's3'"; }
pg_wait_for 120 "the refused transaction skipped" skipped
check "the subscriber still keeps the layout it ran" 0 "$(epoch_on_subscriber lg)"
# lk never ran here, but its row came before the restart: refused, and a superuser's DELETE there lets the apply on
errors_before=$(grep -c 'ERROR:  55000: a replicated change of idgen_declared_layouts' "$sub_dir/server.log" || true)
pg_psql "$pub" -c "SELECT idgen_layout_drop('lk')" \
  -c "SELECT idgen_layout_create('lk', '2025-01-01 00:00:30+00', '1 millisecond', 6, 12)" >/dev/null
lk_refused_or_taken() { refusal_logged || ! epoch_shows lk 0; }
pg_wait_for 120 "the apply's refusal of lk, or the change" lk_refused_or_taken
check "after a restart, the apply refuses a layout whose row came before it" \
  "ERROR:  55000: a replicated change of idgen_declared_layouts: layout \"lk\" may have handed out IDs|DETAIL:  $came_before|HINT:  $way_out" \
  "$(next_refusal)"
check "the subscriber keeps it meanwhile" 0 "$(epoch_on_subscriber lk)"
pg_psql "$sub" -d ahead -c "DELETE FROM idgen_declared_layouts WHERE name = 'lk'" >/dev/null
pg_wait_for 120 "lk declared again on the subscriber after the superuser's DELETE" epoch_shows lk 30
pg_psql "$sub" -d ahead -c "SET client_min_messages = warning" -c "ALTER SUBSCRIPTION s3 DISABLE" \
  -c "DROP SUBSCRIPTION s3" >/dev/null
exit $fail
