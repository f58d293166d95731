-- idgen 0.2.0 -> 0.3.0: every SQL and PL/pgSQL function pins its search_path
-- and calls built-ins schema-qualified, so a function an ordinary role plants
-- on a caller's search_path never runs in place of a built-in (the caller
-- may be a superuser); idgen_convert_column remakes views with all they had;
-- BRIN operator classes for ulid, ksuid and objectid; pgx_ulid's ulid casts.
-- idgen.node_id has no default: idgen_status shows it and where it was set;
-- the reservation travels in WAL and idgen_reservation_init() starts it.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.3.0'" to load this file. \quit

-- RFC 9562 section 6.6 namespaces, and the Nil and Max UUIDs (section 5.9, 5.10).
-- Every SQL and PL/pgSQL function pins its search_path, these too: a caller
-- could put a schema with its own uuid type ahead of pg_catalog.
CREATE OR REPLACE FUNCTION uuid_namespace_dns() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_namespace_url() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '6ba7b811-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_namespace_oid() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '6ba7b812-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_namespace_x500() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '6ba7b814-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid $$;
CREATE OR REPLACE FUNCTION uuid_min() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid $$;
COMMENT ON FUNCTION uuid_min() IS 'the Nil UUID (uuid-ossp calls it uuid_nil())';
CREATE OR REPLACE FUNCTION uuid_max() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp
    AS $$ SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::pg_catalog.uuid $$;
COMMENT ON FUNCTION uuid_max() IS 'the Max UUID';

-- create_ticket_sequence gains default_schema: the caller's current schema,
-- where an unqualified name goes now that the function's own path is pinned.
-- A new signature is a new function: the old one is set aside (not dropped
-- yet) so that the new one can be given its owner and privileges below.
ALTER FUNCTION create_ticket_sequence(text, int, int) RENAME TO create_ticket_sequence_before_0_3_0;
-- Pinned search_path, so a function planted where the caller's path reaches
-- never runs in its place. The caller's current schema comes in through the
-- default of default_schema, evaluated before the path is pinned: there an
-- unqualified name goes, as with CREATE SEQUENCE.
CREATE FUNCTION create_ticket_sequence(name text, server int, servers int,
                                       default_schema name DEFAULT CURRENT_SCHEMA)
RETURNS regclass
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    parts text[];
    qualified text;
BEGIN
    IF name IS NULL OR server IS NULL OR servers IS NULL THEN
        RAISE EXCEPTION 'argument "%" of create_ticket_sequence is null',
                        CASE WHEN name IS NULL THEN 'name' WHEN server IS NULL THEN 'server' ELSE 'servers' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF servers < 1 OR server < 1 OR server > servers THEN
        RAISE EXCEPTION 'server % of % is out of range for create_ticket_sequence', server, servers
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Servers are numbered from 1 to the number of servers, which is at least 1.';
    END IF;
    BEGIN
        parts := pg_catalog.parse_ident(name);
    EXCEPTION WHEN invalid_parameter_value THEN
        parts := NULL;
    END;
    IF parts IS NULL OR pg_catalog.array_length(parts, 1) > 2 THEN
        RAISE EXCEPTION 'invalid sequence name "%"', name
            USING ERRCODE = 'invalid_name',
                  DETAIL = 'A sequence name is an identifier, or a schema and an identifier joined by a dot, '
                           'double-quoted where needed.';
    END IF;
    IF pg_catalog.array_length(parts, 1) = 1 THEN
        IF default_schema IS NULL THEN
            RAISE EXCEPTION 'no schema has been selected to create in' USING ERRCODE = 'invalid_schema_name';
        END IF;
        parts := ARRAY[default_schema::text] || parts;
    END IF;
    qualified := pg_catalog.format('%I.%I', parts[1], parts[2]);
    EXECUTE pg_catalog.format('CREATE SEQUENCE %s AS bigint INCREMENT BY %s START WITH %s MINVALUE %s',
                              qualified, servers, server, server);
    RETURN qualified::pg_catalog.regclass;
END $$;
COMMENT ON FUNCTION create_ticket_sequence(text, int, int, name) IS
    'Flickr''s ticket server k of n: CREATE SEQUENCE name INCREMENT BY n START WITH k';

-- What a DBA granted or revoked on the old function holds for the new one
-- (a REVOKE ... FROM PUBLIC must not come undone): the same owner, then the
-- same privileges, each granted by the role that granted it, those granted
-- by a holder of the grant option once that holder has it.
DO $$
DECLARE
    old_fn CONSTANT pg_catalog.regprocedure := 'create_ticket_sequence_before_0_3_0(text, int, int)';
    new_fn CONSTANT pg_catalog.regprocedure := 'create_ticket_sequence(text, int, int, name)';
    me CONSTANT text := pg_catalog.quote_ident(current_user);
    old_acl pg_catalog.aclitem[];
    fn_owner pg_catalog.regrole;
    g record;
    granted boolean;
BEGIN
    SELECT p.proacl, p.proowner INTO old_acl, fn_owner FROM pg_catalog.pg_proc p WHERE p.oid = old_fn;
    EXECUTE pg_catalog.format('ALTER FUNCTION %s OWNER TO %s', new_fn, fn_owner);
    IF old_acl IS NULL THEN
        RETURN;                   -- the default, as the new function has
    END IF;
    EXECUTE pg_catalog.format('REVOKE ALL ON FUNCTION %s FROM PUBLIC, %s', new_fn, fn_owner);
    LOOP
        granted := false;
        FOR g IN
            SELECT a.grantor, a.grantee, a.privilege_type, a.is_grantable
              FROM pg_catalog.aclexplode(old_acl) a
             WHERE (a.grantor = fn_owner OR EXISTS (
                      SELECT FROM pg_catalog.pg_proc p, pg_catalog.aclexplode(p.proacl) h
                       WHERE p.oid = new_fn AND h.grantee = a.grantor
                         AND h.privilege_type = a.privilege_type AND h.is_grantable))
               AND NOT EXISTS (
                      SELECT FROM pg_catalog.pg_proc p, pg_catalog.aclexplode(p.proacl) h
                       WHERE p.oid = new_fn AND (h.grantor, h.grantee, h.privilege_type, h.is_grantable)
                             = (a.grantor, a.grantee, a.privilege_type, a.is_grantable))
        LOOP
            -- a superuser's GRANT is the owner's; another grantor grants as itself
            IF g.grantor <> fn_owner THEN
                EXECUTE pg_catalog.format('SET LOCAL ROLE %s', g.grantor::pg_catalog.regrole);
            END IF;
            EXECUTE pg_catalog.format('GRANT %s ON FUNCTION %s TO %s%s', g.privilege_type, new_fn,
                                      CASE g.grantee WHEN 0 THEN 'PUBLIC'
                                                     ELSE g.grantee::pg_catalog.regrole::text END,
                                      CASE WHEN g.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
            IF g.grantor <> fn_owner THEN
                EXECUTE pg_catalog.format('SET LOCAL ROLE %s', me);
            END IF;
            granted := true;
        END LOOP;
        EXIT WHEN NOT granted;
    END LOOP;
    IF (SELECT pg_catalog.array_agg(i::text ORDER BY i::text) FROM pg_catalog.unnest(old_acl) i)
       IS DISTINCT FROM
       (SELECT pg_catalog.array_agg(i::text ORDER BY i::text)
          FROM pg_catalog.pg_proc p, pg_catalog.unnest(p.proacl) i WHERE p.oid = new_fn) THEN
        RAISE EXCEPTION 'could not give create_ticket_sequence the privileges it had: %', old_acl
            USING HINT = 'Grant them again by hand after the update: revoke them from the old function, update, grant.';
    END IF;
END $$;
DROP FUNCTION create_ticket_sequence_before_0_3_0(text, int, int);

CREATE OR REPLACE FUNCTION idgen_convert_column(tbl regclass, col name, generator text)
RETURNS SETOF text
LANGUAGE plpgsql VOLATILE
-- pinned: nothing on the caller's path runs in place of a built-in, and
-- regclass and pg_get_viewdef print every name with its schema
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    gen text := pg_catalog.btrim(generator);
    m text[];
    kind text;              -- bigint, ulid or uuid
    default_expr text;      -- the column's new DEFAULT, built here, never pasted
    first_new_sql text;     -- the smallest ID the generator can make from now on
    shard int;
    seq regclass;
    seq_name text[];
    att record;
    old_seq text;
    largest text;
    first_new text;
    refuse boolean;
    widen regclass[] := '{}';
    widen_cols name[] := '{}';
    v record;
    g record;
    c record;
    what text;
    views jsonb := '[]';
    kept text[];
    i int;
    -- idgen's own objects, named through its schema: it need not be on the search_path
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
BEGIN
    -- the generator: one of the forms below, or refused
    IF gen ~ '^snowflake_id\(\s*\)$' THEN
        kind := 'bigint'; default_expr := pg_catalog.format('%s.snowflake_id()', ext);
        first_new_sql := pg_catalog.format('SELECT %s.snowflake_id_from_time(pg_catalog.now())::pg_catalog.text', ext);
    ELSIF gen ~ '^ulid\(\s*\)$' THEN
        kind := 'ulid'; default_expr := pg_catalog.format('%s.ulid()', ext);
        first_new_sql := pg_catalog.format('SELECT %s.ulid_from_time(pg_catalog.now())::pg_catalog.text', ext);
    ELSIF gen ~ '^uuid_v7\(\s*\)$' THEN
        kind := 'uuid'; default_expr := pg_catalog.format('%s.uuid_v7()', ext);
    ELSE
        m := pg_catalog.regexp_match(gen, '^next_shard_id\(\s*(\d{1,9})\s*(?:,\s*nextval\(\s*''((?:[^'']|'''')+)''(?:::regclass)?\s*\)\s*)?\)$');
        IF m IS NULL THEN
            RAISE EXCEPTION 'generator "%" is not one idgen_convert_column accepts', generator
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Accepted: snowflake_id(), next_shard_id(<shard>), '
                               'next_shard_id(<shard>, nextval(''<sequence>'')), ulid(), uuid_v7().';
        END IF;
        shard := m[1]::int;
        IF shard > 8191 THEN
            RAISE EXCEPTION 'shard % is out of range for next_shard_id', shard
                USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Valid shards are 0 to 8191 (13 bits).';
        END IF;
        kind := 'bigint';
        first_new_sql := pg_catalog.format('SELECT %s.shard_id_from_time(pg_catalog.now())::pg_catalog.text', ext);
        IF m[2] IS NULL THEN
            default_expr := pg_catalog.format('%s.next_shard_id(%s)', ext, shard);
        ELSE
            -- a sequence named without its schema is the table's schema's
            m[2] := pg_catalog.replace(m[2], '''''', '''');
            BEGIN
                seq_name := pg_catalog.parse_ident(m[2]);
            EXCEPTION WHEN invalid_parameter_value THEN
                seq_name := NULL;
            END;
            IF pg_catalog.array_length(seq_name, 1) = 1 THEN
                seq_name := ARRAY[(SELECT nspname FROM pg_catalog.pg_class r JOIN pg_catalog.pg_namespace n
                                       ON n.oid = r.relnamespace WHERE r.oid = tbl)::text] || seq_name;
            END IF;
            IF pg_catalog.array_length(seq_name, 1) = 2 THEN
                seq := pg_catalog.to_regclass(pg_catalog.format('%I.%I', seq_name[1], seq_name[2]));
            END IF;
            IF seq IS NULL OR (SELECT relkind FROM pg_catalog.pg_class WHERE oid = seq) <> 'S' THEN
                RAISE EXCEPTION 'sequence "%" does not exist', m[2]
                    USING ERRCODE = 'undefined_table',
                          DETAIL = 'A sequence named without its schema is looked for in the table''s schema.';
            END IF;
            default_expr := pg_catalog.format('%s.next_shard_id(%s, pg_catalog.nextval(%L::pg_catalog.regclass))',
                                              ext, shard, seq::text);
        END IF;
    END IF;

    -- the column, and whether its type can hold what the generator makes
    SELECT a.attnum, a.atttypid, a.attidentity, a.attgenerated INTO att
      FROM pg_catalog.pg_attribute a
     WHERE a.attrelid = tbl AND a.attname = col AND a.attnum > 0 AND NOT a.attisdropped;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'column "%" of relation % does not exist', col, tbl USING ERRCODE = 'undefined_column';
    END IF;
    IF att.attgenerated <> '' THEN
        RAISE EXCEPTION 'column "%" of relation % is a generated column', col, tbl
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF (kind = 'bigint' AND att.atttypid NOT IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype))
       OR (kind = 'ulid' AND att.atttypid IS DISTINCT FROM pg_catalog.to_regtype(ext || '.ulid'))
       OR (kind = 'uuid' AND att.atttypid <> 'uuid'::regtype) THEN
        RAISE EXCEPTION 'column "%" of relation % is of type %, which % does not fill', col, tbl,
                        pg_catalog.format_type(att.atttypid, NULL), gen
            USING ERRCODE = 'datatype_mismatch',
                  DETAIL = CASE kind WHEN 'bigint' THEN 'It makes bigint IDs: the column must be smallint, integer or bigint.'
                                     ELSE pg_catalog.format('It makes %s values: the column must be of type %s.', kind, kind) END;
    END IF;

    -- new IDs must sort after every existing one (random v4 UUIDs can't; v7 ones never collide with them)
    IF first_new_sql IS NOT NULL THEN
        EXECUTE pg_catalog.format('SELECT %s.max(%I)::pg_catalog.text FROM %s',
                                  CASE kind WHEN 'ulid' THEN ext ELSE 'pg_catalog' END, col, tbl) INTO largest;
        EXECUTE first_new_sql INTO first_new;
        EXECUTE pg_catalog.format('SELECT $1::%1$s OPERATOR(%2$s.>=) $2::%1$s',
                                  CASE kind WHEN 'ulid' THEN ext || '.ulid' ELSE 'pg_catalog.int8' END,
                                  CASE kind WHEN 'ulid' THEN ext ELSE 'pg_catalog' END)
            USING largest, first_new INTO refuse;
        IF refuse THEN
            RAISE EXCEPTION 'cannot convert column "%" of relation % to %: its values would not sort before the new ones',
                            col, tbl, gen
                USING ERRCODE = 'numeric_value_out_of_range',
                      DETAIL = pg_catalog.format('The largest existing value is %s; the first new ID would be %s or a little more.',
                                                 largest, first_new),
                      HINT = 'Keep the column as it is, or move its rows to new IDs first.';
        END IF;
    END IF;

    -- int columns, and the foreign keys that point at them, become bigint
    IF kind = 'bigint' AND att.atttypid <> 'int8'::regtype THEN
        widen := ARRAY[tbl];
        widen_cols := ARRAY[col];
        FOR v IN SELECT k.conrelid::regclass AS rel, a.attname AS colname
                   FROM pg_catalog.pg_constraint k
                   CROSS JOIN LATERAL ROWS FROM (pg_catalog.unnest(k.confkey), pg_catalog.unnest(k.conkey)) AS u(ref, own)
                   JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.own
                  WHERE k.contype = 'f' AND k.confrelid = tbl AND u.ref = att.attnum
                    AND a.atttypid IN ('int2'::regtype, 'int4'::regtype) LOOP
            widen := widen || v.rel;
            widen_cols := widen_cols || v.colname;
        END LOOP;

        -- views over those columns block ALTER TYPE: each is dropped and
        -- made again with all it had. First each is checked, and its
        -- definition and metadata kept, before anything changes.
        FOR v IN
            WITH RECURSIVE targets AS (
                SELECT w.rel::oid AS rel, a.attnum
                  FROM ROWS FROM (pg_catalog.unnest(widen), pg_catalog.unnest(widen_cols)) AS w(rel, colname)
                  JOIN pg_catalog.pg_attribute a ON a.attrelid = w.rel AND a.attname = w.colname),
            deps(view, depth) AS (
                SELECT DISTINCT r.ev_class, 1
                  FROM targets t
                  JOIN pg_catalog.pg_depend d ON d.refclassid = 'pg_catalog.pg_class'::regclass
                                  AND d.refobjid = t.rel AND d.refobjsubid = t.attnum
                                  AND d.classid = 'pg_catalog.pg_rewrite'::regclass
                  JOIN pg_catalog.pg_rewrite r ON r.oid = d.objid AND r.ev_class <> t.rel
                UNION
                SELECT r.ev_class, deps.depth + 1
                  FROM deps
                  JOIN pg_catalog.pg_depend d ON d.refclassid = 'pg_catalog.pg_class'::regclass
                                  AND d.refobjid = deps.view AND d.classid = 'pg_catalog.pg_rewrite'::regclass
                  JOIN pg_catalog.pg_rewrite r ON r.oid = d.objid AND r.ev_class <> deps.view)
            SELECT d.view, pg_catalog.max(d.depth) AS depth, k.relkind, k.relowner, k.relacl, k.reloptions
              FROM deps d JOIN pg_catalog.pg_class k ON k.oid = d.view
             GROUP BY d.view, k.relkind, k.relowner, k.relacl, k.reloptions
             ORDER BY pg_catalog.max(d.depth) DESC
        LOOP
            IF v.relkind <> 'v'
               OR EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgrelid = v.view)
               OR EXISTS (SELECT 1 FROM pg_catalog.pg_rewrite WHERE ev_class = v.view AND rulename <> '_RETURN') THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: % depends on it', col, tbl,
                                v.view::regclass
                    USING ERRCODE = 'dependent_objects_still_exist',
                          DETAIL = 'idgen_convert_column makes plain views again; materialized views, '
                                   'and views with triggers or rules, it leaves to you.';
            END IF;
            -- what a remade view could not have again
            SELECT e.extname INTO what
              FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
             WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = v.view AND d.deptype = 'e';
            IF what IS NOT NULL THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: view % belongs to extension %',
                                col, tbl, v.view::regclass, what
                    USING ERRCODE = 'dependent_objects_still_exist',
                          DETAIL = 'A view made again would not belong to the extension.';
            END IF;
            SELECT pg_catalog.format('%s on %s', p.grantor::regrole, p.place) INTO what
              FROM (SELECT (pg_catalog.aclexplode(v.relacl)).grantor, 'the view' AS place
                    UNION ALL
                    SELECT (pg_catalog.aclexplode(a.attacl)).grantor, pg_catalog.format('column %I', a.attname)
                      FROM pg_catalog.pg_attribute a WHERE a.attrelid = v.view AND a.attacl IS NOT NULL) p
             WHERE p.grantor <> v.relowner LIMIT 1;
            IF what IS NOT NULL THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: view % has privileges granted by %',
                                col, tbl, v.view::regclass, what
                    USING ERRCODE = 'feature_not_supported',
                          DETAIL = 'A view made again gets its grants from its owner only.',
                          HINT = 'Revoke those privileges, convert, and grant them again.';
            END IF;
            SELECT provider INTO what FROM pg_catalog.pg_seclabel
             WHERE classoid = 'pg_catalog.pg_class'::regclass AND objoid = v.view LIMIT 1;
            IF what IS NOT NULL THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: view % has a security label from provider %',
                                col, tbl, v.view::regclass, what
                    USING ERRCODE = 'feature_not_supported',
                          DETAIL = 'idgen_convert_column does not make security labels again.';
            END IF;
            views := pg_catalog.jsonb_build_object(
                'view', v.view,
                'name', v.view::regclass::text,
                'definition', pg_catalog.pg_get_viewdef(v.view),
                'options', (SELECT pg_catalog.string_agg(pg_catalog.format('%I = %L', o.option_name, o.option_value), ', ')
                              FROM pg_catalog.pg_options_to_table(v.reloptions) o),
                'owner', v.relowner::regrole::text,
                'owner_id', v.relowner,
                'acl', v.relacl::text,
                'comment', pg_catalog.obj_description(v.view, 'pg_class'),
                'columns', (SELECT pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
                                       'name', a.attname,
                                       'comment', pg_catalog.col_description(v.view, a.attnum),
                                       'default', pg_catalog.pg_get_expr(ad.adbin, ad.adrelid),
                                       'acl', a.attacl::text))
                              FROM pg_catalog.pg_attribute a
                              LEFT JOIN pg_catalog.pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
                             WHERE a.attrelid = v.view AND a.attnum > 0 AND NOT a.attisdropped)
                ) || views;
        END LOOP;
        -- deepest first, and prepended: dropping goes backwards, making again forwards
        FOR v IN SELECT value FROM pg_catalog.jsonb_array_elements(views) WITH ORDINALITY AS e(value, n) ORDER BY n DESC LOOP
            EXECUTE pg_catalog.format('DROP VIEW %s', v.value->>'name');
        END LOOP;

        FOR i IN 1 .. pg_catalog.array_length(widen, 1) LOOP
            EXECUTE pg_catalog.format('ALTER TABLE %s ALTER COLUMN %I TYPE pg_catalog.int8', widen[i], widen_cols[i]);
            RETURN NEXT pg_catalog.format('widened %s.%I to bigint', widen[i], widen_cols[i]);
        END LOOP;

        FOR v IN SELECT value FROM pg_catalog.jsonb_array_elements(views) LOOP
            kept := ARRAY[pg_catalog.format('owner %s', v.value->>'owner')];
            EXECUTE pg_catalog.format('CREATE VIEW %s%s AS %s', v.value->>'name',
                                      CASE WHEN v.value->>'options' IS NULL THEN ''
                                           ELSE pg_catalog.format(' WITH (%s)', v.value->>'options') END,
                                      v.value->>'definition');
            EXECUTE pg_catalog.format('ALTER VIEW %s OWNER TO %s', v.value->>'name', v.value->>'owner');
            IF v.value->>'options' IS NOT NULL THEN
                kept := kept || pg_catalog.format('options (%s)', v.value->>'options');
            END IF;
            IF v.value->>'comment' IS NOT NULL THEN
                EXECUTE pg_catalog.format('COMMENT ON VIEW %s IS %L', v.value->>'name', v.value->>'comment');
                kept := kept || 'comment'::text;
            END IF;
            -- the privileges exactly as they were: a new view may have got
            -- default privileges the old one lacked
            FOR g IN
                WITH was AS (SELECT * FROM pg_catalog.aclexplode(COALESCE(
                                 (v.value->>'acl')::aclitem[], pg_catalog.acldefault('r', (v.value->>'owner_id')::oid)))),
                     made AS (SELECT * FROM pg_catalog.aclexplode(COALESCE(
                                 (SELECT relacl FROM pg_catalog.pg_class WHERE oid = (v.value->>'name')::regclass),
                                 pg_catalog.acldefault('r', (v.value->>'owner_id')::oid))))
                SELECT 'REVOKE' AS verb, * FROM (SELECT * FROM made EXCEPT SELECT * FROM was) gone
                UNION ALL
                SELECT 'GRANT', * FROM (SELECT * FROM was EXCEPT SELECT * FROM made) back
                ORDER BY verb DESC
            LOOP
                EXECUTE pg_catalog.format('%s %s ON %s %s %s%s', g.verb, g.privilege_type, v.value->>'name',
                                          CASE g.verb WHEN 'GRANT' THEN 'TO' ELSE 'FROM' END,
                                          CASE g.grantee WHEN 0 THEN 'PUBLIC' ELSE g.grantee::regrole::text END,
                                          CASE WHEN g.verb = 'GRANT' AND g.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
            END LOOP;
            IF v.value->>'acl' IS NOT NULL THEN
                kept := kept || 'grants'::text;
            END IF;
            FOR c IN SELECT * FROM pg_catalog.jsonb_to_recordset(v.value->'columns')
                                   AS x(name text, comment text, "default" text, acl text) LOOP
                IF c.comment IS NOT NULL THEN
                    EXECUTE pg_catalog.format('COMMENT ON COLUMN %s.%I IS %L', v.value->>'name', c.name, c.comment);
                    kept := kept || pg_catalog.format('comment on column %I', c.name);
                END IF;
                IF c."default" IS NOT NULL THEN
                    EXECUTE pg_catalog.format('ALTER VIEW %s ALTER COLUMN %I SET DEFAULT %s',
                                              v.value->>'name', c.name, c."default");
                    kept := kept || pg_catalog.format('default of column %I', c.name);
                END IF;
                FOR g IN SELECT * FROM pg_catalog.aclexplode(c.acl::aclitem[]) LOOP
                    EXECUTE pg_catalog.format('GRANT %s (%I) ON %s TO %s%s', g.privilege_type, c.name, v.value->>'name',
                                              CASE g.grantee WHEN 0 THEN 'PUBLIC' ELSE g.grantee::regrole::text END,
                                              CASE WHEN g.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
                END LOOP;
                IF c.acl IS NOT NULL THEN
                    kept := kept || pg_catalog.format('grants on column %I', c.name);
                END IF;
            END LOOP;
            RETURN NEXT pg_catalog.format('made view %s again with its %s', v.value->>'name',
                                          pg_catalog.array_to_string(kept, ', '));
        END LOOP;
    END IF;

    IF att.attidentity <> '' THEN
        EXECUTE pg_catalog.format('ALTER TABLE %s ALTER COLUMN %I DROP IDENTITY', tbl, col);
        RETURN NEXT pg_catalog.format('dropped the identity of %s.%I', tbl, col);
    ELSE
        old_seq := pg_catalog.pg_get_serial_sequence(tbl::text, col::text);
    END IF;
    EXECUTE pg_catalog.format('ALTER TABLE %s ALTER COLUMN %I SET DEFAULT %s', tbl, col, default_expr);
    RETURN NEXT pg_catalog.format('%s.%I now defaults to %s', tbl, col,
                                  (SELECT pg_catalog.pg_get_expr(adbin, adrelid) FROM pg_catalog.pg_attrdef
                                    WHERE adrelid = tbl AND adnum = att.attnum));
    IF old_seq IS NOT NULL AND (seq IS NULL OR old_seq::regclass <> seq) THEN
        RETURN NEXT pg_catalog.format('sequence %s no longer feeds it (kept; drop it when nothing else uses it)', old_seq);
    END IF;
    IF kind = 'uuid' THEN
        EXECUTE pg_catalog.format('SELECT pg_catalog.count(*) FILTER (WHERE %3$s.uuid_version(%1$I) IS DISTINCT FROM 7)'
                                  '::pg_catalog.text FROM %2$s', col, tbl, ext) INTO largest;
        IF largest <> '0' THEN
            RETURN NEXT pg_catalog.format('%s existing values are not v7: they interleave with the new ones in order '
                                          '(they never collide)', largest);
        END IF;
    END IF;
END
$fn$;
COMMENT ON FUNCTION idgen_convert_column(regclass, name, text) IS
    'moves a serial, identity, bigint, ulid or uuid column onto an idgen generator, in one transaction';

-- pgx_ulid's casts, with its results and its function names: a ULID's time
-- as a timestamp in UTC, the smallest ULID of a time (a bound for ranges,
-- never a new ID), and its 16 bytes (ulid_send's). All explicit, as ulid ->
-- timestamptz is: a time or bytes become a ULID only when asked, and no
-- comparison of a ulid with a time, a uuid or a bytea resolves through them.
CREATE FUNCTION ulid_to_timestamp(id ulid) RETURNS timestamp
    AS 'MODULE_PATHNAME', 'sql_ulid_to_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_timestamp(ulid) IS
    'the ULID''s millisecond as a timestamp in UTC (the cast ulid::timestamp, as pgx_ulid''s)';
CREATE FUNCTION timestamp_to_ulid(ts timestamp) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_timestamp_to_ulid'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION timestamp_to_ulid(timestamp) IS
    'smallest ULID of that millisecond, the timestamp read as UTC (the cast timestamp::ulid, as pgx_ulid''s)';
CREATE FUNCTION bytea_to_ulid(bytes bytea) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_bytea_to_ulid'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bytea_to_ulid(bytea) IS 'the ULID of 16 big-endian bytes (the cast bytea::ulid)';
CREATE CAST (ulid AS timestamp) WITH FUNCTION ulid_to_timestamp(ulid);
CREATE CAST (timestamp AS ulid) WITH FUNCTION timestamp_to_ulid(timestamp);
CREATE CAST (timestamptz AS ulid) WITH FUNCTION ulid_from_time(timestamptz);
CREATE CAST (ulid AS bytea) WITH FUNCTION ulid_send(ulid);
CREATE CAST (bytea AS ulid) WITH FUNCTION bytea_to_ulid(bytea);

------------------------------------------------------------------------------
-- BRIN for ulid, ksuid and objectid, as core uuid has it: minmax (the
-- default), and from PostgreSQL 14 minmax-multi and bloom. The support
-- functions are PostgreSQL's own; minmax-multi's distance is uuid's for ulid
-- (the same bytes in the same order) and idgen's for the other two.

-- Made on every major (they need nothing of 14's), used from 14 on.
CREATE FUNCTION brin_minmax_multi_distance_ksuid(internal, internal) RETURNS float8
    AS 'MODULE_PATHNAME', 'sql_ksuid_brin_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION brin_minmax_multi_distance_objectid(internal, internal) RETURNS float8
    AS 'MODULE_PATHNAME', 'sql_objectid_brin_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- One block for the three types, the 14-only classes skipped on 13 (whose
-- catalog lacks their support functions): the search_path pinned for the
-- block and every name qualified, idgen's own by its schema.
DO $brin$
DECLARE
    caller_path text := pg_catalog.current_setting('search_path');
    ext name := (SELECT n.nspname FROM pg_catalog.pg_extension e
                   JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    from_14 boolean := pg_catalog.current_setting('server_version_num')::pg_catalog.int4 >= 140000;
    t record;
BEGIN
    PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
    FOR t IN SELECT * FROM (VALUES
                ('ulid', 'pg_catalog', 'brin_minmax_multi_distance_uuid'),
                ('ksuid', ext, 'brin_minmax_multi_distance_ksuid'),
                ('objectid', ext, 'brin_minmax_multi_distance_objectid'))
                AS v(type, distance_schema, distance) LOOP
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I DEFAULT FOR TYPE %1$I.%2$I USING brin AS '
            'OPERATOR 1 %1$I.<, OPERATOR 2 %1$I.<=, OPERATOR 3 %1$I.=, OPERATOR 4 %1$I.>=, OPERATOR 5 %1$I.>, '
            'FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal), '
            'FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal), '
            'FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal), '
            'FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal)',
            ext, t.type, t.type || '_minmax_ops');
        CONTINUE WHEN NOT from_14;
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I FOR TYPE %1$I.%2$I USING brin AS '
            'OPERATOR 1 %1$I.<, OPERATOR 2 %1$I.<=, OPERATOR 3 %1$I.=, OPERATOR 4 %1$I.>=, OPERATOR 5 %1$I.>, '
            'FUNCTION 1 pg_catalog.brin_minmax_multi_opcinfo(internal), '
            'FUNCTION 2 pg_catalog.brin_minmax_multi_add_value(internal, internal, internal, internal), '
            'FUNCTION 3 pg_catalog.brin_minmax_multi_consistent(internal, internal, internal, int4), '
            'FUNCTION 4 pg_catalog.brin_minmax_multi_union(internal, internal, internal), '
            'FUNCTION 5 pg_catalog.brin_minmax_multi_options(internal), '
            'FUNCTION 11 %4$I.%5$I(internal, internal)',
            ext, t.type, t.type || '_minmax_multi_ops', t.distance_schema, t.distance);
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I FOR TYPE %1$I.%2$I USING brin AS '
            'OPERATOR 1 %1$I.=, '
            'FUNCTION 1 pg_catalog.brin_bloom_opcinfo(internal), '
            'FUNCTION 2 pg_catalog.brin_bloom_add_value(internal, internal, internal, internal), '
            'FUNCTION 3 pg_catalog.brin_bloom_consistent(internal, internal, internal, int4), '
            'FUNCTION 4 pg_catalog.brin_bloom_union(internal, internal, internal), '
            'FUNCTION 5 pg_catalog.brin_bloom_options(internal), '
            'FUNCTION 11 %1$I.%4$I(%1$I.%2$I)',
            ext, t.type, t.type || '_bloom_ops', t.type || '_hash');
    END LOOP;
    PERFORM pg_catalog.set_config('search_path', caller_path, true);
END
$brin$;

-- idgen.node_id has no default any more: idgen_status shows it on
-- snowflake_id's row, and where it was set ('default': unset, and
-- snowflake_id() refuses to run).
CREATE OR REPLACE VIEW idgen_status AS
    SELECT s.*,
           CASE WHEN s.generator = 'snowflake_id' THEN nullif(n.setting, '-1')::int END AS node_id,
           CASE WHEN s.generator = 'snowflake_id' THEN n.source END AS node_id_source
    FROM idgen_status() AS s
    LEFT JOIN pg_catalog.pg_settings AS n ON n.name = 'idgen.node_id';
COMMENT ON VIEW idgen_status IS 'the shared generators: last millisecond, lead over the clock, counters, reservation, node id';

-- The shared generators' reservation: a server without one (new, or its
-- reservation file lost) hands out no shared ID until this starts them from
-- the clock; a server that has one keeps it. CREATE EXTENSION runs it.
CREATE FUNCTION idgen_reservation_init() RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_reservation_init'
    LANGUAGE C VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION idgen_reservation_init() FROM PUBLIC;
COMMENT ON FUNCTION idgen_reservation_init() IS
    'starts the shared generators from the clock on a server without a reservation (superuser)';
SELECT idgen_reservation_init();
