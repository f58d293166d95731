-- Every call of an idgen function or operator written with untyped literals
-- (NULL, which PostgreSQL resolves as it does '...') at any set of its
-- argument positions, the others typed exactly, with and without its
-- defaulted arguments: one line per call, what it resolves to (the idgen
-- functions and operators the call's view depends on) or the SQLSTATE of its refusal.
-- Run in a database whose idgen is at one version; the caller compares.
SET client_min_messages = warning;
CREATE FUNCTION pg_temp.resolves(call text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    target text;
BEGIN
    EXECUTE 'CREATE TEMP VIEW idgen_probe AS SELECT ' || call || ' AS r';
    SELECT coalesce(string_agg(t.member, ' + ' ORDER BY t.member), '(no function or operator)')
      INTO target
      FROM (SELECT CASE d.refclassid WHEN 'pg_proc'::regclass THEN d.refobjid::regprocedure::text
                                     ELSE d.refobjid::regoperator::text END AS member
              FROM pg_depend d JOIN pg_rewrite w ON d.classid = 'pg_rewrite'::regclass AND d.objid = w.oid
              JOIN pg_depend x ON x.classid = d.refclassid AND x.objid = d.refobjid
                              AND x.refclassid = 'pg_extension'::regclass AND x.deptype = 'e'
             WHERE w.ev_class = 'pg_temp.idgen_probe'::regclass
               AND d.refclassid IN ('pg_proc'::regclass, 'pg_operator'::regclass)) t;
    DROP VIEW pg_temp.idgen_probe;
    RETURN target;
EXCEPTION WHEN OTHERS THEN
    RETURN 'refused ' || SQLSTATE;
END $$;

WITH ext AS (SELECT e.oid, e.extnamespace FROM pg_extension e WHERE e.extname = 'idgen'),
funcs AS (
    SELECT p.oid, p.proname, p.pronargs::int AS pronargs, p.pronargdefaults::int AS pronargdefaults, p.proargtypes::oid[] AS types  -- from 0, as oidvector
      FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
      JOIN ext ON d.refobjid = ext.oid AND d.deptype = 'e'
     WHERE p.prokind = 'f' AND p.provariadic = 0 AND p.prorettype <> 'trigger'::regtype
       -- whose name is a call someone writes: the types' support functions
       -- are reached by operators and casts
       AND p.proname !~ '_(in|out|recv|send|typmod_in|typmod_out)$'),
calls AS (
    SELECT f.proname, n AS nargs, mask,
           format('%I.%I(%s)', (SELECT extnamespace::regnamespace FROM ext), f.proname,
                  (SELECT coalesce(string_agg(CASE WHEN mask & (1 << (i - 1)) <> 0 THEN 'NULL'
                                                   ELSE 'NULL::' || format_type(f.types[i - 1], NULL) END,
                                              ', ' ORDER BY i), '')
                     FROM generate_series(1, n) AS i)) AS call
      FROM funcs f,
           generate_series(f.pronargs - f.pronargdefaults, f.pronargs) AS n,
           generate_series(0, (1 << n) - 1) AS mask),
ops AS (
    SELECT o.oprname, o.oprleft, o.oprright
      FROM pg_operator o JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = o.oid
      JOIN ext ON d.refobjid = ext.oid AND d.deptype = 'e'
     WHERE o.oprleft <> 0),
opcalls AS (
    SELECT format('NULL::%s OPERATOR(%s.%s) NULL', format_type(oprleft, NULL),
                  (SELECT extnamespace::regnamespace FROM ext), oprname) AS call FROM ops
    UNION
    SELECT format('NULL OPERATOR(%s.%s) NULL::%s', (SELECT extnamespace::regnamespace FROM ext),
                  oprname, format_type(oprright, NULL)) FROM ops)
SELECT DISTINCT call || E'\t' || pg_temp.resolves(call)
  FROM (SELECT call FROM calls UNION SELECT call FROM opcalls) c
 ORDER BY 1;
