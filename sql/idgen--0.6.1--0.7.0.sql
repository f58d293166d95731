-- idgen 0.6.1 -> 0.7.0: Citus (node ids from the group id, layouts and
-- keys on every node) and a family's SQL made from its row.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.7.0'" to load this file. \quit

------------------------------------------------------------------------------
-- Citus (0.7.0): with idgen.node_id unset, a node of a Citus cluster
-- generates with its Citus group id (docs/citus.md). idgen_node_id() says
-- what this server uses; idgen_cluster_node_ids(), run on the coordinator,
-- asks every node and flags two that share one.

CREATE OR REPLACE FUNCTION idgen_node_id(
    OUT node_id int,   -- the node id in this server's IDs; NULL: none, and generation refuses
    OUT source text)   -- idgen.node_id, citus group, unset, or why the group is none
    AS 'MODULE_PATHNAME', 'sql_idgen_node_id'
    LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_node_id() IS
    'the node id this server''s IDs carry: idgen.node_id, else its Citus group id';

CREATE OR REPLACE FUNCTION idgen_cluster_node_ids(
    OUT nodeid int,        -- pg_dist_node's
    OUT groupid int,
    OUT nodename text,
    OUT nodeport int,
    OUT node_id int,       -- idgen_node_id() on that node
    OUT source text,       -- or the error that node gave
    OUT duplicate boolean) -- another node has the same node_id
RETURNS SETOF record
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    schema_name name := (SELECT n.nspname FROM pg_catalog.pg_extension AS e
                         JOIN pg_catalog.pg_namespace AS n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
                         WHERE e.extname OPERATOR(pg_catalog.=) 'idgen');
BEGIN
    IF pg_catalog.to_regprocedure('pg_catalog.run_command_on_all_nodes(text,boolean,boolean)') IS NULL THEN
        RAISE EXCEPTION 'idgen_cluster_node_ids() needs Citus'
            USING ERRCODE = 'feature_not_supported',
                  HINT = 'Run it on the coordinator of a Citus cluster; a single server''s node id is idgen_node_id().';
    END IF;
    RETURN QUERY
    WITH answers AS (
        SELECT r.nodeid, r.success,
               CASE WHEN r.success THEN r.result::pg_catalog.jsonb END AS answer,
               r.result
        FROM pg_catalog.run_command_on_all_nodes(pg_catalog.format(
                 'SELECT pg_catalog.json_build_object(''node_id'', node_id, ''source'', source) FROM %I.idgen_node_id()',
                 schema_name)) AS r),
    nodes AS (
        SELECT d.nodeid, d.groupid, d.nodename::pg_catalog.text AS nodename, d.nodeport,
               (a.answer OPERATOR(pg_catalog.->>) 'node_id')::pg_catalog.int4 AS node_id,
               CASE WHEN a.success THEN a.answer OPERATOR(pg_catalog.->>) 'source' ELSE a.result END AS source
        FROM pg_catalog.pg_dist_node AS d
        JOIN answers AS a ON a.nodeid OPERATOR(pg_catalog.=) d.nodeid)
    SELECT n.nodeid, n.groupid, n.nodename, n.nodeport, n.node_id, n.source,
           n.node_id IS NOT NULL AND
           pg_catalog.count(*) OVER (PARTITION BY n.node_id) OPERATOR(pg_catalog.>) 1
    FROM nodes AS n
    ORDER BY n.groupid, n.nodeid;
END $$;
COMMENT ON FUNCTION idgen_cluster_node_ids() IS
    'on a Citus coordinator: every node''s idgen node id, duplicates flagged';

-- A key masked for one worker (idgen_cluster_sync): XORed with the first
-- 16 bytes of SHA-256 of a seed that worker made and keeps in its key store,
-- and of the key's name; the same call unmasks it. The command that carries
-- the keys then holds none that its text, kept by pg_stat_statements or
-- logged, gives away.
CREATE OR REPLACE FUNCTION idgen_cluster_sync_mask(key bytea, seed bytea, name text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT pg_catalog.decode(pg_catalog.string_agg(pg_catalog.lpad(pg_catalog.to_hex(
               pg_catalog.get_byte(key, i) OPERATOR(pg_catalog.#) pg_catalog.get_byte(p.pad, i)), 2, '0'), '' ORDER BY i), 'hex')
      FROM (SELECT pg_catalog.sha256(seed OPERATOR(pg_catalog.||) pg_catalog.convert_to(name, 'UTF8')) AS pad) AS p,
           pg_catalog.generate_series(0, pg_catalog.length(key) OPERATOR(pg_catalog.-) 1) AS i
$$;
COMMENT ON FUNCTION idgen_cluster_sync_mask(bytea, bytea, text) IS
    'idgen_cluster_sync''s mask of a key for one worker: its own inverse';

-- Declared layouts and keys live in idgen's tables, which Citus does not
-- copy: idgen_cluster_sync(), run on the coordinator, makes every worker's
-- copy of each of idgen's configuration tables (pg_extension_config_dump:
-- idgen_declared_layouts, idgen_key_store and any later one) the
-- coordinator's. It runs as its caller, who must be able to read them: the
-- keys reach the workers only as their owner allows. Run it after declaring
-- a layout, making or dropping a key, and adding a node.
-- The rows travel in the text of a command, the keys masked with a seed
-- each worker makes and keeps in its key store first (its command is its
-- own): a first command checks that every worker will take them, since a
-- worker logs the text of a command that fails there: the
-- same idgen, DELETE and INSERT on each table, and every role a key is
-- granted to (granted_to is read back there by name). A declared layout
-- that the rows would drop or change on a worker is dropped there first in
-- a subtransaction rolled back, so that idgen_layout_drop() refuses one
-- that layout_id() may have run there (a worker's IDs would repeat). A
-- worker that fails the rows all the same makes it raise: its rows are not
-- there.
CREATE OR REPLACE FUNCTION idgen_cluster_sync(
    OUT nodename text,
    OUT nodeport int,
    OUT success boolean,
    OUT result text)
RETURNS SETOF record
LANGUAGE plpgsql VOLATILE
-- generic plans: a variable (the commands, which carry masked keys) stays a
-- parameter of a plan, which a plan dump or auto_explain prints
SET search_path = pg_catalog, pg_temp SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
    config pg_catalog.regclass;
    rows pg_catalog.jsonb;
    tables text[] := '{}';
    roles text[] := '{}';
    command text := '';
    version text := (SELECT e.extversion FROM pg_catalog.pg_extension AS e WHERE e.extname OPERATOR(pg_catalog.=) 'idgen');
    refusing text;
    failing text;
    layouts pg_catalog.regclass;
    layout_rows pg_catalog.jsonb;
    keys pg_catalog.regclass;
    key_rows pg_catalog.jsonb;
    seed_names text[];
    masked_rows pg_catalog.jsonb[];
    i int;
    names text[] := '{}';
    ports int[] := '{}';
    commands text[] := '{}';
    schema_name name := (SELECT n.nspname FROM pg_catalog.pg_extension AS e
                         JOIN pg_catalog.pg_namespace AS n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
                         WHERE e.extname OPERATOR(pg_catalog.=) 'idgen');
BEGIN
    IF pg_catalog.to_regprocedure('pg_catalog.run_command_on_workers(text,boolean)') IS NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync() needs Citus'
            USING ERRCODE = 'feature_not_supported',
                  HINT = 'Run it on the coordinator of a Citus cluster.';
    END IF;
    FOR config IN
        SELECT c.oid::pg_catalog.regclass
          FROM pg_catalog.pg_extension AS e, pg_catalog.unnest(e.extconfig) AS c(oid)
         WHERE e.extname OPERATOR(pg_catalog.=) 'idgen'
         ORDER BY 1
    LOOP
        -- a caller who may not read a table (the keys: their owner only) is
        -- refused here. The keys' bytes are left out: they are read only
        -- inside the statement that masks them, never into a variable, which
        -- the plan of a statement that reads it would hold as a constant
        EXECUTE pg_catalog.format('SELECT COALESCE(pg_catalog.jsonb_agg(%s), ''[]'') FROM %s AS t',
                                  CASE WHEN config OPERATOR(pg_catalog.=) pg_catalog.format('%I.idgen_key_store', schema_name)::pg_catalog.regclass
                                       THEN 'pg_catalog.to_jsonb(t) OPERATOR(pg_catalog.-) ''key''::text' ELSE 't' END, config)
            INTO rows;
        -- a role dropped since its grant is a bare OID in granted_to, which a
        -- worker would read as whichever role has that OID there: left out
        rows := (SELECT COALESCE(pg_catalog.jsonb_agg(CASE WHEN x OPERATOR(pg_catalog.?) 'granted_to' THEN
                     pg_catalog.jsonb_set(x, '{granted_to}', COALESCE(
                         (SELECT pg_catalog.jsonb_agg(g.r ORDER BY g.o)
                            FROM pg_catalog.jsonb_array_elements(x OPERATOR(pg_catalog.->) 'granted_to') WITH ORDINALITY AS g(r, o)
                           WHERE g.r OPERATOR(pg_catalog.#>>) '{}' OPERATOR(pg_catalog.!~) '^[0-9]+$'), '[]'))
                     ELSE x END ORDER BY a.o), '[]')
                   FROM pg_catalog.jsonb_array_elements(rows) WITH ORDINALITY AS a(x, o));
        tables := tables OPERATOR(pg_catalog.||) config::text;
        IF config OPERATOR(pg_catalog.=) pg_catalog.format('%I.idgen_declared_layouts', schema_name)::pg_catalog.regclass THEN
            layouts := config;
            layout_rows := rows;
        END IF;
        -- a regrole as its name (quoted where it must be); PUBLIC's 0 is '-'
        roles := roles OPERATOR(pg_catalog.||) ARRAY(
            SELECT r OPERATOR(pg_catalog.#>>) '{}'
              FROM pg_catalog.jsonb_path_query(rows, 'lax $[*].granted_to[*]') AS r
             WHERE r OPERATOR(pg_catalog.#>>) '{}' OPERATOR(pg_catalog.<>) '-');
        IF config OPERATOR(pg_catalog.=) pg_catalog.format('%I.idgen_key_store', schema_name)::pg_catalog.regclass THEN
            keys := config;
            key_rows := rows;
            CONTINUE;
        END IF;
        -- a declared layout is the worker's own there (another node id): not
        -- a copy of the coordinator's database (created_in), which would skip
        command := command OPERATOR(pg_catalog.||) pg_catalog.format(
            'DELETE FROM %1$s; INSERT INTO %1$s SELECT * FROM pg_catalog.jsonb_populate_recordset(NULL::%1$s, %2$s); ',
            config, CASE WHEN config OPERATOR(pg_catalog.=) layouts THEN pg_catalog.format(
                '(SELECT COALESCE(pg_catalog.jsonb_agg(x OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object(%L, %I.idgen_layout_origin())), %L) '
                'FROM pg_catalog.jsonb_array_elements(%L::pg_catalog.jsonb) AS x)', 'created_in', schema_name, '[]', rows)
            ELSE pg_catalog.format('%L', rows) END);
    END LOOP;
    -- each privilege on its own: has_table_privilege of a list holds with any one
    SELECT pg_catalog.string_agg(pg_catalog.format('%s:%s: %s', w.nodename, w.nodeport, w.result), '; ')
      INTO refusing
      FROM pg_catalog.run_command_on_workers(pg_catalog.format(
               'SELECT COALESCE((SELECT COALESCE(%1$L OPERATOR(pg_catalog.||) e.extversion OPERATOR(pg_catalog.||) %2$L, %3$L) '
               'FROM (VALUES (1)) AS v LEFT JOIN pg_catalog.pg_extension AS e ON e.extname OPERATOR(pg_catalog.=) %4$L '
               'WHERE e.extversion IS DISTINCT FROM %5$L), '
               '(SELECT %6$L OPERATOR(pg_catalog.||) pg_catalog.string_agg(p OPERATOR(pg_catalog.||) %7$L OPERATOR(pg_catalog.||) n, %8$L ORDER BY p) '
               'FROM (SELECT p, pg_catalog.string_agg(t, %9$L ORDER BY t) AS n '
               'FROM pg_catalog.unnest(%10$L::text[]) AS t, pg_catalog.unnest(%11$L::text[]) AS p '
               'WHERE NOT pg_catalog.has_table_privilege(t, p) GROUP BY p) AS m), '
               '(SELECT %12$L OPERATOR(pg_catalog.||) pg_catalog.string_agg(r, %9$L ORDER BY r COLLATE pg_catalog."C") '
               'FROM (SELECT DISTINCT r FROM pg_catalog.unnest(%13$L::text[]) AS r) AS d WHERE pg_catalog.to_regrole(r) IS NULL), '
               '%14$L)',
               'idgen ', ', not ' OPERATOR(pg_catalog.||) version, 'no idgen', 'idgen', version,
               'no ', ' on ', ' nor ', ', ', tables, '{DELETE,INSERT}', 'no role ', roles, 'ready')) AS w
     WHERE NOT w.success OR w.result IS DISTINCT FROM 'ready';
    IF refusing IS NULL AND layouts IS NOT NULL THEN
        SELECT pg_catalog.string_agg(pg_catalog.format('%s:%s: %s', w.nodename, w.nodeport,
                                                       pg_catalog.regexp_replace(w.result, '^ERROR:  ', '')), '; ')
          INTO refusing
          FROM pg_catalog.run_command_on_workers(pg_catalog.format('DO %L', pg_catalog.format(
                   'DECLARE l record; m text; refused text; '
                   'BEGIN PERFORM pg_catalog.set_config(%1$L, %2$L, true); '
                   'FOR l IN SELECT w.name FROM %3$s AS w WHERE NOT EXISTS (SELECT '
                   'FROM pg_catalog.jsonb_populate_recordset(NULL::%3$s, %4$L) AS c WHERE c.name = w.name '
                   'AND c.epoch = w.epoch AND c.time_unit = w.time_unit AND c.node_bits = w.node_bits '
                   'AND c.sequence_bits = w.sequence_bits AND c.sequence_above_node = w.sequence_above_node) '
                   'ORDER BY w.name LOOP '
                   'BEGIN PERFORM %5$I.idgen_layout_drop(l.name); RAISE SQLSTATE %6$L; '
                   'EXCEPTION WHEN SQLSTATE %6$L THEN NULL; '
                   'WHEN OTHERS THEN GET STACKED DIAGNOSTICS m = MESSAGE_TEXT; '
                   'refused := pg_catalog.concat_ws(%7$L, refused, m); END; END LOOP; '
                   'IF refused IS NOT NULL THEN RAISE EXCEPTION %8$L, refused USING ERRCODE = %9$L; END IF; END',
                   'search_path', 'pg_catalog, pg_temp', layouts, layout_rows, schema_name, 'IDG01', '; ', '%',
                   'object_not_in_prerequisite_state'))) AS w
         WHERE NOT w.success;
    END IF;
    IF refusing IS NOT NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync: a worker would not take the rows: %', refusing
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Create or update idgen there, grant what it lacks, or create the role there, then run it again.';
    END IF;
    -- each worker makes a seed, kept in its key store until its rows are
    -- in, and told to this one only in the command's result. One statement
    -- makes the seeds and masks the keys with them, reading both as it
    -- runs: neither is a constant of its plan, nor a variable's value
    IF keys IS NOT NULL THEN
        EXECUTE pg_catalog.format(
            'SELECT pg_catalog.array_agg(w.nodename::text ORDER BY w.nodename, w.nodeport) FILTER (WHERE w.success), '
            'pg_catalog.array_agg(w.nodeport ORDER BY w.nodename, w.nodeport) FILTER (WHERE w.success), '
            'pg_catalog.array_agg(w.result::pg_catalog.json OPERATOR(pg_catalog.->>) ''name'' ORDER BY w.nodename, w.nodeport) '
            'FILTER (WHERE w.success), '
            'pg_catalog.array_agg((SELECT COALESCE(pg_catalog.jsonb_agg(a.x OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object(''key'', '
            '%1$I.idgen_cluster_sync_mask(k.key, (w.result::pg_catalog.json OPERATOR(pg_catalog.->>) ''seed'')::pg_catalog.bytea, k.name)) '
            'ORDER BY a.o), ''[]'') FROM pg_catalog.jsonb_array_elements(%2$L::pg_catalog.jsonb) WITH ORDINALITY AS a(x, o) '
            'JOIN %3$s AS k ON k.name OPERATOR(pg_catalog.=) (a.x OPERATOR(pg_catalog.->>) ''name'')) '
            'ORDER BY w.nodename, w.nodeport) FILTER (WHERE w.success), '
            'pg_catalog.string_agg(pg_catalog.format(''%%s:%%s: %%s'', w.nodename, w.nodeport, w.result), ''; '' '
            'ORDER BY w.nodename, w.nodeport) FILTER (WHERE NOT w.success) '
            'FROM pg_catalog.run_command_on_workers(%4$L) AS w',
            schema_name, key_rows, keys, pg_catalog.format(
                'WITH s AS (INSERT INTO %1$s (name, key) SELECT %2$L OPERATOR(pg_catalog.||) pg_catalog.gen_random_uuid(), '
                'pg_catalog.substr(pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.gen_random_uuid()::text '
                'OPERATOR(pg_catalog.||) pg_catalog.gen_random_uuid()::text, %3$L)), 1, 16) RETURNING name, key) '
                'SELECT pg_catalog.json_build_object(%4$L, s.name, %5$L, s.key) FROM s',
                keys, 'idgen_cluster_sync seed ', 'UTF8', 'name', 'seed'))
            INTO names, ports, seed_names, masked_rows, refusing;
        IF refusing IS NOT NULL THEN
            RAISE EXCEPTION 'idgen_cluster_sync: a worker would not take the rows: %', refusing
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      HINT = 'Grant what it lacks there, then run it again.';
        END IF;
        -- the worker reads its seed inside the INSERT that unmasks (a
        -- subquery, not a variable: its plan holds no constant of it)
        FOR i IN 1 .. COALESCE(pg_catalog.cardinality(names), 0) LOOP
            commands := commands OPERATOR(pg_catalog.||) pg_catalog.format('DO %L', pg_catalog.format(
                'BEGIN PERFORM pg_catalog.set_config(%1$L, %2$L, true); %3$s'
                'IF NOT EXISTS (SELECT FROM %4$s AS k WHERE k.name = %5$L) THEN RAISE EXCEPTION %6$L; END IF; '
                'DELETE FROM %4$s AS k WHERE k.name <> %5$L; '
                'INSERT INTO %4$s SELECT * FROM pg_catalog.jsonb_populate_recordset(NULL::%4$s, '
                '(SELECT pg_catalog.jsonb_agg(x || pg_catalog.jsonb_build_object(%7$L, %8$I.idgen_cluster_sync_mask('
                '(x ->> %7$L)::bytea, (SELECT k.key FROM %4$s AS k WHERE k.name = %5$L), x ->> %9$L))) '
                'FROM pg_catalog.jsonb_array_elements(%10$L::jsonb) AS x)); '
                'DELETE FROM %4$s AS k WHERE k.name = %5$L; END',
                'search_path', 'pg_catalog, pg_temp', command, keys, seed_names[i],
                'idgen_cluster_sync: this worker''s seed is gone: run it again', 'key', schema_name, 'name',
                masked_rows[i]));
        END LOOP;
    ELSE
        SELECT pg_catalog.array_agg(w.nodename ORDER BY w.nodename, w.nodeport),
               pg_catalog.array_agg(w.nodeport ORDER BY w.nodename, w.nodeport)
          INTO names, ports
          FROM pg_catalog.run_command_on_workers('SELECT 1') AS w;
        commands := pg_catalog.array_fill(pg_catalog.format('DO %L', pg_catalog.format(
            'BEGIN PERFORM pg_catalog.set_config(%L, %L, true); %s END', 'search_path', 'pg_catalog, pg_temp', command)),
            ARRAY[pg_catalog.cardinality(names)]);
    END IF;
    -- one statement each: master_run_on_worker reports the first result of
    -- several, even when a later one fails
    FOR nodename, nodeport, success, result IN
        SELECT w.node_name, w.node_port, w.success, w.result
          FROM pg_catalog.master_run_on_worker(names, ports, commands, true) AS w
         ORDER BY 1, 2
    LOOP
        IF NOT success THEN
            failing := COALESCE(failing OPERATOR(pg_catalog.||) '; ', '')
                       OPERATOR(pg_catalog.||) pg_catalog.format('%s:%s: %s', nodename, nodeport, result);
        END IF;
        RETURN NEXT;
    END LOOP;
    IF failing IS NOT NULL THEN
        RAISE EXCEPTION 'idgen_cluster_sync: a worker did not take the rows: %', failing
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Each worker takes the rows in a transaction of its own: the others have them.',
                  HINT = 'The failing worker logged the command, keys included: see docs/citus.md.';
    END IF;
END $$;
COMMENT ON FUNCTION idgen_cluster_sync() IS
    'on a Citus coordinator: every worker''s declared layouts and keys made the coordinator''s';

------------------------------------------------------------------------------
-- Keys on a logical replication subscriber (0.7.0): its apply fires row
-- triggers only, and those under session_replication_role = replica. A key
-- the publisher drops, grants or revokes is so forgotten by every session
-- there, and its grantees' dependencies follow (REPLICA: a session's own
-- statements have the statement trigger).
CREATE TRIGGER idgen_key_store_applied AFTER INSERT OR UPDATE OR DELETE ON idgen_key_store
    FOR EACH ROW EXECUTE FUNCTION idgen_key_store_changed();
ALTER TABLE idgen_key_store ENABLE REPLICA TRIGGER idgen_key_store_applied;

------------------------------------------------------------------------------
-- Declared layouts on a logical replication subscriber (0.7.0): a drop or
-- change that the publisher's idgen_layout_drop() allowed reaches this
-- server's table only as its own would allow it.
-- a logical replication subscriber's apply (row triggers only, under
-- session_replication_role = replica) deletes or changes a declared layout
-- only where layout_id() cannot have run it here
CREATE FUNCTION idgen_declared_layout_replaced() RETURNS trigger
    AS 'MODULE_PATHNAME', 'sql_idgen_declared_layout_replaced' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION idgen_declared_layout_replaced() FROM PUBLIC;
CREATE TRIGGER idgen_declared_layout_replaced BEFORE UPDATE OR DELETE ON idgen_declared_layouts
    FOR EACH ROW EXECUTE FUNCTION idgen_declared_layout_replaced();
ALTER TABLE idgen_declared_layouts ENABLE REPLICA TRIGGER idgen_declared_layout_replaced;
-- a TRUNCATE fires no row trigger, and the apply's INSERT after it would
-- declare the layout again with another shape: each layout it would remove
-- is checked as the row trigger checks one
CREATE TRIGGER idgen_declared_layouts_truncated BEFORE TRUNCATE ON idgen_declared_layouts
    FOR EACH STATEMENT EXECUTE FUNCTION idgen_declared_layout_replaced();
ALTER TABLE idgen_declared_layouts ENABLE REPLICA TRIGGER idgen_declared_layouts_truncated;

------------------------------------------------------------------------------
-- Declared layouts on a logical replication subscriber after a restart
-- (0.7.0): a row's created is the publisher's clock there, so a change is
-- let through only for a row this server wrote since it started (an INSERT
-- the apply made, counted here before it is written, or
-- idgen_layout_create()) and layout_id() has not run since.
CREATE TRIGGER idgen_declared_layout_arrived BEFORE INSERT ON idgen_declared_layouts
    FOR EACH ROW EXECUTE FUNCTION idgen_declared_layout_replaced();
ALTER TABLE idgen_declared_layouts ENABLE REPLICA TRIGGER idgen_declared_layout_arrived;

-----------------------------------------------------------------------------
-- Declared layouts are never changed in place (0.7.0)
-- a layout is never changed in place: a row's name or shape changed by hand
-- would hand out another layout's IDs, or its own again (attack7: a rename
-- repeated 1,000 of 1,000 at once); created_in and the rest may change
-- (docs/operations.md's pg_upgrade step sets created_in)
CREATE FUNCTION idgen_declared_layout_unchanged() RETURNS trigger
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF (NEW.name, NEW.epoch, NEW.time_unit, NEW.node_bits, NEW.sequence_bits, NEW.sequence_above_node)
       IS DISTINCT FROM
       (OLD.name, OLD.epoch, OLD.time_unit, OLD.node_bits, OLD.sequence_bits, OLD.sequence_above_node) THEN
        RAISE EXCEPTION 'layout "%" is never changed in place', OLD.name
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Its name, epoch, time unit and widths are those its IDs were made with: changed, '
                           'it could hand out those IDs again, or another layout''s.',
                  HINT = 'Declare a new layout under another name with idgen_layout_create().';
    END IF;
    RETURN NEW;
END $$;
REVOKE EXECUTE ON FUNCTION idgen_declared_layout_unchanged() FROM PUBLIC;
CREATE TRIGGER idgen_declared_layout_unchanged BEFORE UPDATE ON idgen_declared_layouts
    FOR EACH ROW EXECUTE FUNCTION idgen_declared_layout_unchanged();

------------------------------------------------------------------------------
-- Declared layouts in a copy of their database (0.7.0): each row names the
-- database it was declared in; a copy (CREATE DATABASE ... TEMPLATE, a dump
-- restored) differs, and resumes past what the original may have issued.
-- what idgen_layout_create() puts in created_in here
CREATE FUNCTION idgen_layout_origin() RETURNS text
    AS 'MODULE_PATHNAME', 'sql_idgen_layout_origin' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idgen_layout_origin() IS
    'this database as idgen_declared_layouts.created_in names it: system identifier/OID';
-- the layouts declared so far: here, as far as anyone knows. A default, not
-- an UPDATE: no replicated change (the subscriber's apply would check it as
-- a drop); then none, so that a row a dump of 0.6.1 restores says nothing.
ALTER TABLE idgen_declared_layouts ADD COLUMN created_in text DEFAULT idgen_layout_origin();
ALTER TABLE idgen_declared_layouts ALTER COLUMN created_in DROP DEFAULT;

-- Moving a declared layout past IDs its database holds but its word does
-- not know (0.7.0): the original refreshed from a copy of its database
-- (docs/layouts.md, "Copies of a database"). As snowflake_resume_after:
-- superuser only, unless granted.
CREATE OR REPLACE FUNCTION layout_resume_after(layout text, id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_layout_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION layout_resume_after(text, bigint) FROM PUBLIC;
COMMENT ON FUNCTION layout_resume_after(text, bigint) IS
    'layout_id(layout) goes on after that ID, in this database (superuser)';

-- The native types new in 0.7.0 (their rows' since, in the family table):
-- the Makefile writes their SQL in place of the next line.
-- native types new in 0.7.0: idgen-native-types --since 0.7.0
