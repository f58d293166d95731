-- Loaded on every server the benchmark uses (15 and 18).
-- µs per row of one count(expr) over n rows, timed inside the server.
CREATE FUNCTION bench_per_row_us(expr text, n int) RETURNS float8 AS $$
DECLARE t0 timestamptz;
BEGIN
    t0 := clock_timestamp();
    EXECUTE format('SELECT count(%s) FROM generate_series(1, %s) AS g', expr, n);
    RETURN extract(epoch FROM clock_timestamp() - t0) * 1e6 / n;
END $$ LANGUAGE plpgsql;

-- Seconds one INSERT of n rows into tbl takes, the key filled by its DEFAULT.
CREATE FUNCTION bench_insert_s(tbl text, n int) RETURNS float8 AS $$
DECLARE t0 timestamptz;
BEGIN
    t0 := clock_timestamp();
    EXECUTE format('INSERT INTO %I (n) SELECT g FROM generate_series(1, %s) AS g', tbl, n);
    RETURN extract(epoch FROM clock_timestamp() - t0);
END $$ LANGUAGE plpgsql;

-- One client's tight loop for `seconds`: every call of expr timed with
-- clock_timestamp() on both sides; the longest, and how many took long.
CREATE FUNCTION bench_tight_loop(expr text, seconds float8,
                                 OUT calls bigint, OUT max_ms float8,
                                 OUT over_100ms int, OUT over_500ms int) AS $$
DECLARE
    t0 timestamptz;
    t1 timestamptz;
    stop timestamptz := clock_timestamp() + seconds * interval '1 s';
    ms float8;
BEGIN
    calls := 0; max_ms := 0; over_100ms := 0; over_500ms := 0;
    LOOP
        t0 := clock_timestamp();
        EXECUTE 'SELECT ' || expr;
        t1 := clock_timestamp();
        ms := extract(epoch FROM t1 - t0) * 1000;
        calls := calls + 1;
        max_ms := greatest(max_ms, ms);
        IF ms > 100 THEN over_100ms := over_100ms + 1; END IF;
        IF ms > 500 THEN over_500ms := over_500ms + 1; END IF;
        EXIT WHEN t1 > stop;
    END LOOP;
END $$ LANGUAGE plpgsql;
