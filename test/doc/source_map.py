"""docs/internals.md's "Layout of the source" names every tracked file of
src/core, src/pg, src/gen and src/cli as an entry of its directory, so a
contributor finds each feature's files from it (a map that drifted left out
the layouts', public IDs' and Citus's).

  python3 test/doc/source_map.py

An entry is a line indented by two spaces under its directory's line
(`src/pg/      ...`); its names are what comes before the description (two
or more spaces): a file (`settings.c`), a stem that stands for its .h and
.cpp or .c (`tally`), or `.h` after a file (`settings.c, .h`). Exits 1
naming each file no entry names.
"""
import os
import re
import subprocess
import sys

DIRS = ('src/core', 'src/pg', 'src/gen', 'src/cli')
EXTENSIONS = re.compile(r'\.(c|h|cpp|hpp|mk|sh)$')


def source_map(path='docs/internals.md'):
    text = open(path, encoding='utf-8').read()
    section = text[text.index('## Layout of the source'):]
    block = section.split('```')[1]
    names, directory = {}, None
    for line in block.split('\n'):
        top = re.match(r'^(\S+/)\s', line + ' ')
        if top:
            directory = top.group(1).rstrip('/')
            names.setdefault(directory, set())
            continue
        entry = re.match(r'^  (\S.*?)(\s{2,}|$)', line)
        if directory and entry:
            last = None
            for name in re.split(r'[,\s]+', entry.group(1)):
                if not name:
                    continue
                if name.startswith('.') and last:
                    name = last + name
                last = re.sub(r'\.[a-z]+$', '', name)
                names[directory].add(last)
    return names


def named(file, entries):
    return re.sub(r'\.[a-z]+$', '', file) in entries


def tracked(d):
    """the directory's tracked files; outside a git checkout (a release's
    zip), the files there are"""
    try:
        return subprocess.run(['git', 'ls-files', d], capture_output=True, text=True,
                              check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return [f'{d}/{f}' for f in sorted(os.listdir(d))]


def main():
    names = source_map()
    missing = []
    for d in DIRS:
        files = tracked(d)
        for f in files:
            base = f[len(d) + 1:]
            if '/' in base or not EXTENSIONS.search(base):
                continue
            if not named(base, names.get(d, set())):
                missing.append(f)
    for f in missing:
        print(f'source map: docs/internals.md names no entry for {f}')
    print(f'source map: {len(missing)} files of {", ".join(DIRS)} not in docs/internals.md')
    sys.exit(1 if missing else 0)


main()
