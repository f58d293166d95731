# idgen_versions.sh: idgen's versions, for the tests of its update scripts
# (test/integration/upgrade.sh, upgrade_privileges.sh). Source it after
# pg_server.sh, then:
#   idgen_first_version             the first release (sql/idgen--X.sql)
#   idgen_current_version           idgen.control's default_version
#   idgen_releases                  each earlier release: version, tab, commit
#   idgen_update_steps PORT DB FROM TO
#       the versions ALTER EXTENSION ... UPDATE goes through from FROM to TO,
#       one a line, on the path PostgreSQL itself finds; fails without one

idgen_first_version() {
  ls sql/idgen--*.sql | sed -n 's#^sql/idgen--\([0-9.]*\)\.sql$#\1#p' | sort -V | head -1
}

idgen_current_version() {
  sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control
}

idgen_update_steps() {
  local port=$1 db=$2 from=$3 to=$4 path
  path=$(pg_psql "$port" -d "$db" -At -c "
    SELECT path FROM pg_extension_update_paths('idgen') WHERE source = '$from' AND target = '$to'")
  [ -n "$path" ] || { echo "no update path from $from to $to" >&2; return 1; }
  tr ' ' '\n' <<<"${path//--/ }" | tail -n +2
}

# idgen_releases: each earlier release as it shipped, oldest first, one a
# line: version, a tab, its commit. The project has no tags: a release is
# the last commit whose idgen.control has its default_version, the one
# before the commit that began the next version, on main's own line
# (--first-parent: a branch that began a later version beside it, merged
# later, does not end it early). Fails without the history
# (a shallow clone) rather than name none.
idgen_releases() {
  local versions
  versions=$(git log --first-parent --reverse --format=%H -- idgen.control | while read -r commit; do
    printf '%s\t%s\n' "$commit" \
      "$(git show "$commit:idgen.control" | sed -n "s/^default_version = '\(.*\)'/\1/p")"
  done | awk -F'\t' '$2 != last { print; last = $2 }')
  [ "$(wc -l <<<"$versions")" -ge 2 ] ||
    { echo "git history names no earlier release (a shallow clone?)" >&2; return 1; }
  paste <(cat <<<"$versions") <(tail -n +2 <<<"$versions") |
    while IFS=$'\t' read -r _ version next _; do
      [ -n "$next" ] || continue
      printf '%s\t%s\n' "$version" "$(git rev-parse "$next^")"
    done
}
