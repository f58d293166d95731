-- Removes the idgen SQL edition from the current schema:
--
--     psql -c 'SET search_path = idgen_sql' -f sql-edition/uninstall.sql
--
-- All or nothing: while a column default, a view or an index uses one of
-- its functions, PostgreSQL refuses the DROP (SQLSTATE 2BP01) and names
-- that object. Move those columns to the C extension (or to other
-- defaults) first: docs/managed-services.md.
-- Its functions are the schema's functions pinned to it
-- (search_path = pg_catalog, <schema>, pg_temp), as sql-edition/idgen.sql
-- makes them and refuses to make any other function.
\set ON_ERROR_STOP 1
DO $uninstall$
DECLARE
    f regprocedure;
    s regclass;
BEGIN
    -- first, and by pg_catalog's functions named: the rest runs under the
    -- schema's path only, never matching an operator of another schema of
    -- the caller's path (as the caller)
    IF pg_catalog.current_schema() IS NOT NULL THEN
        PERFORM pg_catalog.set_config('search_path', pg_catalog.format('%I, pg_temp', pg_catalog.current_schema()), true);
    END IF;
    -- A forgotten SET search_path must not look like a removal that worked.
    IF pg_catalog.to_regclass(pg_catalog.quote_ident(pg_catalog.current_schema()) || '._idgen_snowflake_state') IS NULL THEN
        RAISE EXCEPTION 'the idgen SQL edition is not installed in schema %', pg_catalog.current_schema()
            USING ERRCODE = 'undefined_object',
                  HINT = 'Run this file with the search_path set to the schema it was installed into (SET search_path = idgen_sql).';
    END IF;
    -- the views of the layouts and of the keys read functions dropped below
    EXECUTE pg_catalog.format('DROP VIEW IF EXISTS %I.idgen_layouts', pg_catalog.current_schema());
    EXECUTE pg_catalog.format('DROP VIEW IF EXISTS %I.idgen_keys', pg_catalog.current_schema());
    FOR f IN SELECT p.oid FROM pg_catalog.pg_proc p
              WHERE p.pronamespace = pg_catalog.current_schema()::pg_catalog.regnamespace
                AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
              -- the newest first: a function whose DEFAULT calls another
              -- (sqids_encode's sqids_default_blocklist()) goes before it
              ORDER BY p.oid DESC LOOP
        EXECUTE pg_catalog.format('DROP FUNCTION %s', f);
    END LOOP;
    -- the generators' state: one sequence each, 256 lanes for next_shard_id(shard) (0.4.0: one)
    FOR s IN SELECT c.oid FROM pg_catalog.pg_class c
              WHERE c.relnamespace = pg_catalog.current_schema()::pg_catalog.regnamespace AND c.relkind = 'S'
                AND c.relname ~ '^_idgen_(snowflake_state|ulid_state|shard_state|shard_lane_[0-9]+|tsid_state|sonyflake_state|layout_state_[0-9]+|layout_state_ids)$' LOOP
        EXECUTE pg_catalog.format('DROP SEQUENCE %s', s);
    END LOOP;
    -- the named keys too: copy idgen_key_store to the C extension's first (docs/public-ids.md)
    EXECUTE pg_catalog.format('DROP TABLE IF EXISTS %1$I._idgen_key, %1$I._idgen_node, %1$I._idgen_layout_state, '
                              '%1$I.idgen_declared_layouts, %1$I.idgen_key_store', pg_catalog.current_schema());
END
$uninstall$;
