-- Each function holds the family facts it reads as constants, as the file
-- did before they were generated: the reads (_idgen_family_<name>() ->>
-- 'fact', _idgen_max_epoch_ms(), _idgen_nanoid_alphabet()) are replaced by
-- their values, and the function made again in place (its oid, grants and
-- comment kept). A read left in a body would cost a call at every
-- statement that plans it (a SQL function's body is planned at each one)
-- or at each session's first call (a PL/pgSQL function's plans).
DO $constants$
DECLARE
    f record;
    def text;
    fact text;
    v text;
BEGIN
    FOR f IN SELECT p.oid FROM pg_catalog.pg_proc p
              WHERE p.pronamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace::pg_catalog.oid
                AND p.proconfig[1] = 'search_path=pg_catalog, ' || pg_catalog.quote_ident(pg_catalog.current_schema()) || ', pg_temp'
                AND p.proname !~ '^_idgen_(family_|max_epoch_ms$|nanoid_alphabet$)'
                AND p.prosrc ~ '_idgen_(family_[a-z0-9_]+\(\) ->> ''[a-z_]+''|max_epoch_ms\(\)|nanoid_alphabet\(\))' LOOP
        def := pg_catalog.pg_get_functiondef(f.oid);
        FOR fact IN SELECT DISTINCT m[1] FROM pg_catalog.regexp_matches(def,
                        '(_idgen_(family_[a-z0-9_]+\(\) ->> ''[a-z_]+''|max_epoch_ms\(\)|nanoid_alphabet\(\)))', 'g') m LOOP
            EXECUTE 'SELECT pg_catalog.quote_nullable(' || fact || ')' INTO STRICT v;
            def := pg_catalog.replace(def, fact, v);
        END LOOP;
        EXECUTE def;
    END LOOP;
END
$constants$;

