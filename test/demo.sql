-- The demo: IDs made by the database, and decoded back into their parts.
SET timezone = 'UTC';
\pset footer off
CREATE EXTENSION idgen;
\set ECHO queries

CREATE TABLE orders (id bigint PRIMARY KEY DEFAULT snowflake_id(), customer text, total numeric(10, 2));
INSERT INTO orders (customer, total) VALUES ('ana', 12.50), ('bo', 99.00), ('chen', 7.25);
SELECT o.id, o.customer, d.ts AS created, d.node, d.seq
  FROM orders o, snowflake_decode(o.id) d ORDER BY o.id;

SELECT count(*) AS last_hour FROM orders
 WHERE id >= snowflake_id_from_time(now() - interval '1 hour');

SELECT s.id AS shard_id, d.* FROM (SELECT next_shard_id(5) AS id) s, shard_id_decode(s.id) d;

SELECT u AS ulid, ulid_timestamp(u) AS created, u::uuid AS as_uuid
  FROM (SELECT ulid() AS u) s;

SELECT v AS uuid_v7, uuid_version(v) AS version, uuid_timestamp(v) AS created
  FROM (SELECT uuid_v7() AS v) s;
