# citus_build.sh: Citus, built once from the vendored source
# (../shared/vendor/citus, or IDGEN_CITUS_VENDOR) into a copy of this
# machine's PostgreSQL 15, and cached: nothing lands in /usr. Debian's
# PostgreSQL is relocatable (pg_config answers from where its binary lies),
# so the copy builds and runs Citus wherever it is. Needs root once, for the
# -dev packages Citus's build needs (test/install-deps.sh installs them).
# Source it, then:
#   citus_cached CACHE   sets citus_pg to CACHE/citus-<hash>: a PostgreSQL
#                        tree (usr/lib/postgresql/15/bin/pg_config and the
#                        rest) with Citus installed, built first if missing.
#                        The hash covers the source, the patch and the
#                        server's version: another Citus or PostgreSQL
#                        builds another tree. About 5 minutes on 2 cores.
#   citus_with_idgen DIR the cached tree at DIR, with the idgen that PATH's
#                        pg_config has installed (make install): sets
#                        citus_bindir.
# test/package/debian_roots.sh's way: one builder at a time (a lock), the
# tree built under a .part name and renamed when complete.

# The source: IDGEN_CITUS_VENDOR, else shared/vendor/citus in the checkout
# or beside it (a worktree's is two levels up).
citus_vendor=${IDGEN_CITUS_VENDOR:-}
if [ -z "$citus_vendor" ]; then
  for citus_vendor in "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"{,/..,/../..}/shared/vendor/citus; do
    [ -d "$citus_vendor" ] && break
  done
fi
citus_tarball=citus-13.2.2.tar.xz
citus_dev_packages=(liblz4-dev libzstd-dev libcurl4-openssl-dev libkrb5-dev)

citus_cached() {
  local cache=$1 key root lock status=0
  [ -f "$citus_vendor/$citus_tarball" ] || { echo "no Citus source at $citus_vendor/$citus_tarball"; return 1; }
  key=$( { sha1sum "$citus_vendor/$citus_tarball" "$citus_vendor/pg15-compat.patch" | cut -d' ' -f1
           pg_config --version; } | sha1sum | cut -c1-8)
  mkdir -p "$cache" || return 1
  root=$cache/citus-$key
  exec {lock}>"$root.lock" && flock "$lock" || { echo "could not lock $root.lock"; return 1; }
  # a build stopped before its rename left its .part.<pid> (and log): under
  # the lock, no build of this tree runs
  rm -rf "$root".part.*
  [ -x "$root/usr/lib/postgresql/15/lib/citus.so" ] || citus_build "$root" || status=1
  exec {lock}>&-
  [ $status -eq 0 ] && citus_pg=$root
  return $status
}

# The server's own tree (bin, lib, share, server headers), without idgen.
citus_copy_pg() {
  local to=$1 bindir sharedir incdir
  bindir=$(pg_config --bindir) sharedir=$(pg_config --sharedir) incdir=$(pg_config --includedir-server)
  mkdir -p "$to/usr/lib/postgresql/15" "$to/usr/share/postgresql" "$to/usr/include/postgresql" &&
    cp -a "$(dirname "$bindir")/." "$to/usr/lib/postgresql/15/" &&
    cp -a "$sharedir" "$to/usr/share/postgresql/15" &&
    cp -a "$(dirname "$(dirname "$incdir")")/." "$to/usr/include/postgresql/" &&
    rm -f "$to"/usr/lib/postgresql/15/lib/idgen* "$to"/usr/share/postgresql/15/extension/idgen* \
          "$to"/usr/lib/postgresql/15/bin/idgen-decode
}

citus_build() {
  local root=$1 part=$1.part.$$ started=$SECONDS log
  log=$part.log
  echo "building Citus into $root (about 5 minutes on 2 cores)"
  bash "$(dirname "${BASH_SOURCE[0]}")/../install-deps.sh" --build "${citus_dev_packages[@]}" || return 1
  rm -rf "$part" && mkdir -p "$part/src" || return 1
  # in a subshell: its cd stays there
  if ! ( citus_copy_pg "$part" &&
         tar -C "$part/src" -xf "$citus_vendor/$citus_tarball" &&
         cd "$part/src/citus-13.2.2" &&
         patch -p1 <"$citus_vendor/pg15-compat.patch" &&
         ./configure PG_CONFIG="$part/usr/lib/postgresql/15/bin/pg_config" &&
         make -j"$(nproc)" with_llvm=no && make install with_llvm=no ) >"$log" 2>&1; then
    tail -20 "$log"; echo "Citus build failed (log: $log)"
    rm -rf "$part"
    return 1
  fi
  rm -rf "$part/src" "$log"
  # the tree names itself nowhere: renamed, it still builds and runs
  mv -T "$part" "$root" || return 1
  echo "Citus built in $((SECONDS - started)) s"
}

citus_with_idgen() {
  local dir=$1 pkglib sharedir
  pkglib=$(pg_config --pkglibdir) sharedir=$(pg_config --sharedir)
  [ -f "$pkglib/idgen.so" ] || { echo "no idgen.so in $pkglib: make install first"; return 1; }
  # linked where it can be (the cache is never written through the links:
  # idgen's files are new names), else copied
  mkdir -p "$dir" || return 1
  cp -al "$citus_pg/usr" "$dir/" 2>/dev/null || { rm -rf "$dir/usr" && cp -a "$citus_pg/usr" "$dir/"; } || return 1
  citus_bindir=$dir/usr/lib/postgresql/15/bin
  # idgen's files, from PATH's server, where the tests' `make install` put them
  cp "$pkglib/idgen.so" "$dir/usr/lib/postgresql/15/lib/" &&
    cp "$sharedir"/extension/idgen* "$dir/usr/share/postgresql/15/extension/"
}
