------------------------------------------------------------------------------
-- What this run made takes no grant of the owner's default privileges
-- (ALTER DEFAULT PRIVILEGES ... TO a role): the owner-only functions
-- (idgen_key_*, uuid_v47_faces, the helpers) and the table of keys would
-- be another role's too. What was there before the run keeps its grants.
DO $defaults$
DECLARE
    before oid[] := pg_catalog.string_to_array(
                        NULLIF(pg_catalog.current_setting('idgen_sql_install.objects_before'), ''), ',')::pg_catalog.oid[];
BEGIN
    PERFORM _idgen_revoke_from_roles('FUNCTION ' OPERATOR(pg_catalog.||) p.oid::pg_catalog.regprocedure::pg_catalog.text, p.proacl, p.proowner)
       FROM pg_catalog.pg_proc p
      WHERE p.pronamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
        AND p.oid OPERATOR(pg_catalog.<>) ALL (COALESCE(before, '{}'));
    PERFORM _idgen_revoke_from_roles('TABLE ' OPERATOR(pg_catalog.||) c.oid::pg_catalog.regclass::pg_catalog.text, c.relacl, c.relowner)
       FROM pg_catalog.pg_class c
      WHERE c.relnamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
        AND c.relkind OPERATOR(pg_catalog.=) ANY ('{r,p,v,m,S,f}'::pg_catalog."char"[])
        AND c.oid OPERATOR(pg_catalog.<>) ALL (COALESCE(before, '{}'));
END
$defaults$;
