------------------------------------------------------------------------------
-- What the file keeps from PUBLIC is kept from it on every run, whatever
-- came between two runs:
--   - a restore without privileges (pg_restore --no-privileges, pg_dump
--     -x) brings each function back with no ACL, which is PostgreSQL's
--     default: PUBLIC may execute it. The file's own REVOKEs run again on
--     each run, but for the node id's setter (whose grants its owner keeps)
--     and each key's function (made once, with its key): taken back here,
--     with a warning, the key then granted to nobody;
--   - the owner's default privileges to PUBLIC (ALTER DEFAULT PRIVILEGES
--     GRANT ALL ON TABLES TO PUBLIC) give the views every privilege, and
--     idgen_keys is updatable (a rename or a delete of a key): PUBLIC may
--     read them, nothing else.
DO $public$
DECLARE
    f record;
BEGIN
    FOR f IN SELECT p.oid::pg_catalog.regprocedure AS fn, s.name
               FROM idgen_key_store s JOIN pg_catalog.pg_proc p
                 ON p.proname OPERATOR(pg_catalog.=) _idgen_keyfn(s.name)
                AND p.pronamespace OPERATOR(pg_catalog.=) _idgen_schema()::pg_catalog.regnamespace::pg_catalog.oid
              WHERE p.proacl IS NULL
              ORDER BY s.name LOOP
        EXECUTE pg_catalog.format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f.fn);
        RAISE WARNING 'key "%" had lost its grants (restored without privileges): it is granted to nobody', f.name
            USING HINT = 'Its owner grants it again: idgen_key_grant(key_name, role).';
    END LOOP;
    IF (SELECT p.proacl FROM pg_catalog.pg_proc p
         WHERE p.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure(
                   _idgen_schema() OPERATOR(pg_catalog.||) '.idgen_set_node_id(integer)')::pg_catalog.oid) IS NULL THEN
        REVOKE EXECUTE ON FUNCTION idgen_set_node_id(int) FROM PUBLIC;
        RAISE WARNING 'idgen_set_node_id had lost its grants (restored without privileges): its owner''s only'
            USING HINT = 'Its owner grants it again to a role that sets the node id.';
    END IF;
END
$public$;
REVOKE ALL ON idgen_keys, idgen_layouts FROM PUBLIC;
GRANT SELECT ON idgen_keys, idgen_layouts TO PUBLIC;
