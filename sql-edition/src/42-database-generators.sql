------------------------------------------------------------------------------
-- Generators of the whole database: snowflake_id(), next_shard_id(shard),
-- ulid_monotonic(). Each keeps its last (millisecond, sequence) in a
-- sequence of this schema. A sequence is the one object SQL has that every
-- session sees at once and that a rollback never takes back; nextval is
-- atomic, and a crash never brings back a value a committed transaction
-- used. Only catching up with the clock needs setval, which is not atomic
-- with nextval: a lock only this file's owner may take, held for that call
-- only, orders the two (_idgen_advance). The generators run as this file's
-- owner (SECURITY DEFINER), the only role that may move the sequences.

CREATE SEQUENCE IF NOT EXISTS _idgen_snowflake_state AS bigint;
CREATE SEQUENCE IF NOT EXISTS _idgen_ulid_state AS bigint;
REVOKE ALL ON SEQUENCE _idgen_snowflake_state, _idgen_ulid_state FROM PUBLIC;

-- next_shard_id(shard) counts per shard, in 256 sequences (lanes): shard k
-- in lane k % 256. Shards of different lanes number their IDs 0, 1, 2, ...
-- within a millisecond each; shards of one lane (k and k + 256) share its
-- 1,024 a millisecond, and their IDs differ in the shard field as well.
-- Why not a sequence per shard: 8,192 relations in every database, or made
-- on a shard's first use, in the caller's transaction: a rollback would
-- drop the sequence but not the IDs drawn from it, which a new sequence
-- could hand out again, and every session's first use of a shard would wait
-- for that transaction. Why not a table of (shard, last value): a row
-- lock is held to the end of the transaction (every insert of a shard
-- would wait for the others' commits), and a rollback gives the value back
-- although the ID may have reached a client. Only sequences are never
-- taken back; the lanes are made here, never while IDs are handed out.
DO $lanes$
DECLARE
    schema text := pg_catalog.quote_ident(pg_catalog.current_schema());
    old bigint;
BEGIN
    -- 0.4.0 counted every shard in one sequence: each lane starts above it
    IF pg_catalog.to_regclass(schema || '._idgen_shard_state') IS NOT NULL THEN
        EXECUTE pg_catalog.format('SELECT last_value FROM %s._idgen_shard_state', schema) INTO old;
    END IF;
    FOR lane IN 0..255 LOOP
        EXECUTE pg_catalog.format('CREATE SEQUENCE IF NOT EXISTS %s._idgen_shard_lane_%s AS bigint', schema, lane);
        EXECUTE pg_catalog.format('REVOKE ALL ON SEQUENCE %s._idgen_shard_lane_%s FROM PUBLIC', schema, lane);
        IF old IS NOT NULL THEN
            PERFORM pg_catalog.setval(pg_catalog.format('%s._idgen_shard_lane_%s', schema, lane)::pg_catalog.regclass, old);
        END IF;
    END LOOP;
    EXECUTE pg_catalog.format('DROP SEQUENCE IF EXISTS %s._idgen_shard_state', schema);
END
$lanes$;

-- ulid_monotonic()'s first 80 bits of a millisecond are a keyed hash of it:
-- every session computes the same start without sharing it, nobody without
-- the key predicts it. Only the owner reads the key.
CREATE TABLE IF NOT EXISTS _idgen_key (key bytea NOT NULL);
REVOKE ALL ON TABLE _idgen_key FROM PUBLIC;
-- made here, and on each Citus worker by idgen_cluster_sync(): a key of its own
CREATE OR REPLACE FUNCTION _idgen_key_init() RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    INSERT INTO _idgen_key SELECT pg_catalog.decode(_idgen_random_hex() || _idgen_random_hex(), 'hex')
     WHERE NOT EXISTS (SELECT 1 FROM _idgen_key);
END $$;
DO $init$ BEGIN PERFORM _idgen_key_init(); END $init$;

-- The server the generators' state is on. Its timeline is the one WAL is
-- written on, from the current WAL file's name: pg_control_checkpoint()'s
-- is the last checkpoint's, which after a promotion stays the old one until
-- the first checkpoint on the new timeline ends (a spread checkpoint:
-- minutes), while IDs are handed out. NULL where this role may not call
-- them (PUBLIC may in core PostgreSQL 13 to 19; a service may revoke it).
CREATE OR REPLACE FUNCTION _idgen_timeline() RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    IF NOT pg_catalog.has_function_privilege('pg_catalog.pg_current_wal_lsn()', 'EXECUTE')
       OR NOT pg_catalog.has_function_privilege('pg_catalog.pg_walfile_name(pg_catalog.pg_lsn)', 'EXECUTE') THEN
        RETURN NULL;
    END IF;
    RETURN ('x' || pg_catalog.left(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_lsn()), 8))::pg_catalog.bit(32)::pg_catalog.int8;
END $$;

CREATE OR REPLACE FUNCTION _idgen_system_identifier() RETURNS bigint
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT CASE WHEN pg_catalog.has_function_privilege('pg_catalog.pg_control_system()', 'EXECUTE')
                THEN (pg_catalog.pg_control_system()).system_identifier END
$$;

-- What decides which IDs this database hands out, kept by the edition's
-- owner where no session, role setting or connection option reaches it,
-- replicated and dumped with the database: the node id of snowflake_id()
-- (idgen_set_node_id), the server (timeline, system identifier) the
-- generators' state was made on, and how far past their last millisecond
-- they move when that server changes (idgen.promotion_margin of the C
-- extension: 1 minute; the owner may UPDATE it, 0 to 2147483647 ms).
CREATE TABLE IF NOT EXISTS _idgen_node (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    node_id int CHECK (node_id BETWEEN 0 AND 1023),
    promotion_margin_ms int NOT NULL DEFAULT 60000 CHECK (promotion_margin_ms >= 0),
    timeline_id bigint,
    system_identifier bigint,
    moved_at timestamptz
);
REVOKE ALL ON TABLE _idgen_node FROM PUBLIC;
-- made here, and on each Citus worker by idgen_cluster_sync(): its own server
CREATE OR REPLACE FUNCTION _idgen_node_init() RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    INSERT INTO _idgen_node (timeline_id, system_identifier)
    SELECT _idgen_timeline(), _idgen_system_identifier() WHERE NOT EXISTS (SELECT 1 FROM _idgen_node);
END $$;
DO $init$ BEGIN PERFORM _idgen_node_init(); END $init$;

-- 0.4.0 read the node id from a setting, made with ALTER DATABASE ... SET
-- idgen.node_id: while the table has none, it takes the database's (not a
-- role's or this session's). Once set, a run of this file keeps it.
DO $node$
DECLARE
    t text;
BEGIN
    SELECT pg_catalog.substr(c, 15) INTO t
      FROM pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) c
     WHERE s.setrole = 0 AND c LIKE 'idgen.node\_id=%'
       AND s.setdatabase = (SELECT oid FROM pg_catalog.pg_database WHERE datname = pg_catalog.current_database());
    IF t IS NULL OR t = '-1' OR (SELECT node_id IS NOT NULL FROM _idgen_node) THEN
        RETURN;
    END IF;
    IF t !~ '^\s*[0-9]{1,4}\s*$' OR t::pg_catalog.int4 >= 1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4 THEN
        RAISE WARNING 'the setting idgen.node_id of database % is not a node id: "%"', pg_catalog.current_database(), t
            USING DETAIL = pg_catalog.format('Valid node ids are 0 to %s. snowflake_id() refuses to run until one is set.',
                                             (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1),
                  HINT = 'Set it with SELECT idgen_set_node_id(...);';
        RETURN;
    END IF;
    UPDATE _idgen_node SET node_id = t::pg_catalog.int4;
    RAISE WARNING 'node id % of database %''s setting idgen.node_id is now the SQL edition''s', t::pg_catalog.int4, pg_catalog.current_database()
        USING DETAIL = 'The setting is no longer read: no SET, role setting or connection option changes the node id. '
                       'idgen_set_node_id() changes it.',
              HINT = pg_catalog.format('Remove the setting when convenient: ALTER DATABASE %I RESET idgen.node_id;', pg_catalog.current_database());
END
$node$;

-- The schema this file was run in, for the code it makes and its messages.
CREATE OR REPLACE FUNCTION _idgen_schema() RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT c.relnamespace::pg_catalog.regnamespace::pg_catalog.text FROM pg_catalog.pg_class c
     WHERE c.oid OPERATOR(pg_catalog.=) '_idgen_node'::pg_catalog.regclass::pg_catalog.oid
$$;

-- Moves a generator's state past `margin_units` above both its last unit
-- and now_units (`bits`: the width of its sequence field), under the
-- draws' lock (_idgen_advance), let go at once as there.
CREATE OR REPLACE FUNCTION _idgen_move_past(state regclass, bits int, now_units bigint, margin_units bigint) RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    LOCK TABLE _idgen_node IN SHARE UPDATE EXCLUSIVE MODE;
    PERFORM pg_catalog.setval(state, (GREATEST(pg_catalog.nextval(state) >> bits, now_units) + margin_units) << bits, false);
    RAISE SQLSTATE 'IDG02';
EXCEPTION WHEN SQLSTATE 'IDG02' THEN
    NULL;
END $$;

-- Moves a generator's state past `margin_ms` above both its last
-- millisecond and the clock (`bits`: the width of its sequence field).
CREATE OR REPLACE FUNCTION _idgen_move_state(state regclass, bits int, margin_ms bigint, unit_ms int DEFAULT 1) RETURNS void
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    -- the state counts units of unit_ms (Sonyflake's are 10 ms): the margin is rounded up
    SELECT _idgen_move_past(state, bits, _idgen_floor_div(_idgen_unix_us(pg_catalog.clock_timestamp()), 1000 * unit_ms),
                            (margin_ms + unit_ms - 1) / unit_ms)
$$;

-- Every database-wide generator's state past `margin_ms` above both its
-- last millisecond and the clock.
CREATE OR REPLACE FUNCTION _idgen_move_states(margin_ms bigint) RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    PERFORM _idgen_move_state('_idgen_snowflake_state', 12, margin_ms);
    PERFORM _idgen_move_state('_idgen_ulid_state', 16, margin_ms);
    PERFORM _idgen_move_state('_idgen_tsid_state', 12, margin_ms);
    PERFORM _idgen_move_state('_idgen_sonyflake_state', 8, margin_ms, 10);
    FOR lane IN 0..255 LOOP
        PERFORM _idgen_move_state(('_idgen_shard_lane_' || lane)::pg_catalog.regclass, 10, margin_ms);
    END LOOP;
    PERFORM _idgen_move_layout_states(margin_ms);  -- layout_id()'s, each from its epoch
END $$;

-- Before a session's first draw from a generator's state (_idgen_advance):
-- is the state still on the server it was made on? A promoted replica, a
-- point-in-time recovery (a new timeline) and a restore into another
-- cluster (another system identifier) hold a copy of the state that may be
-- behind IDs the original handed out after the copy. Then, before any ID,
-- every database-wide generator moves past promotion_margin_ms above both
-- its last millisecond and this server's clock, and the server is recorded:
-- once, since sessions that notice together wait on the row for the first
-- (a REPEATABLE READ one is refused, 40001, and may retry). A server that
-- does not say its timeline is refused rather than guessed at.
CREATE OR REPLACE FUNCTION _idgen_check_server() RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    tl bigint;
    sysid bigint;
    r record;
BEGIN
    IF pg_catalog.pg_is_in_recovery() THEN
        RETURN;  -- a standby hands out nothing (nextval refuses); its first draw after a promotion checks
    END IF;
    tl := _idgen_timeline();
    IF tl IS NULL THEN
        RAISE EXCEPTION 'the idgen SQL edition cannot tell which timeline this server is on'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = pg_catalog.format('Role %I may not call pg_walfile_name(pg_current_wal_lsn()): after a promotion or a '
                                             'point-in-time recovery, snowflake_id(), next_shard_id(shard) and ulid_monotonic() '
                                             'could hand out IDs the old server handed out.', pg_catalog.current_user()),
                  HINT = pg_catalog.format('Have an administrator GRANT EXECUTE ON FUNCTION pg_catalog.pg_current_wal_lsn(), '
                                           'pg_catalog.pg_walfile_name(pg_lsn) TO %I;', pg_catalog.current_user());
    END IF;
    sysid := _idgen_system_identifier();
    SELECT * INTO r FROM _idgen_node;
    IF r.timeline_id = tl AND r.system_identifier IS NOT DISTINCT FROM sysid THEN
        RETURN;
    END IF;
    SELECT * INTO r FROM _idgen_node FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'the idgen SQL edition''s table %._idgen_node is empty', _idgen_schema()
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Run sql-edition/idgen.sql again, then set the node id with idgen_set_node_id().';
    ELSIF r.timeline_id = tl AND r.system_identifier IS NOT DISTINCT FROM sysid THEN
        RETURN;  -- another session moved the generators and recorded this server
    END IF;
    PERFORM _idgen_move_states(r.promotion_margin_ms);
    UPDATE _idgen_node SET timeline_id = tl, system_identifier = sysid, moved_at = pg_catalog.clock_timestamp();
    RAISE LOG 'idgen SQL edition: generators moved % ms past their last millisecond and the clock: timeline % (was %), system identifier % (was %)',
              r.promotion_margin_ms, tl, r.timeline_id, sysid, r.system_identifier;
END $$;

-- 0.6.1 and earlier drew under an advisory lock: an update from one of them
-- lets the calls of its functions still running end first (86-*.sql).
DO $advisory$
BEGIN
    PERFORM pg_catalog.set_config('idgen_sql_install.advisory_draws',
        COALESCE((SELECT p.prosrc LIKE '%pg_advisory_lock%' FROM pg_catalog.pg_proc p
                   WHERE p.oid = pg_catalog.to_regprocedure(pg_catalog.quote_ident(pg_catalog.current_schema())
                                                            || '._idgen_advance(regclass, bigint)')), false)::pg_catalog.text, true);
END
$advisory$;

-- The state's next value, at least `floor` (the clock's): never a value it
-- gave before, whatever the clock does. Every call takes the draws' lock: a
-- nextval outside it could take a value that a setval inside then gives
-- again. The lock is SHARE UPDATE EXCLUSIVE on _idgen_node, which only this
-- file's owner may lock: 0.6.1 took an advisory lock, which every role may
-- take too, and hold to stop every generator. The modes another role can
-- get on the table without a grant, while PostgreSQL looks at a statement
-- it will refuse (ROW SHARE for a FOR UPDATE, ROW EXCLUSIVE for a write,
-- ACCESS SHARE from pg_relation_size, held to the end of its transaction),
-- do not conflict with it; its own mode does (one draw at a time), and no
-- table-wide write or row lock of the owner's takes it. (What PostgreSQL
-- lets any role do to any relation it may name remains: queue behind such
-- a lock a stronger one that is refused only once granted, and hold up
-- every lock after it: docs/managed-services.md, Other roles.) It is taken
-- in the block's subtransaction, which the RAISE rolls back: that lets it
-- go at once (nextval and setval are never rolled back), where a lock held
-- to the end of the caller's transaction would make every inserting
-- transaction wait for the others' commits.
-- A session's first draw from a state checks the server first
-- (_idgen_check_server); currval(), defined by that draw, marks the later
-- ones. Once is enough: a session that can draw is on a primary, and a
-- primary's timeline and system identifier never change under its sessions
-- (a promotion changes them under sessions of a standby, which could not
-- draw; a restore or a clone starts a server with none). Only this file's
-- owner can define currval() of the state: a session cannot skip the check.
CREATE OR REPLACE FUNCTION _idgen_advance(state regclass, floor bigint) RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    v bigint;
    checked boolean := false;
BEGIN
    LOOP
        BEGIN
            LOCK TABLE _idgen_node IN SHARE UPDATE EXCLUSIVE MODE;
            IF NOT checked THEN
                PERFORM pg_catalog.currval(state);  -- 55000 before this session's first draw
                checked := true;
            END IF;
            v := pg_catalog.nextval(state);
            IF v < floor THEN
                v := pg_catalog.setval(state, floor);
            END IF;
            RAISE SQLSTATE 'IDG02';  -- lets the lock go, keeps v
        EXCEPTION WHEN SQLSTATE 'IDG02' THEN
            RETURN v;
        WHEN object_not_in_prerequisite_state THEN
            IF checked THEN
                RAISE;
            END IF;
            -- the first draw: the check may wait for another session's move,
            -- so not under the lock, which that session may need again
            PERFORM _idgen_check_server();
            checked := true;
        WHEN read_only_sql_transaction THEN
            -- a standby or a read-only transaction: nextval's own refusal,
            -- not one of a LOCK TABLE the caller never wrote
            PERFORM pg_catalog.nextval(state);
            RAISE;
        END;
    END LOOP;
END $$;

-- How far a database-wide generator may run ahead of the clock:
-- idgen.max_clock_lead as the C edition reads it (a number of ms, or with a
-- unit: us, ms, s, min, h, d; 0 to 100 years), 10 minutes when unset. Read
-- only when a generator is ahead; a bad value is refused, not replaced.
CREATE OR REPLACE FUNCTION _idgen_check_lead(last_ms bigint, now_ms bigint, fn text) RETURNS void
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    -- in an owner's function another role runs (SECURITY DEFINER: layout_id(),
    -- a granted layout_resume_after), the limit is the database's (ALTER
    -- DATABASE ... SET, or ALTER ROLE ALL ... SET) or the configuration
    -- file's, never one that role SET (or passed): else it could move the
    -- owner's layout a century ahead (attack7 E7). pg_db_role_setting, as
    -- pg_settings lists no placeholder (the edition's server, without the
    -- C extension: attack8 E7L).
    t text := CASE WHEN SESSION_USER = CURRENT_USER
                   THEN NULLIF(pg_catalog.current_setting('idgen.max_clock_lead', true), '')
                   ELSE COALESCE(
                       (SELECT pg_catalog.substr(c, pg_catalog.length('idgen.max_clock_lead=') + 1)
                          FROM pg_catalog.pg_db_role_setting AS d, pg_catalog.unnest(d.setconfig) AS c
                         WHERE d.setrole = 0 AND c LIKE 'idgen.max\_clock\_lead=%'
                           AND d.setdatabase IN (0, (SELECT oid FROM pg_catalog.pg_database
                                                      WHERE datname = pg_catalog.current_database()))
                         ORDER BY d.setdatabase DESC LIMIT 1),
                       (SELECT NULLIF(pg_catalog.current_setting('idgen.max_clock_lead', true), '')
                          FROM pg_catalog.pg_settings
                         WHERE name = 'idgen.max_clock_lead' AND source IN ('default', 'configuration file')))
               END;
    m text[] := pg_catalog.regexp_match(t, '^\s*([0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})\s*(us|ms|s|min|h|d)?\s*$');
    lead numeric;
    lead_ms bigint := 600000;
BEGIN
    IF t IS NOT NULL THEN
        lead := m[1]::pg_catalog.numeric * CASE m[2] WHEN 'us' THEN 0.001 WHEN 's' THEN 1000 WHEN 'min' THEN 60000
                                                     WHEN 'h' THEN 3600000 WHEN 'd' THEN 86400000 ELSE 1 END;
        IF lead IS NULL OR lead > 3162240000000 THEN
            RAISE EXCEPTION 'invalid value for parameter "%": "%"', 'idgen.max_clock_lead', t
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Valid values are durations from 0 to 3162240000000 ms (100 years).',
                      HINT = 'idgen does not run on a default in place of a setting that decides which IDs this server hands out.';
        END IF;
        lead_ms := pg_catalog.trunc(lead);
    END IF;
    IF last_ms - now_ms > lead_ms THEN
        RAISE EXCEPTION '% would run % ms ahead of the system clock', fn, last_ms - now_ms
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = pg_catalog.format('The generator''s last millisecond is ahead of the clock (the clock was set back, '
                                             'or IDs were drawn faster than the layout holds), and idgen.max_clock_lead allows %s ms.', lead_ms),
                  HINT = 'If the clock is right now, raise the limit past the lead: ALTER DATABASE ... SET idgen.max_clock_lead = ''1d''; '
                         'the generators go on above their last ID until the clock catches up. Else correct the clock.';
    END IF;
END $$;

-- snowflake_id() without a node id, and why no setting gives it one.
CREATE OR REPLACE FUNCTION _idgen_refuse_node(fn text, ids text) RETURNS void
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    t text := NULLIF(NULLIF(pg_catalog.current_setting('idgen.node_id', true), ''), '-1');
BEGIN
    RAISE EXCEPTION '% needs idgen.node_id to be set', fn
        USING ERRCODE = 'object_not_in_prerequisite_state',
              DETAIL = pg_catalog.format('Every server that generates %s needs its own node id (0 to %s); '
                                         'with a default, two servers would hand out the same IDs.', ids,
                                         (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1)
                       || CASE WHEN t IS NULL THEN ''
                               ELSE pg_catalog.format(' The SQL edition does not read the setting idgen.node_id (%s here): '
                                                      'it keeps the node id in its schema, where no session can change it.', t) END,
              HINT = pg_catalog.format('Have the SQL edition''s owner run SELECT %s.idgen_set_node_id(1); with a number '
                                       'no other server or database uses.', _idgen_schema());
END $$;

-- snowflake_id() is made with the node id in its code: read in no table
-- and no setting at each call, changed by idgen_set_node_id() only. Its
-- layout's facts are made in with it, from the family's row.
CREATE OR REPLACE FUNCTION _idgen_define_snowflake_id() RETURNS void
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $define$
DECLARE
    f jsonb := _idgen_family_snowflake();
    -- a Citus worker refuses DDL of a function Citus copies to it unless it
    -- is made there only (idgen_set_node_id() run on a worker)
    on_worker boolean := COALESCE((_idgen_cluster_group()).groupid <> 0, false);
    propagation text := pg_catalog.current_setting('citus.enable_ddl_propagation', true);
BEGIN
    IF on_worker THEN
        PERFORM pg_catalog.set_config('citus.enable_ddl_propagation', 'off', true);
    END IF;
    EXECUTE pg_catalog.format($sql$
CREATE OR REPLACE FUNCTION %1$s.snowflake_id() RETURNS bigint
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, %1$s, pg_temp AS $$
DECLARE
    node bigint := %2$s;  -- _idgen_node.node_id, made in by idgen_set_node_id(); on Citus read at each call
    t text := pg_catalog.current_setting('idgen.snowflake_epoch', true);
    epoch bigint;
    now_ts timestamptz := pg_catalog.clock_timestamp();
    now_ms bigint := (pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                      + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8) / 1000;
    v bigint;
BEGIN
    IF node IS NULL THEN
        node := _idgen_node_id('snowflake_id', 'Snowflakes');
    END IF;
    epoch := CASE WHEN t IS NULL OR t = '' THEN %3$s
                  WHEN t ~ '^[0-9]{1,13}$' AND t::pg_catalog.int8 <= %4$s THEN t::pg_catalog.int8
                  ELSE _idgen_setting('idgen.snowflake_epoch', %3$s, %4$s) END;
    v := _idgen_advance('_idgen_snowflake_state', now_ms << %5$s);
    IF (v >> %5$s) > now_ms THEN
        PERFORM _idgen_check_lead(v >> %5$s, now_ms, 'snowflake_id');
    END IF;
    IF (v >> %5$s) < epoch OR (v >> %5$s) > epoch + %6$s THEN
        PERFORM _idgen_raise_time(v >> %5$s, epoch, epoch + %6$s, 'snowflake_id');
    END IF;
    RETURN (((v >> %5$s) - epoch) << %7$s) | (node << %5$s) | (v & %8$s);
END $$ $sql$, _idgen_schema(),
        -- Citus copies this function to every node: a node id made in would be the coordinator's everywhere
        CASE WHEN (_idgen_cluster_group()).groupid IS NULL
             THEN COALESCE((SELECT node_id FROM _idgen_node)::pg_catalog.text, 'NULL') ELSE 'NULL' END,
        f ->> 'default_epoch_ms', _idgen_max_epoch_ms(), f ->> 'seq_bits', f ->> 'max_time_ms',
        (f ->> 'mid_bits')::pg_catalog.int4 + (f ->> 'seq_bits')::pg_catalog.int4,
        (1 << (f ->> 'seq_bits')::pg_catalog.int4) - 1);
    IF on_worker THEN
        PERFORM pg_catalog.set_config('citus.enable_ddl_propagation', propagation, true);
    END IF;
END $define$;
DO $define$ BEGIN PERFORM _idgen_define_snowflake_id(); END $define$;

-- The node id of the C extension where it is installed in this database too
-- (NULL where it is not, or has none). It is there for the way up
-- (docs/managed-services.md), where the node id moves to it: the two with one
-- node id make the same Snowflakes, so the edition's owner cannot give the
-- edition the C extension's. Read from the setting the C extension reads, and
-- from no function of its schema: this runs as the edition's owner, and
-- another role may create in that schema.
CREATE OR REPLACE FUNCTION _idgen_c_extension_node_id(OUT node_id int, OUT schema_name name)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    setting text;
BEGIN
    SELECT n.nspname INTO schema_name FROM pg_catalog.pg_extension e
        JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
        WHERE e.extname OPERATOR(pg_catalog.=) 'idgen';
    IF schema_name IS NULL THEN
        RETURN;
    END IF;
    setting := pg_catalog.current_setting('idgen.node_id', true);
    IF setting OPERATOR(pg_catalog.~) '^[0-9]{1,4}$' THEN
        node_id := setting::pg_catalog.int4;
    END IF;
END $$;

SELECT pg_catalog.to_regprocedure(pg_catalog.quote_ident(pg_catalog.current_schema()) || '.idgen_set_node_id(int)') IS NULL
       AS idgen_sql_new_setter
\gset
-- The node id of snowflake_id(), 0 to 1023, for the edition's owner and the
-- roles it grants EXECUTE: kept in _idgen_node (see there), where a
-- session's SET idgen.node_id, a role's or the database's setting and a
-- connection option do not reach. They are ignored rather than refused: a
-- refusal would stop every insert of a database that still carries 0.4.0's
-- setting (which its owner may not be allowed to remove) or of a client
-- that still passes it, while the node id in use is the right one.
CREATE OR REPLACE FUNCTION idgen_set_node_id(node int) RETURNS int
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    c_node int;
    c_schema name;
BEGIN
    IF node IS NULL OR node < 0 OR node >= 1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4 THEN
        RAISE EXCEPTION 'node id % is out of range for idgen_set_node_id', COALESCE(node::pg_catalog.text, 'NULL')
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Valid node ids are 0 to %s: the node field of a Snowflake has %s bits.',
                                             (1 << (_idgen_family_snowflake() ->> 'mid_bits')::pg_catalog.int4) - 1,
                                             _idgen_family_snowflake() ->> 'mid_bits');
    END IF;
    SELECT c.node_id, c.schema_name INTO c_node, c_schema FROM _idgen_c_extension_node_id() c;
    IF c_node OPERATOR(pg_catalog.=) node THEN
        RAISE EXCEPTION 'node id % is the C extension''s in this database', node
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('idgen, the C extension (schema %s), makes Snowflakes with node id %s here: '
                                             'with one node id the two editions make the same IDs.', c_schema, node),
                  HINT = 'Give the SQL edition another node id, or move up to the C extension alone '
                         '(docs/managed-services.md, "Moving up to the C extension").';
    END IF;
    UPDATE _idgen_node SET node_id = node;
    PERFORM _idgen_define_snowflake_id();
    RETURN node;
END $$;
-- made now: nobody else may call it (a later run keeps the owner's grants)
\if :idgen_sql_new_setter
REVOKE EXECUTE ON FUNCTION idgen_set_node_id(int) FROM PUBLIC;
\endif
\unset idgen_sql_new_setter

-- next_shard_id(shard)'s refusal of a shard outside its field.
CREATE OR REPLACE FUNCTION _idgen_refuse_shard(shard int) RETURNS void
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'shard % is out of range for next_shard_id(shard)', shard
        USING ERRCODE = 'numeric_value_out_of_range',
              DETAIL = pg_catalog.format('Valid shards are 0 to %s (%s bits).',
                                         (1 << (_idgen_family_shard() ->> 'mid_bits')::pg_catalog.int4) - 1,
                                         _idgen_family_shard() ->> 'mid_bits');
END $$;

-- Each shard counts in its lane (see _idgen_shard_lane_*), as the C
-- edition counts each shard. The lanes are in its code, an array of their
-- names, which a call indexes (in the expression: a variable would copy
-- it): naming one at each call (text to regclass) cost a tenth of the call.
-- Its layout's facts are made in with it, from the family's row.
DO $define$
DECLARE
    f jsonb := _idgen_family_shard();
BEGIN
    EXECUTE pg_catalog.format($sql$
CREATE OR REPLACE FUNCTION %1$I.next_shard_id(shard int) RETURNS bigint
    LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, %1$I, pg_temp AS $$
DECLARE
    t text := pg_catalog.current_setting('idgen.shard_epoch', true);
    epoch bigint;
    now_ts timestamptz := pg_catalog.clock_timestamp();
    now_ms bigint := (pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                      + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8) / 1000;
    v bigint;
BEGIN
    epoch := CASE WHEN t IS NULL OR t = '' THEN %3$s
                  WHEN t ~ '^[0-9]{1,13}$' AND t::pg_catalog.int8 <= %4$s THEN t::pg_catalog.int8
                  ELSE _idgen_setting('idgen.shard_epoch', %3$s, %4$s) END;
    IF shard < 0 OR shard > %9$s THEN
        PERFORM _idgen_refuse_shard(shard);
    END IF;
    v := _idgen_advance((ARRAY[%2$s])[(shard & 255) + 1], now_ms << %5$s);
    IF (v >> %5$s) > now_ms THEN
        PERFORM _idgen_check_lead(v >> %5$s, now_ms, 'next_shard_id(shard)');
    END IF;
    IF (v >> %5$s) < epoch OR (v >> %5$s) > epoch + %6$s THEN
        PERFORM _idgen_raise_time(v >> %5$s, epoch, epoch + %6$s, 'next_shard_id(shard)');
    END IF;
    RETURN (((v >> %5$s) - epoch) << %7$s) | (shard::pg_catalog.int8 << %5$s) | (v & %8$s);
END $$ $sql$, pg_catalog.current_schema(),
        (SELECT pg_catalog.string_agg(pg_catalog.format('%L::pg_catalog.regclass', '_idgen_shard_lane_' || lane), ', ' ORDER BY lane)
           FROM pg_catalog.generate_series(0, 255) lane),
        f ->> 'default_epoch_ms', _idgen_max_epoch_ms(), f ->> 'seq_bits', f ->> 'max_time_ms',
        (f ->> 'mid_bits')::pg_catalog.int4 + (f ->> 'seq_bits')::pg_catalog.int4,
        (1 << (f ->> 'seq_bits')::pg_catalog.int4) - 1, (1 << (f ->> 'mid_bits')::pg_catalog.int4) - 1);
END
$define$;

-- The spec's monotonic ULIDs for the whole database: within a millisecond
-- each one's random part is the last one's plus one, from a keyed hash of
-- the millisecond (its top bit clear: 65,536 additions never carry out).
CREATE OR REPLACE FUNCTION ulid_monotonic() RETURNS uuid
    LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    now_ts timestamptz := pg_catalog.clock_timestamp();
    now_ms bigint := (pg_catalog.date_part('epoch', pg_catalog.date_trunc('minute', now_ts))::pg_catalog.int8 * 1000000
                      + pg_catalog.date_part('microseconds', now_ts)::pg_catalog.int8) / 1000;
    v bigint := _idgen_advance('_idgen_ulid_state', now_ms << 16);
    start bytea;
    r numeric;
BEGIN
    IF (v >> 16) > now_ms THEN
        PERFORM _idgen_check_lead(v >> 16, now_ms, 'ulid_monotonic');
    END IF;
    start := pg_catalog.sha256((SELECT key FROM _idgen_key LIMIT 1) || pg_catalog.int8send(v >> 16));
    r := ((pg_catalog.get_byte(start, 0) & 127)::pg_catalog.numeric * 256 + pg_catalog.get_byte(start, 1)) * 18446744073709551616
         + ('x' || pg_catalog.encode(pg_catalog.substring(start, 3, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8 * 4294967296::pg_catalog.numeric
         + ('x' || pg_catalog.encode(pg_catalog.substring(start, 7, 4), 'hex'))::pg_catalog.bit(32)::pg_catalog.int8
         + (v & 65535);
    RETURN (pg_catalog.lpad(pg_catalog.to_hex(v >> 16), 12, '0')
            || pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.div(r, 1099511627776)::pg_catalog.int8), 10, '0')
            || pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.mod(r, 1099511627776)::pg_catalog.int8), 10, '0'))::pg_catalog.uuid;
END $$;

