#!/usr/bin/env bash
# Declared layouts of units longer than a second (a minute, an hour, a day)
# keep the restart bound (issue 43's F4; docs/operations.md, "How far ahead
# a restart resumes"). Before 0.7.0 such a layout resumed in the unit after
# the reservation's and moved every generator's reservation there: hours
# ahead after a routine restart, and a daily layout refused until the next
# day.
#   1. A fresh server: each layout's first ID right after the start.
#   2. 6 crash restarts, then 6 clean ones, as fast as the server comes
#      back; each round draws the coarse layouts FIRST, then snowflake_id()
#      and tsid(), then 20 more of each layout (blocks of its sequence run
#      out and are reserved again). After each restart:
#      - every layout_id() works, and is not ahead of the clock (its unit
#        started at or before the clock read after the call): it resumed in
#        the unit it was in, not the next;
#      - snowflake_id() and tsid() at most 1 s ahead of the clock read after
#        the call: no layout moved their reservation;
#      - every ID above every ID its generator handed out before.
#   3. Failover at a lag: an asynchronous standby stops receiving WAL while
#      clients draw layout_id('minutely') on the primary for 2 s; the
#      primary is killed and the standby promoted. Every new ID of every
#      generator is above the old primary's (a coarse layout skips the unit
#      the old primary may have used past what the standby heard, as the
#      millisecond generators skip idgen.promotion_margin); snowflake_id()
#      resumes within that margin; a unit longer than idgen.max_clock_lead
#      is refused (55000) rather than run that far ahead. A minute layout
#      of 8 sequence bits drawn two units past the clock (past the
#      promotion's floor) resumes in the unit after the last one received,
#      repeating none of the 100 IDs the old primary drew there past it.
#   The layouts' WAL records (LAYOUT_WORDS) over the restarts are counted.
#   A damaged idgen.layout_reservations: the coarse layouts refuse (55000),
#   snowflake_id() runs, and idgen_reservation_init() is the way out.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25903 + ${IDGEN_PORT_OFFSET:-0}))}
sport=$((port + 1))
PG_DIR=$(pg_scratch_dir coarse-primary)
SDIR=$(pg_scratch_dir coarse-standby)
clients=()
trap 'set +e; for c in "${clients[@]}"; do kill "$c" 2>/dev/null; done
      pg_server_stop "$SDIR"; rm -rf "$SDIR"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
pg_server_start "$PG_DIR" "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 7" \
  "wal_level = replica" "max_wal_senders = 4"
pg_psql "$port" -q -o /dev/null <<'SQL'
CREATE EXTENSION idgen;
SELECT idgen_layout_create('minutely', '2026-11-26', '1 minute', 16, 22);
SELECT idgen_layout_create('hourly', '2026-11-26', '1 hour', 16, 26);
SELECT idgen_layout_create('daily', '2026-11-26', '1 day', 16, 31);
CREATE TABLE firsts (round int, n bigserial, generator text, clock_ms bigint, id_ms bigint,
                     id bigint, after_ms bigint, failed text);
CREATE FUNCTION ms(timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE
    AS $$ SELECT floor(extract(epoch FROM $1) * 1000)::bigint $$;
CREATE FUNCTION stamp_after() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.after_ms := ms(clock_timestamp()); RETURN NEW; END $$;
CREATE TRIGGER stamp_after BEFORE INSERT ON firsts FOR EACH ROW EXECUTE FUNCTION stamp_after();
-- one call of a generator: its ID and its time, or its refusal
CREATE PROCEDURE draw_one(r int, generator text) LANGUAGE plpgsql AS $$
DECLARE
    c bigint := ms(clock_timestamp());
    id bigint;
    t timestamptz;
BEGIN
    CASE generator
        WHEN 'snowflake_id' THEN id := snowflake_id(); t := snowflake_timestamp(id);
        WHEN 'tsid' THEN id := tsid(); t := tsid_timestamp(id);
        ELSE id := layout_id(generator); t := (layout_decode(id, generator)).ts;
    END CASE;
    INSERT INTO firsts (round, generator, clock_ms, id_ms, id) VALUES (r, generator, c, ms(t), id);
EXCEPTION WHEN OTHERS THEN
    INSERT INTO firsts (round, generator, clock_ms, failed) VALUES (r, generator, c, SQLSTATE || ': ' || SQLERRM);
END $$;
CREATE PROCEDURE draw(r int) LANGUAGE plpgsql AS $$
DECLARE g text;
BEGIN
    FOREACH g IN ARRAY ARRAY['daily', 'hourly', 'minutely', 'snowflake_id', 'tsid'] LOOP
        CALL draw_one(r, g);
    END LOOP;
    FOR i IN 1..20 LOOP
        CALL draw_one(r, 'daily'); CALL draw_one(r, 'hourly'); CALL draw_one(r, 'minutely');
    END LOOP;
END $$;
CALL draw(0);
SQL

fail=0
check() {  # check PORT LABEL SQL-returning-zero
  local got
  got=$(pg_psql "$1" -At -c "$3")
  if [ "$got" = 0 ]; then echo "ok: $2"; else echo "FAIL: $2 ($got)"; fail=1; fi
}
firsts="(SELECT DISTINCT ON (round, generator) * FROM firsts ORDER BY round, generator, n)"
check "$port" "right after a server start, every coarse layout's first ID, not ahead of the clock" \
  "SELECT count(*) FROM $firsts f WHERE failed IS NOT NULL OR id_ms > after_ms"

wal_lsn() { pg_psql "$port" -At -c "SELECT pg_current_wal_lsn()"; }
start_lsn=$(wal_lsn)
restart() {  # restart MODE: stop as MODE, start, and wait until it serves
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m "$1" -w stop >/dev/null
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
}
for round in $(seq 1 12); do
  restart "$([ "$round" -le 6 ] && echo immediate || echo fast)"
  pg_psql "$port" -q -c "CALL draw($round)"
done
end_lsn=$(wal_lsn)
rmgr=$(sed -n 's/^#define IDGEN_RMGR_ID \([0-9]*\)$/\1/p' src/pg/reservation_wal.h)
# pg_waldump, without idgen loaded, names a record by its info: LAYOUT_WORDS is 0x10
words=$(pg_as_owner "$PG_BINDIR/pg_waldump" -p "$PG_DIR/data/pg_wal" -s "$start_lsn" -e "$end_lsn" \
          2>/dev/null | grep -c "^rmgr: custom$rmgr .*desc: UNKNOWN (10)" || true)
echo "the coarse layouts' reservations over 12 rounds of 63 IDs (LAYOUT_WORDS records): $words"
# a damaged file: the coarse layouts refuse, the others run, until idgen_reservation_init()
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null
echo "idgen layout reservations 1 floor=garbage" | pg_as_owner tee "$PG_DIR/data/idgen.layout_reservations" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
pg_refuses "$port" "SELECT layout_id('minutely')" 55000 \
  'layout_id\(\): the file "idgen\.layout_reservations" is damaged' || fail=1
pg_psql "$port" -q -o /dev/null -c "CALL draw_one(12, 'snowflake_id')" -c "SELECT idgen_reservation_init()" \
  -c "CALL draw_one(12, 'minutely')"
pg_psql "$port" -c "SELECT generator, max(id_ms - clock_ms) AS max_lead_ms,
                           max(id_ms - clock_ms) FILTER (WHERE round BETWEEN 1 AND 6) AS after_crashes,
                           max(id_ms - clock_ms) FILTER (WHERE round > 6) AS after_clean_stops
                      FROM $firsts f WHERE round > 0 GROUP BY generator ORDER BY generator"
check "$port" "after each of 12 restarts, every generator's first call works" \
  "SELECT count(*) FROM firsts WHERE failed IS NOT NULL"
check "$port" "each coarse layout's first ID after each restart in a unit the clock had reached" \
  "SELECT count(*) FROM $firsts f WHERE generator NOT IN ('snowflake_id', 'tsid') AND id_ms > after_ms"
check "$port" "snowflake_id() and tsid() at most 1 s ahead of the clock read after the call" \
  "SELECT count(*) FROM $firsts f WHERE generator IN ('snowflake_id', 'tsid') AND id_ms > after_ms + 1000"
check "$port" "every ID above every ID its generator handed out before" \
  "SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY generator ORDER BY n) AS down
                           FROM firsts WHERE failed IS NULL) x WHERE down"
if [ "$words" -ge 12 ] && [ "$words" -le $((12 * 3 * 6)) ]; then
  echo "ok: a reservation per block, not per ID ($words for $((13 * 63)) IDs)"
else echo "FAIL: $words LAYOUT_WORDS records for 12 rounds"; fail=1; fi

# 3. failover at a lag
# 'ahead' (256 IDs a minute) drawn two units past the clock, 100 into its
# third: the promotion's floor does not reach that unit (reattack2 finding 7)
pg_psql "$port" -q -o /dev/null \
  -c "SELECT idgen_layout_create('ahead', '2026-11-26', '1 minute', 24, 8)" \
  -c "SELECT layout_id('ahead') FROM generate_series(1, 612)"
pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$SDIR/data" -R -X stream -c fast
{ echo "port = $sport"; echo "unix_socket_directories = '$SDIR'"; } |
  pg_as_owner tee -a "$SDIR/data/postgresql.conf" >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$SDIR/data" -l "$SDIR/server.log" -w start >/dev/null
pg_wait_for 30 "the standby streaming" pg_sql_true "$sport" "SELECT EXISTS (SELECT FROM pg_stat_wal_receiver)" || exit 1
pg_psql "$port" -q -c "CALL draw(13)"
pg_wait_for 30 "the standby to replay round 13" pg_sql_true "$sport" \
  "SELECT pg_last_wal_replay_lsn() >= '$(wal_lsn)'" || exit 1
pg_psql "$sport" -q -c "ALTER SYSTEM SET primary_conninfo = ''" -c "SELECT pg_reload_conf()" >/dev/null
pg_wait_for 30 "the standby's walreceiver to stop" \
  pg_sql_true "$sport" "SELECT NOT EXISTS (SELECT FROM pg_stat_wal_receiver)" || exit 1
work=$(pg_scratch_dir coarse-clients)
# the rest of that unit's first 100, after the standby's last WAL
pg_psql "$port" -At -c "SELECT layout_id('ahead') FROM generate_series(1, 100)" >"$work/ahead"
client() {
  while :; do
    pg_psql "$port" -At -c "SELECT layout_id('minutely') FROM generate_series(1, 500)" \
      >>"$work/got.$1" 2>/dev/null || return 0
  done
}
for c in 1 2; do touch "$work/got.$c"; client $c & clients+=($!); done
sleep 2
kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
for c in "${clients[@]}"; do wait "$c" || true; done
clients=()
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$SDIR/data" -l "$SDIR/server.log" -w promote >/dev/null
pg_psql "$sport" -q -c "CALL draw(14)" -c "CREATE TABLE old (id bigint)"
cat "$work"/got.* | pg_psql "$sport" -q -c "\\copy old FROM STDIN"
pg_psql "$sport" -q -c "CREATE TABLE old_ahead (id bigint)"
pg_psql "$sport" -q -c "\\copy old_ahead FROM STDIN" <"$work/ahead"
pg_psql "$sport" -q -c "CREATE TABLE new_ahead AS SELECT layout_id('ahead') AS id FROM generate_series(1, 100)"
rm -rf "$work"
echo "layout_id('minutely') IDs the old primary handed out after the standby's last WAL: $(pg_psql "$sport" -At -c "SELECT count(*) FROM old")"
pg_psql "$sport" -c "SELECT generator, id_ms - clock_ms AS lead_ms, failed FROM $firsts f WHERE round = 14 ORDER BY generator"
check "$sport" "promoted at a lag: every new minutely ID above the old primary's" \
  "SELECT count(*) FROM firsts WHERE round = 14 AND generator = 'minutely'
     AND (failed IS NOT NULL OR id <= (SELECT max(id) FROM old))"
check "$sport" "the old primary's clients got IDs to compare with" "SELECT (count(*) = 0)::int FROM old"
check "$sport" "promoted: 'ahead', its unit past the promotion's floor, repeats none of the old primary's 100 IDs" \
  "SELECT (SELECT count(*) FROM new_ahead JOIN old_ahead USING (id)) + abs((SELECT count(*) FROM old_ahead) - 100)"
check "$sport" "promoted: 'ahead' resumes in the unit after the old primary's last block received" \
  "SELECT count(*) FROM new_ahead WHERE (layout_decode(id, 'ahead')).ts
     <= (SELECT max((layout_decode(id, 'ahead')).ts) FROM old_ahead)"
check "$sport" "2 clients at once on the old primary, blocks reserved under them: no minutely ID twice" \
  "SELECT count(*) - count(DISTINCT id) FROM old"
check "$sport" "promoted: snowflake_id() and tsid() within idgen.promotion_margin (60 s) and a step" \
  "SELECT count(*) FROM $firsts f WHERE round = 14 AND generator IN ('snowflake_id', 'tsid')
     AND (failed IS NOT NULL OR id_ms > after_ms + 62000)"
check "$sport" "promoted: every ID above every ID before, or (a unit past idgen.max_clock_lead) refused" \
  "SELECT count(*) FROM firsts a WHERE a.round = 14 AND (a.failed IS NULL AND a.id <= (SELECT max(id) FROM firsts b
     WHERE b.round < 14 AND b.generator = a.generator) OR a.failed !~ '^55000: layout_id\(\) would run [0-9]+ ms ahead of the system clock$')"
exit $fail
