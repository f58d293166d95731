-- idgen 0.5.0 -> 0.6.0: public IDs (UUIDv4 faces, keyed bigint
-- permutation, Sqids), bigint layouts as data, partitioning by an ID's time,
-- and the family table as the one source of each type's SQL.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.6.0'" to load this file. \quit

-- The native types new in 0.6.0 (their rows' since, in the family table):
-- the Makefile writes their SQL in place of the next line.
-- native types new in 0.6.0: idgen-native-types --since 0.6.0
