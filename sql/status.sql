-- idgen_status: what the shared generators have done, and the reset.
SET timezone = 'UTC';
SELECT idgen_status_reset();
SELECT count(snowflake_id()), count(next_shard_id(77)), count(ulid_monotonic()),
       count(tsid()), count(sonyflake_id())
  FROM generate_series(1, 5000);
SELECT generator, shard, issued, issued_ahead, waits >= 0 AS waits_counted,
       last_issued BETWEEN now() - interval '1 minute' AND clock_timestamp() AS last_issued_now,
       ahead_of_clock_ms <= 0 AS not_ahead,
       reserved_until >= last_issued AS reserved_past_last
  FROM idgen_status ORDER BY generator, shard;
-- waits: a call that finds its millisecond used up (1,024 shard IDs) waits
-- for the clock, and counts once. Each wait follows a used-up millisecond,
-- and with one call every few hundred ns nearly all of them do; the rare
-- used-up millisecond the clock left by itself is not a wait.
SELECT idgen_status_reset();
CREATE TEMP TABLE burst AS SELECT n, next_shard_id(78) AS id FROM generate_series(1, 50000) n;
SELECT s.issued,
       u.used_up > 0 AS a_millisecond_was_used_up,
       s.waits BETWEEN 1 AND u.used_up AS waits_follow_used_up_milliseconds,
       s.waits >= u.used_up * 0.9 AS nearly_every_used_up_millisecond_waited
  FROM idgen_status s,
       (SELECT count(*) AS used_up
          FROM (SELECT n, lag(shard_id_seq(id)) OVER (ORDER BY n) AS previous_seq FROM burst) b
         WHERE previous_seq = 1023) u
 WHERE s.generator = 'next_shard_id' AND s.shard = 78;
SELECT idgen_status_reset();
SELECT generator, shard, issued FROM idgen_status ORDER BY generator, shard;
-- the node id and where it was set, on the rows of the generators that use it
SELECT generator, node_id, node_id_source FROM idgen_status
  WHERE shard IS NULL ORDER BY generator;
