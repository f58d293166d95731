\echo Use "CREATE EXTENSION idgen_bench_floor" to load this file. \quit

-- VOLATILE like the generators, so the planner calls them once per row too.
CREATE FUNCTION idgen_bench_floor_int8() RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
CREATE FUNCTION idgen_bench_floor_uuid() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
