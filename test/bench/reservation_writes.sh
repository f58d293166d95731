#!/usr/bin/env bash
# What the server-wide generators' reservation costs in writes (each one an
# fsync of idgen.reservation and a flushed WAL record), counted from WAL:
# one record of idgen's resource manager per reservation. Prints a table:
#   - 12 crash restarts in a row (fsync off, as quick as they come), one
#     snowflake_id() after each (issue 46's run): the writes, and how far
#     the last one ran ahead of the clock;
#   - 2,000,000 snowflake_id() at the clock;
#   - 2,000,000 snowflake_id() with the generator 30 s ahead of the clock
#     (snowflake_resume_after), where a reservation runs past the
#     millisecond it is made for rather than a step past the clock: by a
#     step on a server up for a second or more, and right after a restart
#     by as long as it has been up.
#   bash test/bench/reservation_writes.sh   (BENCH_ROWS to change the 2,000,000)
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

rows=${BENCH_ROWS:-2000000}
port=${BENCH_PORT:-$((25894 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server bench-reservation "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 7"
pg_psql "$port" -q -c "CREATE EXTENSION idgen" -c "SELECT count(snowflake_id()) FROM generate_series(1, 1000)" >/dev/null
rmgr=$(sed -n 's/^#define IDGEN_RMGR_ID \([0-9]*\)$/\1/p' src/pg/reservation_wal.h)
lsn() { pg_psql "$port" -At -c "SELECT pg_current_wal_lsn()"; }
writes_since() {  # writes_since LSN: reservations written since
  pg_as_owner "$PG_BINDIR/pg_waldump" -p "$PG_DIR/data/pg_wal" -s "$1" -e "$(lsn)" 2>/dev/null |
    grep -c "^rmgr: custom$rmgr " || true
}
lead_sql="SELECT floor(extract(epoch FROM snowflake_timestamp(snowflake_id()) - clock_timestamp()) * 1000)"

printf '%-52s %8s %12s %10s\n' "run" "writes" "lead (ms)" "time (s)"
from=$(lsn); began=$(date +%s.%N)
for i in $(seq 1 12); do
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null
  pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
  lead=$(pg_psql "$port" -At -c "$lead_sql")
done
printf '%-52s %8s %12s %10.2f\n' "12 crash restarts, one snowflake_id() after each" \
  "$(writes_since "$from")" "$lead" "$(echo "$(date +%s.%N) - $began" | bc)"

timed() {  # timed LABEL SQL...: writes and time of the statements
  local label=$1 from began; shift
  from=$(lsn); began=$(date +%s.%N)
  pg_psql "$port" -q "$@" >/dev/null
  printf '%-52s %8s %12s %10.2f\n' "$label" "$(writes_since "$from")" \
    "$(pg_psql "$port" -At -c "$lead_sql")" "$(echo "$(date +%s.%N) - $began" | bc)"
}
# fsync on for the draws, as in production: a write's cost is its fsyncs
pg_psql "$port" -q -c "ALTER SYSTEM SET fsync = on" && pg_reload "$port"
sleep 2  # past the restarts' reservations: at the clock
timed "$rows snowflake_id() at the clock" -c "SELECT count(snowflake_id()) FROM generate_series(1, $rows)"
ahead=(-c "SELECT snowflake_resume_after(snowflake_id_from_time(clock_timestamp() + interval '30 s'))"
       -c "SELECT count(snowflake_id()) FROM generate_series(1, $rows)")
timed "$rows snowflake_id() 30 s ahead of the clock" "${ahead[@]}"
# within a second of a start, ahead of the clock, a reservation runs past
# what it is made for by only as long as the server has been up
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null
pg_as_owner "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
timed "the same right after a crash restart" "${ahead[@]}"
