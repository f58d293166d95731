# debian_pg_headers.sh: the server headers of another PostgreSQL major, from
# another Debian release's postgresql-server-dev-NN, for compiling only.
# Source it, then:  debian_pg_headers_fetch MAJOR SUITE CACHE DIR
# leaves the headers in DIR/usr/include/postgresql/MAJOR (server/ inside).
# The .deb is kept in CACHE/debs and reused. apt runs on a private state
# directory in CACHE/apt: the machine's own package lists stay as they are.
# The mirror is the one the machine's apt sources name. Another release's
# Release file may be past its Valid-Until (a mirror that is a snapshot):
# apt is told not to refuse it, or the major would go untested.

source "$(dirname "${BASH_SOURCE[0]}")/debian_mirror.sh"

debian_pg_headers_fetch() {
  local major=$1 suite=$2 cache=$3 dir=$4
  local package=postgresql-server-dev-$major deb apt mirror
  mkdir -p "$cache/debs"
  deb=$(ls "$cache/debs/${package}_"*.deb 2>/dev/null | head -1)
  if [ -z "$deb" ]; then
    mirror=$(debian_mirror) || return 1
    apt=$cache/apt/$suite
    mkdir -p "$apt/lists/partial" "$apt/archives/partial" "$apt/parts"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" \
      >"$apt/sources.list"
    local options=(-o "Dir::State::Lists=$apt/lists" -o "Dir::Etc::sourcelist=$apt/sources.list"
                   -o "Dir::Etc::sourceparts=$apt/parts" -o "Dir::Cache=$apt"
                   -o "Dir::Cache::archives=$apt/archives" -o APT::Sandbox::User=root
                   -o Acquire::Retries=2 -o Acquire::Check-Valid-Until=false)
    if ! apt-get -qq "${options[@]}" update >"$apt/apt.log" 2>&1 ||
       ! (cd "$cache/debs" && apt-get -qq "${options[@]}" download "$package" >>"$apt/apt.log" 2>&1); then
      echo "could not fetch $package from $suite at $mirror:" >&2
      grep -m3 -E '^(E|W):' "$apt/apt.log" >&2
      return 1
    fi
    deb=$(ls "$cache/debs/${package}_"*.deb 2>/dev/null | head -1)
    [ -n "$deb" ] || { echo "apt-get download left no $package .deb" >&2; return 1; }
  fi
  dpkg-deb -x "$deb" "$dir" || return 1
  [ -f "$dir/usr/include/postgresql/$major/server/pg_config.h" ] ||
    { echo "$deb holds no server headers for $major" >&2; return 1; }
}
