-- idgen: the SQL interface of the current version (the Makefile installs it as
-- idgen--<default_version>.sql). Every change here also goes into an upgrade
-- script sql/idgen--<old>--<new>.sql; test/integration/upgrade.sh checks they agree.
\echo Use "CREATE EXTENSION idgen" to load this file. \quit

-- Markings: generators read the clock or shared state, so VOLATILE; a
-- function that reads an idgen.* setting is STABLE; the rest are IMMUTABLE.
-- All are PARALLEL SAFE: shared state lives in shared memory, which parallel
-- workers share with their leader.

------------------------------------------------------------------------------
-- Instagram shard IDs: 41-bit ms since idgen.shard_epoch | 13-bit shard | 10-bit seq

CREATE FUNCTION next_shard_id(shard int, seq bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_next_shard_id_seq'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int, bigint) IS
    'Instagram''s next_id(): clock ms | shard | seq % 1024; an error where the original overflows';

CREATE FUNCTION next_shard_id(shard int, seq bigint, at timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_next_shard_id_seq_at'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int, bigint, timestamptz) IS
    'shard ID for a given time (backfills): ms of at | shard | seq % 1024';

CREATE FUNCTION next_shard_id(shard int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_next_shard_id'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int) IS
    'shard ID with its sequence kept per shard in shared memory: never repeats (needs preload)';

CREATE FUNCTION shard_id_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_shard_id_timestamp'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_timestamp(id bigint, epoch_ms bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_shard_id_timestamp_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_shard(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_shard_id_shard'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_seq(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_shard_id_seq'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_decode(id bigint, OUT ts timestamptz, OUT shard int, OUT seq int)
    AS 'MODULE_PATHNAME', 'sql_shard_id_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_decode(id bigint, epoch_ms bigint, OUT ts timestamptz, OUT shard int, OUT seq int)
    AS 'MODULE_PATHNAME', 'sql_shard_id_decode_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_from_time(ts timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_shard_id_from_time'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION shard_id_from_time(timestamptz) IS
    'smallest shard ID of that millisecond: id >= shard_id_from_time(t1) AND id < shard_id_from_time(t2)';

CREATE FUNCTION shard_id_from_time(ts timestamptz, epoch_ms bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_shard_id_from_time_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

------------------------------------------------------------------------------
-- Snowflake: sign 0 | 41-bit ms since idgen.snowflake_epoch | 10-bit idgen.node_id | 12-bit seq

CREATE FUNCTION snowflake_id() RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_snowflake_id'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_id() IS
    'Snowflake ID, unique and increasing across every session of the server (needs preload)';

CREATE FUNCTION snowflake_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_snowflake_timestamp'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_timestamp(id bigint, epoch_ms bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_snowflake_timestamp_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_node(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_snowflake_node'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_seq(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_snowflake_seq'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_decode(id bigint, OUT ts timestamptz, OUT node int, OUT seq int)
    AS 'MODULE_PATHNAME', 'sql_snowflake_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_decode(id bigint, epoch_ms bigint, OUT ts timestamptz, OUT node int, OUT seq int)
    AS 'MODULE_PATHNAME', 'sql_snowflake_decode_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_id_from_time(ts timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_snowflake_id_from_time'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_id_from_time(timestamptz) IS
    'smallest Snowflake of that millisecond: id >= snowflake_id_from_time(t1) AND id < snowflake_id_from_time(t2)';

CREATE FUNCTION snowflake_id_from_time(ts timestamptz, epoch_ms bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sql_snowflake_id_from_time_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

------------------------------------------------------------------------------
-- ULID: 48-bit Unix ms then 80 random bits, 16 bytes; text is 26 Crockford
-- base32 characters that sort like the bytes. Stored and ordered exactly like
-- uuid, so comparison, hashing, sortsupport and binary I/O are uuid's own.

CREATE TYPE ulid;

CREATE FUNCTION ulid_in(cstring) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_in'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_out(ulid) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sql_ulid_out'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_recv(internal) RETURNS ulid
    AS 'uuid_recv' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_send(ulid) RETURNS bytea
    AS 'uuid_send' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE ulid (
    INPUT = ulid_in,
    OUTPUT = ulid_out,
    RECEIVE = ulid_recv,
    SEND = ulid_send,
    INTERNALLENGTH = 16,
    ALIGNMENT = char,
    STORAGE = plain
);
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

CREATE OPERATOR = (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_lt,
    COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_le,
    COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_gt,
    COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ge,
    COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);

CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 ulid_cmp(ulid, ulid),
    FUNCTION 2 ulid_sortsupport(internal);

CREATE OPERATOR CLASS ulid_ops DEFAULT FOR TYPE ulid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 ulid_hash(ulid),
    FUNCTION 2 ulid_hash_extended(ulid, bigint);

CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE AGGREGATE max(ulid) (
    SFUNC = ulid_larger, STYPE = ulid, COMBINEFUNC = ulid_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(ulid) (
    SFUNC = ulid_smaller, STYPE = ulid, COMBINEFUNC = ulid_smaller, SORTOP = <, PARALLEL = SAFE);

-- The same 16 bytes: seed 003's 01E5V7GWA9CHP337PB8SR18ZP4 is uuid
-- 01717678-7149-646c-319e-cb4670147ec4. Assignment casts: a ulid goes into a
-- uuid column and back without a cast written out, but mixed comparisons do
-- not resolve silently.
CREATE CAST (ulid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (ulid AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS ulid) WITH INOUT AS ASSIGNMENT;

CREATE FUNCTION ulid() RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_generate'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION ulid() IS
    'ULID of the current time: Unix ms, 16-bit sub-ms fraction, 64 random bits; strictly increasing within a session';

CREATE FUNCTION ulid(at timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_generate_at'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION ulid(timestamptz) IS 'ULID of a given time with 80 random bits (backfills)';

CREATE FUNCTION ulid_monotonic() RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_monotonic'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION ulid_monotonic() IS
    'ULID in the spec''s monotonic order across every session of the server (needs preload)';

CREATE FUNCTION ulid_timestamp(id ulid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ulid_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION ulid_from_time(ts timestamptz) RETURNS ulid
    AS 'MODULE_PATHNAME', 'sql_ulid_from_time'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ulid_from_time(timestamptz) IS
    'smallest ULID of that millisecond: id >= ulid_from_time(t1) AND id < ulid_from_time(t2)';

CREATE CAST (ulid AS timestamptz) WITH FUNCTION ulid_timestamp(ulid);

------------------------------------------------------------------------------
-- The UUID family (RFC 9562), on PostgreSQL's uuid type. Names avoid
-- uuid-ossp's (uuid_nil, uuid_ns_*, uuid_generate_v*) and PostgreSQL 17/18's
-- (uuidv4, uuidv7, uuid_extract_*), so all of them install side by side.

CREATE FUNCTION uuid_v7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7() IS
    'UUIDv7: Unix ms, 12-bit sub-ms fraction, 62 random bits; strictly increasing within a session';

CREATE FUNCTION uuid_v7(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_at'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7(timestamptz) IS 'UUIDv7 of a given time (backfills)';

CREATE FUNCTION uuid_v7_from_time(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_from_time'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_from_time(timestamptz) IS
    'smallest UUIDv7 of that millisecond: id >= uuid_v7_from_time(t1) AND id < uuid_v7_from_time(t2)';

CREATE FUNCTION uuid_v7_timestamp(id uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_uuid_v7_timestamp'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_timestamp(uuid) IS
    'the millisecond of a UUIDv7; NULL for other versions (as uuid_extract_timestamp for a v7)';

CREATE FUNCTION uuid_version(id uuid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_uuid_version'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_version(uuid) IS
    'version of an RFC 9562 UUID; NULL for other variants (as uuid_extract_version)';

CREATE FUNCTION uuid_v4() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v4'
    LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE FUNCTION uuid_v3(namespace uuid, name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v3'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION uuid_v5(namespace uuid, name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v5'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

-- RFC 9562 section 6.6 namespaces, and the Nil and Max UUIDs (section 5.9, 5.10)
CREATE FUNCTION uuid_namespace_dns() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::uuid $$;
CREATE FUNCTION uuid_namespace_url() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT '6ba7b811-9dad-11d1-80b4-00c04fd430c8'::uuid $$;
CREATE FUNCTION uuid_namespace_oid() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT '6ba7b812-9dad-11d1-80b4-00c04fd430c8'::uuid $$;
CREATE FUNCTION uuid_namespace_x500() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT '6ba7b814-9dad-11d1-80b4-00c04fd430c8'::uuid $$;
CREATE FUNCTION uuid_min() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT '00000000-0000-0000-0000-000000000000'::uuid $$;
COMMENT ON FUNCTION uuid_min() IS 'the Nil UUID (uuid-ossp calls it uuid_nil())';
CREATE FUNCTION uuid_max() RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid $$;
COMMENT ON FUNCTION uuid_max() IS 'the Max UUID';

------------------------------------------------------------------------------
-- KSUID (Segment): 4 bytes of seconds since 1400000000, 16 random bytes;
-- 27 base62 characters that sort like the bytes. A 20-byte type: smaller
-- than its text, validated, compared with one memcmp.

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
CREATE AGGREGATE max(ksuid) (
    SFUNC = ksuid_larger, STYPE = ksuid, COMBINEFUNC = ksuid_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(ksuid) (
    SFUNC = ksuid_smaller, STYPE = ksuid, COMBINEFUNC = ksuid_smaller, SORTOP = <, PARALLEL = SAFE);
CREATE CAST (ksuid AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS ksuid) WITH INOUT AS ASSIGNMENT;

CREATE FUNCTION ksuid() RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION ksuid(at timestamptz) RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_generate_at' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
CREATE FUNCTION ksuid_timestamp(id ksuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_ksuid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION ksuid_from_time(ts timestamptz) RETURNS ksuid
    AS 'MODULE_PATHNAME', 'sql_ksuid_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ksuid_from_time(timestamptz) IS
    'smallest KSUID of that second: id >= ksuid_from_time(t1) AND id < ksuid_from_time(t2)';

------------------------------------------------------------------------------
-- MongoDB ObjectId: 4 bytes of Unix seconds, 5 random bytes per process, a
-- 3-byte counter from a random start; 24 hex digits.

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
CREATE AGGREGATE max(objectid) (
    SFUNC = objectid_larger, STYPE = objectid, COMBINEFUNC = objectid_larger, SORTOP = >, PARALLEL = SAFE);
CREATE AGGREGATE min(objectid) (
    SFUNC = objectid_smaller, STYPE = objectid, COMBINEFUNC = objectid_smaller, SORTOP = <, PARALLEL = SAFE);
CREATE CAST (objectid AS text) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS objectid) WITH INOUT AS ASSIGNMENT;

CREATE FUNCTION objectid() RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_generate' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION objectid(at timestamptz) RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_generate_at' LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
CREATE FUNCTION objectid_timestamp(id objectid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_objectid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION objectid_counter(id objectid) RETURNS int
    AS 'MODULE_PATHNAME', 'sql_objectid_counter' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION objectid_from_time(ts timestamptz) RETURNS objectid
    AS 'MODULE_PATHNAME', 'sql_objectid_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION objectid_from_time(timestamptz) IS
    'smallest ObjectId of that second: id >= objectid_from_time(t1) AND id < objectid_from_time(t2)';

------------------------------------------------------------------------------
-- UUID v1 and v6 (RFC 9562): 100 ns since 1582-10-15, clock sequence, and a
-- random node with the multicast bit set (never the MAC address).

CREATE FUNCTION uuid_v1() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v1' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION uuid_v6() RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v6' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION uuid_v6_from_time(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'sql_uuid_v6_from_time' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v6_from_time(timestamptz) IS
    'smallest UUIDv6 of that microsecond: id >= uuid_v6_from_time(t1) AND id < uuid_v6_from_time(t2)';
CREATE FUNCTION uuid_timestamp(id uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'sql_uuid_timestamp' LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_timestamp(uuid) IS
    'the time of a v1, v6 or v7 UUID (as uuid_extract_timestamp, and v6 too); NULL for the others';

------------------------------------------------------------------------------
-- Flickr's ticket servers: a sequence for server k of n hands out k, k+n,
-- k+2n, ...: n servers never collide.

CREATE FUNCTION create_ticket_sequence(name text, server int, servers int) RETURNS regclass
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    parts text[] := parse_ident(name);
    qualified text;
BEGIN
    IF servers IS NULL OR servers < 1 OR server IS NULL OR server < 1 OR server > servers THEN
        RAISE EXCEPTION 'server % of % is out of range for create_ticket_sequence', server, servers
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Servers are numbered from 1 to the number of servers, which is at least 1.';
    END IF;
    IF array_length(parts, 1) > 2 THEN
        RAISE EXCEPTION 'invalid sequence name "%"', name USING ERRCODE = 'invalid_name';
    END IF;
    SELECT string_agg(quote_ident(p), '.') INTO qualified FROM unnest(parts) p;
    EXECUTE format('CREATE SEQUENCE %s AS bigint INCREMENT BY %s START WITH %s MINVALUE %s',
                   qualified, servers, server, server);
    RETURN qualified::regclass;
END $$;
COMMENT ON FUNCTION create_ticket_sequence(text, int, int) IS
    'Flickr''s ticket server k of n: CREATE SEQUENCE name INCREMENT BY n START WITH k';

------------------------------------------------------------------------------
-- What the shared generators have done since the server started.

CREATE FUNCTION idgen_status(
    OUT generator text,             -- snowflake_id, next_shard_id or ulid_monotonic
    OUT shard int,                  -- for next_shard_id: the shard (listed once used)
    OUT last_issued timestamptz,    -- the last millisecond handed out (after a restart: the reservation it resumed from)
    OUT ahead_of_clock_ms bigint,   -- last_issued minus the wall clock now; above 0, running ahead
    OUT issued bigint,              -- IDs handed out since start (or since idgen_status_reset())
    OUT issued_ahead bigint,        -- of those, handed out ahead of the clock (it had stepped back)
    OUT waits bigint,               -- calls that waited for the next millisecond (one used up)
    OUT reserved_until timestamptz) -- the reservation on disk no generator may pass
RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'sql_idgen_status'
    LANGUAGE C VOLATILE PARALLEL SAFE;

CREATE VIEW idgen_status AS SELECT * FROM idgen_status();
GRANT SELECT ON idgen_status TO PUBLIC;
COMMENT ON VIEW idgen_status IS 'the shared generators: last millisecond, lead over the clock, counters, reservation';

CREATE FUNCTION idgen_status_reset() RETURNS void
    AS 'MODULE_PATHNAME', 'sql_idgen_status_reset'
    LANGUAGE C VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION idgen_status_reset() FROM PUBLIC;
COMMENT ON FUNCTION idgen_status_reset() IS 'zeroes idgen_status''s counters (superuser)';

------------------------------------------------------------------------------
-- Moving an existing column onto a generator.

CREATE FUNCTION idgen_convert_column(tbl regclass, col name, generator text)
RETURNS SETOF text
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
    gen text := btrim(generator);
    m text[];
    kind text;              -- bigint, ulid or uuid
    default_expr text;      -- the column's new DEFAULT, built here, never pasted
    first_new_sql text;     -- the smallest ID the generator can make from now on
    shard int;
    seq regclass;
    att record;
    old_seq text;
    largest text;
    first_new text;
    refuse boolean;
    widen regclass[] := '{}';
    widen_cols name[] := '{}';
    v record;
    views jsonb := '[]';
    i int;
    -- idgen's own objects, named through its schema: it need not be on the search_path
    ext text := (SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'idgen');
BEGIN
    -- the generator: one of the forms below, or refused
    IF gen ~ '^snowflake_id\(\s*\)$' THEN
        kind := 'bigint'; default_expr := format('%s.snowflake_id()', ext);
        first_new_sql := format('SELECT %s.snowflake_id_from_time(now())::text', ext);
    ELSIF gen ~ '^ulid\(\s*\)$' THEN
        kind := 'ulid'; default_expr := format('%s.ulid()', ext);
        first_new_sql := format('SELECT %s.ulid_from_time(now())::text', ext);
    ELSIF gen ~ '^uuid_v7\(\s*\)$' THEN
        kind := 'uuid'; default_expr := format('%s.uuid_v7()', ext);
    ELSE
        m := regexp_match(gen, '^next_shard_id\(\s*(\d{1,9})\s*(?:,\s*nextval\(\s*''((?:[^'']|'''')+)''(?:::regclass)?\s*\)\s*)?\)$');
        IF m IS NULL THEN
            RAISE EXCEPTION 'generator "%" is not one idgen_convert_column accepts', generator
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Accepted: snowflake_id(), next_shard_id(<shard>), '
                               'next_shard_id(<shard>, nextval(''<sequence>'')), ulid(), uuid_v7().';
        END IF;
        shard := m[1]::int;
        IF shard > 8191 THEN
            RAISE EXCEPTION 'shard % is out of range for next_shard_id', shard
                USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Valid shards are 0 to 8191 (13 bits).';
        END IF;
        kind := 'bigint';
        first_new_sql := format('SELECT %s.shard_id_from_time(now())::text', ext);
        IF m[2] IS NULL THEN
            default_expr := format('%s.next_shard_id(%s)', ext, shard);
        ELSE
            seq := to_regclass(replace(m[2], '''''', ''''));
            IF seq IS NULL OR (SELECT relkind FROM pg_class WHERE oid = seq) <> 'S' THEN
                RAISE EXCEPTION 'sequence "%" does not exist', replace(m[2], '''''', '''')
                    USING ERRCODE = 'undefined_table';
            END IF;
            default_expr := format('%s.next_shard_id(%s, nextval(%L::regclass))', ext, shard, seq::text);
        END IF;
    END IF;

    -- the column, and whether its type can hold what the generator makes
    SELECT a.attnum, a.atttypid, a.attidentity, a.attgenerated INTO att
      FROM pg_attribute a WHERE a.attrelid = tbl AND a.attname = col AND a.attnum > 0 AND NOT a.attisdropped;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'column "%" of relation % does not exist', col, tbl USING ERRCODE = 'undefined_column';
    END IF;
    IF att.attgenerated <> '' THEN
        RAISE EXCEPTION 'column "%" of relation % is a generated column', col, tbl
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF (kind = 'bigint' AND att.atttypid NOT IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype))
       OR (kind = 'ulid' AND att.atttypid <> to_regtype(ext || '.ulid'))
       OR (kind = 'uuid' AND att.atttypid <> 'uuid'::regtype) THEN
        RAISE EXCEPTION 'column "%" of relation % is of type %, which % does not fill', col, tbl,
                        format_type(att.atttypid, NULL), gen
            USING ERRCODE = 'datatype_mismatch',
                  DETAIL = CASE kind WHEN 'bigint' THEN 'It makes bigint IDs: the column must be smallint, integer or bigint.'
                                     ELSE format('It makes %s values: the column must be of type %s.', kind, kind) END;
    END IF;

    -- new IDs must sort after every existing one (random v4 UUIDs can't; v7 ones never collide with them)
    IF first_new_sql IS NOT NULL THEN
        EXECUTE format('SELECT %smax(%I)::text FROM %s', CASE kind WHEN 'ulid' THEN ext || '.' ELSE '' END,
                       col, tbl) INTO largest;
        EXECUTE first_new_sql INTO first_new;
        EXECUTE format('SELECT $1::%1$s >= $2::%1$s', CASE kind WHEN 'ulid' THEN ext || '.ulid' ELSE 'bigint' END)
            USING largest, first_new INTO refuse;
        IF refuse THEN
            RAISE EXCEPTION 'cannot convert column "%" of relation % to %: its values would not sort before the new ones',
                            col, tbl, gen
                USING ERRCODE = 'numeric_value_out_of_range',
                      DETAIL = format('The largest existing value is %s; the first new ID would be %s or a little more.',
                                      largest, first_new),
                      HINT = 'Keep the column as it is, or move its rows to new IDs first.';
        END IF;
    END IF;

    -- int columns, and the foreign keys that point at them, become bigint
    IF kind = 'bigint' AND att.atttypid <> 'int8'::regtype THEN
        widen := ARRAY[tbl];
        widen_cols := ARRAY[col];
        FOR v IN SELECT c.conrelid::regclass AS rel, a.attname AS colname
                   FROM pg_constraint c
                   CROSS JOIN LATERAL unnest(c.confkey, c.conkey) AS k(ref, own)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.own
                  WHERE c.contype = 'f' AND c.confrelid = tbl AND k.ref = att.attnum
                    AND a.atttypid IN ('int2'::regtype, 'int4'::regtype) LOOP
            widen := widen || v.rel;
            widen_cols := widen_cols || v.colname;
        END LOOP;

        -- views over those columns block ALTER TYPE: keep their definitions,
        -- owners, grants and comments, drop them, and make them again after
        FOR v IN
            WITH RECURSIVE targets AS (
                SELECT w.rel::oid AS rel, a.attnum
                  FROM unnest(widen, widen_cols) AS w(rel, colname)
                  JOIN pg_attribute a ON a.attrelid = w.rel AND a.attname = w.colname),
            deps(view, depth) AS (
                SELECT DISTINCT r.ev_class, 1
                  FROM targets t
                  JOIN pg_depend d ON d.refclassid = 'pg_class'::regclass AND d.refobjid = t.rel
                                  AND d.refobjsubid = t.attnum AND d.classid = 'pg_rewrite'::regclass
                  JOIN pg_rewrite r ON r.oid = d.objid AND r.ev_class <> t.rel
                UNION
                SELECT r.ev_class, deps.depth + 1
                  FROM deps
                  JOIN pg_depend d ON d.refclassid = 'pg_class'::regclass AND d.refobjid = deps.view
                                  AND d.classid = 'pg_rewrite'::regclass
                  JOIN pg_rewrite r ON r.oid = d.objid AND r.ev_class <> deps.view)
            SELECT view, max(depth) AS depth FROM deps GROUP BY view ORDER BY max(depth) DESC
        LOOP
            IF (SELECT relkind FROM pg_class WHERE oid = v.view) <> 'v'
               OR EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = v.view)
               OR EXISTS (SELECT 1 FROM pg_rewrite WHERE ev_class = v.view AND rulename <> '_RETURN') THEN
                RAISE EXCEPTION 'cannot convert column "%" of relation %: % depends on it', col, tbl,
                                v.view::regclass
                    USING ERRCODE = 'dependent_objects_still_exist',
                          DETAIL = 'idgen_convert_column makes plain views again; materialized views, '
                                   'and views with triggers or rules, it leaves to you.';
            END IF;
            views := jsonb_build_object(
                'name', v.view::regclass::text,
                'definition', pg_get_viewdef(v.view),
                'options', (SELECT array_to_string(reloptions, ', ') FROM pg_class WHERE oid = v.view),
                'owner', (SELECT relowner::regrole::text FROM pg_class WHERE oid = v.view),
                'comment', obj_description(v.view, 'pg_class'),
                'grants', (SELECT coalesce(jsonb_agg(format('GRANT %s ON %s TO %s%s', g.privilege_type,
                                                   v.view::regclass, CASE g.grantee WHEN 0 THEN 'PUBLIC'
                                                   ELSE g.grantee::regrole::text END,
                                                   CASE WHEN g.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END)),
                                           '[]')
                             FROM pg_class c, aclexplode(c.relacl) g
                            WHERE c.oid = v.view AND g.grantee <> c.relowner)) || views;
            EXECUTE format('DROP VIEW %s', v.view::regclass);
        END LOOP;

        FOR i IN 1 .. array_length(widen, 1) LOOP
            EXECUTE format('ALTER TABLE %s ALTER COLUMN %I TYPE bigint', widen[i], widen_cols[i]);
            RETURN NEXT format('widened %s.%I to bigint', widen[i], widen_cols[i]);
        END LOOP;

        -- deepest were dropped first and are prepended, so this is the making order
        FOR v IN SELECT value FROM jsonb_array_elements(views) LOOP
            EXECUTE format('CREATE VIEW %s%s AS %s', v.value->>'name',
                           CASE WHEN v.value->>'options' IS NULL THEN ''
                                ELSE format(' WITH (%s)', v.value->>'options') END,
                           v.value->>'definition');
            EXECUTE format('ALTER VIEW %s OWNER TO %s', v.value->>'name', v.value->>'owner');
            IF v.value->>'comment' IS NOT NULL THEN
                EXECUTE format('COMMENT ON VIEW %s IS %L', v.value->>'name', v.value->>'comment');
            END IF;
            FOR m IN SELECT ARRAY[g] FROM jsonb_array_elements_text(v.value->'grants') g LOOP
                EXECUTE m[1];
            END LOOP;
            RETURN NEXT format('made view %s again', v.value->>'name');
        END LOOP;
    END IF;

    IF att.attidentity <> '' THEN
        EXECUTE format('ALTER TABLE %s ALTER COLUMN %I DROP IDENTITY', tbl, col);
        RETURN NEXT format('dropped the identity of %s.%I', tbl, col);
    ELSE
        old_seq := pg_get_serial_sequence(tbl::text, col);
    END IF;
    EXECUTE format('ALTER TABLE %s ALTER COLUMN %I SET DEFAULT %s', tbl, col, default_expr);
    RETURN NEXT format('%s.%I now defaults to %s', tbl, col, default_expr);
    IF old_seq IS NOT NULL AND (seq IS NULL OR old_seq::regclass <> seq) THEN
        RETURN NEXT format('sequence %s no longer feeds it (kept; drop it when nothing else uses it)', old_seq);
    END IF;
    IF kind = 'uuid' THEN
        EXECUTE format('SELECT count(*) FILTER (WHERE %3$s.uuid_version(%1$I) IS DISTINCT FROM 7)::text FROM %2$s',
                       col, tbl, ext) INTO largest;
        IF largest <> '0' THEN
            RETURN NEXT format('%s existing values are not v7: they interleave with the new ones in order '
                               '(they never collide)', largest);
        END IF;
    END IF;
END
$fn$;
COMMENT ON FUNCTION idgen_convert_column(regclass, name, text) IS
    'moves a serial, identity, bigint, ulid or uuid column onto an idgen generator, in one transaction';

-- Moving a shared generator past IDs another server handed out: a shard moved
-- here, or a standby promoted with a clock behind its old primary's. Each
-- reserves on disk first, so a restart resumes after the ID too. Only the
-- superuser may run them (grant them on purpose): an ID near the clock lead
-- bound would stall the generator for everyone.
CREATE FUNCTION shard_id_resume_after(id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_shard_id_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION snowflake_resume_after(id bigint) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_snowflake_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION ulid_monotonic_resume_after(id ulid) RETURNS void
    AS 'MODULE_PATHNAME', 'sql_ulid_monotonic_resume_after'
    LANGUAGE C STRICT VOLATILE PARALLEL UNSAFE;
REVOKE EXECUTE ON FUNCTION shard_id_resume_after(bigint) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION snowflake_resume_after(bigint) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION ulid_monotonic_resume_after(ulid) FROM PUBLIC;
COMMENT ON FUNCTION shard_id_resume_after(bigint) IS
    'next_shard_id(shard) of that ID''s shard goes on after it (superuser)';
COMMENT ON FUNCTION snowflake_resume_after(bigint) IS
    'snowflake_id() goes on after that ID (superuser)';
COMMENT ON FUNCTION ulid_monotonic_resume_after(ulid) IS
    'ulid_monotonic() goes on after that ULID''s millisecond (superuser)';
