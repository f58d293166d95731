-- Every function of this file says what it is in its comment, for whoever
-- lists the schema (\df+); sql-edition/uninstall.sql finds them by their
-- pinned search_path, which a user's own COMMENT does not change.
DO $mark$
DECLARE
    f regprocedure;
BEGIN
    FOR f IN SELECT p.oid FROM pg_catalog.pg_proc p
              WHERE p.pronamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
                AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
                AND pg_catalog.obj_description(p.oid, 'pg_proc') IS NULL LOOP
        EXECUTE pg_catalog.format('COMMENT ON FUNCTION %s IS %L', f, 'idgen SQL edition');
    END LOOP;
END
$mark$;

-- The install's last word: a notice with the version, the schema, the
-- number of functions, and what a second run added and changed; its hint
-- is the next step (the node id, while none is set). The notice shows at
-- the caller's own client_min_messages (this file set it to warning).
DO $notice$
DECLARE
    version constant text := '0.7.0';  -- idgen.control's default_version (test/integration/sql_edition.sh checks)
    before jsonb := pg_catalog.current_setting('idgen_sql_install.functions_before')::pg_catalog.jsonb;
    after jsonb := _idgen_function_hashes(pg_catalog.current_schema());
    schema text := pg_catalog.quote_ident(pg_catalog.current_schema());
    total int;
    helpers int;
    added text[];
    changed text[];
    node int;
    what text;
    detail text;
    next text;
BEGIN
    SELECT pg_catalog.count(*)::pg_catalog.int4 + 1,
           (pg_catalog.count(*) FILTER (WHERE a.key LIKE '\_idgen\_%'))::pg_catalog.int4 + 1,  -- and _idgen_function_hashes
           COALESCE(pg_catalog.array_agg(a.key ORDER BY a.key) FILTER (WHERE b.key IS NULL), '{}'),
           COALESCE(pg_catalog.array_agg(a.key ORDER BY a.key) FILTER (WHERE b.value <> a.value), '{}')
      INTO total, helpers, added, changed
      FROM pg_catalog.jsonb_each_text(after) a LEFT JOIN pg_catalog.jsonb_each_text(before) b ON b.key = a.key;
    SELECT n.node_id INTO node FROM _idgen_node n;
    IF before = '{}' THEN
        what := 'installed';
    ELSIF pg_catalog.cardinality(added) + pg_catalog.cardinality(changed) = 0 THEN
        what := 'run again, nothing changed';
    ELSE
        what := pg_catalog.format('updated, %s new and %s changed', pg_catalog.cardinality(added), pg_catalog.cardinality(changed));
        detail := pg_catalog.concat_ws(E'\n', 'new: ' || NULLIF(pg_catalog.array_to_string(added, ', '), ''),
                                       'changed: ' || NULLIF(pg_catalog.array_to_string(changed, ', '), ''));
    END IF;
    what := pg_catalog.format('idgen SQL edition %s %s in schema %s: %s functions (%s to call, %s helpers named _idgen_*)',
                              version, what, schema, total, total - helpers, helpers);
    -- on Citus a node's id is its group (41-citus.sql): the step after is the sync
    next := CASE WHEN node IS NULL AND (_idgen_cluster_group()).groupid IS NOT NULL
                 THEN pg_catalog.format('On Citus each node takes its group id: no node id to set. Next, on the coordinator, '
                                        'after adding the nodes: SELECT * FROM %s.idgen_cluster_sync(); (docs/citus.md).', schema)
                 WHEN node IS NULL
                 THEN pg_catalog.format('Next, as its owner: SELECT %s.idgen_set_node_id(1); with a node id, 0 to 1023, '
                                        'that no other server or database uses (snowflake_id() refuses until then).', schema)
                 ELSE pg_catalog.format('Node id %s is set. Try: SELECT %s.snowflake_id();', node, schema) END;
    PERFORM pg_catalog.set_config('client_min_messages',
        (SELECT s.reset_val FROM pg_catalog.pg_settings s WHERE s.name = 'client_min_messages'), true);
    IF detail IS NULL THEN
        RAISE NOTICE '%', what USING HINT = next;
    ELSE
        RAISE NOTICE '%', what USING DETAIL = detail, HINT = next;
    END IF;
END
$notice$;

COMMIT;
\set ON_ERROR_STOP :idgen_sql_saved_on_error_stop
\set QUIET :idgen_sql_saved_quiet
\unset idgen_sql_saved_on_error_stop
\unset idgen_sql_saved_quiet
\unset idgen_sql_schema
