# lib.sh: what the SQL edition's test scripts share. Source it with $port set.
#   app DB [psql args...]                 psql as role app (the edition's owner)
#   app_refuses DB SQL SQLSTATE MESSAGE_REGEX   as pg_refuses, as role app
app() { local db=$1; shift; psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U app -d "$db" "$@"; }
app_refuses() {
  local out
  if out=$(app "$1" -v VERBOSITY=verbose -c "$2" 2>&1 </dev/null); then
    echo "FAIL: $2: succeeded, expected $3"; return 1
  fi
  if [[ $(head -1 <<<"$out") =~ ^ERROR:\ \ $3:\ ($4)$ ]]; then
    echo "ok: $2: refused, $3: ${BASH_REMATCH[1]}"; return 0
  fi
  echo "FAIL: $2: expected $3: $4"$'\n'"  got: $out"; return 1
}
