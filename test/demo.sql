-- The demo: a table whose primary key is a Snowflake, a few rows, decoded.
\set ECHO queries
SET timezone = 'UTC';
CREATE EXTENSION idgen;

CREATE TABLE orders (
    id       bigint PRIMARY KEY DEFAULT snowflake_id(),
    customer text NOT NULL,
    total    numeric(10, 2) NOT NULL
);
INSERT INTO orders (customer, total) VALUES ('ana', 12.50), ('bo', 99.00), ('chen', 7.25);

SELECT o.id, o.customer, d.ts AS created, d.node, d.seq
  FROM orders o, snowflake_decode(o.id) d
 ORDER BY o.id;

-- Orders of the last hour, by the time inside the ID (an index range scan):
SELECT count(*) FROM orders
 WHERE id >= snowflake_id_from_time(now() - interval '1 hour')
   AND id <  snowflake_id_from_time(now() + interval '1 second');

-- Instagram's layout, without its overflow: shard 5, a sequence per shard.
SELECT s.id, d.* FROM (SELECT next_shard_id(5) AS id) s, shard_id_decode(s.id) d;
-- seed 004's example: 2046-11-01 with its 2012 epoch decodes back
SELECT * FROM shard_id_decode(9221321628057605849, 1325376000000);
