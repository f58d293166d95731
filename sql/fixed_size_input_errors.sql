-- Bad text for xid12, scru128 and timeflake, as input_errors.sql checks it
-- for ulid, ksuid and objectid: every refusal's SQLSTATE, message and detail
-- (the hard error), and on 16+ the same as a soft error (pg_input_is_valid,
-- pg_input_error_info). 13 and 15: expected/fixed_size_input_errors_1.out.
\set VERBOSITY default
SELECT current_setting('server_version_num')::int >= 160000 AS soft_errors \gset

CREATE TEMP TABLE cases (typ regtype, input text);
INSERT INTO cases VALUES
  ('xid12', ''), ('xid12', '9m4e2mr0ui3e8a215n4'), ('xid12', '9m4e2mr0ui3e8a215n4g0'),
  ('xid12', '9M4E2MR0UI3E8A215N4G'), ('xid12', '9m4e2mr0ui3e8a215n4w'),
  ('xid12', 'c6e52g2mrqcjl44hf179'), ('xid12', '9m4e2mr0ui3e8a215n4é'),
  ('scru128', '0372hg16csmsm50l8dikcvuk'), ('scru128', '0372hg16csmsm50l8dikcvuk_'),
  ('scru128', 'f5lxx1zz5pnorynqglhzmsp34'), ('scru128', 'F5LXX1ZZ5PNORYNQGLHZMSP34'),
  ('timeflake', '02i2XhN7hAuaFh3MwztcM'), ('timeflake', '02i2XhN7hAuaFh3MwztcM-'),
  ('timeflake', '7n42DGM5Tflk9n8mt7Fhc8'), ('timeflake', '016fb4209023b444fd07590f81b7b0eg'),
  ('timeflake', '016fb4209023b444fd07590f81b7b0e');

CREATE FUNCTION pg_temp.hard_error(typ regtype, input text,
                                   OUT code text, OUT message text, OUT detail text,
                                   OUT hint text)
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('SELECT %L::%s', input, typ);
  code := 'not refused';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                          detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
  hint := nullif(hint, '');
END $$;
SELECT c.typ, c.input, h.code, h.message, h.detail
  FROM cases c, pg_temp.hard_error(c.typ, c.input) h ORDER BY c.typ::text, c.input COLLATE "C";
-- the parse functions raise the same errors
SELECT xid_parse('9m4e2mr0ui3e8a215n4w');
SELECT scru128_parse('0372hg16csmsm50l8dikcvuk_');
SELECT timeflake_parse('7n42DGM5Tflk9n8mt7Fhc8');

\if :soft_errors
SELECT c.typ, c.input, pg_input_is_valid(c.input, c.typ::text) AS valid,
       (e.sql_error_code, e.message, e.detail, e.hint)
         IS NOT DISTINCT FROM (h.code, h.message, h.detail, h.hint)
         AS same_as_hard_error
  FROM cases c, pg_temp.hard_error(c.typ, c.input) h, pg_input_error_info(c.input, c.typ::text) e
 ORDER BY c.typ::text, c.input COLLATE "C";
-- good text is valid, at the edges of each type
SELECT pg_input_is_valid('vvvvvvvvvvvvvvvvvvvg', 'xid12') AS xid_max,
       pg_input_is_valid('F5LXX1ZZ5PNORYNQGLHZMSP33', 'scru128') AS scru128_max,
       pg_input_is_valid('7n42DGM5Tflk9n8mt7Fhc7', 'timeflake') AS timeflake_max,
       pg_input_is_valid('ffffffffffffffffffffffffffffffff', 'timeflake') AS timeflake_hex_max;
\endif
