-- Every call of a function or operator of schema :'schema' (idgen's, or the
-- SQL edition's) written with untyped literals (NULL, which PostgreSQL
-- resolves as it does '...') at any set of its argument positions, the
-- others typed exactly, with and without its defaulted arguments: one line
-- per call, what it resolves to (the functions and operators of the schema
-- that the call's view depends on) or the SQLSTATE of its refusal.
-- psql -v schema=NAME -f probe.sql, in a database where idgen is at one
-- version; the caller compares.
SET client_min_messages = warning;
-- names as they are written in the schema, where it is on the path
SET search_path = pg_catalog, :"schema";
SELECT :'schema'::regnamespace::oid AS schema_oid \gset
CREATE FUNCTION pg_temp.resolves(call text, schema oid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    target text;
BEGIN
    EXECUTE 'CREATE TEMP VIEW idgen_probe AS SELECT ' || call || ' AS r';
    SELECT coalesce(string_agg(t.member, ' + ' ORDER BY t.member), '(no function or operator)')
      INTO target
      FROM (SELECT coalesce(p.oid::regprocedure::text, o.oid::regoperator::text) AS member
              FROM pg_depend d JOIN pg_rewrite w ON d.classid = 'pg_rewrite'::regclass AND d.objid = w.oid
              LEFT JOIN pg_proc p ON d.refclassid = 'pg_proc'::regclass AND p.oid = d.refobjid
                                 AND p.pronamespace = schema
              LEFT JOIN pg_operator o ON d.refclassid = 'pg_operator'::regclass AND o.oid = d.refobjid
                                     AND o.oprnamespace = schema
             WHERE w.ev_class = 'pg_temp.idgen_probe'::regclass
               AND (p.oid IS NOT NULL OR o.oid IS NOT NULL)) t;
    DROP VIEW pg_temp.idgen_probe;
    RETURN target;
EXCEPTION WHEN OTHERS THEN
    RETURN 'refused ' || SQLSTATE;
END $$;

WITH funcs AS (
    SELECT p.proname, p.pronargs::int AS pronargs, p.pronargdefaults::int AS pronargdefaults,
           p.proargtypes::oid[] AS types  -- from 0, as oidvector
      FROM pg_proc p
     WHERE p.pronamespace = :schema_oid AND p.prokind = 'f' AND p.provariadic = 0
       AND p.prorettype <> 'trigger'::regtype
       -- whose name is a call someone writes: the types' support functions
       -- are reached by operators and casts
       AND p.proname !~ '_(in|out|recv|send|typmod_in|typmod_out)$'),
calls AS (
    SELECT format('%I.%I(%s)', :'schema', f.proname,
                  (SELECT coalesce(string_agg(CASE WHEN mask & (1 << (i - 1)) <> 0 THEN 'NULL'
                                                   ELSE 'NULL::' || format_type(f.types[i - 1], NULL) END,
                                              ', ' ORDER BY i), '')
                     FROM generate_series(1, n) AS i)) AS call
      FROM funcs f,
           generate_series(f.pronargs - f.pronargdefaults, f.pronargs) AS n,
           generate_series(0, (1 << n) - 1) AS mask),
ops AS (
    SELECT o.oprname, o.oprleft, o.oprright FROM pg_operator o
     WHERE o.oprnamespace = :schema_oid AND o.oprleft <> 0),
opcalls AS (
    SELECT format('NULL::%s OPERATOR(%I.%s) NULL', format_type(oprleft, NULL), :'schema', oprname) AS call
      FROM ops
    UNION
    SELECT format('NULL OPERATOR(%I.%s) NULL::%s', :'schema', oprname, format_type(oprright, NULL))
      FROM ops)
SELECT DISTINCT call || E'\t' || pg_temp.resolves(call, :schema_oid)
  FROM (SELECT call FROM calls UNION SELECT call FROM opcalls) c
 ORDER BY 1;
