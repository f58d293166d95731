#!/usr/bin/env bash
# Declared layouts in a copy of their database (docs/layouts.md, "Copies of
# a database"). The copy holds the layout's row and the IDs it issued, but
# has a new OID, and the server's record of where a layout of units longer
# than a second stood is keyed by OID: before 0.7.0's created_in, the copy
# started the current unit afresh and repeated the copied IDs.
# Server A and server B, both idgen.node_id = 7 (a migration). In A's
# database src: a daily layout, a 2-second one of 2 sequence bits (4 IDs a
# unit: 200 IDs run 100 s ahead of the clock), and a 1-second one; every ID
# kept in a table whose key refuses a repeat.
#   1. CREATE DATABASE ... TEMPLATE src, and a pg_dump of src restored into
#      a new database on A: each draws 200 more of each layout at once, all
#      above every copied ID (it resumes where src stands on this server).
#      The copy does not drop a layout of src's that it never ran (55000):
#      the IDs copied are the layout's. A copy of that copy, after a crash,
#      draws above the first copy's IDs too (src never reached them). So
#      does a copy made while the extension was 0.6.1, before and after
#      its update (which makes the row its own).
#   2. The dump restored onto B (a new system; the database's OID the same
#      as src's): the daily layout is refused (55000) with the copy's
#      message, naming the next day; the 2-second one is refused so until
#      its next unit, then draws above every copied ID (idgen.max_clock_lead
#      ahead: the original's IDs may have gone that far), and after a crash
#      resumes from this database's own record: never the copy's refusal
#      again; the 1-second one draws 200 at once, above every copied ID.
#   3. Boundaries: a layout declared in the copy runs at once; src keeps its
#      position (its next IDs above its own); created_in names src in every
#      copy, and each database's own in a layout declared there.
#   4. The SQL edition: its layouts' state is in sequences, which a copy
#      carries: a template copy and a restored dump resume above the copy.
#   5. A refresh on A: a copy refreshed from a newer dump of src (the
#      extension and tables dropped, the dump restored into it), with its
#      slot still bound, then again with a restart before it draws, then
#      its tables given src's newer IDs (data only, the row kept); a new
#      database given the dropped copy's OID, restored, and one made as a
#      TEMPLATE copy of src (its table's OID the dropped one's too): none
#      repeats src's IDs. The original refreshed from its copy's dump does
#      not repeat the copy's IDs either (a 1-second layout). The original's
#      tables given a TEMPLATE copy's IDs (data only: not noticed), then
#      layout_resume_after(): none of the copy's repeated; and an ID given
#      to it, then a crash: the next ID is past it (attack5 A2).
#   6. The same on B: B's copy refreshed from a newer dump of A's src, whose
#      twosec ran past where B's stood: it skips the lead again, and so it
#      does with a restart before it draws (its record names the replaced
#      table: attack5 A4); layout_resume_after() of a copied ID in a copy
#      yet to draw writes no record below its skip; and a TEMPLATE copy of
#      it in a dropped copy's OID (the same table OID).
# No check passes or fails by the clock: each waits for a unit to come, or
# computes what it expects from the unit the clock is in (and checks again
# if the clock left it meanwhile).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${INTEGRATION_PORT:-$((25966 + ${IDGEN_PORT_OFFSET:-0}))}
bport=$((port + 1))
PG_DIR=$(pg_scratch_dir copied-a)
BDIR=$(pg_scratch_dir copied-b)
trap 'set +e; pg_server_stop "$BDIR"; rm -rf "$BDIR"; pg_server_stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
for s in "$PG_DIR $port" "$BDIR $bport"; do
  # shellcheck disable=SC2086
  pg_server_start $s "shared_preload_libraries = 'idgen'" "idgen.node_id = 7" "timezone = 'UTC'"
done
failed=0
check() {  # check WHAT PORT DB SQL: the query returns t
  local got
  got=$(pg_psql "$2" -d "$3" -At -c "$4")
  if [ "$got" = t ]; then echo "ok: $1"; else echo "FAIL: $1 (got '$got')"; failed=1; fi
}
dump() { pg_as_owner "$PG_BINDIR/pg_dump" -h 127.0.0.1 -p "$1" -U postgres "$2"; }

pg_psql "$port" -q -o /dev/null <<'SQL'
CREATE DATABASE src;
\c src
CREATE EXTENSION idgen;
SELECT idgen_layout_create('daily', '2026-11-26', '1 day', 16, 26);
SELECT idgen_layout_create('twosec', '2026-11-26', '2 seconds', 25, 2);
SELECT idgen_layout_create('second', '2026-11-26', '1 second', 10, 20);
-- where each copy stands: the IDs, and which of them were copied
CREATE TABLE ids (g text, id bigint, copied boolean NOT NULL DEFAULT false, PRIMARY KEY (g, id));
CREATE PROCEDURE draw(n int) LANGUAGE sql AS $$
    INSERT INTO ids (g, id) SELECT g, layout_id(g)
      FROM unnest(ARRAY['daily', 'twosec', 'second']) AS g, generate_series(1, n) $$;
CALL draw(200);
-- declared since the start and drawn only here: a copy must not drop it
SELECT idgen_layout_create('late', '2026-11-26', '1 day', 16, 26);
INSERT INTO ids (g, id) SELECT 'late', layout_id('late') FROM generate_series(1, 10);
SQL
ahead=$(pg_psql "$port" -d src -At -c "
  SELECT max((layout_decode(id, 'twosec')).ts) - clock_timestamp() > '60 s' FROM ids WHERE g = 'twosec'")
echo "twosec drawn more than 60 s ahead of the clock: $ahead"
[ "$ahead" = t ] || { echo "FAIL: the 2-second layout did not run ahead"; failed=1; }

# draws N more of each layout in DB and checks each is above every copied one
draw_above() {
  local p=$1 db=$2 what=$3
  pg_psql "$p" -d "$db" -q -c "UPDATE ids SET copied = true" -c "CALL draw(200)"
  check "$what: 200 more of each layout, none repeated, each above every copied ID" "$p" "$db" "
    SELECT bool_and(n.min > c.max) AND count(*) = 3 FROM
      (SELECT g, min(id) FROM ids WHERE NOT copied GROUP BY g) AS n
      JOIN (SELECT g, max(id) FROM ids WHERE copied GROUP BY g) AS c USING (g)"
}

echo "--- 1. copies on the same server"
pg_psql "$port" -c "CREATE DATABASE tcopy TEMPLATE src"
draw_above "$port" tcopy "CREATE DATABASE tcopy TEMPLATE src"
pg_psql "$port" -c "CREATE DATABASE dcopy"
dump "$port" src | pg_psql "$port" -d dcopy -o /dev/null
draw_above "$port" dcopy "pg_dump src restored into dcopy"
here=$(pg_psql "$port" -d src -At -c "SELECT idgen_layout_origin()")
check "created_in names src in both copies, not the copy" "$port" tcopy "
  SELECT bool_and(created_in = '$here') AND idgen_layout_origin() <> '$here'
    FROM idgen_declared_layouts"
check "idgen_layout_origin(): system identifier/OID" "$port" src "
  SELECT '$here' = (SELECT system_identifier::text FROM pg_control_system()) || '/' ||
                   (SELECT oid::text FROM pg_database WHERE datname = 'src')"

out=$(pg_psql "$port" -d tcopy -v VERBOSITY=verbose -c "SELECT idgen_layout_drop('late')" 2>&1) && out=succeeded
want='ERROR:  55000: idgen_layout_drop: layout "late" may have handed out IDs'
detail='DETAIL:  It was declared in another database (created_in), of which this one is a copy: the IDs copied may be its.'
if [ "$(head -2 <<<"$out")" = "$want"$'\n'"$detail Declared again with another epoch, time unit or widths, it could repeat them." ]; then
  echo "ok: a copy's idgen_layout_drop() of the original's layout refused"
else echo "FAIL: drop in the copy: $out"; failed=1; fi

# a copy of the copy after a crash: its row names src, which drew none of
# tcopy's 200; it resumes past tcopy's too (its record)
pg_psql "$port" -c "CREATE DATABASE tcopy2 TEMPLATE tcopy"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
draw_above "$port" tcopy2 "CREATE DATABASE tcopy2 TEMPLATE tcopy, then a crash"

# a copy made while the extension was 0.6.1 (no created_in: its row is
# the copy's own once updated): past the original by the record of the
# layout's name, shape and creation in the original's database
pg_psql "$port" -q -o /dev/null <<'SQL'
CREATE DATABASE old;
\c old
CREATE EXTENSION idgen VERSION '0.6.1';
SELECT idgen_layout_create('daily', '2026-11-26', '1 day', 16, 26);
CREATE TABLE ids (g text, id bigint, copied boolean NOT NULL DEFAULT false, PRIMARY KEY (g, id));
INSERT INTO ids (g, id) SELECT 'daily', layout_id('daily') FROM generate_series(1, 50);
SQL
pg_psql "$port" -c "CREATE DATABASE oldcopy TEMPLATE old"
pg_psql "$port" -d oldcopy -q -c "UPDATE ids SET copied = true" \
  -c "INSERT INTO ids (g, id) SELECT 'daily', layout_id('daily') FROM generate_series(1, 20)" \
  -c "ALTER EXTENSION idgen UPDATE" \
  -c "INSERT INTO ids (g, id) SELECT 'daily', layout_id('daily') FROM generate_series(1, 20)"
check "a copy made at 0.6.1, before and after its update: above every copied ID" "$port" oldcopy "
  SELECT min(id) FILTER (WHERE NOT copied) > max(id) FILTER (WHERE copied)
     AND (SELECT created_in = idgen_layout_origin() FROM idgen_declared_layouts) FROM ids"

echo "--- 2. the dump restored onto another server with the same node id"
pg_psql "$bport" -c "CREATE DATABASE src"
dump "$port" src | pg_psql "$bport" -d src -o /dev/null
check "the OID on B is src's on A (the record's key coincides)" "$bport" src "
  SELECT oid::text = split_part('$here', '/', 2) FROM pg_database WHERE datname = 'src'"
pg_psql "$bport" -d src -q -c "UPDATE ids SET copied = true"
copy_refusal='was copied from another database and resumes at '
# until_runs DB LAYOUT COPY_REFUSED: draws one ID until it runs (a unit to
# come); each refusal is the copy's (yes) or the clock lead's (no); the ID
# on stdout
until_runs() {
  local db=$1 g=$2 copy=$3 out n=0
  until out=$(pg_psql "$bport" -d "$db" -At -c "SELECT layout_id('$g')" 2>&1); do
    if [ "$copy" = yes ]; then
      [[ $out == *"layout \"$g\" $copy_refusal"*', past idgen.max_clock_lead until '* ]]
    else
      [[ $out == *"layout_id() would run "*" ms ahead of the system clock"* ]]
    fi || { echo "FAIL: $g refused otherwise: $out" >&2; return 1; }
    n=$((n + 1)); [ $n -lt 240 ] || { echo "FAIL: $g refused 240 times" >&2; return 1; }
    sleep 0.25
  done
  echo "$g ran after $n refusals" >&2
  echo "$out"
}
# the daily layout: refused until the next day (a 10-minute lead holds no whole day)
for attempt in 1 2 3; do
  day=$(pg_psql "$bport" -At -c "SELECT date_trunc('day', clock_timestamp()) + interval '1 day'")
  out=$(pg_psql "$bport" -d src -v VERBOSITY=verbose -c "SELECT layout_id('daily')" 2>&1) && out="succeeded"
  [ "$day" = "$(pg_psql "$bport" -At -c "SELECT date_trunc('day', clock_timestamp()) + interval '1 day'")" ] && break
done
want="ERROR:  55000: layout_id(): layout \"daily\" ${copy_refusal}$day, past idgen.max_clock_lead until $day"
if [ "$(head -1 <<<"$out")" = "$want" ]; then echo "ok: daily refused: $want"
else echo "FAIL: daily: want $want"$'\n'"  got: $out"; failed=1; fi
# the 2-second layout: refused so until its next unit comes
id=$(until_runs src twosec yes) || failed=1
pg_psql "$bport" -d src -q -c "INSERT INTO ids (g, id) VALUES ('twosec', $id)"
pg_psql "$bport" -d src -q -c "INSERT INTO ids (g, id) SELECT 'second', layout_id('second')
  FROM generate_series(1, 200)"
check "B: twosec and second, none repeated, each above every copied ID" "$bport" src "
  SELECT bool_and(n.min > c.max) AND count(*) = 2 FROM
    (SELECT g, min(id) FROM ids WHERE NOT copied GROUP BY g) AS n
    JOIN (SELECT g, max(id) FROM ids WHERE copied GROUP BY g) AS c USING (g)"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$BDIR/data" -m immediate -w stop >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$BDIR/data" -l "$BDIR/server.log" -w -t 60 start >/dev/null
id=$(until_runs src twosec no) || failed=1
check "B after a crash: twosec resumes from this database's record, above its own" "$bport" src "
  SELECT $id > max(id) FROM ids WHERE g = 'twosec'"

echo "--- 3. boundaries"
pg_psql "$bport" -d src -q -o /dev/null -c "SELECT idgen_layout_create('fresh', '2026-11-26', '1 day', 16, 26)"
check "B: a daily layout declared in the copy runs at once, in the clock's day" "$bport" src "
  SELECT (layout_decode(layout_id('fresh'), 'fresh')).ts <= clock_timestamp()"
check "B: created_in of a layout declared there is B's own" "$bport" src "
  SELECT created_in = idgen_layout_origin() FROM idgen_declared_layouts WHERE name = 'fresh'"
pg_psql "$port" -d src -q -c "UPDATE ids SET copied = true" -c "CALL draw(50)"
check "A: src keeps its position, above its own IDs" "$port" src "
  SELECT bool_and(n.min > c.max) AND count(*) = 3 FROM
    (SELECT g, min(id) FROM ids WHERE NOT copied GROUP BY g) AS n
    JOIN (SELECT g, max(id) FROM ids WHERE copied GROUP BY g) AS c USING (g)"

echo "--- 4. the SQL edition: its state is in sequences, which a copy carries"
pg_psql "$port" -q -o /dev/null <<'SQL'
CREATE DATABASE sqled;
\c sqled
CREATE SCHEMA idgen_sql;
SQL
PGOPTIONS='-c client_min_messages=warning' \
  pg_psql "$port" -d sqled -q -o /dev/null -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql
pg_psql "$port" -d sqled -q -o /dev/null <<'SQL'
SET search_path = idgen_sql, public;
SELECT idgen_set_node_id(7);
SELECT idgen_layout_create('daily', '2026-11-26', '1 day', 16, 26);
CREATE TABLE public.ids (id bigint PRIMARY KEY, copied boolean NOT NULL DEFAULT false);
INSERT INTO public.ids (id) SELECT layout_id('daily') FROM generate_series(1, 200);
SQL
pg_psql "$port" -c "CREATE DATABASE sqled_t TEMPLATE sqled" -c "CREATE DATABASE sqled_d"
dump "$port" sqled | pg_psql "$port" -d sqled_d -o /dev/null
for db in sqled_t sqled_d; do
  pg_psql "$port" -d "$db" -q -c "UPDATE public.ids SET copied = true" \
    -c "INSERT INTO public.ids (id) SELECT idgen_sql.layout_id('daily') FROM generate_series(1, 200)"
  check "SQL edition, $db: 200 more, above every copied ID" "$port" "$db" "
    SELECT min(id) FILTER (WHERE NOT copied) > max(id) FILTER (WHERE copied) FROM public.ids"
done

echo "--- 5. a copy refreshed from a newer dump of the original (same server)"
# The copy's slot (bound to its OID, name and shape) stood below the IDs the
# original issued since; the refreshed copy holds them. Each check counts
# the new IDs that repeat one saved from the original (\copy) and fails on
# any. Then the same after a restart, and in a new database given the
# dropped copy's OID (PostgreSQL 15+).
saved=$PG_DIR/src-daily.txt
# src draws 1000 more daily IDs, saved
src_draws_more() {
  pg_psql "$port" -d src -q -c "INSERT INTO ids (g, id) SELECT 'daily', layout_id('daily') FROM generate_series(1, 1000)" \
    -c "\\copy (SELECT id FROM ids WHERE g = 'daily') TO '$saved'"
}
# draw_unrepeated DB WHAT: DB draws 10, none of them saved
draw_unrepeated() {
  pg_psql "$port" -d "$1" -q -c "SET client_min_messages = warning" -c "DROP TABLE IF EXISTS n, saved" \
    -c "CREATE TABLE saved (id bigint)" \
    -c "\\copy saved FROM '$saved'" \
    -c "CREATE TABLE n AS SELECT layout_id('daily') AS id FROM generate_series(1, 10)"
  check "$2: 10 drawn, none of src's $(wc -l <"$saved") saved IDs repeated" "$port" "$1" "
    SELECT count(*) = 0 AND (SELECT count(*) FROM n) = 10 FROM n JOIN saved USING (id)"
}
# refresh_and_check DB WHAT [restart]: DB is refreshed from a newer dump of
# src (the extension dropped, the tables too), and draws
refresh_and_check() {
  local db=$1 what=$2
  src_draws_more
  pg_psql "$port" -d "$db" -q -o /dev/null -c "SET client_min_messages = warning" \
    -c "DROP EXTENSION IF EXISTS idgen CASCADE" \
    -c "DROP TABLE IF EXISTS ids, n, saved" -c "DROP PROCEDURE IF EXISTS draw(int)"
  dump "$port" src | pg_psql "$port" -d "$db" -o /dev/null
  if [ "${3:-}" = restart ]; then
    pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null
    pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
  fi
  draw_unrepeated "$db" "$what"
}
pg_psql "$port" -c "CREATE DATABASE rcopy"
dump "$port" src | pg_psql "$port" -d rcopy -o /dev/null
pg_psql "$port" -d rcopy -q -c "CREATE TABLE n AS SELECT layout_id('daily') AS id FROM generate_series(1, 10)"
refresh_and_check rcopy "rcopy refreshed from a newer dump of src, its slot still bound"
refresh_and_check rcopy "rcopy refreshed again, then a restart" restart
# a data-only refresh: its tables get src's newer rows, the layout's row stays
src_draws_more
draw_unrepeated rcopy "rcopy given src's newer IDs, its layout's row the same"
if [ "$(pg_psql "$port" -At -c "SHOW server_version_num")" -ge 150000 ]; then
  pg_psql "$port" -c "CREATE DATABASE reused OID 60000"
  dump "$port" src | pg_psql "$port" -d reused -o /dev/null
  pg_psql "$port" -d reused -q -c "CREATE TABLE n AS SELECT layout_id('daily') AS id FROM generate_series(1, 10)"
  pg_psql "$port" -c "DROP DATABASE reused" -c "CREATE DATABASE reused OID 60000"
  refresh_and_check reused "a new database in the dropped copy's OID, restored from a newer dump"
  # copies of one template: the same table OID and row in both
  pg_psql "$port" -c "CREATE DATABASE cloned OID 60001 TEMPLATE src"
  pg_psql "$port" -d cloned -q -c "CREATE TABLE n AS SELECT layout_id('daily') AS id FROM generate_series(1, 10)"
  pg_psql "$port" -c "DROP DATABASE cloned"
  src_draws_more
  pg_psql "$port" -c "CREATE DATABASE cloned OID 60001 TEMPLATE src"
  draw_unrepeated cloned "a new TEMPLATE copy of src in the dropped one's OID"
fi

# the original refreshed from a dump of its copy, which ran a 1-second
# layout of 4 IDs a second 50 s ahead of the clock past it (no record)
pg_psql "$port" -q -o /dev/null <<'SQL'
CREATE DATABASE orig2;
\c orig2
CREATE EXTENSION idgen;
SELECT idgen_layout_create('sec4', '2026-11-26', '1 second', 24, 2);
CREATE TABLE n AS SELECT layout_id('sec4') AS id FROM generate_series(1, 4);
SQL
pg_psql "$port" -c "CREATE DATABASE copy2"
dump "$port" orig2 | pg_psql "$port" -d copy2 -o /dev/null
pg_psql "$port" -d copy2 -q -c "INSERT INTO n SELECT layout_id('sec4') FROM generate_series(1, 200)" \
  -c "\\copy n TO '$saved'"
pg_psql "$port" -d orig2 -q -o /dev/null -c "DROP EXTENSION idgen CASCADE" -c "DROP TABLE n"
dump "$port" copy2 | pg_psql "$port" -d orig2 -o /dev/null
pg_psql "$port" -d orig2 -q -c "CREATE TABLE saved (id bigint)" -c "\\copy saved FROM '$saved'" \
  -c "CREATE TABLE n2 AS SELECT layout_id('sec4') AS id FROM generate_series(1, 10)"
check "orig2 refreshed from copy2's dump: 10 drawn, none of copy2's 204 repeated" "$port" orig2 "
  SELECT count(*) = 0 FROM n2 JOIN saved USING (id)"

# the original's tables refreshed from a TEMPLATE copy's (data only, the
# layout's row kept): nothing tells it, and it would go on below the copy's
# IDs (attack5 A2: 77 of 100 repeated); layout_resume_after() after the
# refresh moves it past them
pg_psql "$port" -q -o /dev/null <<'SQL'
CREATE DATABASE orig3;
\c orig3
CREATE EXTENSION idgen;
SELECT idgen_layout_create('h', '2026-11-26', '1 hour', 16, 21);
CREATE TABLE t AS SELECT layout_id('h') AS id FROM generate_series(1, 1000);
SQL
pg_psql "$port" -c "CREATE DATABASE copy3 TEMPLATE orig3"
pg_psql "$port" -d copy3 -q -c "INSERT INTO t SELECT layout_id('h') FROM generate_series(1, 3000)" \
  -c "\\copy t TO '$saved'"
pg_psql "$port" -d orig3 -q -c "TRUNCATE t"
pg_as_owner "$PG_BINDIR/pg_dump" -h 127.0.0.1 -p "$port" -U postgres --data-only -t t copy3 |
  pg_psql "$port" -d orig3 -o /dev/null
pg_psql "$port" -d orig3 -q -o /dev/null -c "SELECT layout_resume_after('h', (SELECT max(id) FROM t))" \
  -c "CREATE TABLE saved (id bigint)" -c "\\copy saved FROM '$saved'" \
  -c "CREATE TABLE n AS SELECT layout_id('h') AS id FROM generate_series(1, 100)"
check "orig3 given copy3's IDs (data only), then layout_resume_after: 100 drawn, none of copy3's repeated" \
  "$port" orig3 "SELECT count(*) = 0 FROM n JOIN saved USING (id)"
# durable: an ID far along the hour's sequence, then a crash before the next draw
far=$(pg_psql "$port" -d orig3 -At -c "
  SELECT layout_id_from_time(clock_timestamp(), 'h') | (7 << 21) | 1500000")
pg_psql "$port" -d orig3 -q -o /dev/null -c "SELECT layout_resume_after('h', $far)"
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
check "layout_resume_after, then a crash: the next ID is past the one given" "$port" orig3 "
  SELECT layout_id('h') > $far"

echo "--- 6. the copy on B refreshed from a newer dump of A's src"
# B's twosec stands a lead ahead of B's clock at its last draw; A runs its
# own as far ahead, until past B's: the refreshed copy holds A's IDs above
# where B's slot stood, and skips the lead again (its own record is the
# replaced rows', not these).
# a_passes_b: A's twosec draws until past B's last
a_passes_b() {
b_max=$(pg_psql "$bport" -d src -At -c "SELECT max(id) FROM ids WHERE g = 'twosec'")
a_max=0 n=0 out=
until [ "$a_max" -gt "$b_max" ]; do
  n=$((n + 1)); [ $n -le 120 ] || { echo "FAIL: A's twosec never passed B's: $out"; failed=1; break; }
  # draws one at a time until the lead refuses, then waits for the next unit
  out=$(pg_psql "$port" -d src -q <<'SQL' 2>&1
DO $$
DECLARE
    refusal text;
BEGIN
    LOOP
        BEGIN
            INSERT INTO ids (g, id) VALUES ('twosec', layout_id('twosec'));
        EXCEPTION WHEN OTHERS THEN
            refusal := SQLERRM;
            EXIT;
        END;
    END LOOP;
    IF refusal NOT LIKE 'layout_id() would run % ms ahead of the system clock' THEN
        RAISE EXCEPTION 'refused otherwise: %', refusal;
    END IF;
END $$;
SQL
  ) || { echo "FAIL: A's twosec: $out"; failed=1; break; }
  a_max=$(pg_psql "$port" -d src -At -c "SELECT max(id) FROM ids WHERE g = 'twosec'")
  [ "$a_max" -gt "$b_max" ] || sleep 0.5
done
}
# refresh_b WHAT [restart]: B's src refreshed from A's newer dump (a restart
# before its next layout_id()), then draws
refresh_b() {
  a_passes_b
  pg_psql "$bport" -d src -q -o /dev/null -c "SET client_min_messages = warning" \
    -c "DROP EXTENSION idgen CASCADE" -c "DROP TABLE ids" -c "DROP PROCEDURE draw(int)"
  dump "$port" src | pg_psql "$bport" -d src -o /dev/null
  if [ "${2:-}" = restart ]; then
    pg_as_owner "$PG_BINDIR/pg_ctl" -D "$BDIR/data" -m fast -w stop >/dev/null
    pg_as_owner "$PG_BINDIR/pg_ctl" -D "$BDIR/data" -l "$BDIR/server.log" -w -t 60 start >/dev/null
  fi
  id=$(until_runs src twosec yes) || failed=1
  check "$1: twosec above every ID of A's it now holds, none repeated" "$bport" src "
    SELECT $id > max(id) AND count(*) FILTER (WHERE id = $id) = 0 FROM ids WHERE g = 'twosec'"
}
refresh_b "B refreshed"
# again, with a restart before it draws: its record is of the rows replaced
# (another idgen_declared_layouts OID), not trusted (attack5 A4: it resumed
# from it, and repeated A's IDs)
refresh_b "B refreshed, then a restart" restart
# layout_resume_after() of a copied ID in a copy that has not drawn: below
# its skip, it writes no record (a restart would trust one, and not skip)
pg_psql "$bport" -c "CREATE DATABASE bfresh"
dump "$port" src | pg_psql "$bport" -d bfresh -o /dev/null
pg_psql "$bport" -d bfresh -q -o /dev/null \
  -c "SELECT layout_resume_after('twosec', (SELECT max(id) FROM ids WHERE g = 'twosec'))"
check "B: layout_resume_after of a copied ID, below the copy's skip, writes no record" "$bport" bfresh "
  SELECT position('database=' || lpad(oid::text, 10, '0') IN pg_read_file('idgen.layout_reservations')) = 0
    FROM pg_database WHERE datname = current_database()"

# a TEMPLATE copy of B's src in a dropped one's OID: the same table OID and
# row as the dropped copy's, and src's IDs since (PostgreSQL 15+)
if [ "$(pg_psql "$bport" -At -c "SHOW server_version_num")" -ge 150000 ]; then
  pg_psql "$bport" -c "CREATE DATABASE bclone OID 60002 TEMPLATE src"
  id=$(until_runs bclone twosec yes) || failed=1
  pg_psql "$bport" -c "DROP DATABASE bclone"
  # src (B's) draws past where bclone stood
  n=0
  until [ "$(pg_psql "$bport" -d src -At -c "SELECT max(id) > $id FROM ids WHERE g = 'twosec'")" = t ]; do
    # refused (the lead): the clock has to move on
    pg_psql "$bport" -d src -q -c "INSERT INTO ids (g, id) VALUES ('twosec', layout_id('twosec'))" 2>/dev/null ||
      { n=$((n + 1)); sleep 0.25; }
    [ $n -le 240 ] || { echo "FAIL: B's src never passed bclone"; failed=1; break; }
  done
  pg_psql "$bport" -c "CREATE DATABASE bclone OID 60002 TEMPLATE src"
  id=$(until_runs bclone twosec yes) || failed=1
  check "B: a new TEMPLATE copy of src in the dropped one's OID: above every ID it holds" "$bport" bclone "
    SELECT $id > max(id) AND count(*) FILTER (WHERE id = $id) = 0 FROM ids WHERE g = 'twosec'"
  # a DROP DATABASE refused (a template database: the hook runs before that
  # check) forgets nothing: bclone does not skip again (attack5 A3)
  pg_psql "$bport" -q -c "ALTER DATABASE bclone IS_TEMPLATE true"
  if pg_psql "$bport" -c "DROP DATABASE bclone" 2>/dev/null; then
    echo "FAIL: a template database was dropped"; failed=1
  fi
  pg_psql "$bport" -q -c "ALTER DATABASE bclone IS_TEMPLATE false"
  out=$(pg_psql "$bport" -d bclone -At -c "SELECT layout_id('twosec')" 2>&1) || true
  if [[ $out =~ ^[0-9]+$ || ( $out == *"layout_id() would run "*" ms ahead of the system clock"* &&
        $out != *"$copy_refusal"* ) ]]; then
    echo "ok: a refused DROP DATABASE forgets nothing: bclone runs on (or waits on the plain lead)"
  else echo "FAIL: after a refused DROP DATABASE, bclone did not run on: $out"; failed=1; fi
fi

[ "$failed" = 0 ] && echo "copied_database: ok"
exit "$failed"
