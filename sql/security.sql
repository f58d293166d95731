-- The SQL surface under attack: an ordinary role plants functions that match
-- the built-ins' argument types more exactly than the built-ins do, in a
-- schema a superuser's search_path reaches, and waits for the superuser to
-- run idgen's SQL functions. They must never run.
\set VERBOSITY terse

-- Every SQL and PL/pgSQL function of the extension pins its search_path:
-- the list of those that don't is empty, out of a count that is not.
SELECT p.oid::regprocedure AS unpinned, p.proconfig
  FROM pg_proc p
  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'
  JOIN pg_language l ON l.oid = p.prolang
 WHERE l.lanname IN ('sql', 'plpgsql')
   AND NOT coalesce('search_path=pg_catalog, pg_temp' = ANY (p.proconfig), false)
 ORDER BY 1;
SELECT count(*) AS sql_and_plpgsql_functions
  FROM pg_proc p
  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'idgen'
  JOIN pg_language l ON l.oid = p.prolang
 WHERE l.lanname IN ('sql', 'plpgsql');

-- the attacker: an ordinary role, with CREATE on public (as on every cluster
-- first made on PostgreSQL 14 or older) and a schema of its own
CREATE ROLE idgen_attacker;
SELECT NOT has_schema_privilege('public', 'public', 'CREATE') AS public_was_closed \gset
GRANT CREATE ON SCHEMA public TO PUBLIC;
CREATE SCHEMA attacker AUTHORIZATION idgen_attacker;
-- what a planted function writes when it runs, whoever runs it
CREATE TABLE hijack_marker (planted text, ran_as text);
GRANT INSERT ON hijack_marker TO PUBLIC;

SET ROLE idgen_attacker;
-- each planted function records that it ran, makes the attacker superuser
-- if it runs as one, and answers as the built-in would, so nothing shows
DO $plant$
DECLARE
    schema text;
    f record;
BEGIN
    FOREACH schema IN ARRAY ARRAY['public', 'attacker'] LOOP
        FOR f IN VALUES ('pg_get_serial_sequence', 't text, c name', 'text', 'pg_catalog.pg_get_serial_sequence(t, c::text)'),
                        ('array_length', 'a text[], d integer', 'integer', 'pg_catalog.array_length(a, d)') LOOP
            EXECUTE format($f$
CREATE FUNCTION %1$I.%2$I(%3$s) RETURNS %4$s LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.hijack_marker VALUES (%5$L, current_user);
  IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
    EXECUTE 'ALTER ROLE idgen_attacker SUPERUSER';
  END IF;
  RETURN %6$s;
END $$$f$, schema, f.column1, f.column2, f.column3, schema || '.' || f.column1, f.column4);
        END LOOP;
    END LOOP;
END $plant$;
RESET ROLE;

-- route 1: the superuser's search_path as it comes, public writable
SHOW search_path;
CREATE TABLE victim (id serial PRIMARY KEY);
SELECT * FROM idgen_convert_column('victim', 'id', 'snowflake_id()');
SELECT create_ticket_sequence('victim_tickets', 1, 2);
SELECT rolsuper AS attacker_is_superuser FROM pg_roles WHERE rolname = 'idgen_attacker';
SELECT count(*) AS planted_calls FROM hijack_marker;

-- route 2: the superuser puts the attacker's schema first
SET search_path = attacker, public;
CREATE TABLE public.victim2 (id serial PRIMARY KEY);
SELECT * FROM idgen_convert_column('public.victim2', 'id', 'snowflake_id()');
SELECT create_ticket_sequence('public.victim2_tickets', 1, 2);
SELECT rolsuper AS attacker_is_superuser FROM pg_roles WHERE rolname = 'idgen_attacker';
SELECT count(*) AS planted_calls FROM hijack_marker;
RESET search_path;

-- the planted functions work when called on purpose: the test can see them run
SELECT public.array_length(ARRAY['x'], 1);
SELECT planted, ran_as FROM hijack_marker;

DROP TABLE victim, victim2, hijack_marker;
DROP SEQUENCE victim_tickets, victim2_tickets;
SET client_min_messages = warning;
DROP SCHEMA attacker CASCADE;
RESET client_min_messages;
DROP FUNCTION public.pg_get_serial_sequence(text, name), public.array_length(text[], integer);
\if :public_was_closed
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
\endif
DROP ROLE idgen_attacker;
