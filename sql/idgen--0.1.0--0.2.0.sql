-- idgen 0.1.0 -> 0.2.0: moving the shared generators past IDs another server
-- handed out.
\echo Use "ALTER EXTENSION idgen UPDATE TO '0.2.0'" to load this file. \quit

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

-- ulid() is strictly increasing within a session, as uuid_v7() is: the first
-- 16 of its 80 random bits are the sub-millisecond fraction.
COMMENT ON FUNCTION ulid() IS
    'ULID of the current time: Unix ms, 16-bit sub-ms fraction, 64 random bits; strictly increasing within a session';
