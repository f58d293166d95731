-- Citus (0.7.0, docs/citus.md): installed once on the coordinator, the
-- edition's functions reach every node (Citus propagates them), its state
-- does not: idgen_cluster_sync() makes each worker's own (sequences, tables,
-- views; a node's row and ULID key of its own) and copies the declared
-- layouts and keys to it. Without idgen_set_node_id(), a node generates
-- with its Citus group id, as the C extension does.

-- The Citus group of this node and whether the cluster has it; NULLs
-- without Citus. Read through EXECUTE: the catalogs exist only with it.
CREATE OR REPLACE FUNCTION _idgen_cluster_group(OUT groupid int, OUT in_cluster boolean)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF pg_catalog.to_regclass('pg_catalog.pg_dist_local_group') IS NOT NULL
       AND pg_catalog.to_regclass('pg_catalog.pg_dist_node') IS NOT NULL THEN
        EXECUTE 'SELECT l.groupid, EXISTS (SELECT FROM pg_catalog.pg_dist_node n WHERE n.groupid = l.groupid '
                'AND n.noderole = ''primary'') FROM pg_catalog.pg_dist_local_group l' INTO groupid, in_cluster;
    END IF;
END $$;

-- The group as a node id for fn, refused where it is none; NULL without Citus.
CREATE OR REPLACE FUNCTION _idgen_cluster_node(fn text) RETURNS int
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    g record := _idgen_cluster_group();
    max_node int := (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1;
BEGIN
    IF g.groupid IS NULL THEN
        RETURN NULL;
    ELSIF NOT g.in_cluster THEN
        RAISE EXCEPTION '%(): this server is not a node of its Citus cluster yet', fn
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = pg_catalog.format('No node id is set, so the node id is the Citus group id, and group %s has no '
                                             'primary in pg_dist_node: a node not added yet reads the coordinator''s group 0.',
                                             g.groupid),
                  HINT = 'Add the node with citus_add_node() on the coordinator (or citus_set_coordinator_host() on '
                         'the coordinator itself); on a worker added without its metadata, start_metadata_sync_to_node(); '
                         'or set its node id with idgen_set_node_id().';
    ELSIF g.groupid > max_node THEN
        RAISE EXCEPTION '%(): Citus group id % is not a node id', fn, g.groupid
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('No node id is set, so the node id is the Citus group id, and node ids run '
                                             'from 0 to %s.', max_node),
                  HINT = pg_catalog.format('Set one on this node with idgen_set_node_id(), from 0 to %s, that no other '
                                           'node uses.', max_node);
    END IF;
    RETURN g.groupid;
END $$;

-- The node id this node's IDs carry and where it comes from, or NULL and why.
CREATE OR REPLACE FUNCTION idgen_node_id(OUT node_id int, OUT source text)
    LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    g record := _idgen_cluster_group();
BEGIN
    node_id := (SELECT n.node_id FROM _idgen_node AS n);
    IF node_id IS NOT NULL THEN
        source := 'idgen_set_node_id';
    ELSIF g.groupid IS NULL THEN
        source := 'unset';
    ELSIF NOT g.in_cluster THEN
        source := pg_catalog.format('citus group %s, not in the cluster yet', g.groupid);
    ELSIF g.groupid > (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1 THEN
        source := pg_catalog.format('citus group %s, above %s', g.groupid,
                                    (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1);
    ELSE
        node_id := g.groupid;
        source := 'citus group';
    END IF;
END $$;

-- On the coordinator: every node's node id, from idgen_node_id() there, and
-- the nodes that share one.
CREATE OR REPLACE FUNCTION idgen_cluster_node_ids(
    OUT nodeid int, OUT groupid int, OUT nodename text, OUT nodeport int,
    OUT node_id int, OUT source text, OUT duplicate boolean)
RETURNS SETOF record
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_need_citus('idgen_cluster_node_ids');
    RETURN QUERY
    WITH answers AS (
        SELECT r.nodeid, r.success, CASE WHEN r.success THEN r.result::pg_catalog.jsonb END AS answer, r.result
          FROM pg_catalog.run_command_on_all_nodes(pg_catalog.format(
                   'SELECT pg_catalog.json_build_object(''node_id'', node_id, ''source'', source) FROM %s.idgen_node_id()',
                   _idgen_schema())) AS r),
    nodes AS (
        SELECT d.nodeid, d.groupid, d.nodename::text AS nodename, d.nodeport,
               (a.answer ->> 'node_id')::pg_catalog.int4 AS node_id,
               CASE WHEN a.success THEN a.answer ->> 'source' ELSE a.result END AS source
          FROM pg_catalog.pg_dist_node AS d JOIN answers AS a ON a.nodeid = d.nodeid)
    SELECT n.nodeid, n.groupid, n.nodename, n.nodeport, n.node_id, n.source,
           n.node_id IS NOT NULL AND pg_catalog.count(*) OVER (PARTITION BY n.node_id) > 1
      FROM nodes AS n
     ORDER BY n.groupid, n.nodeid;
END $$;

CREATE OR REPLACE FUNCTION _idgen_need_citus(fn text) RETURNS void
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF pg_catalog.to_regprocedure('pg_catalog.run_command_on_all_nodes(text,boolean,boolean)') IS NULL THEN
        RAISE EXCEPTION '%() needs Citus', fn
            USING ERRCODE = 'feature_not_supported',
                  HINT = 'Run it on the coordinator of a Citus cluster.';
    END IF;
END $$;

-- The statements that make on a worker what this schema holds and it
-- lacks: sequences, tables (Citus's own DDL of each, grants and owner
-- included), views; then each node's own row and ULID key.
CREATE OR REPLACE FUNCTION _idgen_cluster_schema_ddl() RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    r record;
    ddl text := '';
BEGIN
    -- names qualified: the workers' path starts with pg_catalog
    FOR r IN SELECT pg_catalog.format('%I.%I', n.nspname, c.relname) AS rel, c.relkind, c.relacl,
                    c.relowner::pg_catalog.regrole AS owner
               FROM pg_catalog.pg_class AS c JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace
              WHERE c.relnamespace OPERATOR(pg_catalog.=) _idgen_schema()::pg_catalog.regnamespace::pg_catalog.oid AND c.relkind IN ('S', 'r', 'v')
              ORDER BY c.relkind = 'v', c.relname LOOP
        -- the owner here, whoever runs it: a superuser's sync to a new worker
        -- would otherwise leave the owner unable to run the next one
        IF r.relkind = 'S' THEN
            ddl := ddl || pg_catalog.format('CREATE SEQUENCE IF NOT EXISTS %s AS bigint; ALTER SEQUENCE %s OWNER TO %s; ',
                                            r.rel, r.rel, r.owner);
        ELSIF r.relkind = 'r' THEN
            ddl := ddl || pg_catalog.format('IF pg_catalog.to_regclass(%L) IS NULL THEN %s END IF; ', r.rel,
                       (SELECT pg_catalog.string_agg(e || ';', ' ') FROM pg_catalog.master_get_table_ddl_events(r.rel) AS e));
            CONTINUE;  -- Citus's DDL carries the table's grants
        ELSE
            ddl := ddl || pg_catalog.format('CREATE OR REPLACE VIEW %s AS %s ALTER VIEW %s OWNER TO %s; ', r.rel,
                                            pg_catalog.pg_get_viewdef(r.rel::pg_catalog.regclass), r.rel, r.owner);
        END IF;
        ddl := ddl || pg_catalog.format('REVOKE ALL ON %s FROM PUBLIC; ', r.rel)
               || COALESCE((SELECT pg_catalog.string_agg(pg_catalog.format('GRANT %s ON %s TO %s; ', a.privilege_type, r.rel,
                                                                           CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0::pg_catalog.oid THEN 'PUBLIC'
                                                                                ELSE pg_catalog.quote_ident(a.grantee::pg_catalog.regrole::text) END), '')
                              FROM pg_catalog.aclexplode(r.relacl) AS a), '');
    END LOOP;
    RETURN ddl || 'PERFORM _idgen_node_init(); PERFORM _idgen_key_init(); ';
END $$;

-- Statements for a worker: each declared layout there that the rows (the
-- coordinator's) would drop or change is dropped in a subtransaction rolled
-- back, so that idgen_layout_drop() refuses one that layout_id() ran there
-- (a new state, or another epoch or widths, would repeat its IDs).
CREATE OR REPLACE FUNCTION _idgen_cluster_layout_check(layout_rows jsonb) RETURNS text
    LANGUAGE sql STABLE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.format(
        'DECLARE l record; m text; refused text; BEGIN '
        'FOR l IN SELECT w.name FROM idgen_declared_layouts AS w WHERE NOT EXISTS (SELECT '
        'FROM pg_catalog.jsonb_populate_recordset(NULL::idgen_declared_layouts, %1$L) AS c WHERE c.name = w.name '
        'AND c.epoch = w.epoch AND c.time_unit = w.time_unit AND c.node_bits = w.node_bits '
        'AND c.sequence_bits = w.sequence_bits AND c.sequence_above_node = w.sequence_above_node) '
        'ORDER BY w.name LOOP '
        'BEGIN PERFORM idgen_layout_drop(l.name); RAISE SQLSTATE %2$L; '
        'EXCEPTION WHEN SQLSTATE %2$L THEN NULL; '
        'WHEN OTHERS THEN GET STACKED DIAGNOSTICS m = MESSAGE_TEXT; '
        'refused := pg_catalog.concat_ws(%3$L, refused, m); END; END LOOP; '
        'IF refused IS NOT NULL THEN RAISE EXCEPTION %4$L, refused USING ERRCODE = %5$L; END IF; END; ',
        COALESCE(layout_rows, '[]'), 'IDG01', '; ', '%', 'object_not_in_prerequisite_state')
$$;

-- A key masked for one worker, as the C extension's idgen_cluster_sync_mask:
-- XORed with the first 16 bytes of SHA-256 of that worker's seed and the
-- key's name; the same call unmasks it.
CREATE OR REPLACE FUNCTION _idgen_cluster_mask(key bytea, seed bytea, name text) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.decode(pg_catalog.string_agg(pg_catalog.lpad(pg_catalog.to_hex(
               pg_catalog.get_byte(key, i) # pg_catalog.get_byte(p.pad, i)), 2, '0'), '' ORDER BY i), 'hex')
      FROM (SELECT pg_catalog.sha256(seed || pg_catalog.convert_to(name, 'UTF8')) AS pad) AS p,
           pg_catalog.generate_series(0, pg_catalog.length(key) - 1) AS i
$$;

-- statements as one statement for a worker, on this schema's path, made
-- there only (a worker refuses a view it would propagate):
-- run_command_on_workers reports the first result of several, even when a
-- later one fails
CREATE OR REPLACE FUNCTION _idgen_cluster_statement(statements text) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    RETURN pg_catalog.format('DO %L', pg_catalog.format(
        'BEGIN PERFORM pg_catalog.set_config(%L, %L, true); PERFORM pg_catalog.set_config(%L, %L, true); %s END',
        'search_path', pg_catalog.format('pg_catalog, %s, pg_temp', _idgen_schema()),
        'citus.enable_ddl_propagation', 'off', statements));
END $$;

-- On the coordinator: every worker gets what _idgen_cluster_schema_ddl()
-- makes, then the coordinator's declared layouts, layout states' names and
-- keys. It runs as its caller, who must be able to read them: the keys reach
-- the workers only as the edition's owner allows. Run it after installing
-- or updating the edition, declaring a layout, making or dropping a key,
-- and adding a node. The keys travel in the text of the second command;
-- the first, without them, must succeed on every worker first (a worker
-- logs the text of a command that fails there).
-- Generic plans (plan_cache_mode): a variable (a worker's seed, the masked
-- keys) stays a parameter of a plan, never a constant that a plan dump or
-- auto_explain prints; the keys' bytes are never a variable's value, only
-- read inside the statement that masks them
CREATE OR REPLACE FUNCTION idgen_cluster_sync(OUT nodename text, OUT nodeport int, OUT success boolean, OUT result text)
RETURNS SETOF record
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    data text := '';
    config pg_catalog.regclass;
    rows pg_catalog.jsonb;
    layout_rows pg_catalog.jsonb;
    masked pg_catalog.jsonb;
    seeds record;
    names text[] := '{}';
    ports int[] := '{}';
    commands text[] := '{}';
    refusing text;
BEGIN
    PERFORM _idgen_need_citus('idgen_cluster_sync');
    FOREACH config IN ARRAY ARRAY['idgen_declared_layouts', '_idgen_layout_state', 'idgen_key_store']::pg_catalog.regclass[] LOOP
        -- a caller who may not read a table (the keys: the owner only) is
        -- refused here; the keys' bytes are left out of the variable
        EXECUTE pg_catalog.format('SELECT COALESCE(pg_catalog.jsonb_agg(%s), ''[]'') FROM %s AS t',
                                  CASE WHEN config OPERATOR(pg_catalog.=) 'idgen_key_store'::pg_catalog.regclass::pg_catalog.oid
                                       THEN 'pg_catalog.to_jsonb(t) OPERATOR(pg_catalog.-) ''key''::text' ELSE 't' END, config)
            INTO rows;
        IF config OPERATOR(pg_catalog.=) 'idgen_declared_layouts'::pg_catalog.regclass::pg_catalog.oid THEN
            layout_rows := rows;
        ELSIF config OPERATOR(pg_catalog.=) 'idgen_key_store'::pg_catalog.regclass::pg_catalog.oid THEN
            CONTINUE;
        END IF;
        data := data || pg_catalog.format(
            'DELETE FROM %1$s; INSERT INTO %1$s SELECT * FROM pg_catalog.jsonb_populate_recordset(NULL::%1$s, %2$L); ',
            config, rows);
    END LOOP;
    SELECT pg_catalog.string_agg(pg_catalog.format('%s:%s: %s', w.nodename, w.nodeport, w.result), '; ') INTO refusing
      FROM pg_catalog.run_command_on_workers(_idgen_cluster_statement(
               _idgen_cluster_schema_ddl() || _idgen_cluster_layout_check(layout_rows))) AS w
     WHERE NOT w.success;
    IF refusing IS NOT NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync: a worker could not be given the SQL edition''s state: %', refusing
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Run it as the SQL edition''s owner or a superuser and give that role what it lacks there, or keep '
                         'a layout that a worker may have used, then run it again.';
    END IF;
    -- the keys travel masked (the C extension's way): each worker makes a
    -- seed, kept in its key store and told to this one only as a result
    FOR seeds IN
        SELECT w.nodename::text AS nodename, w.nodeport, w.success, w.result
          FROM pg_catalog.run_command_on_workers(pg_catalog.format(
                   'WITH s AS (INSERT INTO %1$s.idgen_key_store (name, key) SELECT %2$L || pg_catalog.gen_random_uuid(), '
                   'pg_catalog.substr(pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.gen_random_uuid()::text '
                   '|| pg_catalog.gen_random_uuid()::text, %3$L)), 1, 16) RETURNING name, key) '
                   'SELECT pg_catalog.json_build_object(%4$L, s.name, %5$L, s.key) FROM s',
                   _idgen_schema(), 'idgen_cluster_sync seed ', 'UTF8', 'name', 'seed')) AS w
         ORDER BY 1, 2
    LOOP
        IF NOT seeds.success THEN
            refusing := COALESCE(refusing || '; ', '') || pg_catalog.format('%s:%s: %s', seeds.nodename, seeds.nodeport, seeds.result);
            CONTINUE;
        END IF;
        SELECT COALESCE(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(k) || pg_catalog.jsonb_build_object('key', _idgen_cluster_mask(
                   k.key, (seeds.result::pg_catalog.json ->> 'seed')::bytea, k.name)) ORDER BY k.name), '[]')
          INTO masked
          FROM idgen_key_store AS k;
        names := names || seeds.nodename;
        ports := ports || seeds.nodeport;
        -- the worker reads its seed inside the INSERT that unmasks (a
        -- subquery, not a variable: its plan holds no constant of it)
        commands := commands || _idgen_cluster_statement(data || pg_catalog.format(
            'BEGIN IF NOT EXISTS (SELECT FROM idgen_key_store AS k WHERE k.name = %1$L) THEN RAISE EXCEPTION %2$L; END IF; '
            'DELETE FROM idgen_key_store AS k WHERE k.name <> %1$L; '
            'INSERT INTO idgen_key_store SELECT * FROM pg_catalog.jsonb_populate_recordset(NULL::idgen_key_store, '
            '(SELECT pg_catalog.jsonb_agg(x || pg_catalog.jsonb_build_object(%3$L, _idgen_cluster_mask('
            '(x ->> %3$L)::bytea, (SELECT k.key FROM idgen_key_store AS k WHERE k.name = %1$L), x ->> %4$L))) '
            'FROM pg_catalog.jsonb_array_elements(%5$L::jsonb) AS x)); '
            'DELETE FROM idgen_key_store AS k WHERE k.name = %1$L; END; ',
            seeds.result::pg_catalog.json ->> 'name', 'idgen_cluster_sync: this worker''s seed is gone: run it again',
            'key', 'name', masked));
    END LOOP;
    IF refusing IS NOT NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync: a worker could not be given the SQL edition''s state: %', refusing
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Run it as the SQL edition''s owner or a superuser, then run it again.';
    END IF;
    -- a worker that fails the rows all the same raises, not a row a caller may overlook
    FOR nodename, nodeport, success, result IN
        SELECT w.node_name, w.node_port, w.success, w.result
          FROM pg_catalog.master_run_on_worker(names, ports, commands, true) AS w
         ORDER BY 1, 2
    LOOP
        IF NOT success THEN
            refusing := COALESCE(refusing || '; ', '') || pg_catalog.format('%s:%s: %s', nodename, nodeport, result);
        END IF;
        RETURN NEXT;
    END LOOP;
    IF refusing IS NOT NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync: a worker did not take the rows: %', refusing
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Each worker takes the rows in a transaction of its own: the others have them.',
                  HINT = 'See the failing worker''s log.';
    END IF;
END $$;
