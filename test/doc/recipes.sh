#!/usr/bin/env bash
# test/doc/recipes.sh: every driver recipe that docs/from-your-application.md
# shows is the file under clients/ that the clients' tests run, copied
# exactly, so the page and the tested code cannot drift apart.
set -euo pipefail
cd "$(dirname "$0")/../.."
page=docs/from-your-application.md
mapfile -t files < <(grep -o '`clients/[^`]*\.\(py\|js\|java\)`' "$page" | tr -d '`' | sort -u)
[ ${#files[@]} -gt 0 ] || { echo "recipes: $page names no recipe file" >&2; exit 1; }
failed=0
for f in "${files[@]}"; do
  [ -f "$f" ] || { echo "recipes: $page names $f, which does not exist" >&2; failed=1; continue; }
  /usr/bin/python3 - "$page" "$f" <<'PY' || failed=1
import sys
page, path = sys.argv[1], sys.argv[2]
code = open(path).read().rstrip("\n")
if code not in open(page).read():
    sys.exit(f"recipes: {path} is not shown verbatim in {page}")
PY
done
[ $failed -eq 0 ] && echo "recipes: ${#files[@]} files shown verbatim in $page"
exit $failed
