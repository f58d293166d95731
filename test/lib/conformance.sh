# conformance.sh: the other ID families' reference implementations from the
# npm registry (test/conformance/package.json, pinned by its lock file), for
# the tests that check idgen's families against them. Source it, then:
#   conformance_modules    installs them (npm ci, retried: a download
#                          failure is not a test failure); fails if it cannot
#   conformance_node FILE [args...]   runs test/conformance/FILE with node,
#                          where the modules resolve
conformance_modules() {
  local dir attempt
  dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../conformance" && pwd)
  [ -f "$dir/node_modules/.package-lock.json" ] &&
    cmp -s "$dir/package-lock.json" "$dir/node_modules/.idgen-lock" && return 0
  for attempt in 1 2 3; do
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) &&
      cp "$dir/package-lock.json" "$dir/node_modules/.idgen-lock" && return 0
    sleep $((attempt * 5))
  done
  echo "conformance: npm ci failed in $dir" >&2
  return 1
}

conformance_node() {
  local dir
  dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../conformance" && pwd)
  node "$dir/$1" "${@:2}"
}
