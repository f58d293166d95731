#!/usr/bin/env bash
# Every "$ idgen-decode ..." example of README.md and docs/idgen-decode.md
# (a ``` block whose lines start with "$ "), run as a reader runs it: with
# idgen-decode installed by make install (in pg_config --bindir, which a
# reader's PATH lacks) and PATH set by README.md's own line for it, copied
# from README.md, not written here. Each command's output (stdout and
# stderr) must be what the page shows under it. "$ cat FILE" shows a file's
# text: the test writes FILE with it, for the commands after it.
set -uo pipefail
cd "$(dirname "$0")/../.."
checkout=$PWD

command -v pg_config >/dev/null || { echo "commands: no pg_config on PATH" >&2; exit 1; }
bindir=$(pg_config --bindir)
[ -x "$bindir/idgen-decode" ] || { echo "commands: no $bindir/idgen-decode: run make install first" >&2; exit 1; }
# the README's line, as written: the one line of a sh block that sets PATH from pg_config
line=$(awk '/^```sh$/ { in_sh = 1; next } /^```/ { in_sh = 0 } in_sh && /^export PATH=.*pg_config --bindir/' README.md)
[ "$(wc -l <<<"$line")" = 1 ] && [ -n "$line" ] ||
  { echo "commands: README.md shows no one line (export PATH=...pg_config --bindir...) that makes idgen-decode callable" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/idgen-commands.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
# a reader's PATH: the system's, with pg_config (as Debian's /usr/bin/pg_config) but
# no directory that holds an idgen-decode
mkdir "$work/bin" && ln -s "$(command -v pg_config)" "$work/bin/pg_config"
reader_path=$work/bin
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  [ -n "$d" ] && [ ! -e "$d/idgen-decode" ] && reader_path+=:$d
done
if PATH=$reader_path command -v idgen-decode >/dev/null; then
  echo "commands: idgen-decode is on PATH before README.md's line: the test would prove nothing" >&2; exit 1
fi
reader_path=$(PATH=$reader_path bash -c "$line"' && printf %s "$PATH"') ||
  { echo "commands: README.md's line fails: $line" >&2; exit 1; }
found=$(PATH=$reader_path command -v idgen-decode) ||
  { echo "commands: after README.md's line ($line), idgen-decode is still not on PATH" >&2; exit 1; }
[ "$found" -ef "$bindir/idgen-decode" ] || { echo "commands: README.md's line finds $found, not make install's" >&2; exit 1; }
echo "commands: README.md's line puts $found on PATH"

cd "$work" && PATH=$reader_path /usr/bin/python3 - "$checkout/README.md" "$checkout/docs/idgen-decode.md" <<'PY'
import re, subprocess, sys

def examples(path):
    """(line number, command, shown output lines, file to write) of each "$ " line."""
    fence, block = None, []
    for n, line in enumerate(open(path), 1):
        line = line.rstrip('\n')
        if line.startswith('```'):
            if fence is None:
                fence, block = line[3:].strip(), []
            else:
                if fence == '' and block and block[0][1].startswith('$ '):
                    yield from commands(block)
                fence = None
        elif fence is not None:
            block.append((n, line))

def commands(block):
    current = None
    for n, line in block:
        if line.startswith('$ '):
            if current:
                yield current
            current = (n, line[2:], [])
        elif current:
            current[2].append(line)
    if current:
        yield current

failed = ran = 0
for path in sys.argv[1:]:
    count = 0
    for n, command, shown in examples(path):
        m = re.fullmatch(r'cat (\S+)', command)
        if m:
            open(m.group(1), 'w').write(''.join(l + '\n' for l in shown))
        elif 'idgen-decode' not in command:
            print(f'{path}:{n}: a command this test does not run: {command}', file=sys.stderr)
            failed += 1
            continue
        r = subprocess.run(['bash', '-c', command], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        got = r.stdout.rstrip('\n').split('\n') if r.stdout else []
        if got != shown:
            print(f'{path}:{n}: $ {command}\n  prints:\n' + '\n'.join(got) + '\n  the page shows:\n' + '\n'.join(shown),
                  file=sys.stderr)
            failed += 1
        count += 1
    print(f'commands: {path}: {count} commands run')
    ran += count
if ran == 0:
    sys.exit('commands: no command ran')
print(f'commands: {ran - failed} passed, {failed} failed')
sys.exit(1 if failed else 0)
PY
