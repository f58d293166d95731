-- idgen 0.6.0 -> 0.6.1: every promise of 0.6.0 kept when someone else
-- tries it (per-key grants, no key in plan dumps, layouts per database, the
-- lead over the clock after restarts), and the call 0.6.0 broke working
-- again.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.1'" to load this file. \quit

-- The native types new in 0.6.1 (their rows' since, in the family table):
-- the Makefile writes their SQL in place of the next line.
-- native types new in 0.6.1: idgen-native-types --since 0.6.1
