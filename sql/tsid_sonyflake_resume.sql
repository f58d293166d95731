-- tsid_resume_after(id) and sonyflake_resume_after(id): superuser only, each
-- moves its generator past an ID another server issued. (After status.sql,
-- whose generators must not be left ahead of the clock.)
SET timezone = 'UTC';
\set VERBOSITY default

-- tsid_resume_after(id): tsid() goes on after an ID another server issued
-- (here 2 s ahead of the clock, node 7): the next one is above it
SELECT (((extract(epoch FROM clock_timestamp()) * 1000)::bigint + 2000 - 1577836800000) << 22)
       | (7 << 12) | 5 AS ahead \gset
SELECT tsid_resume_after(:ahead);
SELECT tsid() > :ahead AS after_it;
-- an ID far behind changes nothing
SELECT tsid_resume_after(0);
SELECT tsid() > :ahead AS still_after_it;
SELECT has_function_privilege('public', 'tsid_resume_after(bigint)', 'EXECUTE') AS public_may_resume;

-- sonyflake_resume_after(id): sonyflake_id() goes on after an ID another
-- server issued (2 s ahead of the clock, machine 7): the next one is above it
SELECT (((extract(epoch FROM clock_timestamp()) * 100)::bigint + 200 - 140952960000) << 24)
       | (3 << 16) | 7 AS ahead \gset
SELECT sonyflake_resume_after(:ahead);
SELECT sonyflake_id() > :ahead AS after_it;
SELECT sonyflake_resume_after(-1);
\echo :LAST_ERROR_SQLSTATE
SELECT has_function_privilege('public', 'sonyflake_resume_after(bigint)', 'EXECUTE') AS public_may_resume;
