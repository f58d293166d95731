#!/usr/bin/python3
"""A client of an HA cluster: inserts rows whose ids come from DEFAULT
snowflake_id(), next_shard_id(5) and ulid_monotonic(), and keeps every id
the server returned (RETURNING), as the clients of a real application keep
them. Usage: ha_client.py CONNINFO OUT STOPFILE [ROWS]

CONNINFO names every member (libpq multi-host, target_session_attrs=
read-write), so after a failover the client finds the new primary. Each line
of OUT: the timeline and port of the primary that returned the id, then the
three ids. A batch whose result never arrived (the primary died first) is not
kept: its ids never reached the client. Prints, at the end, how many ids it
kept and how many times it had to reconnect."""
import os
import sys
import time

import psycopg

conninfo, out_path, stop_path = sys.argv[1:4]
rows = int(sys.argv[4]) if len(sys.argv) > 4 else 200
SQL = f"""INSERT INTO t SELECT FROM generate_series(1, {rows})
          RETURNING (SELECT substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8)),
                    inet_server_port(), sf, sh, u::text"""

# at most 50 batches a second: a load that is the same on any machine (for
# three clients, 30,000 rows/s, about 3 MB/s of WAL), so a 3 s cut stays
# well inside the bytes an HA manager lets a promoted standby lack
MIN_INTERVAL = 0.02

kept = reconnects = 0
with open(out_path, "a") as out:
    conn = None
    while not os.path.exists(stop_path):
        started = time.monotonic()
        try:
            if conn is None:
                conn = psycopg.connect(conninfo, autocommit=True, connect_timeout=2)
            got = conn.execute(SQL).fetchall()
        except psycopg.Error:
            if conn is not None:
                reconnects += 1
                try:
                    conn.close()
                except psycopg.Error:
                    pass
            conn = None
            time.sleep(0.1)
            continue
        out.write("".join(f"{tl} {port} {sf} {sh} {u}\n" for tl, port, sf, sh, u in got))
        out.flush()
        kept += len(got)
        time.sleep(max(0.0, started + MIN_INTERVAL - time.monotonic()))
print(f"client {os.path.basename(out_path)}: kept {kept} ids of each generator, reconnected {reconnects} times")
