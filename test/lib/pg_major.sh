# pg_major.sh: idgen built for another PostgreSQL major from the npm
# registry's embedded-postgres servers, in a scratch copy of the checkout.
# Source it after pg_server.sh, embedded_pg.sh and debian_pg_headers.sh, then:
#   pg_major_copy_source ROOT DEST
#       ROOT's checkout without its build products (every major builds from
#       scratch, and the checkout's own objects stay)
#   pg_major_embedded MAJOR SUITE NPM_VERSION DIR CACHE
#       MAJOR's server headers from Debian SUITE and the embedded server
#       NPM_VERSION under DIR, downloads kept in CACHE; sets server,
#       pg_config (test/lib/pg_config_standin, answering for them) and bindir;
#       on failure says why and returns 1
#   pg_major_install DIR
#       copies this checkout to DIR/src, builds and installs it there
# test/pg-matrix and the tests that need a particular major use them.

pg_major_copy_source() {
  local root=$1 dest=$2
  mkdir -p "$dest"
  git -C "$root" ls-files -z -c -o --exclude-standard | (cd "$root" && xargs -0 tar -cf -) |
    tar -xf - -C "$dest"
  # the checkout's history too, for the suites that read earlier releases
  # from it (test/lib/idgen_versions.sh; sql_edition.sh's update from 0.6.1)
  git -C "$dest" init -q && git -C "$dest" fetch -q --no-tags "$(cd "$root" && pwd)" HEAD &&
    git -C "$dest" update-ref HEAD FETCH_HEAD && git -C "$dest" add -A
}

pg_major_embedded() {
  local major=$1 suite=$2 npm_version=$3 dir=$4 cache=$5
  mkdir -p "$dir/headers" "$dir/embedded"
  debian_pg_headers_fetch "$major" "$suite" "$cache" "$dir/headers" || return 1
  embedded_pg_fetch "$npm_version" "$dir/embedded" "$cache/npm" || return 1
  server=$dir/embedded/native
  # the client: the embedded servers have none
  ln -sfn "$(pg_config --bindir)/psql" "$server/bin/psql"
  export PG_STANDIN_INCLUDE=$dir/headers/usr/include/postgresql/$major PG_STANDIN_SERVER=$server
  pg_config=$PWD/test/lib/pg_config_standin
  bindir=$server/bin
}

pg_major_install() {
  local dir=$1
  pg_major_copy_source "$PWD" "$dir/src"
  (cd "$dir/src" && make -s -j2 IDGEN_WERROR=1 PG_CONFIG="$pg_config" &&
     make -s install PG_CONFIG="$pg_config") \
    >"$dir/build.log" 2>&1 || { tail -20 "$dir/build.log"; echo "build failed"; return 1; }
  [ "$(id -u)" -ne 0 ] || chmod -R a+rX "$dir"
}
