# sessions.sh: psql sessions kept open side by side, for the tests where
# the order of two sessions' steps is the point. Source after pg_server.sh.
#   session_open NAME PORT [psql args...]   session_send NAME SQL
#   session_wait NAME                       (output since the last wait)
#   session_close NAME
# A step is sent without waiting (it may block on a lock); session_wait
# returns once the session has run everything sent, by an \echo marker.
# (what a wait has read is kept in a file: waits run in $(...) subshells)
declare -A SESSION_FD SESSION_OUT SESSION_PID

session_open() {
  local name=$1 port=$2; shift 2
  local dir=${PG_DIR:?}/session-$name fd
  mkdir -p "$dir" && mkfifo "$dir/in" && : >"$dir/out"
  # unbuffered: a result and a later error come out in the order they happen
  stdbuf -o0 -e0 psql -X -q -At -h 127.0.0.1 -p "$port" -U postgres "$@" <"$dir/in" >"$dir/out" 2>&1 &
  SESSION_PID[$name]=$!
  exec {fd}>"$dir/in"
  SESSION_FD[$name]=$fd SESSION_OUT[$name]=$dir/out
  echo 0 >"$dir/seen"
}

session_send() { printf '%s\n' "$2" >&"${SESSION_FD[$1]}"; }

session_wait() {
  local name=$1 marker="--- step done $RANDOM$RANDOM" i
  session_send "$name" "\\echo '$marker'"
  for ((i = 0; i < 600; i++)); do
    grep -qF -- "$marker" "${SESSION_OUT[$name]}" && break
    sleep 0.1
  done
  grep -qF -- "$marker" "${SESSION_OUT[$name]}" || { echo "session $name: no answer in 60 s" >&2; return 1; }
  # what the session printed since its last wait, without the marker
  local seen_file=${SESSION_OUT[$name]%/out}/seen size
  size=$(stat -c %s "${SESSION_OUT[$name]}")
  tail -c +"$(($(cat "$seen_file") + 1))" "${SESSION_OUT[$name]}" | head -c "$((size - $(cat "$seen_file")))" |
    grep -vF -- "$marker" || true
  echo "$size" >"$seen_file"
}

session_close() {
  local name=$1
  session_send "$name" '\q'
  exec {SESSION_FD[$name]}>&-
  wait "${SESSION_PID[$name]}" 2>/dev/null || true
}
