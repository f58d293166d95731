-- BRIN on ulid, ksuid and objectid: 100k time-ordered rows, a *_from_time
-- range query through each opclass, the blocks its summary lets the scan
-- skip, and the same rows as a sequential scan.
SET timezone = 'UTC';
\set VERBOSITY default

CREATE TABLE events (n int, u ulid, k ksuid, o objectid);
INSERT INTO events
SELECT n, ulid(t), ksuid(t), objectid(t)
  FROM generate_series(1, 100000) n,
       LATERAL (SELECT timestamptz '2024-01-01 00:00:00+00' + n * interval '1 s') AS x(t);
ANALYZE events;
SELECT pg_relation_size('events') / current_setting('block_size')::int AS table_blocks;

-- How a query on events ran: the index its bitmap came from, the rows it
-- found, the heap blocks it read (all lossy: BRIN gives block ranges) and
-- the rows of those blocks the recheck removed; and whether a sequential
-- scan finds the same rows.
CREATE FUNCTION pg_temp.brin_scan(predicate text,
    OUT index_used text, OUT rows_found bigint, OUT heap_blocks bigint, OUT removed_by_recheck bigint,
    OUT same_as_seqscan boolean)
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    query text := 'SELECT n FROM events WHERE ' || predicate;
    plan jsonb;
    via_index int[];
    via_seqscan int[];
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF, FORMAT JSON) ' || query INTO plan;
    plan := plan->0->'Plan';
    index_used := pg_catalog.format('%s: %s on %s', plan->>'Node Type',
                      (SELECT p->>'Node Type' FROM pg_catalog.jsonb_array_elements(plan->'Plans') p
                        WHERE p->>'Parent Relationship' = 'Outer'),
                      (SELECT p->>'Index Name' FROM pg_catalog.jsonb_array_elements(plan->'Plans') p
                        WHERE p->>'Parent Relationship' = 'Outer'));
    rows_found := (plan->>'Actual Rows')::numeric;
    heap_blocks := (plan->>'Exact Heap Blocks')::numeric + (plan->>'Lossy Heap Blocks')::numeric;
    removed_by_recheck := (plan->>'Rows Removed by Index Recheck')::numeric;
    EXECUTE 'SELECT array_agg(n ORDER BY n) FROM (' || query || ') q' INTO via_index;
    PERFORM pg_catalog.set_config('enable_bitmapscan', 'off', true);
    EXECUTE 'EXPLAIN (COSTS OFF, FORMAT JSON) ' || query INTO plan;
    IF plan->0->'Plan'->>'Node Type' <> 'Seq Scan' THEN
        RAISE EXCEPTION 'without bitmap scans the plan is %, not a Seq Scan', plan->0->'Plan'->>'Node Type';
    END IF;
    EXECUTE 'SELECT array_agg(n ORDER BY n) FROM (' || query || ') q' INTO via_seqscan;
    same_as_seqscan := via_index IS NOT DISTINCT FROM via_seqscan;
END $$;

-- events_u, events_k and events_o: a BRIN index on each ID column, with
-- the opclass of that kind (none: the default) and its parameters, 16 pages
-- a range (some 64 ranges for 100k rows).
CREATE FUNCTION pg_temp.index_events(kind text, parameters text DEFAULT '')
RETURNS void LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp SET client_min_messages = warning AS $$
DECLARE
    c record;
BEGIN
    DROP INDEX IF EXISTS events_u, events_k, events_o;
    FOR c IN SELECT * FROM (VALUES ('u', 'ulid'), ('k', 'ksuid'), ('o', 'objectid')) v(col, type) LOOP
        EXECUTE pg_catalog.format('CREATE INDEX %I ON events USING brin (%I %s%s) WITH (pages_per_range = 16)',
                                  'events_' || c.col, c.col,
                                  CASE WHEN kind IS NULL THEN '' ELSE pg_catalog.quote_ident(c.type || '_' || kind || '_ops') END,
                                  parameters);
    END LOOP;
END $$;

-- minmax, the default opclass
SELECT pg_temp.index_events(NULL);
SELECT c.relname, o.opcname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  JOIN pg_opclass o ON o.oid = i.indclass[0] WHERE i.indrelid = 'events'::regclass ORDER BY 1;

-- half an hour: 1800 rows of 100k, from two ranges of 16 blocks
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE u >= ulid_from_time('2024-01-01 10:00+00') AND u < ulid_from_time('2024-01-01 10:30+00');
SELECT * FROM pg_temp.brin_scan($$u >= ulid_from_time('2024-01-01 10:00+00') AND u < ulid_from_time('2024-01-01 10:30+00')$$);
SELECT * FROM pg_temp.brin_scan($$k >= ksuid_from_time('2024-01-01 10:00+00') AND k < ksuid_from_time('2024-01-01 10:30+00')$$);
SELECT * FROM pg_temp.brin_scan($$o >= objectid_from_time('2024-01-01 10:00+00') AND o < objectid_from_time('2024-01-01 10:30+00')$$);
-- the edges: a bound at the first and last second, and a range past the data
SELECT * FROM pg_temp.brin_scan($$u < ulid_from_time('2024-01-01 00:00:02+00')$$);
SELECT * FROM pg_temp.brin_scan($$k >= ksuid_from_time('2024-01-02 03:46:40+00')$$);
SELECT * FROM pg_temp.brin_scan($$o > objectid_from_time('2024-01-03 00:00+00')$$);
-- one value
SELECT u AS probe_u, k AS probe_k, o AS probe_o FROM events WHERE n = 50000 \gset
SELECT * FROM pg_temp.brin_scan(format('u = %L', :'probe_u'));
SELECT * FROM pg_temp.brin_scan(format('k = %L', :'probe_k'));
SELECT * FROM pg_temp.brin_scan(format('o = %L', :'probe_o'));

-- minmax-multi and bloom need PostgreSQL 14 (see brin_1.out for 13: the
-- extension made neither there)
SELECT current_setting('server_version_num')::int < 140000 AS before_14 \gset
\if :before_14
SELECT count(*) AS multi_or_bloom_opclasses FROM pg_opclass
 WHERE opcname ~ '^(ulid|ksuid|objectid)_(minmax_multi|bloom)_ops$';
DROP TABLE events;
\quit
\endif

-- minmax-multi: the same range query
SELECT pg_temp.index_events('minmax_multi');
SELECT * FROM pg_temp.brin_scan($$u >= ulid_from_time('2024-01-01 10:00+00') AND u < ulid_from_time('2024-01-01 10:30+00')$$);
SELECT * FROM pg_temp.brin_scan($$k >= ksuid_from_time('2024-01-01 10:00+00') AND k < ksuid_from_time('2024-01-01 10:30+00')$$);
SELECT * FROM pg_temp.brin_scan($$o >= objectid_from_time('2024-01-01 10:00+00') AND o < objectid_from_time('2024-01-01 10:30+00')$$);
SELECT * FROM pg_temp.brin_scan(format('k = %L', :'probe_k'));

-- bloom: equality only. Its false positives are random (the IDs are): at a
-- rate of 0.001 for 64 ranges, more than the value's own range is rare. A
-- few ranges at most (10 of 64, 160 blocks), not an exact count: a bloom
-- that does not work reads all ~1,000 blocks, and the rows are checked
-- against a sequential scan.
SELECT pg_temp.index_events('bloom', '(false_positive_rate = 0.001, n_distinct_per_range = 2000)');
SELECT index_used, rows_found, heap_blocks BETWEEN 1 AND 160 AS a_few_ranges, same_as_seqscan
  FROM pg_temp.brin_scan(format('u = %L', :'probe_u'));
SELECT index_used, rows_found, heap_blocks BETWEEN 1 AND 160 AS a_few_ranges, same_as_seqscan
  FROM pg_temp.brin_scan(format('k = %L', :'probe_k'));
SELECT index_used, rows_found, heap_blocks BETWEEN 1 AND 160 AS a_few_ranges, same_as_seqscan
  FROM pg_temp.brin_scan(format('o = %L', :'probe_o'));

-- What minmax-multi's distance is for: rows that alternate between two
-- times ten days apart. Every range's minmax summary spans the gap; a
-- minmax-multi summary that merges the nearest values first keeps it, and
-- a query inside the gap reads no block.
TRUNCATE events;
INSERT INTO events
SELECT n, ulid(t), ksuid(t), objectid(t)
  FROM generate_series(1, 20000) n,
       LATERAL (SELECT timestamptz '2024-01-01 00:00:00+00' + (n / 2) * interval '1 s'
                       + (n % 2) * interval '10 days') AS x(t);
ANALYZE events;
SELECT pg_temp.index_events(NULL);
SELECT pg_relation_size('events') / current_setting('block_size')::int AS table_blocks;
SELECT * FROM pg_temp.brin_scan($$u >= ulid_from_time('2024-01-05') AND u < ulid_from_time('2024-01-06')$$);
SELECT * FROM pg_temp.brin_scan($$k >= ksuid_from_time('2024-01-05') AND k < ksuid_from_time('2024-01-06')$$);
SELECT * FROM pg_temp.brin_scan($$o >= objectid_from_time('2024-01-05') AND o < objectid_from_time('2024-01-06')$$);
SELECT pg_temp.index_events('minmax_multi');
SELECT * FROM pg_temp.brin_scan($$u >= ulid_from_time('2024-01-05') AND u < ulid_from_time('2024-01-06')$$);
SELECT * FROM pg_temp.brin_scan($$k >= ksuid_from_time('2024-01-05') AND k < ksuid_from_time('2024-01-06')$$);
SELECT * FROM pg_temp.brin_scan($$o >= objectid_from_time('2024-01-05') AND o < objectid_from_time('2024-01-06')$$);
-- and on either side of the gap, the rows a sequential scan finds
SELECT * FROM pg_temp.brin_scan($$u >= ulid_from_time('2024-01-01 01:00') AND u < ulid_from_time('2024-01-01 01:10')$$);
SELECT * FROM pg_temp.brin_scan($$k >= ksuid_from_time('2024-01-11 01:00') AND k < ksuid_from_time('2024-01-11 01:10')$$);
SELECT * FROM pg_temp.brin_scan($$o >= objectid_from_time('2024-01-11 01:00') AND o < objectid_from_time('2024-01-11 01:10')$$);
DROP TABLE events;
