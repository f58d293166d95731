------------------------------------------------------------------------------
-- An update from 0.6.1 or earlier, whose generators drew under an advisory
-- lock (_idgen_advance says why no longer). A call of those functions that
-- began before this run commits ends under that lock alone, beside calls of
-- the new functions under theirs: either could setval its state to the
-- clock's value while the other draws it with nextval. So every state's
-- advisory lock is taken here and held to the commit (calls of the old
-- functions in progress end first; later ones wait for the commit), and
-- every state moves past the promotion margin above the clock, as at a
-- promotion: an old call after the commit finds its state above the clock
-- it read, and so do new ones for the margin: both only draw with nextval,
-- which is atomic with every other draw.
DO $update$
DECLARE
    seq regclass;
    holder text;
BEGIN
    IF NOT pg_catalog.current_setting('idgen_sql_install.advisory_draws')::pg_catalog.bool THEN
        RETURN;
    END IF;
    -- a session that holds one (any role could take it) is named, not waited for
    IF pg_catalog.current_setting('lock_timeout') = '0' THEN
        PERFORM pg_catalog.set_config('lock_timeout', '1min', true);
    END IF;
    FOR seq IN SELECT c.oid FROM pg_catalog.pg_class c
                  WHERE c.relnamespace = pg_catalog.current_schema()::pg_catalog.regnamespace AND c.relkind = 'S'
                  ORDER BY c.oid LOOP
        BEGIN
            PERFORM pg_catalog.pg_advisory_xact_lock(1768187749, seq::pg_catalog.oid::pg_catalog.int4);
        EXCEPTION WHEN lock_not_available THEN
            SELECT pg_catalog.string_agg(pg_catalog.format('%s (role %s)', l.pid, a.usename), ', ') INTO holder
              FROM pg_catalog.pg_locks l LEFT JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid
             WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 1768187749
               AND l.objid = seq::pg_catalog.oid AND l.objsubid = 2;
            RAISE EXCEPTION 'the update cannot take the lock that the generators it replaces take on %.%',
                  pg_catalog.quote_ident(pg_catalog.current_schema()), seq
                USING ERRCODE = 'lock_not_available',
                      DETAIL = pg_catalog.format('Held by session %s for longer than lock_timeout (%s): the update '
                                                 'lets every call of the old generators end first.',
                                                 COALESCE(holder, '(gone)'), pg_catalog.current_setting('lock_timeout')),
                      HINT = 'End that session (or have it call pg_advisory_unlock_all()), then run the file again.';
        END;
    END LOOP;
    PERFORM _idgen_move_states((SELECT n.promotion_margin_ms FROM _idgen_node n));
END
$update$;
