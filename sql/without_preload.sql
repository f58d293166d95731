-- On a server without idgen in shared_preload_libraries: the shared
-- generators say what to do, everything stateless works.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
CREATE EXTENSION IF NOT EXISTS idgen;

SELECT snowflake_id();
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(5);
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_shard(next_shard_id(5, 77)) AS shard;
SELECT * FROM snowflake_decode(454947766275222906, 1420070400000);
-- settings still come from postgresql.conf only
SELECT name, context FROM pg_settings WHERE name LIKE 'idgen.%' ORDER BY name;
SET idgen.node_id = 3;
SELECT ulid_monotonic();
\echo :LAST_ERROR_SQLSTATE
SELECT length(ulid()::text) AS ulid_works;
SELECT * FROM idgen_status;
\echo :LAST_ERROR_SQLSTATE
