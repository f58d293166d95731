-- The native types, written by idgen-native-types (src/gen/native_types.cpp)
-- from the family table (src/core/families.hpp): do not edit. `make` writes
-- it again; test/generated_sql.sh fails when the committed copy is stale.

------------------------------------------------------------------------------
-- ULID

CREATE TYPE ulid;
CREATE FUNCTION ulid_in(cstring) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_out(ulid) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_ulid_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_recv(internal) RETURNS ulid
    AS 'uuid_recv' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_send(ulid) RETURNS bytea
    AS 'uuid_send' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE ulid (
    INPUT = ulid_in, OUTPUT = ulid_out, RECEIVE = ulid_recv, SEND = ulid_send,
    INTERNALLENGTH = 16, ALIGNMENT = char, STORAGE = plain);
COMMENT ON TYPE ulid IS 'ULID: 48-bit Unix ms and 80 random bits, written in 26 Crockford base32 characters';

CREATE FUNCTION ulid_eq(ulid, ulid) RETURNS bool
    AS 'uuid_eq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_ne(ulid, ulid) RETURNS bool
    AS 'uuid_ne' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_lt(ulid, ulid) RETURNS bool
    AS 'uuid_lt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_le(ulid, ulid) RETURNS bool
    AS 'uuid_le' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_gt(ulid, ulid) RETURNS bool
    AS 'uuid_gt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_ge(ulid, ulid) RETURNS bool
    AS 'uuid_ge' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_cmp(ulid, ulid) RETURNS int
    AS 'uuid_cmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_sortsupport(internal) RETURNS void
    AS 'uuid_sortsupport' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_hash(ulid) RETURNS int
    AS 'uuid_hash' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_hash_extended(ulid, bigint) RETURNS bigint
    AS 'uuid_hash_extended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 ulid_cmp(ulid, ulid), FUNCTION 2 ulid_sortsupport(internal);
CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING hash AS
    OPERATOR 1 =, FUNCTION 1 ulid_hash(ulid), FUNCTION 2 ulid_hash_extended(ulid, bigint);
CREATE OPERATOR CLASS ulid_minmax_ops DEFAULT FOR TYPE ulid USING brin AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);
CREATE AGGREGATE max(ulid) (
    SFUNC = ulid_larger, STYPE = ulid, COMBINEFUNC = ulid_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(ulid) (
    SFUNC = ulid_smaller, STYPE = ulid, COMBINEFUNC = ulid_smaller, SORTOP = <, PARALLEL = SAFE);

CREATE CAST (ulid AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS ulid) WITH INOUT AS ASSIGNMENT;
CREATE FUNCTION bytea_to_ulid(bytes bytea) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_bytea_to_ulid' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (ulid AS bytea) WITH FUNCTION ulid_send(ulid);
CREATE CAST (bytea AS ulid) WITH FUNCTION bytea_to_ulid(bytea);

------------------------------------------------------------------------------
-- KSUID

CREATE TYPE ksuid;
CREATE FUNCTION ksuid_in(cstring) RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ksuid_out(ksuid) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_ksuid_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ksuid_recv(internal) RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ksuid_send(ksuid) RETURNS bytea
    AS 'MODULE_PATHNAME', 'sql_ksuid_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE ksuid (
    INPUT = ksuid_in, OUTPUT = ksuid_out, RECEIVE = ksuid_recv, SEND = ksuid_send,
    INTERNALLENGTH = 20, ALIGNMENT = char, STORAGE = plain);
COMMENT ON TYPE ksuid IS 'KSUID: 32-bit seconds since 2014-05-13 16:53:20 UTC and 128 random bits, in 27 base62 characters';

CREATE FUNCTION ksuid_eq(ksuid, ksuid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_ksuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_ne(ksuid, ksuid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_ksuid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_lt(ksuid, ksuid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_ksuid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_le(ksuid, ksuid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_ksuid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_gt(ksuid, ksuid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_ksuid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_ge(ksuid, ksuid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_ksuid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_cmp(ksuid, ksuid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_ksuid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_ksuid_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ksuid_hash(ksuid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_ksuid_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_hash_extended(ksuid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_ksuid_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ksuid_larger(ksuid, ksuid) RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ksuid_smaller(ksuid, ksuid) RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS ksuid_ops DEFAULT FOR TYPE ksuid USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 ksuid_cmp(ksuid, ksuid), FUNCTION 2 ksuid_sortsupport(internal);
CREATE OPERATOR CLASS ksuid_ops DEFAULT FOR TYPE ksuid USING hash AS
    OPERATOR 1 =, FUNCTION 1 ksuid_hash(ksuid), FUNCTION 2 ksuid_hash_extended(ksuid, bigint);
CREATE OPERATOR CLASS ksuid_minmax_ops DEFAULT FOR TYPE ksuid USING brin AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);
CREATE AGGREGATE max(ksuid) (
    SFUNC = ksuid_larger, STYPE = ksuid, COMBINEFUNC = ksuid_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(ksuid) (
    SFUNC = ksuid_smaller, STYPE = ksuid, COMBINEFUNC = ksuid_smaller, SORTOP = <, PARALLEL = SAFE);

CREATE CAST (ksuid AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS ksuid) WITH INOUT AS ASSIGNMENT;
CREATE FUNCTION brin_minmax_multi_distance_ksuid(internal, internal) RETURNS float8
    AS 'MODULE_PATHNAME', 'sql_ksuid_brin_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

------------------------------------------------------------------------------
-- ObjectId

CREATE TYPE objectid;
CREATE FUNCTION objectid_in(cstring) RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_out(objectid) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_objectid_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_recv(internal) RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_send(objectid) RETURNS bytea
    AS 'MODULE_PATHNAME', 'sql_objectid_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE objectid (
    INPUT = objectid_in, OUTPUT = objectid_out, RECEIVE = objectid_recv, SEND = objectid_send,
    INTERNALLENGTH = 12, ALIGNMENT = char, STORAGE = plain);
COMMENT ON TYPE objectid IS 'MongoDB ObjectId: 32-bit Unix seconds, 40-bit process random, 24-bit counter, in 24 hex digits';

CREATE FUNCTION objectid_eq(objectid, objectid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_ne(objectid, objectid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_lt(objectid, objectid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_le(objectid, objectid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_gt(objectid, objectid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_ge(objectid, objectid) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_cmp(objectid, objectid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_objectid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_objectid_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_hash(objectid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_objectid_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_hash_extended(objectid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_objectid_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION objectid_larger(objectid, objectid) RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_smaller(objectid, objectid) RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS objectid_ops DEFAULT FOR TYPE objectid USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 objectid_cmp(objectid, objectid), FUNCTION 2 objectid_sortsupport(internal);
CREATE OPERATOR CLASS objectid_ops DEFAULT FOR TYPE objectid USING hash AS
    OPERATOR 1 =, FUNCTION 1 objectid_hash(objectid), FUNCTION 2 objectid_hash_extended(objectid, bigint);
CREATE OPERATOR CLASS objectid_minmax_ops DEFAULT FOR TYPE objectid USING brin AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);
CREATE AGGREGATE max(objectid) (
    SFUNC = objectid_larger, STYPE = objectid, COMBINEFUNC = objectid_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(objectid) (
    SFUNC = objectid_smaller, STYPE = objectid, COMBINEFUNC = objectid_smaller, SORTOP = <, PARALLEL = SAFE);

CREATE CAST (objectid AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS objectid) WITH INOUT AS ASSIGNMENT;
CREATE FUNCTION brin_minmax_multi_distance_objectid(internal, internal) RETURNS float8
    AS 'MODULE_PATHNAME', 'sql_objectid_brin_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

------------------------------------------------------------------------------
-- xid

CREATE TYPE xid12;
CREATE FUNCTION xid12_in(cstring) RETURNS xid12
    AS 'MODULE_PATHNAME', 'sql_xid12_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION xid12_out(xid12) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_xid12_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION xid12_recv(internal) RETURNS xid12
    AS 'MODULE_PATHNAME', 'sql_objectid_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION xid12_send(xid12) RETURNS bytea
    AS 'MODULE_PATHNAME', 'sql_objectid_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE xid12 (
    INPUT = xid12_in, OUTPUT = xid12_out, RECEIVE = xid12_recv, SEND = xid12_send,
    INTERNALLENGTH = 12, ALIGNMENT = char, STORAGE = plain);
COMMENT ON TYPE xid12 IS 'xid (rs/xid): 32-bit Unix seconds, 24-bit machine id, 16-bit process id, 24-bit counter, in 20 base32hex characters';

CREATE FUNCTION xid12_eq(xid12, xid12) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_ne(xid12, xid12) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_lt(xid12, xid12) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_le(xid12, xid12) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_gt(xid12, xid12) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_ge(xid12, xid12) RETURNS bool
    AS 'MODULE_PATHNAME', 'sql_objectid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_cmp(xid12, xid12) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_objectid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_objectid_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION xid12_hash(xid12) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_objectid_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_hash_extended(xid12, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_objectid_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION xid12_larger(xid12, xid12) RETURNS xid12
    AS 'MODULE_PATHNAME', 'sql_xid12_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION xid12_smaller(xid12, xid12) RETURNS xid12
    AS 'MODULE_PATHNAME', 'sql_xid12_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = xid12, RIGHTARG = xid12, FUNCTION = xid12_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = xid12, RIGHTARG = xid12, FUNCTION = xid12_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = xid12, RIGHTARG = xid12, FUNCTION = xid12_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = xid12, RIGHTARG = xid12, FUNCTION = xid12_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = xid12, RIGHTARG = xid12, FUNCTION = xid12_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = xid12, RIGHTARG = xid12, FUNCTION = xid12_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS xid12_ops DEFAULT FOR TYPE xid12 USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 xid12_cmp(xid12, xid12), FUNCTION 2 xid12_sortsupport(internal);
CREATE OPERATOR CLASS xid12_ops DEFAULT FOR TYPE xid12 USING hash AS
    OPERATOR 1 =, FUNCTION 1 xid12_hash(xid12), FUNCTION 2 xid12_hash_extended(xid12, bigint);
CREATE OPERATOR CLASS xid12_minmax_ops DEFAULT FOR TYPE xid12 USING brin AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);
CREATE AGGREGATE max(xid12) (
    SFUNC = xid12_larger, STYPE = xid12, COMBINEFUNC = xid12_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(xid12) (
    SFUNC = xid12_smaller, STYPE = xid12, COMBINEFUNC = xid12_smaller, SORTOP = <, PARALLEL = SAFE);

CREATE FUNCTION xid_parse(value text) RETURNS xid12
    AS 'MODULE_PATHNAME', 'sql_xid12_parse' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION xid_text(id xid12) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_xid12_text' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (xid12 AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS xid12) WITH INOUT AS ASSIGNMENT;
CREATE FUNCTION bytea_to_xid12(bytes bytea) RETURNS xid12
    AS 'MODULE_PATHNAME', 'sql_bytea_to_xid12' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (xid12 AS bytea) WITH FUNCTION xid12_send(xid12);
CREATE CAST (bytea AS xid12) WITH FUNCTION bytea_to_xid12(bytea);
CREATE FUNCTION brin_minmax_multi_distance_xid12(internal, internal) RETURNS float8
    AS 'MODULE_PATHNAME', 'sql_objectid_brin_distance' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

------------------------------------------------------------------------------
-- SCRU128

CREATE TYPE scru128;
CREATE FUNCTION scru128_in(cstring) RETURNS scru128
    AS 'MODULE_PATHNAME', 'sql_scru128_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_out(scru128) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_scru128_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_recv(internal) RETURNS scru128
    AS 'uuid_recv' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_send(scru128) RETURNS bytea
    AS 'uuid_send' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE scru128 (
    INPUT = scru128_in, OUTPUT = scru128_out, RECEIVE = scru128_recv, SEND = scru128_send,
    INTERNALLENGTH = 16, ALIGNMENT = char, STORAGE = plain);
COMMENT ON TYPE scru128 IS 'SCRU128: 48-bit Unix ms, 24-bit counter_hi, 24-bit counter_lo, 32-bit entropy, in 25 base36 characters';

CREATE FUNCTION scru128_eq(scru128, scru128) RETURNS bool
    AS 'uuid_eq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_ne(scru128, scru128) RETURNS bool
    AS 'uuid_ne' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_lt(scru128, scru128) RETURNS bool
    AS 'uuid_lt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_le(scru128, scru128) RETURNS bool
    AS 'uuid_le' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_gt(scru128, scru128) RETURNS bool
    AS 'uuid_gt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_ge(scru128, scru128) RETURNS bool
    AS 'uuid_ge' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_cmp(scru128, scru128) RETURNS int
    AS 'uuid_cmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_sortsupport(internal) RETURNS void
    AS 'uuid_sortsupport' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_hash(scru128) RETURNS int
    AS 'uuid_hash' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_hash_extended(scru128, bigint) RETURNS bigint
    AS 'uuid_hash_extended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_larger(scru128, scru128) RETURNS scru128
    AS 'MODULE_PATHNAME', 'sql_scru128_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_smaller(scru128, scru128) RETURNS scru128
    AS 'MODULE_PATHNAME', 'sql_scru128_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS scru128_ops DEFAULT FOR TYPE scru128 USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 scru128_cmp(scru128, scru128), FUNCTION 2 scru128_sortsupport(internal);
CREATE OPERATOR CLASS scru128_ops DEFAULT FOR TYPE scru128 USING hash AS
    OPERATOR 1 =, FUNCTION 1 scru128_hash(scru128), FUNCTION 2 scru128_hash_extended(scru128, bigint);
CREATE OPERATOR CLASS scru128_minmax_ops DEFAULT FOR TYPE scru128 USING brin AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);
CREATE AGGREGATE max(scru128) (
    SFUNC = scru128_larger, STYPE = scru128, COMBINEFUNC = scru128_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(scru128) (
    SFUNC = scru128_smaller, STYPE = scru128, COMBINEFUNC = scru128_smaller, SORTOP = <, PARALLEL = SAFE);

CREATE FUNCTION scru128_parse(value text) RETURNS scru128
    AS 'MODULE_PATHNAME', 'sql_scru128_parse' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION scru128_text(id scru128) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_scru128_text' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (scru128 AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS scru128) WITH INOUT AS ASSIGNMENT;
CREATE FUNCTION bytea_to_scru128(bytes bytea) RETURNS scru128
    AS 'MODULE_PATHNAME', 'sql_bytea_to_scru128' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (scru128 AS bytea) WITH FUNCTION scru128_send(scru128);
CREATE CAST (bytea AS scru128) WITH FUNCTION bytea_to_scru128(bytea);

------------------------------------------------------------------------------
-- Timeflake

CREATE TYPE timeflake;
CREATE FUNCTION timeflake_in(cstring) RETURNS timeflake
    AS 'MODULE_PATHNAME', 'sql_timeflake_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION timeflake_out(timeflake) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_timeflake_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION timeflake_recv(internal) RETURNS timeflake
    AS 'uuid_recv' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION timeflake_send(timeflake) RETURNS bytea
    AS 'uuid_send' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE timeflake (
    INPUT = timeflake_in, OUTPUT = timeflake_out, RECEIVE = timeflake_recv, SEND = timeflake_send,
    INTERNALLENGTH = 16, ALIGNMENT = char, STORAGE = plain);
COMMENT ON TYPE timeflake IS 'Timeflake: 48-bit Unix ms and 80 random bits, in 22 base62 characters (or 32 hex digits)';

CREATE FUNCTION timeflake_eq(timeflake, timeflake) RETURNS bool
    AS 'uuid_eq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_ne(timeflake, timeflake) RETURNS bool
    AS 'uuid_ne' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_lt(timeflake, timeflake) RETURNS bool
    AS 'uuid_lt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_le(timeflake, timeflake) RETURNS bool
    AS 'uuid_le' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_gt(timeflake, timeflake) RETURNS bool
    AS 'uuid_gt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_ge(timeflake, timeflake) RETURNS bool
    AS 'uuid_ge' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_cmp(timeflake, timeflake) RETURNS int
    AS 'uuid_cmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_sortsupport(internal) RETURNS void
    AS 'uuid_sortsupport' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION timeflake_hash(timeflake) RETURNS int
    AS 'uuid_hash' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_hash_extended(timeflake, bigint) RETURNS bigint
    AS 'uuid_hash_extended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION timeflake_larger(timeflake, timeflake) RETURNS timeflake
    AS 'MODULE_PATHNAME', 'sql_timeflake_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION timeflake_smaller(timeflake, timeflake) RETURNS timeflake
    AS 'MODULE_PATHNAME', 'sql_timeflake_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (LEFTARG = timeflake, RIGHTARG = timeflake, FUNCTION = timeflake_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = timeflake, RIGHTARG = timeflake, FUNCTION = timeflake_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = timeflake, RIGHTARG = timeflake, FUNCTION = timeflake_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = timeflake, RIGHTARG = timeflake, FUNCTION = timeflake_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = timeflake, RIGHTARG = timeflake, FUNCTION = timeflake_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = timeflake, RIGHTARG = timeflake, FUNCTION = timeflake_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS timeflake_ops DEFAULT FOR TYPE timeflake USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 timeflake_cmp(timeflake, timeflake), FUNCTION 2 timeflake_sortsupport(internal);
CREATE OPERATOR CLASS timeflake_ops DEFAULT FOR TYPE timeflake USING hash AS
    OPERATOR 1 =, FUNCTION 1 timeflake_hash(timeflake), FUNCTION 2 timeflake_hash_extended(timeflake, bigint);
CREATE OPERATOR CLASS timeflake_minmax_ops DEFAULT FOR TYPE timeflake USING brin AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
    FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
    FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
    FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);
CREATE AGGREGATE max(timeflake) (
    SFUNC = timeflake_larger, STYPE = timeflake, COMBINEFUNC = timeflake_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(timeflake) (
    SFUNC = timeflake_smaller, STYPE = timeflake, COMBINEFUNC = timeflake_smaller, SORTOP = <, PARALLEL = SAFE);

CREATE FUNCTION timeflake_parse(value text) RETURNS timeflake
    AS 'MODULE_PATHNAME', 'sql_timeflake_parse' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION timeflake_text(id timeflake) RETURNS text
    AS 'MODULE_PATHNAME', 'sql_timeflake_text' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (timeflake AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS timeflake) WITH INOUT AS ASSIGNMENT;
CREATE FUNCTION bytea_to_timeflake(bytes bytea) RETURNS timeflake
    AS 'MODULE_PATHNAME', 'sql_bytea_to_timeflake' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE CAST (timeflake AS bytea) WITH FUNCTION timeflake_send(timeflake);
CREATE CAST (bytea AS timeflake) WITH FUNCTION bytea_to_timeflake(bytea);

------------------------------------------------------------------------------
-- TypeID

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

------------------------------------------------------------------------------
-- The same bytes under another type's name: assignment casts both ways.
CREATE CAST (ulid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (xid12 AS objectid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (objectid AS xid12) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (timeflake AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uuid AS timeflake) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (timeflake AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (ulid AS timeflake) WITHOUT FUNCTION AS ASSIGNMENT;

------------------------------------------------------------------------------
-- BRIN minmax-multi and bloom (PostgreSQL 14 on) for the fixed-size types:
-- minmax-multi's distance is uuid's for the types of uuid's bytes, idgen's
-- for the others.
DO $brin$
DECLARE
    caller_path text := pg_catalog.current_setting('search_path');
    ext name := (SELECT n.nspname FROM pg_catalog.pg_extension e
                   JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                  WHERE e.extname = 'idgen');
    t record;
BEGIN
    IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 < 140000 THEN
        RETURN;
    END IF;
    PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
    FOR t IN SELECT * FROM (VALUES
            ('ulid', 'pg_catalog', 'brin_minmax_multi_distance_uuid'),
            ('ksuid', ext, 'brin_minmax_multi_distance_ksuid'),
            ('objectid', ext, 'brin_minmax_multi_distance_objectid'),
            ('xid12', ext, 'brin_minmax_multi_distance_xid12'),
            ('scru128', 'pg_catalog', 'brin_minmax_multi_distance_uuid'),
            ('timeflake', 'pg_catalog', 'brin_minmax_multi_distance_uuid'))
            AS v(type, distance_schema, distance) LOOP
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I FOR TYPE %1$I.%2$I USING brin AS '
            'OPERATOR 1 %1$I.<, OPERATOR 2 %1$I.<=, OPERATOR 3 %1$I.=, OPERATOR 4 %1$I.>=, OPERATOR 5 %1$I.>, '
            'FUNCTION 1 pg_catalog.brin_minmax_multi_opcinfo(internal), '
            'FUNCTION 2 pg_catalog.brin_minmax_multi_add_value(internal, internal, internal, internal), '
            'FUNCTION 3 pg_catalog.brin_minmax_multi_consistent(internal, internal, internal, int4), '
            'FUNCTION 4 pg_catalog.brin_minmax_multi_union(internal, internal, internal), '
            'FUNCTION 5 pg_catalog.brin_minmax_multi_options(internal), '
            'FUNCTION 11 %4$I.%5$I(internal, internal)',
            ext, t.type, t.type || '_minmax_multi_ops', t.distance_schema, t.distance);
        EXECUTE pg_catalog.format(
            'CREATE OPERATOR CLASS %1$I.%3$I FOR TYPE %1$I.%2$I USING brin AS '
            'OPERATOR 1 %1$I.=, '
            'FUNCTION 1 pg_catalog.brin_bloom_opcinfo(internal), '
            'FUNCTION 2 pg_catalog.brin_bloom_add_value(internal, internal, internal, internal), '
            'FUNCTION 3 pg_catalog.brin_bloom_consistent(internal, internal, internal, int4), '
            'FUNCTION 4 pg_catalog.brin_bloom_union(internal, internal, internal), '
            'FUNCTION 5 pg_catalog.brin_bloom_options(internal), '
            'FUNCTION 11 %1$I.%4$I(%1$I.%2$I)',
            ext, t.type, t.type || '_bloom_ops', t.type || '_hash');
    END LOOP;
    PERFORM pg_catalog.set_config('search_path', caller_path, true);
END
$brin$;
