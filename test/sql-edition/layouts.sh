#!/usr/bin/env bash
# layouts.sh PORT: the SQL edition's layouts, in a database of their own
# (sqled_layouts, role app installs the edition and sets node id 5), so
# that moving its generators to another server touches no other test's:
# only the owner declares and drops;
# layout_id() of a declared and a named layout from 4 concurrent clients
# (no ID twice, each session's in order, the node id in the node field);
# a node id that does not fit, a 10 µs layout and an unknown one refused;
# drop refused once the layout's sequence handed out a value; and on another
# server (the record of _idgen_node changed, as server_change.sh does) the
# next ID is past the promotion margin (1 min) above the last one.
set -euo pipefail
port=$1
source test/lib/pg_server.sh
source test/sql-edition/lib.sh

echo "--- layouts"
pg_psql "$port" -q -c "CREATE DATABASE sqled_layouts OWNER app"
pg_psql "$port" -q -d sqled_layouts -c "CREATE SCHEMA idgen_sql" -c "GRANT CREATE, USAGE ON SCHEMA idgen_sql TO app" -c "GRANT USAGE ON SCHEMA idgen_sql TO other"
app sqled_layouts -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql
app sqled_layouts -q -o /dev/null -c "SELECT idgen_sql.idgen_set_node_id(5)" \
  -c "SELECT idgen_sql.idgen_layout_create('orders', '2026-01-01 00:00:00+00', '1 ms', 12, 10)"
other() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U other -d sqled_layouts "$@"; }
if out=$(other -v VERBOSITY=verbose -c "SELECT idgen_sql.idgen_layout_create('mine', '2026-01-01+00', '1 ms', 10, 11)" 2>&1); then
  echo "FAIL: a role other than the owner declared a layout"; exit 1
fi
grep -q '^ERROR:  42501: permission denied for function idgen_layout_create$' <<<"$out" &&
  echo "ok: a role other than the owner: idgen_layout_create refused, 42501" || { echo "FAIL: $out"; exit 1; }

app sqled_layouts -q -c "CREATE TABLE drawn (client int, n bigserial, o bigint, d bigint)"
pids=()
for c in 1 2 3 4; do
  app sqled_layouts -q -c "INSERT INTO drawn (client, o, d) SELECT $c, idgen_sql.layout_id('orders'), idgen_sql.layout_id('discord')
                         FROM generate_series(1, 500)" & pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
got=$(app sqled_layouts -At -c "SELECT (count(*) - count(DISTINCT o)) + (count(*) - count(DISTINCT d)),
       (SELECT count(*) FROM (SELECT o <= lag(o) OVER w OR d <= lag(d) OVER w AS down FROM drawn
                                WINDOW w AS (PARTITION BY client ORDER BY n)) x WHERE down),
       count(*) FILTER (WHERE (idgen_sql.layout_decode(o, 'orders')).node <> (SELECT node_id FROM idgen_sql._idgen_node)
                           OR (idgen_sql.layout_decode(d, 'discord')).node <> (SELECT node_id FROM idgen_sql._idgen_node))
  FROM drawn")
[ "$got" = "0|0|0" ] && echo "ok: 4 clients, 2000 IDs of each layout: none twice, each session's in order, the node id in each" ||
  { echo "FAIL: 4 clients: $got (repeats|out of order|wrong node)"; exit 1; }

got=$(app sqled_layouts -At -c "SELECT count(DISTINCT id) FROM (SELECT unnest(ARRAY[idgen_sql.tsid(), idgen_sql.layout_id('tsid'),
                                    idgen_sql.snowflake_id(), idgen_sql.layout_id('twitter')]) AS id FROM generate_series(1, 500)) g")
[ "$got" = 2000 ] && echo "ok: layout_id('tsid') and tsid(), layout_id('twitter') and snowflake_id() drawn in turn: no ID twice" ||
  { echo "FAIL: a named layout and its family's generator: $got distinct of 2000"; exit 1; }
app sqled_layouts -q -o /dev/null -c "SELECT idgen_sql.idgen_layout_create('sony_custom', '2025-01-01+00', '10 ms', 12, 10, true)"
got=$(app sqled_layouts -At -c "SELECT d.node || ' ' || d.sequence FROM idgen_sql.layout_decode((1000::bigint << 22) | (7 << 12) | 3003, 'sony_custom') d")
[ "$got" = "3003 7" ] && echo "ok: a declared layout in Sonyflake's order decodes as Decompose reads it" ||
  { echo "FAIL: sony_custom decoded as $got"; exit 1; }
app_refuses sqled_layouts "SELECT idgen_sql.layout_id('mastodon')" 22023 'layout_id\(\): idgen.node_id = [0-9]+ does not fit layout "mastodon"'
app_refuses sqled_layouts "SELECT idgen_sql.layout_id('cockroachdb')" 0A000 'layout_id\(\): layout "cockroachdb" counts time in units of 10 microseconds'
app_refuses sqled_layouts "SELECT idgen_sql.layout_id('nonesuch')" 42704 'layout "nonesuch" does not exist, for layout_id\(\)'
app_refuses sqled_layouts "SELECT idgen_sql.idgen_layout_drop('orders')" 55000 'idgen_layout_drop: layout "orders" may have handed out IDs'
app sqled_layouts -q -o /dev/null -c "SELECT idgen_sql.idgen_layout_create('fresh', '2026-01-01+00', '1 ms', 10, 11)" \
  -c "SELECT idgen_sql.idgen_layout_drop('fresh')"
[ "$(app sqled_layouts -At -c "SELECT count(*) FROM idgen_sql.idgen_layouts WHERE name = 'fresh'")" = 0 ] &&
  echo "ok: a layout that handed out nothing drops" || { echo "FAIL: 'fresh' was not dropped"; exit 1; }
# a row of idgen_declared_layouts restored alone (as a data-only dump brings
# it): no state, refused rather than a NULL ID
app sqled_layouts -q -c "INSERT INTO idgen_sql.idgen_declared_layouts SELECT 'restored', epoch, time_unit, node_bits, sequence_bits,
                                sequence_above_node FROM idgen_sql.idgen_declared_layouts WHERE name = 'orders'"
app_refuses sqled_layouts "SELECT idgen_sql.layout_id('restored')" 55000 'layout_id\(\): layout "restored" has no generator state here' ||
  exit 1
app sqled_layouts -q -o /dev/null -c "SELECT idgen_sql.idgen_layout_drop('restored')" \
  -c "SELECT idgen_sql.idgen_layout_create('restored', '2026-01-01+00', '1 ms', 10, 11)"
[ "$(app sqled_layouts -At -c "SELECT idgen_sql.layout_id('restored') IS NOT NULL")" = t ] &&
  echo "ok: declared here, its IDs are made" || { echo "FAIL: 'restored' declared again makes no ID"; exit 1; }

# layout_resume_after: the owner moves a layout past an ID its state never
# reached (its tables refreshed from a copy's data alone): one of this node
# (5) goes on in its sequence, another node's (9) is passed by its unit
got=$(app sqled_layouts -At <<'SQL'
CREATE TEMP TABLE copied AS
  SELECT idgen_sql.layout_id_from_time(clock_timestamp() + interval '2 seconds', 'orders') | (5 << 10) | 7 AS mine,
         idgen_sql.layout_id_from_time(clock_timestamp() + interval '3 seconds', 'orders') | (9 << 10) | 5 AS theirs;
SELECT idgen_sql.layout_resume_after('orders', mine) FROM copied;
CREATE TEMP TABLE next AS SELECT idgen_sql.layout_id('orders') AS own;
SELECT idgen_sql.layout_resume_after('orders', theirs) FROM copied;
INSERT INTO next SELECT idgen_sql.layout_id('orders');
SELECT (SELECT min(own) FROM next) > mine AND (SELECT max(own) FROM next) > theirs
       AND (idgen_sql.layout_decode((SELECT min(own) FROM next), 'orders')).sequence = 8 FROM copied;
SQL
)
[ "$(tail -1 <<<"$got")" = t ] && echo "ok: layout_resume_after: past an ID of this node (in its sequence) and of another" ||
  { echo "FAIL: layout_resume_after: $got"; exit 1; }
if out=$(other -v VERBOSITY=verbose -c "SELECT idgen_sql.layout_resume_after('orders', 1)" 2>&1); then
  echo "FAIL: a role other than the owner moved a layout"; exit 1
fi
grep -q '^ERROR:  42501: permission denied for function layout_resume_after$' <<<"$out" &&
  echo "ok: a role other than the owner: layout_resume_after refused, 42501" || { echo "FAIL: $out"; exit 1; }
# granted, a role runs it as the owner (the state it moves is the owner's:
# attack6 E1, where it ran as the caller and was refused the state's table)
app sqled_layouts -q -c "GRANT EXECUTE ON FUNCTION idgen_sql.layout_resume_after(text, bigint) TO other"
granted=$(other -At -c "SELECT idgen_sql.layout_id_from_time(clock_timestamp() + interval '4 seconds', 'orders') | (5 << 10) | 100")
other -q -c "SELECT idgen_sql.layout_resume_after('orders', $granted)" >/dev/null
# ... within the database's idgen.max_clock_lead, not one it SET itself (attack7 E7)
far=$(other -At -c "SELECT idgen_sql.layout_id_from_time(clock_timestamp() + interval '2 days', 'orders') | (5 << 10)")
if out=$(other -v VERBOSITY=verbose -c "SET idgen.max_clock_lead = '100d'" \
           -c "SELECT idgen_sql.layout_resume_after('orders', $far)" 2>&1); then
  echo "FAIL: a granted role moved the owner's layout past the lead with a setting of its own"; exit 1
fi
grep -q '^ERROR:  55000: layout_resume_after would run [0-9]* ms ahead of the system clock$' <<<"$out" &&
  echo "ok: a granted role's own idgen.max_clock_lead is not the limit: refused, 55000" ||
  { echo "FAIL: $out"; exit 1; }
# ... and the database's is (ALTER DATABASE ... SET: the placeholder's, on
# the edition's server, which pg_settings does not list: attack8 E7L)
app sqled_layouts -q -c "SELECT idgen_sql.idgen_layout_create('ahead', '2026-01-01+00', '1 ms', 10, 12)" >/dev/null
pg_psql "$port" -q -c "ALTER DATABASE sqled_layouts SET idgen.max_clock_lead = '1d'"
hour=$(other -At -c "SELECT idgen_sql.layout_id_from_time(clock_timestamp() + interval '1 hour', 'ahead') | (5 << 12)")
got=$(other -At -c "SELECT idgen_sql.layout_resume_after('ahead', $hour)" -c "SELECT idgen_sql.layout_id('ahead') > $hour" 2>&1 | tail -n 1)
pg_psql "$port" -q -c "ALTER DATABASE sqled_layouts RESET idgen.max_clock_lead"
[ "$got" = t ] && echo "ok: a granted role goes as far ahead as the database's idgen.max_clock_lead allows" ||
  { echo "FAIL: the database's idgen.max_clock_lead did not hold for a granted role: $got"; exit 1; }
app sqled_layouts -q -c "REVOKE EXECUTE ON FUNCTION idgen_sql.layout_resume_after(text, bigint) FROM other"
[ "$(app sqled_layouts -At -c "SELECT idgen_sql.layout_id('orders') > $granted")" = t ] &&
  echo "ok: a role granted layout_resume_after moves the layout" ||
  { echo "FAIL: a granted role's layout_resume_after did not move the layout"; exit 1; }
app_refuses sqled_layouts "SELECT idgen_sql.layout_resume_after('orders', -1)" 22003 'ID -1 is out of range for layout "orders"' || exit 1
app_refuses sqled_layouts "SELECT idgen_sql.layout_resume_after('orders', idgen_sql.layout_id_from_time(now() + interval '1 day', 'orders'))" \
  55000 'layout_resume_after would run [0-9]+ ms ahead of the system clock' || exit 1
app_refuses sqled_layouts "SELECT idgen_sql.layout_resume_after('tsid', 1)" 0A000 \
  'layout_resume_after: layout "tsid" is run by one of idgen.s families' || exit 1
app_refuses sqled_layouts "SELECT idgen_sql.layout_resume_after('cockroachdb', 1)" 0A000 \
  'layout_resume_after: layout "cockroachdb" counts time in units of 10 microseconds' || exit 1

# another server: the next ID at least the margin (60 s) past the last one
got=$(app sqled_layouts -At <<'SQL'
CREATE TEMP TABLE last AS SELECT max(o) AS o, max(d) AS d FROM drawn;
UPDATE idgen_sql._idgen_node SET timeline_id = timeline_id + 1000;
SELECT extract(epoch FROM (idgen_sql.layout_decode(idgen_sql.layout_id('orders'), 'orders')).ts
                          - (idgen_sql.layout_decode(o, 'orders')).ts) >= 59
   AND extract(epoch FROM (idgen_sql.layout_decode(idgen_sql.layout_id('discord'), 'discord')).ts
                          - (idgen_sql.layout_decode(d, 'discord')).ts) >= 59
  FROM last;
SQL
)
[ "$(tail -1 <<<"$got")" = t ] && echo "ok: on another server, both layouts' next IDs past the margin above the last" ||
  { echo "FAIL: on another server: $got"; exit 1; }
