-- KSUID, ObjectId, UUID v1/v6: properties on random inputs.
BEGIN;
SELECT plan(9);

CREATE TEMP TABLE k AS
SELECT ksuid(to_timestamp(1400000000 + random() * 4294967295)) AS id FROM generate_series(1, 5000);
SELECT is((SELECT count(*) FROM k WHERE id::text::ksuid <> id), 0::bigint,
          'ksuid -> text -> ksuid gives it back');
SELECT is((SELECT count(*) FROM
             (SELECT row_number() OVER (ORDER BY id) a, row_number() OVER (ORDER BY id::text COLLATE "C") b FROM k) x
            WHERE a <> b), 0::bigint, 'ORDER BY ksuid = ORDER BY its text (C collation)');
SELECT is((SELECT count(*) FROM k
            WHERE NOT (ksuid_from_time(ksuid_timestamp(id)) <= id
                       AND id < ksuid_from_time(ksuid_timestamp(id) + interval '1 second'))),
          0::bigint, 'ksuid_from_time bounds every KSUID''s second');

CREATE TEMP TABLE o AS
SELECT objectid(to_timestamp(random() * 4294967295)) AS id FROM generate_series(1, 5000);
SELECT is((SELECT count(*) FROM o WHERE upper(id::text)::objectid <> id), 0::bigint,
          'objectid -> text (either case) -> objectid gives it back');
SELECT is((SELECT count(*) FROM o
            WHERE NOT (objectid_from_time(objectid_timestamp(id)) <= id
                       AND id < objectid_from_time(objectid_timestamp(id) + interval '1 second'))),
          0::bigint, 'objectid_from_time bounds every ObjectId''s second');

-- binary COPY out and in again goes through the send and receive functions
CREATE TABLE both_types (k ksuid, o objectid);
INSERT INTO both_types SELECT k.id, o.id FROM (SELECT id, row_number() OVER () n FROM k) k
  JOIN (SELECT id, row_number() OVER () n FROM o) o USING (n);
CREATE TABLE both_back (k ksuid, o objectid);
DO $$
DECLARE path text := current_setting('data_directory') || '/idgen_both_types.copy';
BEGIN
    EXECUTE format('COPY both_types TO %L (FORMAT binary)', path);
    EXECUTE format('COPY both_back FROM %L (FORMAT binary)', path);
END $$;
SELECT results_eq('SELECT k, o FROM both_back ORDER BY k', 'SELECT k, o FROM both_types ORDER BY k',
                  'binary COPY round trip of ksuid and objectid');

-- indexes: btree range by the bound, hash equality
CREATE INDEX ON both_types (k);
CREATE INDEX ON both_types USING hash (o);
SET LOCAL enable_seqscan = off;
SET LOCAL enable_mergejoin = off;
SET LOCAL enable_hashjoin = off;
SELECT is((SELECT count(*) FROM o JOIN both_types b ON b.o = o.id), 5000::bigint,
          'equality through the hash index on objectid finds every row');
SELECT is((SELECT count(*) FROM both_types WHERE k >= ksuid_from_time('2014-05-13 16:53:20+00')), 5000::bigint,
          'a range through the btree on ksuid finds every row');

CREATE TEMP TABLE v AS SELECT n, uuid_v6() AS id FROM generate_series(1, 20000) n;
SELECT is((SELECT count(*) FROM (SELECT uuid_timestamp(id) < lag(uuid_timestamp(id)) OVER (ORDER BY n) AS back FROM v) x
            WHERE back), 0::bigint, 'uuid_v6() times never go back within a session');

SELECT * FROM finish();
ROLLBACK;
