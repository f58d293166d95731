-- workers_launched(statement): runs the statement under EXPLAIN ANALYZE (a
-- CREATE TABLE AS still creates its table) and returns how many parallel
-- workers its Gather nodes launched: a test of what parallel workers do
-- asserts first that there were some.
CREATE FUNCTION workers_launched(statement text) RETURNS int
LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, FORMAT JSON) ' || statement INTO plan;
    RETURN (SELECT coalesce(sum(launched::text::int), 0)
              FROM jsonb_path_query(plan::jsonb, 'strict $.**."Workers Launched"') launched);
END
$$;
