#!/usr/bin/env bash
# docs/from-your-application.md's Python install, as written (its first sh
# block), in a scratch directory holding a copy of clients/python and the
# server's idgen.so, as a built clone does: the
# apt-get line's packages must be installed (test/install-deps.sh installs
# them; this test installs nothing on the machine), every other line runs
# as it is, with no network needed, and the last one prints what the page
# shows under the block.
set -euo pipefail
cd "$(dirname "$0")/../.."
page=docs/from-your-application.md

# the first ```sh block under "### Python", and the ``` block right after it
blocks() {
  /usr/bin/python3 - "$page" "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read().split('\n### Python', 1)[-1]
m = re.search(r'^```sh\n(.*?)^```\n```\n(.*?)^```$', text, re.S | re.M)
if m:
    print(m.group(int(sys.argv[2])), end='')
PY
}
block=$(blocks 1) shown=$(blocks 2)
[ -n "$block" ] || { echo "FAIL: $page has no sh block under ### Python" >&2; exit 1; }
[ -n "$shown" ] || { echo "FAIL: $page shows no output after its Python install block" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/idgen-pyinstall.XXXXXX")
trap 'rm -rf "$work"' EXIT
git ls-files -z clients/python | xargs -0 cp --parents -t "$work"
# a clone where idgen is built, as README's set-up leaves it: the server's
# module idgen.so at its top, where Python looks first for `-c` and would
# load it in place of the package
if [ -f idgen.so ]; then cp idgen.so "$work/"; else printf 'not a Python module\n' >"$work/idgen.so"; fi
cd "$work"
out=
while IFS= read -r line; do
  if [[ $line == "apt-get install "* ]]; then
    for package in ${line#apt-get install }; do
      dpkg -s "$package" 2>/dev/null | grep -q '^Status: install ok installed' ||
        { echo "FAIL: $package (from $page's apt-get line) is not installed: run test/install-deps.sh" >&2; exit 1; }
    done
    echo "ok: $line: all installed"
    continue
  fi
  # a Debian 12 user's environment (Debian's python3, no pip settings), and no
  # network: pip must find everything it needs on this machine
  out=$(env -i HOME="$work" LANG=C.UTF-8 PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
          PIP_NO_INDEX=1 bash -euc "$line" 2>&1) ||
    { echo "FAIL: $line"$'\n'"$out" >&2; exit 1; }
  echo "ok: $line"
done <<<"$block"
[ "$out" = "$shown" ] || { echo "FAIL: the last line printed:"$'\n'"$out"$'\n'"  $page shows:"$'\n'"$shown" >&2; exit 1; }
echo "python install: $page's lines ran as written; the last printed what the page shows"
