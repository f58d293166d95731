-- Range partitioning on the ID itself: the *_from_time bounds make the
-- partition bounds, rows with DEFAULT land by their time, and a time-range
-- query touches only the partitions it needs.
SET timezone = 'UTC';

-- Snowflake: bounds from snowflake_id_from_time (STABLE: it reads the
-- epoch setting), so pruning happens when the query runs
CREATE TABLE events (id bigint NOT NULL DEFAULT snowflake_id(), body text) PARTITION BY RANGE (id);
CREATE TABLE events_before PARTITION OF events
    FOR VALUES FROM (snowflake_id_from_time(now() - interval '2 days'))
                 TO (snowflake_id_from_time(now() - interval '1 hour'));
CREATE TABLE events_now PARTITION OF events
    FOR VALUES FROM (snowflake_id_from_time(now() - interval '1 hour'))
                 TO (snowflake_id_from_time(now() + interval '1 day'));
INSERT INTO events (body) VALUES ('new'), ('newer');
INSERT INTO events VALUES (snowflake_id_from_time(now() - interval '1 day') + 1, 'backfilled');
SELECT tableoid::regclass AS partition, body FROM events ORDER BY id;
EXPLAIN (COSTS OFF)
SELECT * FROM events WHERE id >= snowflake_id_from_time(now() - interval '30 minutes')
                       AND id < snowflake_id_from_time(now());

-- ULID and UUIDv7: their bounds are IMMUTABLE, so the planner prunes
CREATE TABLE docs (id ulid NOT NULL DEFAULT ulid(), body text) PARTITION BY RANGE (id);
CREATE TABLE docs_2026_01 PARTITION OF docs
    FOR VALUES FROM (ulid_from_time('2026-01-01+00')) TO (ulid_from_time('2026-02-01+00'));
CREATE TABLE docs_2026_02 PARTITION OF docs
    FOR VALUES FROM (ulid_from_time('2026-02-01+00')) TO (ulid_from_time('2026-03-01+00'));
INSERT INTO docs VALUES (ulid(timestamptz '2026-01-15+00'), 'january'), (ulid(timestamptz '2026-02-15+00'), 'february');
SELECT tableoid::regclass AS partition, body FROM docs ORDER BY id;
EXPLAIN (COSTS OFF)
SELECT * FROM docs WHERE id >= ulid_from_time('2026-02-10+00') AND id < ulid_from_time('2026-02-20+00');

CREATE TABLE orders (id uuid NOT NULL DEFAULT uuid_v7(), body text) PARTITION BY RANGE (id);
CREATE TABLE orders_2026_01 PARTITION OF orders
    FOR VALUES FROM (uuid_v7_from_time('2026-01-01+00')) TO (uuid_v7_from_time('2026-02-01+00'));
CREATE TABLE orders_2026_02 PARTITION OF orders
    FOR VALUES FROM (uuid_v7_from_time('2026-02-01+00')) TO (uuid_v7_from_time('2026-03-01+00'));
INSERT INTO orders VALUES (uuid_v7(timestamptz '2026-01-31 23:59:59.999+00'), 'january'),
                          (uuid_v7(timestamptz '2026-02-01+00'), 'february');
SELECT tableoid::regclass AS partition, body FROM orders ORDER BY id;
EXPLAIN (COSTS OFF)
SELECT * FROM orders WHERE id >= uuid_v7_from_time('2026-01-10+00') AND id < uuid_v7_from_time('2026-01-20+00');

-- a row outside every partition is refused, as with any range partitioning
INSERT INTO docs VALUES (ulid_from_time('2026-03-01+00'), 'march');

-- pg_partman's id-based partitioning takes an integer interval: one day of
-- Snowflakes is 86400000 ms shifted past the node and sequence bits
SELECT 86400000::bigint << 22 AS snowflake_day,
       snowflake_id_from_time('2026-01-02+00') - snowflake_id_from_time('2026-01-01+00') AS check_day;
DROP TABLE events, docs, orders;
