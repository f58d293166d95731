-- idgen 0.1: the bigint families, Instagram shard IDs and Snowflake.
\echo Use "CREATE EXTENSION idgen" to load this file. \quit

-- Markings: generators read the clock or shared state, so VOLATILE; a
-- function that reads an idgen.* setting is STABLE; the rest are IMMUTABLE.
-- All are PARALLEL SAFE: shared state lives in shared memory, which parallel
-- workers share with their leader.

------------------------------------------------------------------------------
-- Instagram shard IDs: 41-bit ms since idgen.shard_epoch | 13-bit shard | 10-bit seq

CREATE FUNCTION next_shard_id(shard int, seq bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'idgen_next_shard_id_seq'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int, bigint) IS
    'Instagram''s next_id(): clock ms | shard | seq % 1024; an error where the original overflows';

CREATE FUNCTION next_shard_id(shard int, seq bigint, at timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'idgen_next_shard_id_seq_at'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int, bigint, timestamptz) IS
    'shard ID for a given time (backfills): ms of at | shard | seq % 1024';

CREATE FUNCTION next_shard_id(shard int) RETURNS bigint
    AS 'MODULE_PATHNAME', 'idgen_next_shard_id'
    LANGUAGE C STRICT VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION next_shard_id(int) IS
    'shard ID with its sequence kept per shard in shared memory: never repeats (needs preload)';

CREATE FUNCTION shard_id_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'idgen_shard_id_timestamp'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_timestamp(id bigint, epoch_ms bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'idgen_shard_id_timestamp_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_shard(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'idgen_shard_id_shard'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_seq(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'idgen_shard_id_seq'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_decode(id bigint, OUT ts timestamptz, OUT shard int, OUT seq int)
    AS 'MODULE_PATHNAME', 'idgen_shard_id_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_decode(id bigint, epoch_ms bigint, OUT ts timestamptz, OUT shard int, OUT seq int)
    AS 'MODULE_PATHNAME', 'idgen_shard_id_decode_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION shard_id_from_time(ts timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'idgen_shard_id_from_time'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION shard_id_from_time(timestamptz) IS
    'smallest shard ID of that millisecond: id >= shard_id_from_time(t1) AND id < shard_id_from_time(t2)';

CREATE FUNCTION shard_id_from_time(ts timestamptz, epoch_ms bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'idgen_shard_id_from_time_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

------------------------------------------------------------------------------
-- Snowflake: sign 0 | 41-bit ms since idgen.snowflake_epoch | 10-bit idgen.node_id | 12-bit seq

CREATE FUNCTION snowflake_id() RETURNS bigint
    AS 'MODULE_PATHNAME', 'idgen_snowflake_id'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_id() IS
    'Snowflake ID, unique and increasing across every session of the server (needs preload)';

CREATE FUNCTION snowflake_timestamp(id bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'idgen_snowflake_timestamp'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_timestamp(id bigint, epoch_ms bigint) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'idgen_snowflake_timestamp_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_node(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'idgen_snowflake_node'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_seq(id bigint) RETURNS int
    AS 'MODULE_PATHNAME', 'idgen_snowflake_seq'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_decode(id bigint, OUT ts timestamptz, OUT node int, OUT seq int)
    AS 'MODULE_PATHNAME', 'idgen_snowflake_decode'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_decode(id bigint, epoch_ms bigint, OUT ts timestamptz, OUT node int, OUT seq int)
    AS 'MODULE_PATHNAME', 'idgen_snowflake_decode_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION snowflake_id_from_time(ts timestamptz) RETURNS bigint
    AS 'MODULE_PATHNAME', 'idgen_snowflake_id_from_time'
    LANGUAGE C STRICT STABLE PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_id_from_time(timestamptz) IS
    'smallest Snowflake of that millisecond: id >= snowflake_id_from_time(t1) AND id < snowflake_id_from_time(t2)';

CREATE FUNCTION snowflake_id_from_time(ts timestamptz, epoch_ms bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'idgen_snowflake_id_from_time_epoch'
    LANGUAGE C STRICT IMMUTABLE PARALLEL SAFE;
