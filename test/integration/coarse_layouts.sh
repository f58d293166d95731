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
#   3. Failover at a lag (reattack2 finding 7): an asynchronous standby
#      (idgen.promotion_margin 0) stops receiving WAL while the old primary
#      runs 'ahead' (300 IDs received) and 'lagonly' (declared after the
#      last reservation received, never drawn before) 700 IDs each, into
#      3 or more units ahead of the clock, and 2 clients draw 'minutely' for
#      2 s; the primary is killed and the standby promoted. Every coarse
#      layout declared before the promotion is refused, with the promotion's
#      skip and its exact message, until the unit after the promotion's
#      begins, then resumes in the unit after the last one the old primary
#      could have reached (its clock's unit plus idgen.max_clock_lead's
#      whole units): the skip covers every unit the old primary used, and
#      no ID repeats. Each check draws until the layout runs, so a unit
#      boundary cannot flip it. A layout declared after the promotion's time
#      starts in the clock's unit. A cascading standby holds the skip (from
#      WAL); promoted in turn after a lag of its own, its 'fives' (units of
#      5 s) repeats none of the first promoted server's IDs.
#   The layouts' WAL records (LAYOUT_WORDS) over the restarts are counted.
#   A damaged idgen.layout_reservations: the coarse layouts refuse (55000),
#   snowflake_id() runs, and idgen_reservation_init() is the way out.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25903 + ${IDGEN_PORT_OFFSET:-0}))}
sport=$((port + 1))
cport=$((port + 2))
PG_DIR=$(pg_scratch_dir coarse-primary)
SDIR=$(pg_scratch_dir coarse-standby)
CDIR=$(pg_scratch_dir coarse-cascade)
clients=()
trap 'set +e; for c in "${clients[@]}"; do kill "$c" 2>/dev/null; done
      pg_server_stop "$CDIR"; rm -rf "$CDIR"; pg_server_stop "$SDIR"; rm -rf "$SDIR"
      pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
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

# 3. failover at a lag (reattack2 finding 7). During the lag the old primary
# runs 'ahead' (256 IDs a minute, 300 drawn before) and 'lagonly' (declared
# after the last reservation the standby receives, never drawn before) 700
# IDs each: each uses up its unit and goes on into later ones, ahead of the
# clock, in blocks the standby never hears of. The standby has
# idgen.promotion_margin 0: the coarse layouts' skip rests on the clock and
# idgen.max_clock_lead, not on the margin or a reservation received.
cat >"$PG_DIR/failover.sql" <<'SQL'
SELECT idgen_layout_create('ahead', '2026-11-26', '1 minute', 24, 8);
SELECT idgen_layout_create('fives', '2026-11-26', '5 seconds', 24, 8);
CREATE TABLE skips (layout text, tries int, first_id bigint, detail text, hint text, failed text);
CREATE TABLE new_ids (layout text, id bigint);
CREATE TABLE old_ids (layout text, id bigint);
-- coarse layouts after a promotion, drawn in turn: each refused (only)
-- with the promotion's skip until the clock comes within
-- idgen.max_clock_lead of the unit past it; then its first ID and its last
-- refusal's detail and hint
CREATE PROCEDURE draw_until_runs(ls text[]) LANGUAGE plpgsql AS $$
DECLARE
    tries int := 0; l text; m text; d text; h text; s text; got bigint;
    last_d jsonb := '{}'; last_h jsonb := '{}';
BEGIN
    WHILE cardinality(ls) > 0 LOOP
        FOREACH l IN ARRAY ls LOOP
            BEGIN
                got := layout_id(l);
                INSERT INTO skips VALUES (l, tries, got, last_d ->> l, last_h ->> l, NULL);
                ls := array_remove(ls, l);
            EXCEPTION WHEN OTHERS THEN
                GET STACKED DIAGNOSTICS s = RETURNED_SQLSTATE, m = MESSAGE_TEXT,
                                        d = PG_EXCEPTION_DETAIL, h = PG_EXCEPTION_HINT;
                IF s <> '55000' OR tries >= 400 OR m !~ ('^layout_id\(\): layout "' || l || '" would run '
                       '[0-9]+ ms ahead of the system clock after the skip at .+$') THEN
                    INSERT INTO skips VALUES (l, tries, NULL, d, h, s || ': ' || m);
                    ls := array_remove(ls, l);
                ELSE
                    last_d := last_d || jsonb_build_object(l, d);
                    last_h := last_h || jsonb_build_object(l, h);
                END IF;
            END;
        END LOOP;
        tries := tries + 1;
        PERFORM pg_sleep(0.25);
    END LOOP;
END $$;
INSERT INTO old_ids SELECT 'ahead', layout_id('ahead') FROM generate_series(1, 300);
SQL
pg_psql "$port" -q -o /dev/null -f "$PG_DIR/failover.sql"
replica() {  # replica DIR PORT UPSTREAM-PORT: a streaming standby, promotion_margin 0
  pg_as_owner "$PG_BINDIR/pg_basebackup" -h 127.0.0.1 -p "$3" -U postgres -D "$1/data" -R -X stream -c fast
  { echo "port = $2"; echo "unix_socket_directories = '$1'"; echo "idgen.promotion_margin = 0"; } |
    pg_as_owner tee -a "$1/data/postgresql.conf" >/dev/null
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$1/data" -l "$1/server.log" -w start >/dev/null
  pg_wait_for 30 "the standby on $2 streaming" pg_sql_true "$2" "SELECT EXISTS (SELECT FROM pg_stat_wal_receiver)"
}
lsn_of() { pg_psql "$1" -At -c "SELECT pg_current_wal_lsn()"; }
caught_up() {  # caught_up STANDBY-PORT LSN
  pg_wait_for 60 "the standby on $1 at $2" pg_sql_true "$1" "SELECT pg_last_wal_replay_lsn() >= '$2'"
}
cut() {  # cut STANDBY-PORT: it receives no more WAL
  pg_psql "$1" -q -c "ALTER SYSTEM SET primary_conninfo = ''" -c "SELECT pg_reload_conf()" >/dev/null
  pg_wait_for 30 "the walreceiver on $1 to stop" \
    pg_sql_true "$1" "SELECT NOT EXISTS (SELECT FROM pg_stat_wal_receiver)"
}
replica "$SDIR" "$sport" "$port" || exit 1
replica "$CDIR" "$cport" "$sport" || exit 1   # a cascading standby, of the standby
pg_psql "$port" -q -c "CALL draw(13)"
# F, the promotion's floor, is the last reservation received (margin 0) to
# the end of its second: 'lagonly' is declared after that
pg_wait_for 30 "the clock a second past the last reservation" pg_sql_true "$port" \
  "SELECT clock_timestamp() > max(reserved_until) + interval '1 second' FROM idgen_status"
pg_psql "$port" -q -o /dev/null -c "SELECT idgen_layout_create('lagonly', '2026-11-26', '1 minute', 24, 8)"
check "$port" "'lagonly' declared after the last reservation the standby receives, plus a second" \
  "SELECT (created <= (SELECT max(reserved_until) + interval '1 second' FROM idgen_status))::int
     FROM idgen_declared_layouts WHERE name = 'lagonly'"
caught_up "$sport" "$(lsn_of "$port")" || exit 1
cut "$sport" || exit 1
work=$(pg_scratch_dir coarse-clients)
for l in ahead lagonly; do
  pg_psql "$port" -At -c "SELECT '$l', layout_id('$l') FROM generate_series(1, 700)" -F ' ' >>"$work/lag"
done
client() {
  while :; do
    pg_psql "$port" -At -F ' ' -c "SELECT 'minutely', layout_id('minutely') FROM generate_series(1, 500)" \
      >>"$work/got.$1" 2>/dev/null || return 0
  done
}
for c in 1 2; do touch "$work/got.$c"; client $c & clients+=($!); done
sleep 2
kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
for c in "${clients[@]}"; do wait "$c" || true; done
clients=()
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$SDIR/data" -l "$SDIR/server.log" -w promote >/dev/null
pg_psql "$sport" -q -c "CALL draw(14)"
cat "$work"/got.* "$work/lag" | sed 's/ /\t/' | pg_psql "$sport" -q -c "\\copy old_ids FROM STDIN"
rm -rf "$work"
pg_psql "$sport" -q -c "CALL draw_until_runs('{minutely,ahead,lagonly}')"
for l in minutely ahead lagonly; do
  pg_psql "$sport" -q -c "INSERT INTO new_ids SELECT '$l', layout_id('$l') FROM generate_series(1, 100)"
done
pg_psql "$sport" -q -c "INSERT INTO new_ids SELECT layout, first_id FROM skips"
echo "the old primary's IDs: $(pg_psql "$sport" -At -c \
  "SELECT string_agg(layout || ' ' || n, ', ') FROM (SELECT layout, count(*) n FROM old_ids GROUP BY layout) x")"
pg_psql "$sport" -c "SELECT generator, id_ms - clock_ms AS lead_ms, failed FROM $firsts f WHERE round = 14 ORDER BY generator"
pg_psql "$sport" -c "SELECT layout, tries, detail, failed FROM skips ORDER BY layout"
unit="(CASE s.layout WHEN 'fives' THEN interval '5 seconds' ELSE interval '1 minute' END)"
# the last refusal's detail: the promotion's time and the last unit it skipped
skip="(regexp_match(s.detail, '^At (.+) this server could not know how far the layout had gone \\(a promotion: '
         'the old primary may have gone on during the lag; or a start without the file idgen\\.layout_reservations\\), '
         'so it skipped the units it may have reached, up to idgen\\.max_clock_lead ahead of the clock: '
         'through the unit that starts at (.+)\\. idgen\\.max_clock_lead \\(600000 ms\\) lets it run from (.+) on\\.\$'))"
checks_after_promotion() {  # PORT LAYOUTS...: each layout's skip on the server just promoted
  local p=$1; shift
  local in
  in=$(printf "'%s'," "$@"); in="(${in%,})"
  check "$p" "promoted: $*: refused only with the promotion's skip (55000, exact message), then run" \
    "SELECT count(*) FROM skips s WHERE s.layout IN $in AND (s.failed IS NOT NULL OR s.first_id IS NULL)"
  check "$p" "promoted: $*: the refusal's detail and hint, exact" \
    "SELECT count(*) FROM skips s WHERE s.layout IN $in AND s.detail IS NOT NULL
       AND ($skip IS NULL OR s.hint IS DISTINCT FROM 'Wait until then: IDs may have been handed out in every unit up to that one. The wait ends when the unit after the skip''s begins.')"
  check "$p" "promoted: $*: the skip covers every unit the old primary used, and the first ID is in the unit right after it" \
    "SELECT count(*) FROM skips s WHERE s.layout IN $in AND s.detail IS NOT NULL
       AND ((layout_decode(s.first_id, s.layout)).ts <> ($skip)[2]::timestamptz + $unit
            OR ($skip)[2]::timestamptz < (SELECT max((layout_decode(o.id, o.layout)).ts) FROM old_ids o
                                          WHERE o.layout = s.layout))"
  check "$p" "promoted: $*: no ID of the old primary's again, every new one above them" \
    "SELECT count(*) FROM new_ids n WHERE n.layout IN $in AND n.id <= (SELECT max(id) FROM old_ids o WHERE o.layout = n.layout)"
  check "$p" "promoted: $*: the old primary's IDs to compare with" \
    "SELECT count(*) FROM unnest(ARRAY[$(printf "'%s'," "$@" | sed 's/,$//')]) l
       WHERE NOT EXISTS (SELECT FROM old_ids WHERE layout = l)"
}
checks_after_promotion "$sport" minutely ahead lagonly
check "$sport" "the old primary ran 'ahead' and 'lagonly' into later units during the lag (3 or more each)" \
  "SELECT count(*) FROM (SELECT layout FROM old_ids WHERE layout IN ('ahead', 'lagonly')
     GROUP BY layout HAVING count(DISTINCT (layout_decode(id, layout)).ts) < 3) x"
check "$sport" "2 clients at once on the old primary, blocks reserved under them: no minutely ID twice" \
  "SELECT count(*) - count(DISTINCT id) FROM old_ids WHERE layout = 'minutely'"
check "$sport" "promoted: snowflake_id() and tsid() within idgen.promotion_margin (0) and a step" \
  "SELECT count(*) FROM $firsts f WHERE round = 14 AND generator IN ('snowflake_id', 'tsid')
     AND (failed IS NOT NULL OR id_ms > after_ms + 2000)"
check "$sport" "promoted: every ID above every ID before, or refused with the promotion's skip (exact)" \
  "SELECT count(*) FROM firsts a WHERE a.round = 14 AND (a.failed IS NULL AND a.id <= (SELECT max(id) FROM firsts b
     WHERE b.round < 14 AND b.generator = a.generator) OR a.failed !~ ('^55000: layout_id\(\): layout \"'
     || a.generator || '\" would run [0-9]+ ms ahead of the system clock after the skip at .+\$'))"
# a layout declared after the promotion's time is skipped too: the old
# primary may have declared one of that name and shape in the lag, on the
# timeline now gone (attack3's finding A)
promoted_ms="substring(pg_read_file('idgen.layout_reservations') FROM 'promoted=([0-9]+)')::bigint"
lead_ms="substring(pg_read_file('idgen.layout_reservations') FROM 'lead=([0-9]+)')::bigint"
pg_wait_for 30 "the clock past the promotion's time" pg_sql_true "$sport" \
  "SELECT ms(clock_timestamp()) > $promoted_ms"
pg_psql "$sport" -q -c "SELECT idgen_layout_create('fresh', '2026-11-26', '1 minute', 24, 8)" -o /dev/null \
  -c "CALL draw_until_runs('{fresh}')"
check "$sport" "a layout declared after the promotion's time: refused with the skip (exact) until it runs, past the skip" \
  "SELECT count(*) FROM skips s WHERE s.layout = 'fresh' AND (s.failed IS NOT NULL OR s.first_id IS NULL
     OR ms((layout_decode(s.first_id, 'fresh')).ts) < ($promoted_ms / 60000 + $lead_ms / 60000 + 1) * 60000)"

# the cascading standby keeps the skip (it came in WAL), and a second
# promotion, of it, skips what the first promoted server did in its lag
pg_psql "$sport" -q -c "CALL draw_until_runs('{fives}')"
caught_up "$cport" "$(lsn_of "$sport")" || exit 1
header="substring(pg_read_file('idgen.layout_reservations') FROM 'promoted=[0-9]+ lead=[0-9]+')"
primary_header=$(pg_psql "$sport" -At -c "SELECT $header")
check "$cport" "the cascading standby's idgen.layout_reservations holds the promotion's skip ($primary_header)" \
  "SELECT ($header IS DISTINCT FROM '$primary_header' OR '$primary_header' ~ 'promoted=0+ ')::int"
cut "$cport" || exit 1
pg_psql "$sport" -At -F ' ' -c "SELECT 'fives', layout_id('fives') FROM generate_series(1, 200)" >"$CDIR/lag"
kill -9 "$(head -1 "$SDIR/data/postmaster.pid")"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$CDIR/data" -l "$CDIR/server.log" -w promote >/dev/null
sed 's/ /\t/' "$CDIR/lag" | pg_psql "$cport" -q -c "\\copy old_ids FROM STDIN"
pg_psql "$cport" -q -c "DELETE FROM skips" -c "CALL draw_until_runs('{fives}')" \
  -c "INSERT INTO new_ids SELECT 'fives', layout_id('fives') FROM generate_series(1, 100)" \
  -c "INSERT INTO new_ids SELECT layout, first_id FROM skips"
checks_after_promotion "$cport" fives
# A start without the file (deleted; or 0.7.0's first over an older
# release's data directory, which kept none): what ran before is not known,
# so every layout skips the units idgen.max_clock_lead reaches from the
# start, with its own refusal, until the unit after those: one declared
# after the start too, since it may be one of before declared again after
# DROP EXTENSION (attack4's H1), on the server promoted last.
# Deterministic: a minute layout skips 10 units past the clock's, a 5-second
# one 120, an hour and a day layout one, each past the 10-minute lead.
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$CDIR/data" -m fast -w stop >/dev/null
pg_as_owner rm "$CDIR/data/idgen.layout_reservations"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$CDIR/data" -l "$CDIR/server.log" -w -t 60 start >/dev/null
pg_psql "$cport" -q -o /dev/null -c "SELECT idgen_layout_create('late_daily', '2026-11-26', '1 day', 16, 31)"
for layout in minutely hourly daily fives late_daily; do
  pg_refuses "$cport" "SELECT layout_id('$layout')" 55000 \
    "layout_id\\(\\): layout \"$layout\" would run [0-9]+ ms ahead of the system clock after the skip at .+" || fail=1
done
exit $fail
