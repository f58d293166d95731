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
--
-- The functions and aggregates made from the family table (sql/generated/native_types.sql,
-- which idgen-native-types writes from it) are read from that file and
-- checked by the rule; those written by hand are listed. A new family's row
-- changes nothing in this file's output.
CREATE TEMP TABLE made_lines (n serial, line text);
\copy made_lines (line) FROM 'sql/generated/native_types.sql'
CREATE TEMP TABLE made AS
SELECT format('%s(%s)', m.parts[1],
              (SELECT string_agg(CASE WHEN a ~ '^\w+ \w+$' THEN split_part(a, ' ', 2) ELSE a END, ',')
                 FROM unnest(string_to_array(m.parts[2], ', ')) a))::regprocedure AS function,
       CASE WHEN body.line ~ 'IMMUTABLE' THEN 'i' WHEN body.line ~ 'STABLE' THEN 's' ELSE 'v' END AS volatility,
       CASE WHEN body.line ~ 'PARALLEL SAFE' THEN 's' ELSE 'u' END AS parallel,
       body.line ~ 'STRICT' AS strict
  FROM made_lines l JOIN made_lines body ON body.n = l.n + 1,
       regexp_match(l.line, '^CREATE (?:FUNCTION|AGGREGATE) (\w+)\(([^)]*)\)') AS m(parts)
 WHERE m.parts IS NOT NULL;
SELECT count(*) > 100 AS made_from_the_table FROM made;
-- in the catalog as written, and by the rule: a generator (no argument)
-- VOLATILE, anything else IMMUTABLE and STRICT; all PARALLEL SAFE (the
-- min and max aggregates, whose markings are their functions')
SELECT m.function, m.volatility AS written, p.provolatile AS volatility,
       p.proparallel AS parallel, p.proisstrict AS strict
  FROM made m JOIN pg_proc p ON p.oid = m.function
 WHERE p.prokind = 'f'
   AND ((p.provolatile::text, p.proparallel::text, p.proisstrict) IS DISTINCT FROM (m.volatility, m.parallel, m.strict)
        OR (p.provolatile::text, p.proparallel::text, p.proisstrict)
           IS DISTINCT FROM (CASE WHEN p.pronargs = 0 THEN 'v' ELSE 'i' END, 's', p.pronargs > 0));
SELECT p.oid::regprocedure AS function, p.provolatile AS volatility,
       p.proparallel AS parallel, p.proisstrict AS strict
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refclassid = 'pg_extension'::regclass
   AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen')
   AND p.oid NOT IN (SELECT function FROM made)
 ORDER BY p.oid::regprocedure::text;
