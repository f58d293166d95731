-- idgen 0.3.0 -> 0.4.0: the shared generators' reservation is bound to what
-- their IDs depend on and survives failover at any lag.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.4.0'" to load this file. \quit
