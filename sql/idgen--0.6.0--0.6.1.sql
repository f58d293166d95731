-- idgen 0.6.0 -> 0.6.1: every promise of 0.6.0 kept when someone else
-- tries it (per-key grants, no key in plan dumps, layouts per database, the
-- lead over the clock after restarts), and the call 0.6.0 broke working
-- again.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.1'" to load this file. \quit

------------------------------------------------------------------------------
-- Public IDs per key (0.6.1): the key table's new column and trigger mode,
-- its view, the writers in C, the users of a key as their caller.
ALTER TABLE idgen_key_store ADD COLUMN granted_to regrole[] NOT NULL DEFAULT '{}';
-- In 0.6.0 every role that could call a key-using function used every key:
-- each key kept is granted to PUBLIC, so that no working call breaks. The
-- owner narrows it: idgen_key_revoke(name, 'PUBLIC') and idgen_key_grant.
UPDATE idgen_key_store SET granted_to = ARRAY[0::pg_catalog.oid::pg_catalog.regrole];
ALTER TABLE idgen_key_store ENABLE ALWAYS TRIGGER idgen_key_store_changed;
CREATE OR REPLACE VIEW idgen_keys AS
    SELECT name, created_at,
           ARRAY(SELECT CASE WHEN g OPERATOR(pg_catalog.=) 0 THEN 'PUBLIC' ELSE g::text END
                   FROM pg_catalog.unnest(granted_to) AS g) AS granted_to
      FROM idgen_key_store;
CREATE OR REPLACE FUNCTION idgen_key_import(name text, key bytea) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_import' LANGUAGE C VOLATILE SECURITY DEFINER;
CREATE OR REPLACE FUNCTION idgen_key_create(name text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_create' LANGUAGE C VOLATILE SECURITY DEFINER;
ALTER FUNCTION uuid_v47_encode(uuid, text) SECURITY INVOKER;
ALTER FUNCTION uuid_v47_decode(uuid, text) SECURITY INVOKER;
ALTER FUNCTION uuid_v47_decode_candidates(uuid) SECURITY INVOKER;
ALTER FUNCTION idgen_permute(bigint, text) SECURITY INVOKER;
ALTER FUNCTION idgen_permute(bigint, text, int) SECURITY INVOKER;
ALTER FUNCTION idgen_unpermute(bigint, text) SECURITY INVOKER;
ALTER FUNCTION idgen_unpermute(bigint, text, int) SECURITY INVOKER;
ALTER FUNCTION idgen_unpermute_candidates(bigint) SECURITY INVOKER;
ALTER FUNCTION idgen_unpermute_candidates(bigint, int) SECURITY INVOKER;

-- what idgen_key_import and idgen_key_create write, handed over once (C)
CREATE FUNCTION idgen_key_pending() RETURNS bytea
    AS 'MODULE_PATHNAME', 'sql_idgen_key_pending' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION idgen_key_pending() FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_pending() IS 'idgen_key_import''s and idgen_key_create''s own: the key being written, once';

CREATE FUNCTION idgen_key_grant(key_name text, role text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_grant' LANGUAGE C STRICT VOLATILE SECURITY DEFINER;
REVOKE EXECUTE ON FUNCTION idgen_key_grant(text, text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_grant(text, text) IS
    'lets a role (and its members), or PUBLIC, use the named key in the functions it may call (owner only)';
CREATE FUNCTION idgen_key_revoke(key_name text, role text) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_key_revoke' LANGUAGE C STRICT VOLATILE SECURITY DEFINER;
REVOKE EXECUTE ON FUNCTION idgen_key_revoke(text, text) FROM PUBLIC;
COMMENT ON FUNCTION idgen_key_revoke(text, text) IS 'takes back what idgen_key_grant gave (owner only)';

CREATE FUNCTION uuid_v7_ms() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_ms'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_ms() IS
    'UUIDv7 to the millisecond, rand_a random: its uuidv47 face shows no more than a UUIDv4';

CREATE FUNCTION uuid_v47_faces() RETURNS trigger
    AS 'MODULE_PATHNAME', 'sql_uuid_v47_faces' LANGUAGE C VOLATILE;
REVOKE EXECUTE ON FUNCTION uuid_v47_faces() FROM PUBLIC;
COMMENT ON FUNCTION uuid_v47_faces() IS
    'BEFORE INSERT OR UPDATE row trigger (key, id column, face column): a uuid_v7_ms() and its face at insert, '
    'under a key granted to the table''s owner; neither column changes after';

-- idgen_partition_maintain: a span coarser than the partitions there, which
-- cover only part of it, is refused, naming both spans (0.6.0 skipped it
-- and left the rest of the span with no partition). Its body as in
-- idgen.sql; CREATE OR REPLACE keeps what was granted on it.
CREATE OR REPLACE FUNCTION idgen_partition_maintain(parent regclass, span interval, ahead int DEFAULT 3,
                                         retention interval DEFAULT NULL,
                                         keep_detached boolean DEFAULT false,
                                         prefix text DEFAULT NULL,
                                         as_of timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (action text, partition_name text, time_from timestamptz, time_to timestamptz)
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ext text := (SELECT pg_catalog.quote_ident(n.nspname)
                   FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    strategy "char";
    key_column name;
    key_type oid;
    kind text;            -- the key's type: ulid, ksuid, ... typeid, uuid
    bound_sql text;       -- %L: a time; gives the bound's text
    time_sql text;        -- %L: a bound's text; gives its time
    span_s numeric;       -- the span in seconds; NULL for months
    span_months int;
    name_format text;
    parent_schema name;
    parent_name name;
    first_from timestamp; -- UTC
    t timestamp;
    p record;
    existing jsonb := '[]';
    child text;
    bound_from text;
    bound_to text;
    cutoff timestamptz;
    covered interval;     -- how much of a span the partitions there cover
    part jsonb;           -- the first of them
BEGIN
    IF span IS NULL OR ahead IS NULL OR keep_detached IS NULL OR as_of IS NULL OR parent IS NULL THEN
        RAISE EXCEPTION 'idgen_partition_maintain takes no null but for retention and prefix'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT pt.partstrat, a.attname, a.atttypid INTO strategy, key_column, key_type
      FROM pg_catalog.pg_partitioned_table pt
      LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
     WHERE pt.partrelid = parent AND pt.partnatts = 1;
    IF NOT FOUND OR strategy <> 'r' OR key_column IS NULL THEN
        RAISE EXCEPTION '% is not a table partitioned by range on one column', parent
            USING ERRCODE = 'wrong_object_type',
                  HINT = 'CREATE TABLE ... PARTITION BY RANGE (id), with id of an idgen type.';
    END IF;
    kind := CASE key_type
        WHEN pg_catalog.to_regtype(ext || '.ulid') THEN 'ulid'
        WHEN pg_catalog.to_regtype(ext || '.ksuid') THEN 'ksuid'
        WHEN pg_catalog.to_regtype(ext || '.objectid') THEN 'objectid'
        WHEN pg_catalog.to_regtype(ext || '.xid12') THEN 'xid'
        WHEN pg_catalog.to_regtype(ext || '.scru128') THEN 'scru128'
        WHEN pg_catalog.to_regtype(ext || '.timeflake') THEN 'timeflake'
        WHEN pg_catalog.to_regtype(ext || '.typeid') THEN 'typeid'
        WHEN 'pg_catalog.uuid'::pg_catalog.regtype THEN 'uuid_v7'
    END;
    IF kind IS NULL THEN
        RAISE EXCEPTION 'column "%" of % is of type %, which idgen_partition_maintain does not partition',
                        key_column, parent, pg_catalog.format_type(key_type, NULL)
            USING ERRCODE = 'datatype_mismatch',
                  DETAIL = 'It partitions keys of type ulid, ksuid, objectid, xid12, scru128, timeflake, typeid '
                           'and uuid (version 7); pg_partman partitions text and bigint keys with idgen''s '
                           'encoders and intervals.';
    END IF;
    IF (kind = 'typeid') <> (prefix IS NOT NULL) THEN
        RAISE EXCEPTION '%', CASE WHEN prefix IS NULL THEN pg_catalog.format('a typeid key needs a prefix: %s is partitioned for one prefix at a time', parent)
                                  ELSE pg_catalog.format('prefix %L is for a typeid key, and %s''s is of type %s', prefix, parent, pg_catalog.format_type(key_type, NULL)) END
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF kind = 'typeid' THEN
        EXECUTE pg_catalog.format('SELECT %s.typeid_from_time($1, $2)', ext) USING prefix, as_of;  -- the prefix checked
        bound_sql := pg_catalog.format('SELECT %s.typeid_from_time(%L, %%L)::pg_catalog.text', ext, prefix);
        time_sql := pg_catalog.format('SELECT CASE WHEN %1$s.typeid_prefix(%%1$L::%1$s.typeid) = %2$L '
                                      'THEN %1$s.typeid_timestamp(%%1$L::%1$s.typeid) END', ext, prefix);
    ELSIF kind = 'uuid_v7' THEN
        bound_sql := 'SELECT ' || ext || '.uuid_v7_from_time(%L)::pg_catalog.text';
        time_sql := 'SELECT ' || ext || '.uuid_v7_timestamp(%L::pg_catalog.uuid)';
    ELSE
        bound_sql := pg_catalog.format('SELECT %s.%s_from_time(%%L)::pg_catalog.text', ext, kind);
        time_sql := pg_catalog.format('SELECT %s.%s_timestamp(%%L::%s)', ext, kind,
                                      pg_catalog.format_type(key_type, NULL));
    END IF;

    -- the span: whole months, or whole seconds (days are 24 hours, in UTC)
    span_months := (pg_catalog.date_part('year', span) * 12 + pg_catalog.date_part('month', span))::int;
    IF span_months <> 0 THEN
        IF span_months < 1 OR span <> pg_catalog.make_interval(months => span_months) THEN
            RAISE EXCEPTION 'span % is not a whole number of months or of seconds', span
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        name_format := 'YYYYMM';
    ELSE
        span_months := NULL;
        span_s := pg_catalog.date_part('epoch', span)::numeric;
        IF span_s < 1 OR span_s <> pg_catalog.trunc(span_s) THEN
            RAISE EXCEPTION 'span % is not a whole number of months or of seconds', span
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'A partition covers at least one second.';
        END IF;
        name_format := CASE WHEN span_s % 86400 = 0 THEN 'YYYYMMDD'
                            WHEN span_s % 3600 = 0 THEN 'YYYYMMDD"_"HH24'
                            WHEN span_s % 60 = 0 THEN 'YYYYMMDD"_"HH24MI'
                            ELSE 'YYYYMMDD"_"HH24MISS' END;
    END IF;
    IF ahead < 0 OR ahead > 1000 THEN
        RAISE EXCEPTION 'ahead % is out of range for idgen_partition_maintain', ahead
            USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'It makes 0 to 1000 partitions ahead of as_of''s.';
    END IF;
    IF retention IS NOT NULL AND retention <= interval '0' THEN
        RAISE EXCEPTION 'retention % is not a positive interval', retention
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- one maintainer at a time: a second waits, then sees the first's partitions
    EXECUTE pg_catalog.format('LOCK TABLE %s IN SHARE ROW EXCLUSIVE MODE', parent);
    SELECT n.nspname, c.relname INTO parent_schema, parent_name
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = parent;

    -- the partitions there are, with the times of their bounds (MINVALUE,
    -- MAXVALUE, DEFAULT and other prefixes' have none: left alone)
    FOR p IN
        SELECT c.oid::pg_catalog.regclass AS child,
               pg_catalog.regexp_match(pg_catalog.pg_get_expr(c.relpartbound, c.oid),
                                       '^FOR VALUES FROM \(''([^'']*)''\) TO \(''([^'']*)''\)$') AS bounds
          FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = parent
    LOOP
        CONTINUE WHEN p.bounds IS NULL;
        EXECUTE pg_catalog.format(time_sql, p.bounds[1]) INTO time_from;
        EXECUTE pg_catalog.format(time_sql, p.bounds[2]) INTO time_to;
        CONTINUE WHEN time_from IS NULL OR time_to IS NULL;
        existing := existing || pg_catalog.jsonb_build_object('child', p.child::text, 'from', time_from, 'to', time_to);
    END LOOP;

    -- the partition of as_of, then `ahead` more: each made where none covers its span
    IF span_months IS NOT NULL THEN
        first_from := pg_catalog.make_timestamp(1970, 1, 1, 0, 0, 0)
                      + pg_catalog.make_interval(months => span_months * pg_catalog.floor(
                            ((pg_catalog.date_part('year', as_of AT TIME ZONE 'UTC') - 1970) * 12
                             + pg_catalog.date_part('month', as_of AT TIME ZONE 'UTC') - 1) / span_months)::int);
    ELSE
        first_from := pg_catalog.make_timestamp(1970, 1, 5, 0, 0, 0)
                      + pg_catalog.make_interval(secs => (span_s * pg_catalog.floor(
                            pg_catalog.date_part('epoch', (as_of AT TIME ZONE 'UTC') - pg_catalog.make_timestamp(1970, 1, 5, 0, 0, 0))
                            / span_s))::float8);
    END IF;
    FOR k IN 0 .. ahead LOOP
        t := first_from + span * k;
        time_from := t AT TIME ZONE 'UTC';
        time_to := (t + span) AT TIME ZONE 'UTC';
        -- the partitions there in this span: none (one is made), enough to
        -- cover it (skipped), or part of it, as a span coarser than theirs
        -- finds them: refused, since skipping would leave the rest of the
        -- span without a partition and a partition of it would overlap
        SELECT pg_catalog.sum(LEAST((e->>'to')::timestamptz, time_to) - GREATEST((e->>'from')::timestamptz, time_from)),
               (pg_catalog.array_agg(e ORDER BY (e->>'from')::timestamptz))[1]
          INTO covered, part
          FROM pg_catalog.jsonb_array_elements(existing) e
         WHERE (e->>'from')::timestamptz < time_to AND (e->>'to')::timestamptz > time_from;
        CONTINUE WHEN covered = time_to - time_from;
        IF covered IS NOT NULL THEN
            RAISE EXCEPTION 'span % does not fit the partitions of % there are, of %: it would leave a gap', span, parent,
                            pg_catalog.age(((part->>'to')::timestamptz AT TIME ZONE 'UTC'), ((part->>'from')::timestamptz AT TIME ZONE 'UTC'))
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = pg_catalog.format('The span from %s to %s UTC is covered only in part, by %s (%s to %s UTC): '
                                                 'skipping it leaves the rest without a partition, and a partition of it would overlap.',
                                                 pg_catalog.to_char(t, 'YYYY-MM-DD HH24:MI:SS'),
                                                 pg_catalog.to_char(t + span, 'YYYY-MM-DD HH24:MI:SS'), part->>'child',
                                                 pg_catalog.to_char((part->>'from')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
                                                 pg_catalog.to_char((part->>'to')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
                      HINT = 'Call it with the span of the partitions there; a new span takes over where they end on its grid.';
        END IF;
        child := parent_name || CASE WHEN prefix IS NULL OR prefix = '' THEN '' ELSE '_' || prefix END
                 || '_p' || pg_catalog.to_char(t, name_format);
        IF pg_catalog.octet_length(child) > 63 THEN
            RAISE EXCEPTION 'partition name "%" is too long', child
                USING ERRCODE = 'name_too_long', DETAIL = 'Names are at most 63 bytes: give the table a shorter name.';
        END IF;
        EXECUTE pg_catalog.format(bound_sql, time_from) INTO bound_from;
        EXECUTE pg_catalog.format(bound_sql, time_to) INTO bound_to;
        EXECUTE pg_catalog.format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)',
                                  parent_schema, child, parent, bound_from, bound_to);
        action := 'created';
        partition_name := pg_catalog.format('%I.%I', parent_schema, child)::pg_catalog.regclass::text;
        RETURN NEXT;
    END LOOP;

    -- retention: partitions that ended `retention` or longer before as_of
    IF retention IS NOT NULL THEN
        cutoff := ((as_of AT TIME ZONE 'UTC') - retention) AT TIME ZONE 'UTC';
        FOR p IN
            SELECT e->>'child' AS child, (e->>'from')::timestamptz AS t_from, (e->>'to')::timestamptz AS t_to
              FROM pg_catalog.jsonb_array_elements(existing) e
             WHERE (e->>'to')::timestamptz <= cutoff
             ORDER BY 2
        LOOP
            EXECUTE pg_catalog.format('ALTER TABLE %s DETACH PARTITION %s', parent, p.child);
            action := CASE WHEN keep_detached THEN 'detached' ELSE 'dropped' END;
            partition_name := p.child; time_from := p.t_from; time_to := p.t_to;
            IF NOT keep_detached THEN
                EXECUTE pg_catalog.format('DROP TABLE %s', p.child);
            END IF;
            RETURN NEXT;
        END LOOP;
    END IF;
END $fn$;
------------------------------------------------------------------------------

-- 0.6.1: uuid_v7('2022-02-22 14:22:22-05') works again. Every release before
-- 0.6.0 read that literal as uuid_v7(timestamptz)'s; uuid_v7(shift interval)
-- made it ambiguous (42725). An untyped literal prefers text to both, so this
-- overload takes it and reads it as that literal was read: a time, never an
-- interval (a shift is written uuid_v7(interval '...'), as in 0.6.0).
CREATE OR REPLACE FUNCTION uuid_v7(at text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_text'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7(text) IS
    'uuid_v7(timestamptz) of a time written as text (a literal, as before 0.6.0): uuid_v7(''2022-02-22 14:22:22-05'')';

-- The native types new in 0.6.1 (their rows' since, in the family table):
-- the Makefile writes their SQL in place of the next line.
-- native types new in 0.6.1: idgen-native-types --since 0.6.1
