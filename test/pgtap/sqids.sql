-- Sqids: properties in bulk (distinct numbers get distinct text, every text
-- decodes back, and only to its numbers), and from parallel workers (each
-- a process of its own that sets up its options again).
BEGIN;
SELECT plan(7);

CREATE TEMP TABLE s AS
SELECT n, sqids_encode(ARRAY[n]) AS id, sqids_encode(ARRAY[n, n * 7919 % 1000003], min_length => 12) AS pair
  FROM (SELECT (g::bigint * 2654435761) % 9223372036854775807 AS n FROM generate_series(0, 99999) g) x;
SELECT is((SELECT count(DISTINCT id) + count(DISTINCT pair) FROM s), 200000::bigint,
          'distinct numbers get distinct text');
SELECT is((SELECT count(*) FROM s WHERE sqids_decode(id) <> ARRAY[n]), 0::bigint, 'every text decodes back');
SELECT is((SELECT count(*) FROM s WHERE length(pair) < 12
                                     OR sqids_decode(pair, min_length => 12) <> ARRAY[n, n * 7919 % 1000003]),
          0::bigint, 'every padded pair decodes back, at least 12 characters long');
-- a text with one character changed is another canonical text or none: it
-- never decodes to numbers whose text it is not
SELECT is((SELECT count(*) FROM (SELECT overlay(id placing 'x' from 2 for 1) AS t FROM s) c
            WHERE sqids_decode(t) <> '{}' AND sqids_encode(sqids_decode(t)) <> t), 0::bigint,
          'a changed text decodes only when it is the canonical text of what it decodes to');

CREATE TABLE big AS SELECT g FROM generate_series(1, 100000) g;
ANALYZE big;
SET LOCAL parallel_setup_cost = 0;
SET LOCAL parallel_tuple_cost = 0;
SET LOCAL min_parallel_table_scan_size = 0;
SELECT cmp_ok(workers_launched('CREATE TEMP TABLE p AS SELECT g, sqids_encode(ARRAY[g::bigint], ''0123456789abcdef'', 8) AS id, '
                               'sqids_decode(sqids_encode(ARRAY[g::bigint, 5])) AS back FROM big'),
              '>', 0, 'sqids_encode and sqids_decode ran in parallel workers');
SELECT is((SELECT count(*) FROM p WHERE sqids_encode(ARRAY[g::bigint], '0123456789abcdef', 8) <> id), 0::bigint,
          'parallel workers give the leader''s text');
SELECT is((SELECT count(*) FROM p WHERE back <> ARRAY[g::bigint, 5]), 0::bigint, 'parallel workers decode back');

SELECT * FROM finish();
ROLLBACK;
