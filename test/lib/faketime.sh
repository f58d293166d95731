# faketime.sh: a server whose clock the test moves. Source it after
# pg_server.sh with PG_DIR set: libfaketime, preloaded into the server, reads
# the offset in $PG_DIR/faketime at every clock call.
#   set_clock OFFSET          "+0", "-30", "+3600": seconds from the real clock
#   faketime_server_start PORT CONF...   pg_server_start with the clock faked
#   faketime_start            pg_ctl start again (after a stop or a crash)
libfaketime=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
[ -e "$libfaketime" ] || { echo "FAIL: no libfaketime (test/install-deps.sh installs it)"; exit 1; }
offset="$PG_DIR/faketime"
set_clock() { echo "$1" | pg_as_owner tee "$offset" >/dev/null; }
faketime_server_start() {
  set_clock "+0"
  LD_PRELOAD="$libfaketime" FAKETIME_TIMESTAMP_FILE="$offset" FAKETIME_NO_CACHE=1 \
    pg_server_start "$PG_DIR" "$@"
}
faketime_start() { pg_as_owner env LD_PRELOAD="$libfaketime" FAKETIME_TIMESTAMP_FILE="$offset" \
                     FAKETIME_NO_CACHE=1 "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" \
                     -l "$PG_DIR/server.log" -w start >/dev/null; }
