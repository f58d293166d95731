-- idgen 0.3.0 -> 0.4.0: the shared generators' reservation is bound to what
-- their IDs depend on and survives failover at any lag.
--
-- An update script never drops and recreates what a user may have granted
-- or revoked: CREATE OR REPLACE keeps a function's or view's privileges.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.4.0'" to load this file. \quit

-- The reservation the shared generators run under, what it is bound to, and
-- the last promotion that moved it (server-wide: one row).
CREATE FUNCTION idgen_reservation_status(
    OUT reserved_until timestamptz,  -- no shared generator hands out a later millisecond
    OUT snowflake_epoch bigint,      -- the epochs the IDs under it count from
    OUT shard_epoch bigint,
    OUT timeline bigint,             -- the timeline it was made on
    OUT promoted_at timestamptz,     -- when a promotion last moved it on this server
    OUT promotion_jump_ms bigint,    -- how far ahead of the clock that put the generators
    OUT state text,                  -- ok, missing, damaged, or promoted without WAL
    OUT in_wal boolean)              -- whether reservations travel in WAL here
    AS 'MODULE_PATHNAME', 'sql_idgen_reservation_status'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION idgen_reservation_status() IS
    'the shared generators'' reservation: its end, binding, last promotion and state';

-- promoted_at and promotion_jump_ms: when a promotion last moved the
-- generators (idgen.promotion_margin) and how far ahead of the clock.
CREATE OR REPLACE VIEW idgen_status AS
    SELECT s.*,
           CASE WHEN s.generator = 'snowflake_id' THEN nullif(n.setting, '-1')::int END AS node_id,
           CASE WHEN s.generator = 'snowflake_id' THEN n.source END AS node_id_source,
           r.promoted_at,
           r.promotion_jump_ms
    FROM idgen_status() AS s
    LEFT JOIN pg_catalog.pg_settings AS n ON n.name = 'idgen.node_id'
    LEFT JOIN idgen_reservation_status() AS r ON true;
