#!/usr/bin/env bash
# The shared generators' lead over the clock does not grow with restarts
# (issue 46; 0.6.0 added most of a second per quick restart, and a step per
# declared layout bound since the start).
#   20 crash restarts as fast as the server allows, then 20 clean ones, with
#   five declared layouts bound after each. After each, the first ID of
#   every server-wide generator (snowflake_id, next_shard_id(shard),
#   ulid_monotonic, tsid, sonyflake_id, xid_generate, layout_id of the
#   declared layouts and of a named one):
#   - is at most 1 s (the reservation step, docs/operations.md) ahead of the
#     clock read right after the call (the generator read its own clock
#     before that; the lead printed is over the clock read before the
#     call). A restart resumes at most a step
#     past the clock of the last reservation, or, where the last ID handed
#     out was ahead of the clock, past it by as long as the server had run
#     (10 ms at least): a restart takes longer than 10 ms, so the lead never
#     adds up;
#   - is above every ID that generator handed out before;
#   - for the layouts, bound after the round's first snowflake_id() moved
#     the reservation a step past the clock: at most at the later of the
#     clock and that snowflake's time (0.6.0 bound each past the reservation
#     in force, and moved it on by a step).
#   The reservations the 40 rounds wrote are counted from WAL (one idgen
#   record each) and printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25893 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server restart-lead "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 7"
pg_psql "$port" -q -o /dev/null <<'SQL'
CREATE EXTENSION idgen;
SELECT idgen_layout_create('declared_' || n, date_trunc('day', now()) - interval '1 day',
                           '1 millisecond', 10, 12)
  FROM generate_series(1, 5) n;
CREATE TABLE firsts (round int, generator text, clock_ms bigint, id_ms bigint,
                     b bigint, u ulid, x xid12, after_ms bigint);
CREATE FUNCTION ms(timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE
    AS $$ SELECT floor(extract(epoch FROM $1) * 1000)::bigint $$;
-- each generator's first call, the clock read right before it (the lead
-- printed) and right after it (after_ms, set by the trigger below): the
-- generator read its clock between the two, so an upper bound on an ID is
-- checked against after_ms, and no tick between the reads can fail it
CREATE FUNCTION stamp_after() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.after_ms := ms(clock_timestamp()); RETURN NEW; END $$;
CREATE TRIGGER stamp_after BEFORE INSERT ON firsts FOR EACH ROW EXECUTE FUNCTION stamp_after();
CREATE PROCEDURE draw_firsts(r int) LANGUAGE plpgsql AS $$
DECLARE
    c bigint;
    id bigint;
    u ulid;
    x xid12;
    layout text;
BEGIN
    c := ms(clock_timestamp()); id := snowflake_id();
    INSERT INTO firsts VALUES (r, 'snowflake_id', c, ms(snowflake_timestamp(id)), id);
    c := ms(clock_timestamp()); id := next_shard_id(5);
    INSERT INTO firsts VALUES (r, 'next_shard_id', c, ms(shard_id_timestamp(id)), id);
    c := ms(clock_timestamp()); u := ulid_monotonic();
    INSERT INTO firsts VALUES (r, 'ulid_monotonic', c, ms(ulid_timestamp(u)), NULL, u);
    c := ms(clock_timestamp()); id := tsid();
    INSERT INTO firsts VALUES (r, 'tsid', c, ms(tsid_timestamp(id)), id);
    c := ms(clock_timestamp()); id := sonyflake_id();
    INSERT INTO firsts VALUES (r, 'sonyflake_id', c, ms(sonyflake_timestamp(id)), id);
    c := ms(clock_timestamp()); x := xid_generate();
    INSERT INTO firsts VALUES (r, 'xid_generate', c, ms(xid_timestamp(x)), NULL, NULL, x);
    FOR layout IN SELECT 'declared_' || n FROM generate_series(1, 5) n UNION ALL SELECT 'discord' LOOP
        c := ms(clock_timestamp()); id := layout_id(layout);
        INSERT INTO firsts VALUES (r, 'layout_id(' || layout || ')', c,
                                   ms((layout_decode(id, layout)).ts), id);
    END LOOP;
END $$;
CALL draw_firsts(0);
SQL

wal_lsn() { pg_psql "$port" -At -c "SELECT pg_current_wal_lsn()"; }
start_lsn=$(wal_lsn)
restart() {  # restart MODE: stop as MODE, start, and wait until it serves
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m "$1" -w stop >/dev/null
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
}
began=$(date +%s.%N)
for round in $(seq 1 40); do
  restart "$([ "$round" -le 20 ] && echo immediate || echo fast)"
  pg_psql "$port" -q -c "CALL draw_firsts($round)"
done
echo "40 restarts and their draws took $(echo "$(date +%s.%N) - $began" | bc) s"
end_lsn=$(wal_lsn)
# one record of idgen's resource manager per reservation written
rmgr=$(sed -n 's/^#define IDGEN_RMGR_ID \([0-9]*\)$/\1/p' src/pg/reservation_wal.h)
writes=$(pg_as_owner "$PG_BINDIR/pg_waldump" -p "$PG_DIR/data/pg_wal" -s "$start_lsn" -e "$end_lsn" \
           2>/dev/null | grep -c "^rmgr: custom$rmgr " || true)
echo "reservations written over the 40 rounds (idgen's WAL records): $writes"

fail=0
check() {  # check LABEL SQL-returning-zero
  local got
  got=$(pg_psql "$port" -At -c "$2")
  if [ "$got" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1 ($got)"; fail=1; fi
}
pg_psql "$port" -c "SELECT generator, max(id_ms - clock_ms) AS max_lead_ms,
                           max(id_ms - clock_ms) FILTER (WHERE round BETWEEN 1 AND 20) AS after_crashes,
                           max(id_ms - clock_ms) FILTER (WHERE round > 20) AS after_clean_stops
                      FROM firsts WHERE round > 0 GROUP BY generator ORDER BY generator"
check "after each of 40 restarts, every generator's first ID at most 1 s ahead of the clock read after the call" \
  "SELECT count(*) FROM firsts WHERE id_ms > after_ms + 1000"
# A layout bound since the start takes the resume point, as the generators
# started at the start did: never past the reservation in force, which the
# round's first call (snowflake_id) moved a step past the clock. So its
# first ID is at most at the later of the clock and that snowflake's.
check "each layout's first ID at most at the later of the clock and the round's first snowflake" \
  "SELECT count(*) FROM firsts l JOIN firsts s ON s.round = l.round AND s.generator = 'snowflake_id'
    WHERE l.generator LIKE 'layout_id(%' AND l.id_ms > greatest(l.after_ms, s.id_ms)"
check "every generator drew in each of the 41 rounds" \
  "SELECT count(*) FROM (SELECT generator FROM firsts GROUP BY generator HAVING count(*) <> 41) g"
check "every first ID above every ID that generator handed out before" \
  "SELECT count(*) FROM firsts a JOIN firsts b ON a.generator = b.generator AND b.round < a.round
    WHERE a.b <= b.b OR a.u <= b.u OR a.x <= b.x"
exit $fail
