-- The UUID family: properties on random inputs.
BEGIN;
SELECT plan(7);

CREATE TEMP TABLE times AS
SELECT to_timestamp(random() * 4102444800) + (random() * 1000) * interval '1 microsecond' AS t
  FROM generate_series(1, 3000);
SELECT is((SELECT count(*) FROM times
            WHERE NOT (uuid_v7_from_time(t) <= uuid_v7(t)
                       AND uuid_v7(t) < uuid_v7_from_time(t + interval '1 millisecond'))),
          0::bigint, 'uuid_v7_from_time(t) <= uuid_v7(t) < uuid_v7_from_time(t + 1 ms)');
SELECT is((SELECT count(*) FROM times WHERE uuid_v7_timestamp(uuid_v7(t)) <> date_trunc('milliseconds', t)),
          0::bigint, 'uuid_v7_timestamp(uuid_v7(t)) is t floored to the millisecond');
SELECT is((SELECT count(*) FROM times a, LATERAL (SELECT a.t + interval '1 microsecond' AS later) b
            WHERE date_trunc('milliseconds', a.t) = date_trunc('milliseconds', b.later)
              AND substr(uuid_v7(a.t)::text, 1, 18) > substr(uuid_v7(b.later)::text, 1, 18)),
          0::bigint, 'within a millisecond, the 12-bit fraction follows the microseconds');
SELECT is((SELECT count(*) FROM times
            WHERE uuid_v5(uuid_namespace_url(), t::text) <> uuid_v5(uuid_namespace_url(), t::text)
               OR uuid_v5(uuid_namespace_url(), t::text) = uuid_v5(uuid_namespace_dns(), t::text)),
          0::bigint, 'uuid_v5 is a function of namespace and name');

-- uuid_v7() from parallel workers: unique (each process keeps its own order)
CREATE TABLE big AS SELECT g FROM generate_series(1, 200000) g;
ANALYZE big;
SET LOCAL parallel_setup_cost = 0;
SET LOCAL parallel_tuple_cost = 0;
SET LOCAL min_parallel_table_scan_size = 0;
SELECT cmp_ok(workers_launched('CREATE TEMP TABLE p AS SELECT uuid_v7() AS v7, uuid_v4() AS v4 FROM big'), '>', 0,
              'uuid_v7() and uuid_v4() ran in parallel workers');
SELECT is((SELECT count(DISTINCT v7) FROM p), 200000::bigint, 'uuid_v7() from parallel workers: distinct');
SELECT is((SELECT count(DISTINCT v4) FROM p), 200000::bigint, 'uuid_v4() from parallel workers: distinct');

SELECT * FROM finish();
ROLLBACK;
