"""Every relative link of the Markdown files named names a file there is,
and every #anchor a heading of its target, as GitHub makes the anchors.

  python3 test/doc/links.py FILE.md...

Prints each broken link (file:line: link: why) and exits 1 if there is one.
"""
import os
import re
import sys

LINK = re.compile(r'\[[^\]]*\]\(([^)\s]+)\)')
FENCE = re.compile(r'^```')
HEADING = re.compile(r'^#{1,6}\s+(.*?)\s*#*\s*$')


def lines_outside_code(path):
    """(line number, text) of the lines outside ``` blocks"""
    inside = False
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                yield n, line.rstrip('\n')


def slug(heading):
    """GitHub's anchor of a heading: its text without markup, lower case,
    punctuation dropped but for - and _, spaces made -"""
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', heading).replace('`', '')
    return re.sub(r'[^\w\- ]', '', text.strip().lower()).replace(' ', '-')


def anchors(path):
    seen, result = {}, set()
    for _, line in lines_outside_code(path):
        m = HEADING.match(line)
        if m:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            result.add(base if n == 0 else f'{base}-{n}')
    return result


def broken(path):
    for n, line in lines_outside_code(path):
        for target in LINK.findall(re.sub(r'`[^`]*`', '', line)):
            if re.match(r'^[a-z]+:', target):
                continue
            file, _, anchor = target.partition('#')
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if not os.path.exists(dest):
                yield f'{path}:{n}: {target}: no file {dest}'
            elif anchor and dest.endswith('.md') and anchor not in anchors(dest):
                yield f'{path}:{n}: {target}: {dest} has no heading whose anchor is #{anchor}'


def main():
    failures = [b for path in sys.argv[1:] for b in broken(path)]
    for f in failures:
        print(f)
    links = sum(len(LINK.findall(l)) for p in sys.argv[1:] for _, l in lines_outside_code(p))
    print(f'links: {links} links in {len(sys.argv) - 1} files, {len(failures)} broken')
    sys.exit(1 if failures else 0)


main()
