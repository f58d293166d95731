-- Settings are fixed in postgresql.conf, and every function's markings.
\set VERBOSITY default

-- (not the values: make installcheck may run on a server with its own)
SELECT name, unit, context, vartype, min_val, max_val, boot_val
  FROM pg_settings WHERE name LIKE 'idgen.%' ORDER BY name;
SET idgen.node_id = 3;
SET idgen.snowflake_epoch = '1420070400000';
SET idgen.shard_epoch = '0';
SET idgen.max_clock_lead = '1min';
SELECT set_config('idgen.node_id', '7', false);
-- an unknown idgen.* name is refused rather than silently kept; PostgreSQL
-- 13 and 14 cannot reserve a prefix and keep it (expected/settings_1.out)
SELECT current_setting('server_version_num')::int >= 150000 AS prefix_reserved;
SET idgen.nodeid = 3;

-- VOLATILE generators, STABLE where a setting is read, IMMUTABLE otherwise;
-- every function PARALLEL SAFE but those that run DDL or reset shared counters;
-- STRICT except the argument-less ones.
SELECT p.oid::regprocedure AS function, p.provolatile AS volatility,
       p.proparallel AS parallel, p.proisstrict AS strict
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refclassid = 'pg_extension'::regclass
   AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen')
 ORDER BY p.oid::regprocedure::text;
