#!/usr/bin/env bash
# server_change.sh PORT: the SQL edition on another server than the one its
# state was made on (database sqled_app, role app owns the edition). Its
# table _idgen_node records the server (timeline, system identifier); a
# promoted, restored or cloned copy differs from it. Made here by changing
# the record as its owner may: the next session's first call of each of
# snowflake_id(), next_shard_id(5) and ulid_monotonic() comes after the
# three moved past the margin (1 min) above both their last millisecond
# and the clock, once (the session after does not move them again); and a
# server that does not say its timeline to the owner is refused (55000).
# test/integration/sql_edition_failover.sh does it with a real promotion.
set -euo pipefail
port=$1
source test/lib/pg_server.sh
source test/sql-edition/lib.sh

# lead_ms DB: each generator's first ID, less the clock before the call, in ms
lead_ms() {
  app "$1" -At <<'SQL'
CREATE TEMP TABLE t0 AS SELECT clock_timestamp() AS at;
CREATE TEMP TABLE ids AS SELECT idgen_sql.snowflake_id() AS sf, idgen_sql.next_shard_id(5) AS sh, idgen_sql.ulid_monotonic() AS u;
SELECT (extract(epoch FROM idgen_sql.snowflake_timestamp(sf) - at) * 1000)::bigint || ' '
    || (extract(epoch FROM idgen_sql.shard_id_timestamp(sh) - at) * 1000)::bigint || ' '
    || (extract(epoch FROM idgen_sql.ulid_timestamp(u) - at) * 1000)::bigint FROM ids, t0;
SQL
}
# check WHAT BEFORE AFTER NEXT: leads of three sessions, before the change,
# after it (each at least the margin above the clock, and the margin above
# where it was, less the time between the two sessions: 5 s at most), and
# the session after that (not moved again: less than half a margin more)
check() {
  local what=$1 b a n i
  read -ra b <<<"$2"; read -ra a <<<"$3"; read -ra n <<<"$4"
  for i in 0 1 2; do
    if [ "${a[i]}" -lt 60000 ] || [ "${a[i]}" -lt $((b[i] + 55000)) ] || [ "${n[i]}" -ge $((a[i] + 30000)) ]; then
      echo "FAIL: $what: leads over the clock, in ms: before $2, after $3, next session $4"; return 1
    fi
  done
  echo "ok: $what: snowflake_id(), next_shard_id(5), ulid_monotonic() moved past the margin, once (leads in ms: before $2, after $3, next $4)"
}

echo "--- a copy on another server"
for what in timeline_id system_identifier; do
  before=$(lead_ms sqled_app)
  app sqled_app -c "UPDATE idgen_sql._idgen_node SET $what = $what + 1"
  after=$(lead_ms sqled_app)
  check "another $what" "$before" "$after" "$(lead_ms sqled_app)"
  [ "$(app sqled_app -At -c "SELECT (timeline_id, system_identifier) = ((SELECT ('x' || left(pg_walfile_name(pg_current_wal_lsn()), 8))::bit(32)::bigint),
                                                                     (SELECT system_identifier FROM pg_control_system()))
                                    AND moved_at IS NOT NULL FROM idgen_sql._idgen_node")" = t ] &&
    echo "ok: this server recorded in _idgen_node" || { echo "FAIL: _idgen_node does not record this server"; exit 1; }
done

pg_psql "$port" -d sqled_app -c "REVOKE EXECUTE ON FUNCTION pg_walfile_name(pg_lsn) FROM PUBLIC"
status=0
app_refuses sqled_app "SELECT idgen_sql.next_shard_id(5)" 55000 'the idgen SQL edition cannot tell which timeline this server is on' || status=1
pg_psql "$port" -d sqled_app -c "GRANT EXECUTE ON FUNCTION pg_walfile_name(pg_lsn) TO PUBLIC"
exit $status
