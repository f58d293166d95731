-- PG_MODULE_MAGIC_EXT: on 18+ the server lists the loaded library under its
-- name with the version of the extension it belongs to.
BEGIN;
SELECT plan(1);

-- dynamic: before 18 the function does not exist and the query would not parse
CREATE FUNCTION pg_temp.loaded_version(module text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    found text;
BEGIN
    EXECUTE 'SELECT version FROM pg_catalog.pg_get_loaded_modules() WHERE module_name = $1'
        INTO found USING module;
    RETURN found;
END $$;

SELECT CASE WHEN current_setting('server_version_num')::int >= 180000
            THEN is(pg_temp.loaded_version('idgen'),
                    (SELECT extversion FROM pg_catalog.pg_extension WHERE extname = 'idgen'),
                    'the server lists idgen with its version')
            ELSE skip('pg_get_loaded_modules() is new in PostgreSQL 18', 1) END;

SELECT * FROM finish();
ROLLBACK;
