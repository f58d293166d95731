-- idgen_convert_column: serial, identity, bigint, ulid and uuid columns onto
-- a generator, with their foreign keys and views; every refusal.
SET timezone = 'UTC';
\set VERBOSITY default
\set SHOW_CONTEXT never
-- for errors whose detail holds a time-dependent ID: the message, and a check of the detail
CREATE FUNCTION pg_temp.refusal(call text, expected_detail text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE state text; detail text;
BEGIN
  EXECUTE call;
  RETURN 'not refused';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
  RETURN state || ': ' || SQLERRM || CASE WHEN detail LIKE expected_detail THEN ' [detail as expected]'
                                         ELSE ' [unexpected detail: ' || detail || ']' END;
END $$;

-- a serial primary key with rows, a foreign key and views over both columns
CREATE TABLE customers (id serial PRIMARY KEY, name text);
CREATE TABLE orders (id serial PRIMARY KEY, customer_id int REFERENCES customers (id), total int);
INSERT INTO customers (name) VALUES ('ana'), ('bo');
INSERT INTO orders (customer_id, total) VALUES (1, 10), (2, 20), (2, 30);
CREATE VIEW big_customers AS SELECT c.id, c.name, sum(o.total) AS total
  FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name;
CREATE VIEW biggest AS SELECT * FROM big_customers WHERE total > 20;
COMMENT ON VIEW biggest IS 'the customers who spend';
CREATE ROLE idgen_reader;
GRANT SELECT ON biggest TO idgen_reader;
SELECT * FROM idgen_convert_column('customers', 'id', 'snowflake_id()');
SELECT table_name, column_name, data_type FROM information_schema.columns
 WHERE table_name IN ('customers', 'orders') AND column_name IN ('id', 'customer_id') ORDER BY 1, 2;
INSERT INTO customers (name) VALUES ('chen') RETURNING id > 1000000000000 AS is_a_snowflake,
       snowflake_node(id) = current_setting('idgen.node_id')::int AS node_ok;
SELECT name, total FROM biggest;
SELECT obj_description('biggest'::regclass, 'pg_class'),
       has_table_privilege('idgen_reader', 'biggest', 'SELECT') AS reader_kept_select;
DROP VIEW biggest, big_customers;
DROP ROLE idgen_reader;

-- an identity column, onto a shard with a sequence per shard (the original's form)
CREATE TABLE photos (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, n int);
INSERT INTO photos (n) VALUES (1), (2);
CREATE SEQUENCE photos_shard_seq;
SELECT * FROM idgen_convert_column('photos', 'id', 'next_shard_id(5, nextval(''photos_shard_seq''))');
INSERT INTO photos (n) VALUES (3) RETURNING shard_id_shard(id) AS shard;
SELECT attidentity = '' AS identity_gone FROM pg_attribute WHERE attrelid = 'photos'::regclass AND attname = 'id';
-- and one onto the shared per-shard sequence
CREATE TABLE likes (id bigserial PRIMARY KEY);
SELECT * FROM idgen_convert_column('likes', 'id', '  next_shard_id( 7 ) ');

-- a uuid column of random v4 keys: converted, and told that old and new interleave
CREATE TABLE sessions (id uuid PRIMARY KEY DEFAULT gen_random_uuid());
INSERT INTO sessions SELECT FROM generate_series(1, 3);
SELECT * FROM idgen_convert_column('sessions', 'id', 'uuid_v7()');
-- a ulid column
CREATE TABLE docs (id ulid PRIMARY KEY);
INSERT INTO docs VALUES (ulid(now() - interval '1 day'));
SELECT * FROM idgen_convert_column('docs', 'id', 'ulid()');
INSERT INTO docs DEFAULT VALUES;
SELECT count(*) FROM docs;

-- refusals; each changes nothing
CREATE TABLE ahead (id bigserial PRIMARY KEY);
INSERT INTO ahead VALUES (9000000000000000000);
SELECT pg_temp.refusal($$SELECT * FROM idgen_convert_column('ahead', 'id', 'snowflake_id()')$$,
                       'The largest existing value is 9000000000000000000; the first new ID would be % or a little more.');
SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'ahead'::regclass;
SELECT * FROM idgen_convert_column('ahead', 'id', 'snowflake_id(); DROP TABLE ahead');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_convert_column('ahead', 'id', 'random()');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_convert_column('ahead', 'id', 'next_shard_id(8192)');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_convert_column('ahead', 'id', 'next_shard_id(1, nextval(''no_such_seq''))');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_convert_column('ahead', 'nope', 'snowflake_id()');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_convert_column('ahead', 'id', 'ulid()');
\echo :LAST_ERROR_SQLSTATE
SELECT * FROM idgen_convert_column('docs', 'id', 'uuid_v7()');
\echo :LAST_ERROR_SQLSTATE
CREATE TABLE later_docs (id ulid PRIMARY KEY);
INSERT INTO later_docs VALUES (ulid_from_time('2999-01-01+00'));
SELECT pg_temp.refusal($$SELECT * FROM idgen_convert_column('later_docs', 'id', 'ulid()')$$,
                       'The largest existing value is 0XH219QD000000000000000000; the first new ID would be %');
CREATE TABLE counted (id int PRIMARY KEY);
CREATE MATERIALIZED VIEW counted_ids AS SELECT id FROM counted;
SELECT * FROM idgen_convert_column('counted', 'id', 'snowflake_id()');
\echo :LAST_ERROR_SQLSTATE
SELECT format_type(atttypid, NULL) FROM pg_attribute WHERE attrelid = 'counted'::regclass AND attname = 'id';

-- idgen in a schema whose name needs quoting, off the search_path: the
-- defaults, the max() and the comparison all name it
CREATE SCHEMA "Id Gen";
ALTER EXTENSION idgen SET SCHEMA "Id Gen";
CREATE TABLE quoted (id serial PRIMARY KEY);
INSERT INTO quoted DEFAULT VALUES;
SELECT * FROM "Id Gen".idgen_convert_column('quoted', 'id', 'snowflake_id()');
INSERT INTO quoted DEFAULT VALUES RETURNING "Id Gen".snowflake_node(id) = current_setting('idgen.node_id')::int AS node_ok;
CREATE TABLE quoted_docs (id "Id Gen".ulid PRIMARY KEY);
INSERT INTO quoted_docs VALUES ("Id Gen".ulid(now() - interval '1 day'));
SELECT * FROM "Id Gen".idgen_convert_column('quoted_docs', 'id', 'ulid()');
DROP TABLE quoted, quoted_docs;
ALTER EXTENSION idgen SET SCHEMA public;
DROP SCHEMA "Id Gen";

DROP TABLE orders, customers, photos, likes, sessions, docs, ahead, later_docs;
DROP MATERIALIZED VIEW counted_ids;
DROP TABLE counted;
DROP SEQUENCE photos_shard_seq;
