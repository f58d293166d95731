-- A role without special privileges generates and decodes IDs, but cannot
-- change what decides uniqueness.
\set VERBOSITY default
CREATE ROLE idgen_app LOGIN;
GRANT CREATE ON SCHEMA public TO idgen_app;
SET ROLE idgen_app;

SELECT snowflake_node(snowflake_id()) = current_setting('idgen.node_id')::int AS snowflake,
       shard_id_shard(next_shard_id(5)) = 5 AS shard,
       ulid_monotonic() IS NOT NULL AS ulid_monotonic, ulid() IS NOT NULL AS ulid,
       uuid_version(uuid_v7()) = 7 AS uuid_v7;
CREATE TABLE app_events (id bigint PRIMARY KEY DEFAULT snowflake_id(), u ulid DEFAULT ulid());
INSERT INTO app_events DEFAULT VALUES;
SELECT count(*) FROM app_events;
DROP TABLE app_events;

-- settings: not per session, not per role, not through ALTER SYSTEM
SET idgen.node_id = 7;
SELECT set_config('idgen.max_clock_lead', '1h', false);
-- refused as a privilege from PostgreSQL 15, as superuser-only before
-- (expected/privileges_1.out)
SELECT current_setting('server_version_num')::int >= 150000 AS set_privileges;
ALTER SYSTEM SET idgen.node_id = 7;
ALTER ROLE idgen_app SET idgen.node_id = 7;
-- the shared state has no SQL interface to change, and its file is the server's
SELECT pg_read_file('idgen.reservation');
SELECT count(*) >= 2 AS status_readable FROM idgen_status;
SELECT idgen_status_reset();
SELECT shard_id_resume_after(next_shard_id(5));
SELECT snowflake_resume_after(snowflake_id());
SELECT ulid_monotonic_resume_after(ulid_monotonic());

RESET ROLE;
REVOKE CREATE ON SCHEMA public FROM idgen_app;
DROP ROLE idgen_app;
