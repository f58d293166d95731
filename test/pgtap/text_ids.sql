-- KSUID-ms, nanoid, cuid2 and push IDs: properties in bulk, and from
-- parallel workers (each a process of its own: its own random pool, cuid2
-- fingerprint and counter, and its own "last random part plus one").
BEGIN;
SELECT plan(12);

CREATE TEMP TABLE s AS
SELECT n, ksuid_ms() AS k, pushid() AS p, cuid2() AS c, nanoid() AS nano FROM generate_series(1, 50000) n;
SELECT is((SELECT count(*) FROM (SELECT k, lag(k) OVER (ORDER BY n) prev FROM s) x WHERE k <= prev),
          0::bigint, 'ksuid_ms() strictly increases within the session');
SELECT is((SELECT count(*) FROM (SELECT p, lag(p) OVER (ORDER BY n) prev FROM s) x WHERE p <= prev COLLATE "C"),
          0::bigint, 'pushid() strictly increases under COLLATE "C" within the session');
SELECT is((SELECT count(*) FROM s WHERE k::text::ksuid <> k), 0::bigint, 'a KSUID-ms round-trips through text');
SELECT is((SELECT count(*) FROM s WHERE ksuid_timestamp(k) <> date_trunc('second', ksuid_ms_timestamp(k))),
          0::bigint, 'ksuid_timestamp reads the second of every KSUID-ms');
SELECT is((SELECT count(*) FROM s WHERE NOT cuid2_is_valid(c) OR length(c) <> 24), 0::bigint,
          'every cuid2() is valid and 24 characters');
SELECT is((SELECT count(DISTINCT c) + count(DISTINCT nano) FROM s), 100000::bigint,
          'cuid2() and nanoid() are distinct in bulk');

CREATE TABLE big AS SELECT g FROM generate_series(1, 100000) g;
ANALYZE big;
SET LOCAL parallel_setup_cost = 0;
SET LOCAL parallel_tuple_cost = 0;
SET LOCAL min_parallel_table_scan_size = 0;
SELECT cmp_ok(workers_launched('CREATE TEMP TABLE p AS SELECT ksuid_ms() AS k, pushid() AS p, cuid2() AS c, '
                               'nanoid() AS nano, nanoid(12, ''0123456789abcdef'') AS hex FROM big'),
              '>', 0, 'the generators ran in parallel workers');
SELECT is((SELECT count(DISTINCT k) FROM p), 100000::bigint, 'ksuid_ms() from parallel workers: distinct');
SELECT is((SELECT count(DISTINCT p) FROM p), 100000::bigint, 'pushid() from parallel workers: distinct');
SELECT is((SELECT count(DISTINCT c) FROM p), 100000::bigint, 'cuid2() from parallel workers: distinct');
SELECT is((SELECT count(DISTINCT nano) FROM p), 100000::bigint, 'nanoid() from parallel workers: distinct');
SELECT is((SELECT count(*) FROM p WHERE hex !~ '^[0-9a-f]{12}$'), 0::bigint,
          'nanoid(size, alphabet) in parallel workers keeps to its alphabet');

SELECT * FROM finish();
ROLLBACK;
