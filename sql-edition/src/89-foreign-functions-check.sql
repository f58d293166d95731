------------------------------------------------------------------------------
DO $foreign$
DECLARE
    f regprocedure;
BEGIN
    SELECT p.oid INTO f FROM pg_catalog.pg_proc p
     WHERE p.oid = ANY (pg_catalog.string_to_array(
                          pg_catalog.current_setting('idgen_sql_install.foreign_functions'), ',')::pg_catalog.oid[])
       AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
     LIMIT 1;
    IF f IS NOT NULL THEN
        RAISE EXCEPTION 'function %.% is not the idgen SQL edition''s', pg_catalog.quote_ident(pg_catalog.current_schema()), f
            USING ERRCODE = 'duplicate_function',
                  DETAIL = 'The install would replace it with its own function of that name and arguments.',
                  HINT = 'Install the SQL edition into a schema of its own, or rename or drop that function first.';
    END IF;
END
$foreign$;

