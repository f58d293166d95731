#!/usr/bin/env bash
# test/doc/recipes.sh: every recipe a page shows is the tested file, copied
# exactly, so the page and the tested code cannot drift apart:
#  - the driver recipes of docs/from-your-application.md are the files under
#    clients/ that the clients' tests run;
#  - the HA recipes of docs/operations.md (docs/recipes/: patroni.yml,
#    pg_auto_failover.conf) are the files the HA tests under
#    test/integration/ read (recipe=docs/recipes/...).
set -euo pipefail
cd "$(dirname "$0")/../.."
failed=0 checked=0

# shown PAGE FILE: FILE's text is in PAGE verbatim
shown() {
  /usr/bin/python3 - "$1" "$2" <<'PY'
import sys
page, path = sys.argv[1], sys.argv[2]
code = open(path).read().rstrip("\n")
if code not in open(page).read():
    sys.exit(f"recipes: {path} is not shown verbatim in {page}")
PY
}

# check PAGE PATTERN: every file PAGE names (in backquotes) that matches
# PATTERN exists and is shown verbatim; prints how many
check() {
  local page=$1 pattern=$2 f files
  mapfile -t files < <(grep -o "\`$pattern\`" "$page" | tr -d '`' | sort -u)
  [ ${#files[@]} -gt 0 ] || { echo "recipes: $page names no recipe file" >&2; failed=1; return; }
  for f in "${files[@]}"; do
    [ -f "$f" ] || { echo "recipes: $page names $f, which does not exist" >&2; failed=1; continue; }
    shown "$page" "$f" || failed=1
    checked=$((checked + 1))
  done
  echo "recipes: ${#files[@]} files shown verbatim in $page"
}

check docs/from-your-application.md 'clients/[^`]*\.\(py\|js\|java\)'
check docs/operations.md 'docs/recipes/[^`]*'
# each HA recipe is the file a test runs, and each is shown
for f in docs/recipes/*; do
  if ! grep -q "^recipe=$f\$" test/integration/*.sh; then
    echo "recipes: no test under test/integration/ runs $f (recipe=$f)" >&2; failed=1
  fi
  grep -q "\`$f\`" docs/operations.md || { echo "recipes: docs/operations.md does not show $f" >&2; failed=1; }
done
[ $failed -eq 0 ] && echo "recipes: $checked files, each the tested one"
exit $failed
