-- Instagram shard IDs: seed vectors, bit edges, decoding and every refusal.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
\set VERBOSITY default

-- seed 004's vector, epoch 2012-01-01 (1325376000000): shard 5, nextval 112345
-- at 2046-11-01 gave 9221321628057605849; it decodes back to those parts.
SELECT * FROM shard_id_decode(9221321628057605849, 1325376000000);
SELECT shard_id_timestamp(9221321628057605849, 1325376000000),
       shard_id_shard(9221321628057605849),
       shard_id_seq(9221321628057605849);
-- seed 001: 1992325551 << 23 overflowed 32 bits; here the time field is 64-bit
SELECT shard_id_from_time(to_timestamp(1992325551 / 1000.0), 0) = 1992325551::bigint << 23 AS sixty_four_bits;

-- the default epoch is Instagram's, 2011-08-24 21:07:01.721 UTC
SHOW idgen.shard_epoch;
SELECT next_shard_id(5, 112345, '2011-08-24 21:07:01.721+00');
SELECT next_shard_id(5, 112345, '2026-01-01 00:00:00+00');
SELECT * FROM shard_id_decode(next_shard_id(5, 112345, '2026-01-01 00:00:00+00'));
-- floored to the millisecond, as FLOOR(EXTRACT(EPOCH FROM t) * 1000) does
SELECT next_shard_id(0, 0, '2026-01-01 00:00:00.0019+00') = next_shard_id(0, 0, '2026-01-01 00:00:00.001+00') AS floored;
SELECT next_shard_id(0, 0, '2011-08-24 21:07:01.7219+00') AS first_ms_floored;
-- bit edges: the last millisecond of the layout, shard 8191, seq % 1024 = 1023
SELECT next_shard_id(8191, 1023, '2046-06-27 17:00:49.496+00') = 9223372036854775807 AS int8_max;
SELECT next_shard_id(0, 1024, '2026-01-01+00') = next_shard_id(0, 0, '2026-01-01+00') AS seq_modulo_1024;
SELECT next_shard_id(0, 9223372036854775807, '2026-01-01+00') - next_shard_id(0, 0, '2026-01-01+00') AS max_seq_low_bits;
SELECT * FROM shard_id_decode(9223372036854775807);
SELECT * FROM shard_id_decode(0);

-- the time-range bound: smallest ID of the millisecond
SELECT shard_id_from_time('2026-01-01 00:00:00+00');
SELECT shard_id_from_time('2026-01-01 00:00:00+00') = next_shard_id(0, 0, '2026-01-01 00:00:00+00') AS lowest;
SELECT shard_id_from_time('2046-11-01 00:00:00+00', 1325376000000) = 9221321628057605849 & ~8388607 AS lowest_seed004;

-- the clock form carries the current time
SELECT abs(extract(epoch FROM shard_id_timestamp(next_shard_id(7, nextval))) - extract(epoch FROM clock_timestamp())) < 5 AS now_ish
  FROM (SELECT 42::bigint AS nextval) s;
SELECT shard_id_shard(next_shard_id(7, 42)), shard_id_seq(next_shard_id(7, 42 + 1024));

-- errors: never a wrong number where the original breaks; each is followed
-- by its SQLSTATE (22003 out of range, 22023 invalid parameter)
SELECT next_shard_id(8192, 1);
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(-1, 1);
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(5, -1);
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(5, -9223372036854775808, now());
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(5, 1, '2011-08-24 21:07:01.720+00');
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(5, 1, '2046-06-27 17:00:49.497+00');
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(5, 112345, '2046-12-01 00:00:00+00');
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(5, 1, 'infinity');
\echo :LAST_ERROR_SQLSTATE
SELECT next_shard_id(5, 1, '-infinity');
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_timestamp(-9203679173715945767, 1325376000000);
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_shard(-1);
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_seq(-9223372036854775808);
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_decode(-1);
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_timestamp(1, -1);
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_timestamp(1, 4398046511104);
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_from_time('2011-08-24 21:07:01.720+00');
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_from_time('2046-06-27 17:00:49.497+00');
\echo :LAST_ERROR_SQLSTATE
SELECT shard_id_from_time('2020-01-01+00', 1600000000000);
\echo :LAST_ERROR_SQLSTATE
-- NULL in, NULL out
SELECT next_shard_id(NULL, 1) IS NULL AS n1, shard_id_shard(NULL) IS NULL AS n2,
       shard_id_from_time(NULL) IS NULL AS n3, next_shard_id(NULL::int) IS NULL AS n4;
