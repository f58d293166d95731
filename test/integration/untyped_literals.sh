#!/usr/bin/env bash
# A call written with untyped literals ('...' or NULL) that a release
# resolved must resolve the same way now: 0.6.0's uuid_v7(shift interval)
# made uuid_v7('2022-02-22 14:22:22-05') ambiguous (42725), and a new
# overload, operator or type named like a function can do that to any call.
# For each release (each version an update script leads from), a database
# gets idgen at that version; every call of its functions and operators
# with untyped literals at any set of argument positions (probe.sql) is
# resolved there, then again after ALTER EXTENSION idgen UPDATE. A call the
# release resolved must reach the same function now, or one listed below
# with the reason it does the same. The SQL edition the same way: each
# release's sql-edition/idgen.sql (from git), then today's run over it.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/idgen_versions.sh

port=${INTEGRATION_PORT:-$((25894 + ${IDGEN_PORT_OFFSET:-0}))}
current=$(idgen_current_version)
probe=test/integration/untyped_literals/probe.sql
pg_throwaway_server untyped-literals "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"

# release's resolution <tab> today's: the calls that reach another function
# than they did, on purpose
same_call=(
  # 0.3.0 gave create_ticket_sequence a defaulted schema argument (the
  # caller's), replacing the three-argument function
  $'create_ticket_sequence(text,integer,integer)\tcreate_ticket_sequence(text,integer,integer,name)'
  # 0.6.1: an untyped literal prefers text, and uuid_v7(text) reads it as
  # uuid_v7(timestamptz) read it (test/sql/uuid_v7_shift.sql checks that)
  $'uuid_v7(timestamp with time zone)\tuuid_v7(text)'
)

# compare RELEASE DB: DB.then's resolved calls against DB.now's
compare() {
  local release=$1 db=$2 resolved changed=0 call before after
  # call <tab> then <tab> now, for the calls the release resolved
  LC_ALL=C join -t $'\t' -a 1 -e '(gone)' -o 0,1.2,2.2 "$PG_DIR/$db.then" "$PG_DIR/$db.now" |
    awk -F'\t' '$2 !~ /^refused / && $2 != $3' >"$PG_DIR/$db.changed"
  resolved=$(grep -cv $'\trefused ' "$PG_DIR/$db.then" || true)
  while IFS=$'\t' read -r call before after; do
    if printf '%s\n' "${same_call[@]}" | grep -qxF "$before"$'\t'"$after"; then
      changed=$((changed + 1))
      continue
    fi
    echo "FAIL: $call resolved in $release to $before, now: $after" >&2
    status=1
  done <"$PG_DIR/$db.changed"
  echo "$release: $resolved calls with untyped literals resolved; $changed reach a listed replacement now"
  [ "$resolved" -gt 0 ] || { echo "FAIL: no call of $release resolved: the probe found none" >&2; status=1; }
}

status=0
sql_editions=0
releases=$(ls sql/idgen--*--*.sql | sed -n 's#^sql/idgen--\([0-9.]*\)--[0-9.]*\.sql$#\1#p' | sort -uV)
[ -n "$releases" ] || { echo "FAIL: no update scripts, so no releases to check" >&2; exit 1; }
for release in $releases; do
  db=at_${release//./_}
  pg_psql "$port" -c "CREATE DATABASE $db"
  pg_psql "$port" -d "$db" -c "SET client_min_messages = warning; CREATE EXTENSION idgen VERSION '$release'"
  pg_psql "$port" -d "$db" -At -v schema=public -f "$probe" | LC_ALL=C sort >"$PG_DIR/$db.then"
  pg_psql "$port" -d "$db" -c "SET client_min_messages = warning; ALTER EXTENSION idgen UPDATE TO '$current'"
  pg_psql "$port" -d "$db" -At -v schema=public -f "$probe" | LC_ALL=C sort >"$PG_DIR/$db.now"
  compare "$release" "$db"
done

# the SQL edition: each release's file, then today's over it (the way a
# user updates it)
while IFS=$'\t' read -r release commit; do
  git cat-file -e "$commit:sql-edition/idgen.sql" 2>/dev/null || continue
  db=sql_at_${release//./_}
  pg_psql "$port" -c "CREATE DATABASE $db"
  pg_psql "$port" -d "$db" -c "CREATE SCHEMA idgen_sql"
  git show "$commit:sql-edition/idgen.sql" >"$PG_DIR/$db.sql"
  pg_psql "$port" -d "$db" -q -c 'SET search_path = idgen_sql' -f "$PG_DIR/$db.sql" >"$PG_DIR/$db.log" 2>&1 ||
    { cat "$PG_DIR/$db.log" >&2; echo "FAIL: the SQL edition of $release does not install" >&2; status=1; continue; }
  pg_psql "$port" -d "$db" -At -v schema=idgen_sql -f "$probe" | LC_ALL=C sort >"$PG_DIR/$db.then"
  pg_psql "$port" -d "$db" -q -c 'SET search_path = idgen_sql' -f sql-edition/idgen.sql >"$PG_DIR/$db.log" 2>&1 ||
    { cat "$PG_DIR/$db.log" >&2; echo "FAIL: today's SQL edition does not run over $release's" >&2; status=1; continue; }
  pg_psql "$port" -d "$db" -At -v schema=idgen_sql -f "$probe" | LC_ALL=C sort >"$PG_DIR/$db.now"
  compare "SQL edition $release" "$db"
  sql_editions=$((sql_editions + 1))
done < <(idgen_releases)
[ "$sql_editions" -gt 0 ] || { echo "FAIL: no release had a SQL edition to check" >&2; status=1; }
exit $status
