-- idgen, SQL edition: the names and results of idgen's C extension for a
-- PostgreSQL (13 and later) that cannot load it, such as a managed service.
-- Run it with psql, as any role with CREATE on a schema:
--
--     psql -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql
--
-- It installs into the current schema (the first schema of the search_path
-- that exists and that the role may use), once per database: it refuses a
-- second copy in another schema, whose own state would repeat the first's
-- IDs. A second run replaces the functions in place, keeping their grants
-- and the generators' state. sql-edition/uninstall.sql removes it.
-- What it lacks against the C extension, and how to move up to it:
-- docs/managed-services.md.
--
-- Every function pins search_path to pg_catalog, then this schema, then
-- pg_temp: whatever path a caller has, a built-in is always PostgreSQL's
-- own, and this file's helpers are found in the schema they were made in.
-- The schema is filled in by psql (:"idgen_sql_schema") when the file runs.

-- All or nothing: one transaction, so a refusal or a clash half-way leaves
-- the schema as it was (psql -f exits with status 3 and nothing is made).
-- psql's own settings are put back at the end, for a run with \i.
\set idgen_sql_saved_on_error_stop :ON_ERROR_STOP
\set idgen_sql_saved_quiet :QUIET
\set ON_ERROR_STOP 1
\set QUIET 1
BEGIN;
-- The installer's path holds other schemas (idgen_sql, public), whose
-- operators and functions a statement of this file would match before
-- pg_catalog's (an operator taking the arguments more exactly), as the
-- installer: from here on the path is the install's schema only, behind
-- pg_catalog, as every function of the file has it. This statement names
-- no operator and calls pg_catalog's functions by name.
DO $pin$
BEGIN
    IF pg_catalog.current_schema() IS NOT NULL THEN
        PERFORM pg_catalog.set_config('search_path', pg_catalog.format('%I, pg_temp', pg_catalog.current_schema()), true);
    END IF;
END
$pin$;
SET LOCAL client_min_messages = warning;  -- a second run: "already exists, skipping"

-- Refusals raise errors, so that psql (ON_ERROR_STOP) exits with status 3
-- and a script that installs it stops there.
DO $check$
DECLARE
    other name;
    others text;
    me oid;
BEGIN
    IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 < 130000 THEN
        RAISE EXCEPTION 'the idgen SQL edition needs PostgreSQL 13 or later, not %', pg_catalog.current_setting('server_version')
            USING ERRCODE = 'feature_not_supported';
    END IF;
    -- current_schema() skips the schemas this role may not use (USAGE)
    IF pg_catalog.current_schema() IS NULL THEN
        RAISE EXCEPTION 'no schema to install the idgen SQL edition into'
            USING ERRCODE = 'invalid_schema_name',
                  DETAIL = pg_catalog.format('The search_path (%s) names no schema that exists and that role %I may use.',
                                             pg_catalog.current_setting('search_path'), pg_catalog.current_user()),
                  HINT = pg_catalog.format('Put a schema on which the role has USAGE and CREATE first on the path '
                                           '(SET search_path = idgen_sql); its owner can GRANT USAGE, CREATE ON SCHEMA idgen_sql TO %I.',
                                           pg_catalog.current_user());
    END IF;
    -- The C extension in the same schema would have the same names: refuse
    -- rather than fail half-way on its first function.
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_extension
                WHERE extname = 'idgen' AND extnamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid) THEN
        RAISE EXCEPTION 'the idgen extension is installed in schema %', pg_catalog.current_schema()
            USING ERRCODE = 'duplicate_object',
                  DETAIL = 'The SQL edition has the same function names as the extension.',
                  HINT = 'Install the SQL edition into a schema of its own (SET search_path = idgen_sql), '
                         'or use the extension.';
    END IF;
    -- A second copy would keep its own generator state and hand out the
    -- same Snowflakes, shard IDs and monotonic ULIDs as the first.
    SELECT n.nspname INTO other
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relname = '_idgen_snowflake_state' AND c.relkind = 'S'
       AND c.relnamespace OPERATOR(pg_catalog.<>) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
     LIMIT 1;
    IF other IS NOT NULL THEN
        RAISE EXCEPTION 'the idgen SQL edition is installed in schema % already', other
            USING ERRCODE = 'duplicate_object',
                  DETAIL = 'A second copy in the same database would keep its own generator state and hand out the same IDs as the first.',
                  HINT = pg_catalog.format('To update it, run the file with SET search_path = %I; to move it, '
                                           'remove that copy with sql-edition/uninstall.sql first.', other);
    END IF;
    me := (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname = pg_catalog.current_user());
    -- Another role that may create in the schema could plant what this file
    -- would adopt (a table made IF NOT EXISTS) or resolve (a function or
    -- operator matched more exactly than pg_catalog's), to run as this role;
    -- as a member of its owner, it could drop and replace this role's
    -- functions. That is every role that holds, or may SET ROLE to, a role
    -- with CREATE on it (the owner's members too), but the owner itself
    -- (an administrator who made the schema), superusers, this role's
    -- members and the roles this role is a member of (their other members
    -- are named).
    SELECT 'PUBLIC' INTO others
      FROM pg_catalog.pg_namespace n CROSS JOIN LATERAL pg_catalog.aclexplode(n.nspacl) a
     WHERE n.oid OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid AND a.privilege_type = 'CREATE'
       AND a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid;
    IF others IS NULL THEN
        -- the roles with CREATE once, not once for each role
        WITH creators AS MATERIALIZED (
            SELECT g.oid FROM pg_catalog.pg_roles g
             WHERE pg_catalog.has_schema_privilege(g.oid, pg_catalog.current_schema(), 'CREATE'))
        SELECT pg_catalog.string_agg(pg_catalog.quote_ident(r.rolname), ', ' ORDER BY r.rolname)
          INTO others
          FROM pg_catalog.pg_roles r
         WHERE r.oid <> me AND NOT r.rolsuper
           AND r.oid <> (SELECT n.nspowner FROM pg_catalog.pg_namespace n
                          WHERE n.oid OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid)
           AND NOT pg_catalog.pg_has_role(r.oid, me, 'MEMBER') AND NOT pg_catalog.pg_has_role(me, r.oid, 'MEMBER')
           AND EXISTS (SELECT FROM creators g WHERE pg_catalog.pg_has_role(r.oid, g.oid, 'MEMBER'));
    END IF;
    IF others IS NOT NULL THEN
        RAISE EXCEPTION 'other roles may create objects in schema %: %', pg_catalog.current_schema(), others
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = 'What they made there would be taken for the SQL edition''s own objects and run as its owner.',
                  HINT = pg_catalog.format('Install into a schema in which only role %I (and the schema''s owner) may create: '
                                           'REVOKE CREATE ON SCHEMA %I FROM %s.', pg_catalog.current_user(),
                                           pg_catalog.current_schema(), others);
    END IF;
    SELECT pg_catalog.string_agg(o.what, ', ' ORDER BY o.what) INTO others
      FROM (SELECT pg_catalog.format('%s %s of role %s', CASE c.relkind WHEN 'S' THEN 'sequence' WHEN 'v' THEN 'view' ELSE 'table' END,
                                     pg_catalog.quote_ident(c.relname), c.relowner::pg_catalog.regrole) AS what
              FROM pg_catalog.pg_class c
             WHERE c.relnamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
               AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND c.relowner <> me
            UNION ALL
            SELECT pg_catalog.format('function %s of role %s', p.oid::pg_catalog.regprocedure, p.proowner::pg_catalog.regrole)
              FROM pg_catalog.pg_proc p
             WHERE p.pronamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
               AND p.proowner <> me
            UNION ALL
            SELECT pg_catalog.format('operator %s of role %s', o.oid::pg_catalog.regoperator, o.oprowner::pg_catalog.regrole)
              FROM pg_catalog.pg_operator o
             WHERE o.oprnamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
               AND o.oprowner <> me
            UNION ALL
            -- a domain or enum (a table's row type and an array go with theirs)
            SELECT pg_catalog.format('type %s of role %s', t.oid::pg_catalog.regtype, t.typowner::pg_catalog.regrole)
              FROM pg_catalog.pg_type t
             WHERE t.typnamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
               AND t.typowner <> me AND t.typrelid = 0
               AND NOT EXISTS (SELECT FROM pg_catalog.pg_type e WHERE e.typarray = t.oid)) o;
    IF others IS NOT NULL THEN
        RAISE EXCEPTION 'schema % holds objects of other roles: %', pg_catalog.current_schema(), others
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = 'The SQL edition would adopt or call them as its own.',
                  HINT = 'Install into a schema of its own, or have their owners drop them.';
    END IF;
END
$check$;

SELECT pg_catalog.current_schema() AS idgen_sql_schema
\gset

-- The functions the schema holds that are not this file's (its own are
-- pinned to the schema): the install replaces none of them, checked at the
-- end, when CREATE OR REPLACE would have kept their oids.
SELECT COALESCE(pg_catalog.string_agg(p.oid::pg_catalog.text, ','), '') AS idgen_sql_foreign
  FROM pg_catalog.pg_proc p
 WHERE p.pronamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
   AND p.proconfig[1] IS DISTINCT FROM
       'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
\gset
SET LOCAL idgen_sql_install.foreign_functions = :'idgen_sql_foreign';
\unset idgen_sql_foreign

-- The functions and relations the schema holds before the run: those made
-- by it take no grant of the owner's default privileges (88-*.sql).
SELECT COALESCE(pg_catalog.string_agg(o.oid::pg_catalog.text, ','), '') AS idgen_sql_objects_before
  FROM (SELECT p.oid FROM pg_catalog.pg_proc p WHERE p.pronamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
        UNION ALL
        SELECT c.oid FROM pg_catalog.pg_class c WHERE c.relnamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid) o
\gset
SET LOCAL idgen_sql_install.objects_before = :'idgen_sql_objects_before';
\unset idgen_sql_objects_before

-- This file's functions in schema, each by a hash of its definition: taken
-- here, as a second run finds them, and at the end, where the install's
-- notice names what the run added and changed.
CREATE OR REPLACE FUNCTION _idgen_function_hashes(schema name) RETURNS jsonb
    LANGUAGE sql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT COALESCE(pg_catalog.jsonb_object_agg(
               pg_catalog.format('%s(%s)', p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)),
               pg_catalog.md5(ROW(p.prokind, p.prosrc, p.probin, p.proargtypes, p.proallargtypes, p.proargnames,
                                  p.prorettype, p.provolatile, p.proisstrict, p.proparallel, p.prosecdef,
                                  p.proconfig)::pg_catalog.text)), '{}')
      FROM pg_catalog.pg_proc p
     WHERE p.pronamespace OPERATOR(pg_catalog.=) schema::pg_catalog.regnamespace::pg_catalog.oid
       AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(schema) || ', pg_temp'
       AND p.proname <> '_idgen_function_hashes'
$$;
SELECT _idgen_function_hashes(pg_catalog.current_schema())::pg_catalog.text AS idgen_sql_before
\gset
SET LOCAL idgen_sql_install.functions_before = :'idgen_sql_before';
\unset idgen_sql_before

