-- idgen 0.4.0 -> 0.5.0: more ID families (TypeID, xid, SCRU128, TSID,
-- Sonyflake, Timeflake, KSUID-ms, nanoid, cuid2, push IDs).
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.5.0'" to load this file. \quit

-- TSID and Sonyflake (bigints on the server-wide generator) [section tsid-sonyflake]
-- [end of section tsid-sonyflake]

-- xid, SCRU128 and Timeflake (fixed-size types) [section xid-scru128-timeflake]
-- [end of section xid-scru128-timeflake]

-- TypeID [section typeid]
-- [end of section typeid]

-- KSUID-ms, nanoid, cuid2 and push IDs [section ksuid-ms-nanoid-cuid2-pushid]
-- [end of section ksuid-ms-nanoid-cuid2-pushid]

-- start, promotion and other operations [section operations]
-- [end of section operations]
