-- idgen 0.6.0 -> 0.6.1: every promise of 0.6.0 kept when someone else
-- tries it (per-key grants, no key in plan dumps, layouts per database, the
-- lead over the clock after restarts), and the call 0.6.0 broke working
-- again.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.1'" to load this file. \quit

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
