-- The UUID family: RFC 9562 vectors, version and variant bits, v7 order.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- RFC 9562 vectors: v5 and v3 of www.example.com in the DNS namespace
SELECT uuid_v5(uuid_namespace_dns(), 'www.example.com');
SELECT uuid_v3(uuid_namespace_dns(), 'www.example.com');
SELECT uuid_namespace_dns(), uuid_namespace_url(), uuid_namespace_oid(), uuid_namespace_x500();
SELECT uuid_min(), uuid_max();
-- the v7 example time, 2022-02-22 14:22:22 -05:00: prefix 017f22e2-79b0-7
SELECT uuid_v7_from_time('2022-02-22 14:22:22-05');
SELECT left(uuid_v7(timestamptz '2022-02-22 14:22:22-05')::text, 15);
SELECT uuid_v7_timestamp('017F22E2-79B0-7CC3-98C4-DC0C0C07398F');
-- the sub-millisecond fraction of uuid_v7(at): 0.5 ms is 2048/4096
SELECT substr(uuid_v7(timestamptz '2022-02-22 14:22:22.0005-05')::text, 15, 4) AS rand_a;
-- before 2000 PostgreSQL's timestamps are negative: the microseconds within
-- the millisecond still count up from 0 (1 us is 4/4096, 999 us is 4091/4096)
SELECT left(uuid_v7(timestamptz '1990-06-01 00:00:00.000001+00')::text, 18) AS before_2000_first_us,
       left(uuid_v7(timestamptz '1990-06-01 00:00:00.999999+00')::text, 18) AS before_2000_last_us,
       left(uuid_v7(timestamptz '1970-01-01 00:00:00.000001+00')::text, 18) AS unix_epoch_first_us;

-- versions of the RFC's examples; Nil, Max and non-RFC variants have none
SELECT u, uuid_version(u), uuid_v7_timestamp(u)
  FROM (VALUES ('C232AB00-9414-11EC-B3C8-9F6BDECED846'::uuid),
               ('5df41881-3aed-3515-88a7-2f4a814cf09e'),
               ('919108f7-52d1-4320-9bac-f847db4148a8'),
               ('2ed6657d-e927-568b-95e1-2665a8aea6a2'),
               ('1EC9414C-232A-6B00-B3C8-9F6BDECED846'),
               ('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'),
               ('2489E9AD-2EE2-8E00-8EC9-32D5F69181C0'),
               ('00000000-0000-0000-0000-000000000000'),
               ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
               ('017F22E2-79B0-7CC3-18C4-DC0C0C07398F')) v(u);

-- every generator sets its version and the RFC variant
SELECT count(*) FILTER (WHERE uuid_version(uuid_v7()) = 7) AS v7,
       count(*) FILTER (WHERE uuid_version(uuid_v7(now() - g * interval '1 day')) = 7) AS v7_at,
       count(*) FILTER (WHERE uuid_version(uuid_v4()) = 4) AS v4,
       count(*) FILTER (WHERE uuid_version(uuid_v3(uuid_namespace_url(), g::text)) = 3) AS v3,
       count(*) FILTER (WHERE uuid_version(uuid_v5(uuid_namespace_oid(), g::text)) = 5) AS v5,
       count(*) FILTER (WHERE get_byte(uuid_send(uuid_v7()), 8) >> 6 = 2
                          AND get_byte(uuid_send(uuid_v4()), 8) >> 6 = 2) AS variant_10
  FROM generate_series(1, 1000) g;

-- uuid_v7() strictly increases within a session, 100,000 in a row
SELECT bool_and(id > prev) AS increasing, count(DISTINCT id) AS distinct_ids FROM
  (SELECT id, lag(id, 1, uuid_min()) OVER (ORDER BY n) AS prev
     FROM (SELECT n, uuid_v7() AS id FROM generate_series(1, 100000) n) g) s;
SELECT abs(extract(epoch FROM uuid_v7_timestamp(uuid_v7()) - clock_timestamp())) < 5 AS now_ish;
SELECT uuid_v7_from_time('2024-05-01+00') <= uuid_v7(timestamptz '2024-05-01+00')
   AND uuid_v7(timestamptz '2024-05-01 00:00:00.000999+00') < uuid_v7_from_time('2024-05-01 00:00:00.001+00') AS bounds;

-- a primary key with DEFAULT uuid_v7(), and a time range over it
CREATE TEMP TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_v7(), what text);
INSERT INTO orders (what) VALUES ('a'), ('b'), ('c');
SELECT what FROM orders
 WHERE id >= uuid_v7_from_time(now() - interval '1 minute') AND id < uuid_v7_from_time(now() + interval '1 minute')
 ORDER BY id;

-- side by side with uuid-ossp in one schema: no name clashes, same answers
CREATE EXTENSION "uuid-ossp";
SELECT uuid_generate_v5(uuid_ns_dns(), 'www.example.com') = uuid_v5(uuid_namespace_dns(), 'www.example.com') AS v5_same,
       uuid_generate_v3(uuid_ns_url(), 'https://example.org/') = uuid_v3(uuid_namespace_url(), 'https://example.org/') AS v3_same,
       uuid_nil() = uuid_min() AS nil_same;
DROP EXTENSION "uuid-ossp";

-- errors, each followed by its SQLSTATE
SELECT uuid_v7(timestamptz '1969-12-31 23:59:59.999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v7(timestamptz '1969-12-31 23:59:59.999999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v7_from_time('10889-08-02 05:31:50.656+00');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v7(timestamptz 'infinity');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v5(NULL, 'x') IS NULL AS null_in_null_out, uuid_version(NULL) IS NULL AS null_version;
