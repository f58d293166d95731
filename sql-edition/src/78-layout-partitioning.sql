-- Partitioning a declared or named layout's bigint keys: the span in IDs
-- (idgen_partition_interval of a layout), as the C edition computes it.

-- A span's length in µs; months and years are refused before this.
CREATE OR REPLACE FUNCTION _idgen_span_us(span interval) RETURNS numeric
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
    SELECT pg_catalog.date_part('day', span)::pg_catalog.numeric * 86400000000
           + pg_catalog.date_part('hour', span)::pg_catalog.numeric * 3600000000
           + pg_catalog.date_part('minute', span)::pg_catalog.numeric * 60000000
           + pg_catalog.date_part('microseconds', span)::pg_catalog.numeric
$$;

CREATE OR REPLACE FUNCTION _idgen_layout_partition_interval(layout text, span interval) RETURNS bigint
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, :"idgen_sql_schema", pg_temp AS $$
DECLARE
    l record := _idgen_layout(layout, 'idgen_partition_interval');
    shift int := l.node_bits + l.seq_bits;
    whole bigint := _idgen_layout_max_time(l.time_bits, shift, l.time_in_sign_bit);
    -- no positive interval follows a field that reaches the sign bit
    longest bigint := CASE WHEN l.time_in_sign_bit THEN whole >> 1 ELSE whole END;
    us numeric := _idgen_span_us(span);
BEGIN
    IF pg_catalog.date_part('year', span) <> 0 OR pg_catalog.date_part('month', span) <> 0 THEN
        RAISE EXCEPTION 'interval "%" has no fixed length for idgen_partition_interval', span
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Layout "%s"''s time is a count of %s-microsecond units: give the span in days, hours, minutes or seconds.',
                                             layout, l.unit_us);
    END IF;
    IF us < l.unit_us OR us % l.unit_us <> 0 OR us / l.unit_us > longest THEN
        RAISE EXCEPTION 'interval "%" is out of range for idgen_partition_interval of layout "%"', span, layout
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('A span is a whole number of %s-microsecond units, from %s to %s microseconds: what the IDs'' time field holds.',
                                             l.unit_us, l.unit_us, longest * l.unit_us);
    END IF;
    RETURN ((us / l.unit_us)::pg_catalog.int8) << shift;
END $$;

