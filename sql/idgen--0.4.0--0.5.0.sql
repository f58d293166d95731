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
-- A type prefix and a UUID, `prefix_` + 26 lower-case Crockford base32
-- characters (jetify's spec 0.3.0). Variable length: the prefix's bytes,
-- then the UUID's 16, ordered by prefix, then UUID (by time within a
-- prefix, for new ones: UUIDv7s).

CREATE TYPE typeid;
CREATE FUNCTION typeid_in(cstring) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_out(typeid) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_typeid_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_recv(internal) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_send(typeid) RETURNS bytea
    AS 'MODULE_PATHNAME', 'sql_typeid_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE typeid (
    INPUT = typeid_in, OUTPUT = typeid_out, RECEIVE = typeid_recv, SEND = typeid_send,
    INTERNALLENGTH = VARIABLE, STORAGE = main);
COMMENT ON TYPE typeid IS 'TypeID: a type prefix and a UUID (new ones UUIDv7), as prefix_ and 26 lower-case base32 characters; sorts by prefix, then UUID';

CREATE FUNCTION typeid_eq(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ne(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_lt(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_le(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_gt(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ge(typeid, typeid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_cmp(typeid, typeid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_typeid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_typeid_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_hash(typeid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_typeid_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_hash_extended(typeid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_typeid_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_larger(typeid, typeid) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_smaller(typeid, typeid) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS typeid_ops DEFAULT FOR TYPE typeid USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 typeid_cmp(typeid, typeid), FUNCTION 2 typeid_sortsupport(internal);
CREATE OPERATOR CLASS typeid_ops DEFAULT FOR TYPE typeid USING hash AS
    OPERATOR 1 =, FUNCTION 1 typeid_hash(typeid), FUNCTION 2 typeid_hash_extended(typeid, bigint);
-- BRIN minmax: within one prefix, new TypeIDs come in time order
CREATE OPERATOR CLASS typeid_minmax_ops DEFAULT FOR TYPE typeid USING brin AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);
CREATE AGGREGATE max(typeid) (
    SFUNC = typeid_larger, STYPE = typeid, COMBINEFUNC = typeid_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(typeid) (
    SFUNC = typeid_smaller, STYPE = typeid, COMBINEFUNC = typeid_smaller, SORTOP = <, PARALLEL = SAFE);

CREATE FUNCTION typeid_parse(id text) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_parse' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_text(id typeid) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_typeid_text' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (typeid AS text) WITH FUNCTION typeid_text(typeid) AS ASSIGNMENT;
CREATE CAST (text AS typeid) WITH FUNCTION typeid_parse(text) AS ASSIGNMENT;

CREATE FUNCTION typeid_generate(prefix text) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_generate' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_generate(text) IS
    'TypeID of the prefix and a uuid_v7(): strictly increasing within a session';
CREATE FUNCTION typeid_generate(prefix text, at timestamptz) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_generate_at' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_generate(text, timestamptz) IS 'TypeID of the prefix and uuid_v7(at) (backfills)';
CREATE FUNCTION typeid_from_uuid(prefix text, id uuid) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_from_uuid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_prefix(id typeid) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_typeid_prefix' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_uuid(id typeid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_typeid_uuid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION typeid_timestamp(id typeid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_typeid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_timestamp(typeid) IS 'the time of a TypeID''s UUIDv7; NULL for other UUIDs';
CREATE FUNCTION typeid_from_time(prefix text, ts timestamptz) RETURNS typeid
    AS 'MODULE_PATHNAME', 'sql_typeid_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION typeid_from_time(text, timestamptz) IS
    'smallest TypeID of the prefix in that millisecond: id >= typeid_from_time(p, t1) AND id < typeid_from_time(p, t2)';
CREATE FUNCTION typeid_has_prefix_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME', 'sql_typeid_has_prefix_support' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_has_prefix(id typeid, prefix text) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_typeid_has_prefix' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE
    SUPPORT typeid_has_prefix_support;
COMMENT ON FUNCTION typeid_has_prefix(typeid, text) IS
    'whether id has this prefix; an index on id answers it as a range (the prefix''s TypeIDs sort together)';
-- [end of section typeid]

-- KSUID-ms, nanoid, cuid2 and push IDs [section ksuid-ms-nanoid-cuid2-pushid]
-- [end of section ksuid-ms-nanoid-cuid2-pushid]

-- start, promotion and other operations [section operations]
-- [end of section operations]
