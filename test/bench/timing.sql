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
