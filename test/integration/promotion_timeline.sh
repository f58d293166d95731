#!/usr/bin/env bash
# A server that ends recovery on a new timeline (promoted: here an archive
# recovery that runs out of WAL, which switches timelines as a promoted
# standby does) after its server-wide generators issued IDs.
#  - With the reservation in WAL (15+, preloaded; the default here): the
#    first ID comes from above the reservation plus idgen.promotion_margin.
#  - Without it (IDGEN_EXPECT=refusal; test/pg-matrix runs it on 13
#    preloaded and on 17+ without the preload): each generator refuses
#    (55000) until it is moved on with *_resume_after (which survives a
#    restart) or idgen_reservation_init() starts all three.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25844 + ${IDGEN_PORT_OFFSET:-0}))}
expect=${IDGEN_EXPECT:-margin}
settings=("idgen.node_id = 3" "idgen.promotion_margin = '15s'")
[ "${IDGEN_PRELOAD:-yes}" = yes ] && settings+=("shared_preload_libraries = 'idgen'")
pg_throwaway_server promotion-timeline "$port" "${settings[@]}"
ctl() { pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w "$@" >/dev/null; }
fail=0
check() {  # check LABEL SQL-returning-t
  if [ "$(pg_psql "$port" -At -c "$2")" = t ]; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi
}

pg_psql "$port" -c "CREATE EXTENSION idgen" \
  -c "CREATE TABLE drawn (phase text, sf bigint, sh bigint, u ulid)" \
  -c "INSERT INTO drawn SELECT 'before', snowflake_id(), next_shard_id(5), ulid_monotonic()
        FROM generate_series(1, 5000)"
reserved=$(pg_psql "$port" -At -c "SELECT (extract(epoch FROM reserved_until) * 1000)::bigint
                                      FROM idgen_reservation_status()")
# archive recovery with no archive: it ends at once, on timeline 2
ctl stop -m fast
pg_as_owner touch "$PG_DIR/data/recovery.signal"
echo "restore_command = 'false'" | pg_as_owner tee -a "$PG_DIR/data/postgresql.conf" >/dev/null
ctl start
for i in $(seq 1 60); do
  [ "$(pg_psql "$port" -At -c "SELECT pg_is_in_recovery()")" = f ] && break; sleep 0.5
done
check "the server ended recovery on a new timeline" \
  "SELECT timeline_id > 1 FROM pg_control_checkpoint()"
draw() {
  pg_psql "$port" -c "INSERT INTO drawn SELECT '$1', snowflake_id(), next_shard_id(5), ulid_monotonic()
                        FROM generate_series(1, 5000)"
}
above_before() {  # above_before PHASE LABEL
  check "$2" "SELECT min(d.sf) > max(b.sf) AND min(d.sh) > max(b.sh) AND min(d.u) > max(b.u)
                FROM drawn d, drawn b WHERE d.phase = '$1' AND b.phase <> '$1'"
}

if [ "$expect" = margin ]; then
  draw promoted
  above_before promoted "every ID above those before the new timeline"
  check "the first IDs past the reservation plus the 15 s margin" \
    "SELECT min(snowflake_timestamp(sf)) > to_timestamp($reserved / 1000.0) + interval '15 s'
        AND min(ulid_timestamp(u)) > to_timestamp($reserved / 1000.0) + interval '15 s'
       FROM drawn WHERE phase = 'promoted'"
  # the jump is past the later of the reservation and the clock at the
  # promotion (promoted_at), to the end of that second (xids): all of the
  # margin only if that came within the reservation, which a slow restart may not
  check "idgen_status shows the jump: the margin to the end of its second, less the time the clock passed the reservation by" \
    "SELECT bool_and(promotion_jump_ms > 0 AND promotion_jump_ms = f - f % 1000 + 999
                       - greatest($reserved, (extract(epoch FROM promoted_at) * 1000)::bigint))
       FROM idgen_status, (SELECT $reserved::bigint + 15000 AS f) x"
  exit $fail
fi

refuses() {  # refuses SQL NAME-REGEX
  pg_refuses "$port" "SELECT $1" 55000 \
    "$2: this server was promoted \(timeline [0-9]+\) without its reservation in WAL" || fail=1
}
refuses "snowflake_id()" 'snowflake_id\(\)'
refuses "next_shard_id(5)" 'next_shard_id\(shard\)'
refuses "ulid_monotonic()" 'ulid_monotonic\(\)'
check "the reservation says so" \
  "SELECT state = 'promoted without WAL' AND NOT in_wal FROM idgen_reservation_status()"
pg_psql "$port" -o /dev/null -c "SELECT snowflake_resume_after(max(sf)) FROM drawn"
pg_psql "$port" -c "INSERT INTO drawn (phase, sf) SELECT 'resumed', snowflake_id() FROM generate_series(1, 5000)"
check "snowflake_resume_after(max(id)): snowflake_id() goes on above" \
  "SELECT min(d.sf) > max(b.sf) FROM drawn d, drawn b WHERE d.phase = 'resumed' AND b.phase = 'before'"
refuses "next_shard_id(5)" 'next_shard_id\(shard\)'
ctl restart -m fast
pg_psql "$port" -c "INSERT INTO drawn (phase, sf) SELECT 'restarted', snowflake_id() FROM generate_series(1, 10)"
check "after a restart snowflake_id() still goes on (moving it on is kept)" \
  "SELECT min(d.sf) > max(b.sf) FROM drawn d, drawn b WHERE d.phase = 'restarted' AND b.phase = 'resumed'"
refuses "ulid_monotonic()" 'ulid_monotonic\(\)'
pg_psql "$port" -o /dev/null -c "SELECT idgen_reservation_init()"
draw after_init
check "idgen_reservation_init(): all three go on, the clock past every ID" \
  "SELECT count(*) = 5000 FROM drawn WHERE phase = 'after_init'"
exit $fail
