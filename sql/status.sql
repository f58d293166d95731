-- idgen_status: what the shared generators have done, and the reset.
SET timezone = 'UTC';
SELECT idgen_status_reset();
SELECT count(snowflake_id()), count(next_shard_id(77)), count(ulid_monotonic())
  FROM generate_series(1, 5000);
SELECT generator, shard, issued, issued_ahead, waits >= 0 AS waits_counted,
       last_issued BETWEEN now() - interval '1 minute' AND clock_timestamp() AS last_issued_now,
       ahead_of_clock_ms <= 0 AS not_ahead,
       reserved_until >= last_issued AS reserved_past_last
  FROM idgen_status ORDER BY generator, shard;
SELECT idgen_status_reset();
SELECT generator, shard, issued FROM idgen_status ORDER BY generator, shard;
