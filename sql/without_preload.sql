-- On a server without idgen in shared_preload_libraries: before PostgreSQL
-- 17 the shared generators say what to do; from 17 they run in the DSM
-- registry (expected/without_preload_1.out). Everything stateless works.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default
CREATE EXTENSION IF NOT EXISTS idgen;
SELECT current_setting('server_version_num')::int >= 170000 AS dsm_registry \gset
\echo dsm_registry: :dsm_registry

SELECT snowflake_id() > 0 AS snowflake_works;
\echo :SQLSTATE
SELECT next_shard_id(5) > 0 AS shard_id_works;
\echo :SQLSTATE
SELECT shard_id_shard(next_shard_id(5, 77)) AS shard;
SELECT * FROM snowflake_decode(454947766275222906, 1420070400000);
-- settings still come from postgresql.conf only
SELECT name, context FROM pg_settings WHERE name LIKE 'idgen.%' ORDER BY name;
SET idgen.node_id = 3;
SELECT length(ulid_monotonic()::text) AS ulid_monotonic_works;
\echo :SQLSTATE
SELECT length(ulid()::text) AS ulid_works;
SELECT generator, shard, issued FROM idgen_status ORDER BY generator, shard;
\echo :SQLSTATE

\if :dsm_registry
-- without idgen.node_id, snowflake_id() refused above; set once the shared
-- generators run, the node id is taken (no Snowflake was issued without one)
ALTER SYSTEM SET idgen.node_id = 7;
SELECT pg_reload_conf();
-- wait until this session has it (sql/await_setting.psql: polls, unechoed,
-- for up to 30 s; a fixed sleep can be too short on a loaded machine)
\set setting idgen.node_id \set want 7 \set polls 0 \set ECHO none \i sql/await_setting.psql \set ECHO all
SELECT snowflake_node(snowflake_id()) AS node;
-- one state for every session: a new session goes on after this one
SELECT snowflake_id() AS last_snowflake, next_shard_id(5) AS last_shard_id,
       ulid_monotonic() AS last_ulid \gset
\c
SELECT snowflake_id() > :last_snowflake AS snowflake_goes_on,
       next_shard_id(5) > :last_shard_id AS shard_id_goes_on,
       ulid_monotonic() > :'last_ulid'::ulid AS ulid_goes_on;
-- reserved on disk before it was handed out, as with preload
SELECT substring(pg_read_file('idgen.reservation') FROM 'reserved=([0-9]+)')::bigint
         >= extract(epoch FROM snowflake_timestamp(snowflake_id())) * 1000 AS reserved;
SELECT generator, shard, issued FROM idgen_status ORDER BY generator, shard;

-- the settings the generators count from cannot change under them
ALTER SYSTEM SET idgen.node_id = 3;
SELECT pg_reload_conf();
-- wait until this session has it
\set setting idgen.node_id \set want 3 \set polls 0 \set ECHO none \i sql/await_setting.psql \set ECHO all
SHOW idgen.node_id;
SELECT snowflake_id();
\echo :SQLSTATE
-- the generators that do not count from the node id go on
SELECT next_shard_id(5) > :last_shard_id AS shard_id_unaffected,
       ulid_monotonic() > :'last_ulid'::ulid AS ulid_unaffected;
SELECT count(*) > 0 AS status_still_readable FROM idgen_status;
ALTER SYSTEM SET idgen.node_id = 7;
SELECT pg_reload_conf();
-- wait until this session has it
\set setting idgen.node_id \set want 7 \set polls 0 \set ECHO none \i sql/await_setting.psql \set ECHO all
SELECT snowflake_id() > :last_snowflake AS snowflake_works_again;
ALTER SYSTEM RESET idgen.node_id;
SELECT pg_reload_conf();
-- wait until this session has it, then a new session: one whose setting
-- was reset still loads idgen, and snowflake_id() is back to unset
\set setting idgen.node_id \set want -1 \set polls 0 \set ECHO none \i sql/await_setting.psql \set ECHO all
\c
SELECT uuid_v7() IS NOT NULL AS loads_after_a_reset;
SELECT snowflake_id();
\endif
