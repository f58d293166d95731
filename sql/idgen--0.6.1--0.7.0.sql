-- idgen 0.6.1 -> 0.7.0: Citus (node ids from the group id, layouts and
-- keys on every node) and a family's SQL made from its row.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.7.0'" to load this file. \quit

-- The native types new in 0.7.0 (their rows' since, in the family table):
-- the Makefile writes their SQL in place of the next line.
-- native types new in 0.7.0: idgen-native-types --since 0.7.0
