-- report.sql: RESULTS.md's tables from the measurements report.sh loaded
-- into bench_per_row, bench_insert, bench_conc and bench_layout. Prints
-- Markdown (psql -At).
\pset footer off

CREATE TEMP VIEW per_row AS
  SELECT label, server,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY us_per_row) AS median,
         min(us_per_row) AS lo, max(us_per_row) AS hi, count(*) AS rounds
    FROM bench_per_row GROUP BY label, server;
CREATE TEMP VIEW floors AS
  SELECT server, median AS floor FROM per_row WHERE label LIKE '1::int8 (the floor%';
CREATE FUNCTION pg_temp.us(l text) RETURNS float8 LANGUAGE sql
  AS $$ SELECT median FROM per_row WHERE label = l $$;
CREATE FUNCTION pg_temp.ins(l text, ff int) RETURNS bench_insert LANGUAGE sql
  AS $$ SELECT * FROM bench_insert WHERE label = l AND fillfactor = ff $$;

\echo '## 1. Per-row cost'
\echo ''
\echo '`SELECT count(f) FROM generate_series(1, N)`; median of the rounds, spread = fastest – slowest round. × floor: against `count(1::int8)` on the same server (no function call at all); × C call: against a C function that returns a constant of the same kind (test/bench/floor_ext).'
\echo ''
\echo '| f | server | µs/row (median) | spread | × floor | × C call |'
\echo '|---|---|---:|---:|---:|---:|'
SELECT format('| `%s` | %s | %s | %s – %s | %s | %s |', p.label, p.server,
              round(p.median::numeric, 3), round(p.lo::numeric, 3), round(p.hi::numeric, 3),
              round((p.median / f.floor)::numeric, 2),
              coalesce(round((p.median / pg_temp.us(CASE WHEN p.server <> '15' THEN NULL
                                                 WHEN t.typ = 'uuid' OR t.typ IS NULL AND p.label ~ 'uuid|ulid|ksuid|objectid'
                                                 THEN 'C function, uuid (floor)' ELSE 'C function, int8 (floor)' END))::numeric, 2)::text, '–'))
  FROM per_row p JOIN floors f USING (server)
  LEFT JOIN LATERAL (SELECT key_type AS typ FROM bench_insert i WHERE i.label = p.label LIMIT 1) t ON p.server = '15'
 ORDER BY p.median;
\echo ''

\echo '## 2. Bulk insert'
\echo ''
\echo 'One `INSERT INTO t (n) SELECT g FROM generate_series(1, N) g` into `t (id <type> PRIMARY KEY DEFAULT f, n int)`; the index is the primary key''s, its leaf density from `pgstatindex`. The baseline is `bigint GENERATED ALWAYS AS IDENTITY`.'
\echo ''
\echo '| DEFAULT | key type | fillfactor | rows/s | index MB | index vs gen_random_uuid() | leaf density % | table MB |'
\echo '|---|---|---:|---:|---:|---:|---:|---:|'
SELECT format('| `%s` | %s | %s | %s | %s | %s | %s | %s |', i.label, i.key_type, i.fillfactor,
              to_char(i.rows / i.seconds, 'FM9,999,999'),
              round(i.index_bytes / 1048576.0, 1),
              CASE WHEN i.index_bytes > g.index_bytes THEN '+' ELSE '' END || round(100.0 * (i.index_bytes::numeric / g.index_bytes - 1)) || ' %',
              coalesce(round(i.leaf_density::numeric, 1)::text, '–'),
              round(i.table_bytes / 1048576.0, 1))
  FROM bench_insert i, pg_temp.ins('gen_random_uuid()', 90) g
 ORDER BY i.index_bytes, i.label;
\echo ''

\echo '## 3. Concurrency'
\echo ''
\echo 'pgbench, each transaction `SELECT count(f) FROM generate_series(1, 1000)`; million IDs per second with 1, 2 and 4 clients (the machine has the cores named above, shared).'
\echo ''
\echo '| f | server | 1 client | 2 clients | 4 clients | 2 clients / 1 |'
\echo '|---|---|---:|---:|---:|---:|'
SELECT format('| `%s` | %s | %s | %s | %s | %s |', label, server,
              round((max(ids_per_s) FILTER (WHERE clients = 1) / 1e6)::numeric, 2),
              round((max(ids_per_s) FILTER (WHERE clients = 2) / 1e6)::numeric, 2),
              round((max(ids_per_s) FILTER (WHERE clients = 4) / 1e6)::numeric, 2),
              round((max(ids_per_s) FILTER (WHERE clients = 2) / max(ids_per_s) FILTER (WHERE clients = 1))::numeric, 2))
  FROM bench_conc GROUP BY label, server
 ORDER BY max(ids_per_s) FILTER (WHERE clients = 1) DESC;
\echo ''

\echo '## 4. The layouts'' limits'
\echo ''
\echo 'Each shared generator drawn as fast as the sessions can. IDs/ms: IDs over the span of their own timestamps (first to last ID, ms); the run''s wall time (ms) also holds `generate_series` writing out its rows before the first call. Last ID''s lead: its millisecond minus the clock''s when the run ended (≤ 0: not ahead). issued_ahead and waits from `idgen_status()`.'
\echo ''
\echo '| run | IDs | run ms | IDs'' span ms | IDs/ms | limit/ms | % of limit | last ID''s lead (ms) | issued_ahead | waits |'
\echo '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
SELECT format('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |', run, ids, round(elapsed_ms::numeric), id_span_ms, round(ids_per_ms::numeric),
              limit_per_ms, round((100 * ids_per_ms / limit_per_ms)::numeric, 1), last_id_lead_ms, issued_ahead, waits)
  FROM bench_layout;
\echo ''

\echo '## Targets'
\echo ''
\echo '| target | measured | |'
\echo '|---|---|---|'
WITH f AS (SELECT floor FROM floors WHERE server = '15'),
t(target, measured, met) AS (
  SELECT format('`%s` ≤ 1.25 × floor per row', l),
         round((pg_temp.us(l) / f.floor)::numeric, 2) || ' ×', pg_temp.us(l) / f.floor <= 1.25
    FROM f, unnest(ARRAY['uuid_v7()', 'ulid()', 'uuid_v4()']) l
  UNION ALL
  SELECT '`next_shard_id(5, nextval(''s''))` ≤ 1.1 × `nextval(''s'')`',
         round((pg_temp.us('next_shard_id(5, nextval(''s''))') / pg_temp.us('nextval(''s'')'))::numeric, 2) || ' ×',
         pg_temp.us('next_shard_id(5, nextval(''s''))') / pg_temp.us('nextval(''s'')') <= 1.1
  UNION ALL
  SELECT '`next_shard_id(5)` ≤ 1.5 × floor', round((pg_temp.us('next_shard_id(5)') / f.floor)::numeric, 2) || ' ×',
         pg_temp.us('next_shard_id(5)') / f.floor <= 1.5 FROM f
  UNION ALL
  SELECT '`next_shard_id(5)` ≥ 20 × faster than the PL/pgSQL original',
         round((pg_temp.us('Instagram PL/pgSQL next_id()') / pg_temp.us('next_shard_id(5)'))::numeric, 1) || ' ×',
         pg_temp.us('Instagram PL/pgSQL next_id()') / pg_temp.us('next_shard_id(5)') >= 20
  UNION ALL
  SELECT '`snowflake_id()` ≥ 95 % of 4,096 IDs/ms in one session, not ahead of the clock',
         round((100 * ids_per_ms / limit_per_ms)::numeric, 1) || ' %, issued_ahead ' || issued_ahead || ', last ID''s lead ' || last_id_lead_ms || ' ms',
         ids_per_ms >= 0.95 * limit_per_ms AND issued_ahead = 0 AND last_id_lead_ms <= 0
    FROM bench_layout WHERE run = 'snowflake_id(), 1 session'
  UNION ALL
  SELECT format('`DEFAULT %s`: index ≥ 25 %% smaller than `gen_random_uuid()`''s', l),
         round(100 * (1 - i.index_bytes::numeric / g.index_bytes), 1) || ' % smaller',
         i.index_bytes <= 0.75 * g.index_bytes
    FROM unnest(ARRAY['uuid_v7()', 'ulid()']) l, pg_temp.ins(l, 90) i, pg_temp.ins('gen_random_uuid()', 90) g
  UNION ALL
  SELECT '`DEFAULT ksuid()`: leaf density ≥ 85 %, as dense as a ULID key',
         round(k.leaf_density::numeric, 1) || ' % (`ulid()` ' || round(u.leaf_density::numeric, 1) ||
           ' %, random payload ' || round(r.leaf_density::numeric, 1) || ' %)',
         k.leaf_density >= 85
    FROM pg_temp.ins('ksuid()', 90) k, pg_temp.ins('ulid()', 90) u,
         pg_temp.ins('ksuid(clock_timestamp()) (random)', 90) r
  UNION ALL
  SELECT format('`DEFAULT %s`: inserts faster than `gen_random_uuid()`', l),
         to_char(g.seconds / i.seconds, 'FM990.00') || ' × its rows/s',
         i.seconds < g.seconds
    FROM unnest(ARRAY['uuid_v7()', 'ulid()']) l, pg_temp.ins(l, 90) i, pg_temp.ins('gen_random_uuid()', 90) g)
SELECT format('| %s | %s | %s |', target, measured, CASE WHEN met THEN 'met' ELSE '**missed**' END) FROM t;
