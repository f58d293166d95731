-- ulid: round trips, order, the range bound, indexes, the shared generator.
BEGIN;
SELECT plan(14);

CREATE TEMP TABLE r AS SELECT gen_random_uuid() AS u FROM generate_series(1, 10000);
SELECT is((SELECT count(*) FROM r WHERE u::ulid::text::ulid::uuid <> u), 0::bigint,
          'uuid -> ulid -> text -> ulid -> uuid gives the uuid back');
SELECT is((SELECT count(*) FROM r WHERE lower(u::ulid::text)::ulid <> u::ulid), 0::bigint,
          'lower-case text reads as the same ulid');
SELECT is((SELECT count(*) FROM r WHERE ulid_send(u::ulid) <> decode(replace(u::text, '-', ''), 'hex')),
          0::bigint, 'the binary form is the 16 bytes, big-endian');

-- binary COPY out and in again goes through ulid_send and ulid_recv
CREATE TABLE binary_trip (id ulid);
INSERT INTO binary_trip SELECT u FROM r;
CREATE TABLE binary_back (id ulid);
DO $$
DECLARE path text := current_setting('data_directory') || '/idgen_ulid_binary_trip.copy';
BEGIN
    EXECUTE format('COPY binary_trip TO %L (FORMAT binary)', path);
    EXECUTE format('COPY binary_back FROM %L (FORMAT binary)', path);
END $$;
SELECT results_eq('SELECT id FROM binary_back ORDER BY id', 'SELECT id FROM binary_trip ORDER BY id',
                  'binary COPY round trip');

SELECT is((SELECT count(*) FROM
             (SELECT row_number() OVER (ORDER BY u::ulid) a,
                     row_number() OVER (ORDER BY u::ulid::text COLLATE "C") b,
                     row_number() OVER (ORDER BY u) c FROM r) x
            WHERE a <> b OR a <> c), 0::bigint,
          'ORDER BY ulid = ORDER BY its text (C collation) = ORDER BY its uuid');

CREATE TEMP TABLE times AS
SELECT to_timestamp(random() * 4102444800) AS t FROM generate_series(1, 2000);
SELECT is((SELECT count(*) FROM times
            WHERE NOT (ulid_from_time(t) <= ulid(t) AND ulid(t) < ulid_from_time(t + interval '1 millisecond'))),
          0::bigint, 'ulid_from_time(t) <= ulid(t) < ulid_from_time(t + 1 ms)');
SELECT is((SELECT count(*) FROM times WHERE ulid_timestamp(ulid(t)) <> date_trunc('milliseconds', t)),
          0::bigint, 'ulid_timestamp(ulid(t)) is t floored to the millisecond');

-- indexes: a btree primary key for ranges, a hash index for equality
CREATE TABLE events (id ulid PRIMARY KEY DEFAULT ulid(), n int);
INSERT INTO events (id, n) SELECT ulid(now() - g * interval '1 second'), g FROM generate_series(1, 20000) g;
CREATE TABLE hashed AS SELECT id FROM events;
CREATE INDEX hashed_idx ON hashed USING hash (id);
ANALYZE events;
ANALYZE hashed;
SELECT is((SELECT count(*) FROM events
            WHERE id >= ulid_from_time(now() - interval '100 seconds') AND id < ulid_from_time(now())),
          100::bigint, 'the range bounds select exactly those seconds');
CREATE TEMP TABLE plan_lines (q text, line text);
DO $$
DECLARE r record;
BEGIN
    FOR r IN EXPLAIN SELECT * FROM events WHERE id >= ulid_from_time(now() - interval '100 seconds')
                                            AND id < ulid_from_time(now()) LOOP
        INSERT INTO plan_lines VALUES ('range', r."QUERY PLAN");
    END LOOP;
    FOR r IN EXPLAIN SELECT * FROM hashed WHERE id = (SELECT id FROM events WHERE n = 5) LOOP
        INSERT INTO plan_lines VALUES ('eq', r."QUERY PLAN");
    END LOOP;
END $$;
SELECT ok(EXISTS (SELECT 1 FROM plan_lines WHERE q = 'range' AND line ~ 'Index.*Scan.*events_pkey'),
          'a time range is a scan of the primary key');
SELECT ok(EXISTS (SELECT 1 FROM plan_lines WHERE q = 'eq' AND line ~ 'Index Scan using hashed_idx'),
          'equality uses the hash index');
SET LOCAL enable_bitmapscan = off;
SET LOCAL enable_seqscan = off;
SELECT is((SELECT count(*) FROM hashed h JOIN events e USING (id) WHERE e.n BETWEEN 1 AND 500),
          500::bigint, 'lookups through the hash index find every row');

-- the shared monotonic generator, from parallel workers too
CREATE TABLE big AS SELECT g FROM generate_series(1, 200000) g;
ANALYZE big;
SET LOCAL enable_seqscan = on;
SET LOCAL parallel_setup_cost = 0;
SET LOCAL parallel_tuple_cost = 0;
SET LOCAL min_parallel_table_scan_size = 0;
SELECT cmp_ok(workers_launched('CREATE TEMP TABLE m AS SELECT ulid_monotonic() AS id FROM big'), '>', 0,
              'ulid_monotonic() ran in parallel workers');
SELECT is((SELECT count(DISTINCT id) FROM m), 200000::bigint,
          'ulid_monotonic() from parallel workers: 200,000 distinct');
SELECT ok((SELECT max(ulid_timestamp(id)) <= clock_timestamp() FROM m),
          'and none ahead of the clock');

SELECT * FROM finish();
ROLLBACK;
