-- idgen_convert_column drops the views over a column it widens and makes them
-- again with all they had; what it could not make again, it refuses before
-- changing anything, naming it.
\set VERBOSITY default
\set SHOW_CONTEXT never
SELECT current_setting('server_version_num')::int >= 150000 AS has_security_invoker \gset

-- what a view has, one line each: owner, options, comment, privileges (the
-- owner's own included), and per column its privileges, comment and default
CREATE FUNCTION pg_temp.view_metadata(v regclass) RETURNS TABLE (item text, value text)
LANGUAGE sql AS $$
  SELECT 'owner', relowner::regrole::text FROM pg_class WHERE oid = v
  UNION ALL
  SELECT 'option', o FROM pg_class, unnest(reloptions) o WHERE oid = v
  UNION ALL
  SELECT 'comment', obj_description(v, 'pg_class')
  UNION ALL
  SELECT 'grant', format('%s to %s by %s%s', g.privilege_type,
                         CASE g.grantee WHEN 0 THEN 'PUBLIC' ELSE g.grantee::regrole::text END,
                         g.grantor::regrole, CASE WHEN g.is_grantable THEN ' with grant option' ELSE '' END)
    FROM pg_class c, aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) g WHERE c.oid = v
  UNION ALL
  SELECT 'column grant', format('%s (%s) to %s by %s%s', g.privilege_type, a.attname,
                                CASE g.grantee WHEN 0 THEN 'PUBLIC' ELSE g.grantee::regrole::text END,
                                g.grantor::regrole, CASE WHEN g.is_grantable THEN ' with grant option' ELSE '' END)
    FROM pg_attribute a, aclexplode(a.attacl) g WHERE a.attrelid = v
  UNION ALL
  SELECT 'column comment', format('%s: %s', attname, col_description(v, attnum))
    FROM pg_attribute WHERE attrelid = v AND attnum > 0 AND col_description(v, attnum) IS NOT NULL
  UNION ALL
  SELECT 'column default', format('%s: %s', a.attname, pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = v
$$;

CREATE ROLE idgen_view_owner;
CREATE ROLE idgen_bob;
CREATE ROLE idgen_carol;
CREATE TABLE accounts (id serial PRIMARY KEY, balance int, note text);
INSERT INTO accounts (balance) VALUES (10), (20);
GRANT SELECT, INSERT, UPDATE ON accounts TO idgen_view_owner;
GRANT SELECT ON accounts TO idgen_bob;  -- a security_invoker view checks bob's
-- a view with everything a view can have
CREATE VIEW credit WITH (security_barrier, check_option = cascaded) AS
  SELECT id, balance, note FROM accounts WHERE balance >= 0;
\if :has_security_invoker
ALTER VIEW credit SET (security_invoker = true);
\endif
ALTER VIEW credit OWNER TO idgen_view_owner;
COMMENT ON VIEW credit IS 'accounts in credit';
COMMENT ON COLUMN credit.balance IS 'in cents';
ALTER VIEW credit ALTER COLUMN note SET DEFAULT 'none';
GRANT SELECT (id) ON credit TO idgen_bob;
GRANT UPDATE (note) ON credit TO idgen_bob WITH GRANT OPTION;
GRANT SELECT ON credit TO idgen_carol WITH GRANT OPTION;
GRANT INSERT ON credit TO PUBLIC;
REVOKE DELETE ON credit FROM idgen_view_owner;
-- and one over it, with nothing but the defaults
CREATE VIEW credit_ids AS SELECT id FROM credit;

CREATE TEMP TABLE was AS
  SELECT 'credit' AS view, * FROM pg_temp.view_metadata('credit')
  UNION ALL SELECT 'credit_ids', * FROM pg_temp.view_metadata('credit_ids');
-- the remade views must not get what default privileges would give them
ALTER DEFAULT PRIVILEGES GRANT TRUNCATE ON TABLES TO idgen_carol;
-- (security_invoker exists from PostgreSQL 15: its line is left out here and checked below)
SELECT replace(r, ', security_invoker = ''true''', '') AS report
  FROM idgen_convert_column('accounts', 'id', 'snowflake_id()') r;
ALTER DEFAULT PRIVILEGES REVOKE TRUNCATE ON TABLES FROM idgen_carol;
CREATE TEMP TABLE now_has AS
  SELECT 'credit' AS view, * FROM pg_temp.view_metadata('credit')
  UNION ALL SELECT 'credit_ids', * FROM pg_temp.view_metadata('credit_ids');

-- everything kept: nothing lost, nothing gained, and every kind of item there
SELECT 'lost' AS change, * FROM (SELECT * FROM was EXCEPT SELECT * FROM now_has) l
UNION ALL
SELECT 'gained', * FROM (SELECT * FROM now_has EXCEPT SELECT * FROM was) g;
-- (the lists leave out what only some majors have: options, checked below,
-- and the MAINTAIN privilege of 17 and later)
SELECT view, item, value FROM now_has WHERE item <> 'option' AND value NOT LIKE 'MAINTAIN %' ORDER BY 1, 2, 3;
SELECT reloptions @> '{security_barrier=true,check_option=cascaded}' AS options_kept,
       NOT :'has_security_invoker'::bool OR reloptions @> '{security_invoker=true}' AS security_invoker_kept
  FROM pg_class WHERE oid = 'credit'::regclass;
-- and they work: the column grant, the column default, the check option
SET ROLE idgen_bob;
SELECT count(*) AS bob_sees FROM (SELECT id FROM credit) s;
RESET ROLE;
INSERT INTO credit (balance) VALUES (5) RETURNING balance, note;
INSERT INTO credit (id, balance) VALUES (0, -5);
\echo :LAST_ERROR_SQLSTATE

-- refusals: each names what it cannot make again, and changes nothing
CREATE TABLE ledger (id int PRIMARY KEY);
CREATE VIEW ledger_notes AS SELECT id FROM ledger;
ALTER VIEW ledger_notes OWNER TO idgen_view_owner;
GRANT SELECT ON ledger_notes TO idgen_bob WITH GRANT OPTION;
-- a privilege granted by a role other than the owner: the remade view's
-- grants come from its owner
SET ROLE idgen_bob;
GRANT SELECT ON ledger_notes TO idgen_carol;
RESET ROLE;
SELECT * FROM idgen_convert_column('ledger', 'id', 'snowflake_id()');
\echo :LAST_ERROR_SQLSTATE
SET ROLE idgen_bob;
REVOKE SELECT ON ledger_notes FROM idgen_carol;
GRANT SELECT (id) ON ledger_notes TO idgen_carol;
RESET ROLE;
SELECT * FROM idgen_convert_column('ledger', 'id', 'snowflake_id()');
\echo :LAST_ERROR_SQLSTATE
SET ROLE idgen_bob;
REVOKE SELECT (id) ON ledger_notes FROM idgen_carol;
RESET ROLE;
REVOKE GRANT OPTION FOR SELECT ON ledger_notes FROM idgen_bob;
-- a view that belongs to an extension
ALTER EXTENSION idgen ADD VIEW ledger_notes;
SELECT * FROM idgen_convert_column('ledger', 'id', 'snowflake_id()');
\echo :LAST_ERROR_SQLSTATE
ALTER EXTENSION idgen DROP VIEW ledger_notes;
-- a security label (written into the catalog: no label provider is loaded here)
INSERT INTO pg_seclabel VALUES ('ledger_notes'::regclass, 'pg_class'::regclass, 0, 'some_provider', 'secret');
SELECT * FROM idgen_convert_column('ledger', 'id', 'snowflake_id()');
\echo :LAST_ERROR_SQLSTATE
DELETE FROM pg_seclabel WHERE objoid = 'ledger_notes'::regclass;
-- nothing changed: the column, its default, and the view
SELECT format_type(atttypid, NULL) AS type, pg_get_expr(d.adbin, d.adrelid) AS default
  FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
 WHERE a.attrelid = 'ledger'::regclass AND a.attname = 'id';
SELECT * FROM pg_temp.view_metadata('ledger_notes') WHERE value NOT LIKE 'MAINTAIN %' ORDER BY 1, 2;
-- with those gone, it converts
SELECT * FROM idgen_convert_column('ledger', 'id', 'snowflake_id()');

DROP VIEW credit_ids, credit, ledger_notes;
DROP TABLE accounts, ledger;
DROP ROLE idgen_view_owner, idgen_bob, idgen_carol;
