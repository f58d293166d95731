"""Every relative link of the Markdown files named names a file there is,
and every #anchor a heading of its target, as GitHub makes the anchors. A
page that opens with a list of contents (`- [..](#..)` lines before its
first `## ` heading) lists every `## ` heading of it, in the page's order.
A heading has a blank line before it, so that its source does not read as
the end of the paragraph above.

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


def contents_drift(path):
    """a contents list that leaves out a section, or lists them in another
    order than the page: a reader of it misses what the page says"""
    listed, sections, previous = [], [], 0
    for n, line in lines_outside_code(path):
        if HEADING.match(line) and previous and previous != n - 1:
            yield f'{path}:{n}: no blank line before the heading {line!r}'
        if not line.strip():
            previous = n
        if line.startswith('## '):
            sections.append(slug(line[3:]))
        elif not sections:
            listed += re.findall(r'^\s*- \[[^\]]*\]\(#([^)\s]+)\)', line)
    if listed and listed != sections:
        yield (f'{path}: its contents list {", ".join(listed)}; '
               f'its sections are {", ".join(sections)}')


def main():
    failures = [b for path in sys.argv[1:] for b in [*broken(path), *contents_drift(path)]]
    for f in failures:
        print(f)
    links = sum(len(LINK.findall(l)) for p in sys.argv[1:] for _, l in lines_outside_code(p))
    print(f'links: {links} links in {len(sys.argv) - 1} files; {len(failures)} broken links or contents lists')
    sys.exit(1 if failures else 0)


main()
