"""Runs the ```sql blocks of Markdown files in order, and checks what they show.

  python3 test/doc/sql_blocks.py [--with NEED,...] PSQL_ARGS_FILE FILE.md...

PSQL_ARGS_FILE holds the psql command line, one argument a line (connection
to the database the blocks run in). The files' blocks run in that one
database, file after file, top to bottom: a page's tables must not clash
with an earlier page's. What a document may write:

  <!-- not run: why -->   on the line before a ```sql block: skipped
  <!-- needs: NEED (why) -->   on the line before a ```sql block: run only
                          where --with names NEED (such as "pg_partman 5.2",
                          test/integration/pg_partman.sh), skipped elsewhere
  SELECT ...;  --> value  the statement's result, as `psql -At` prints it;
                          a plain `-- e.g. ...` comment is not checked
  ```sql ... ``` then a bare ``` block (only blank lines or HTML comments
                          between): psql's output of the statements after the
                          last checked one; ERROR/DETAIL/HINT/CONTEXT lines in
                          it are the errors those statements must raise, as
                          psql prints them (WARNING and NOTICE lines too)
  <!-- output varies in: col, col -->   between the two: those columns'
                          values are not compared (generated IDs, times); an
                          entry written /REGEX/ (no comma) is a part of any
                          line not compared where both match it (a count
                          that grows with each family)

With SQL_BLOCKS_RUN_ONLY=REASON in the environment it runs the blocks marked
"not run: REASON..." instead, and only those (test/integration/citus.sh runs
docs/citus.md's on its cluster that way).

Exits 1 on the first block that fails, naming its file and line, and when
no block ran at all.
"""
import os
import re
import subprocess
import sys

RUN_ONLY = os.environ.get('SQL_BLOCKS_RUN_ONLY')

FENCE = re.compile(r'^```(\S*)\s*$')
NOT_RUN = re.compile(r'^<!--\s*not run:\s*(.*?)\s*-->$')
NEEDS = re.compile(r'^<!--\s*needs:\s*([^(]*?)\s*(\(.*\))?\s*-->$')
# what a block may need, and the test that runs it with --with: a need no
# test provides would be a block that never runs
PROVIDED = {'pg_partman': 'test/integration/pg_partman.sh',
            'pg_partman 5.2': 'test/integration/pg_partman.sh',
            'pg_partman 4.7': 'test/integration/pg_partman.sh'}
VARIES = re.compile(r'^<!--\s*output varies in:\s*(.+?)\s*-->$')
COMMENT = re.compile(r'^<!--.*-->$')
CHECKED = re.compile(r'^(.*;)\s*-->\s(.+?)\s*$')
SEPARATOR = re.compile(r'^[-+]+$')
PSQL_PREFIX = re.compile(r'^psql:[^:]*:\d+: ')


def fenced_blocks(path):
    """(language, first line number, lines, text lines before the fence)"""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    blocks, before, i = [], [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            before.append(lines[i])
            i += 1
            continue
        start, body = i + 1, []
        i += 1
        while i < len(lines) and lines[i].rstrip() != '```':
            body.append(lines[i])
            i += 1
        if i == len(lines):
            sys.exit(f'{path}:{start}: a code block that does not end')
        blocks.append((m.group(1), start, body, before))
        before, i = [], i + 1
    return blocks


def examples(path, available):
    """(line, sql lines, expected output lines or None, varying columns)"""
    blocks = fenced_blocks(path)
    for n, (lang, line, body, before) in enumerate(blocks):
        if lang != 'sql':
            continue
        marks = [b.strip() for b in before if b.strip()]
        not_run = NOT_RUN.match(marks[-1]) if marks else None
        if not_run and not not_run.group(1):
            sys.exit(f'{path}:{line}: "not run" needs a reason')
        if RUN_ONLY is not None and not (not_run and not_run.group(1).startswith(RUN_ONLY)):
            continue
        if not_run and RUN_ONLY is None:
            continue
        if marks and NEEDS.match(marks[-1]):
            need = NEEDS.match(marks[-1]).group(1)
            if need not in PROVIDED:
                sys.exit(f'{path}:{line}: needs {need!r}, which no test provides '
                         f'(test/doc/sql_blocks.py\'s PROVIDED: {", ".join(sorted(PROVIDED))})')
            if need not in available:
                continue
        expected, varies = None, []
        if n + 1 < len(blocks) and blocks[n + 1][0] == '':
            between = [b.strip() for b in blocks[n + 1][3] if b.strip()]
            if all(COMMENT.match(b) for b in between):
                expected = blocks[n + 1][2]
                for b in between:
                    if VARIES.match(b):
                        varies += [c.strip() for c in VARIES.match(b).group(1).split(',')]
        yield line, body, expected, varies


def code_of(line):
    return re.sub(r'--.*$', '', line).rstrip()


def steps(body):
    """('run', sql) and ('check', sql, value), in order."""
    pending, start = [], 0
    for line in body:
        m = CHECKED.match(line)
        if m:
            if pending[:start]:
                yield ('run', pending[:start])
            yield ('check', pending[start:] + [m.group(1)], m.group(2))
            pending, start = [], 0
            continue
        pending.append(line)
        if code_of(line).endswith(';'):
            start = len(pending)
    if pending:
        yield ('run', pending)


MARK = '@@idgen-doc-step'


def psql(args, body, stop_on_error):
    """Runs a block's steps in one session: (exit status, each step's output, errors)."""
    script = []
    for n, step in enumerate(body):
        checked = step[0] == 'check'
        script += [f'\\pset format {"unaligned" if checked else "aligned"}',
                   f'\\pset tuples_only {"on" if checked else "off"}',
                   f'\\echo {MARK} {n}'] + step[1]
    cmd = args + ['-P', 'footer=off', '-v', f'ON_ERROR_STOP={1 if stop_on_error else 0}']
    r = subprocess.run(cmd, input='\n'.join(script) + '\n', capture_output=True, text=True)
    outputs = []
    for line in r.stdout.splitlines():
        if line.startswith(MARK + ' '):
            outputs.append([])
        elif outputs:
            outputs[-1].append(line)
    errors = [PSQL_PREFIX.sub('', l) for l in r.stderr.splitlines()]
    return r.returncode, outputs, errors


# a server's message, the LINE of a syntax error, or psql's own (error: ...)
MESSAGE = re.compile(r'^([A-Z]+):  |^(LINE) \d+: |^([a-z]+): ')
SHOWN = {'ERROR', 'DETAIL', 'HINT', 'CONTEXT', 'WARNING', 'NOTICE'}


def messages(errors):
    """psql's message lines a page shows, as psql prints them: a line of a
    message that spans lines (a CONTEXT of a nested call, say) goes with its
    message; the LINE of a syntax error and its caret are left out."""
    kept, kind = [], None
    for e in errors:
        m = MESSAGE.match(e)
        if m:
            kind = m.group(1) or m.group(2) or m.group(3)
        if kind in SHOWN:
            kept.append(e)
    return kept


def cells(line):
    return [c.strip() for c in line.split('|')]


def compare(expected, actual, varies):
    """None when the output matches, else why not."""
    expected = '\n'.join(l.rstrip() for l in expected).strip('\n').split('\n')
    actual = '\n'.join(l.rstrip() for l in actual).strip('\n').split('\n')
    for part in (re.compile(v[1:-1]) for v in varies if len(v) > 2 and v[0] == v[-1] == '/'):
        for k, (e, a) in enumerate(zip(expected, actual)):
            if part.search(e) and part.search(a):
                expected[k], actual[k] = part.sub('/varies/', e), part.sub('/varies/', a)
    if len(expected) != len(actual):
        return 'a different number of lines'
    header = []
    for k, (e, a) in enumerate(zip(expected, actual)):
        if SEPARATOR.match(e):
            if not SEPARATOR.match(a):
                return f'line {k + 1}: no table where one is shown'
            continue
        ec, ac = cells(e), cells(a)
        if len(ec) != len(ac):
            return f'line {k + 1}: {len(ac)} columns, not {len(ec)}'
        is_header = k + 1 < len(expected) and SEPARATOR.match(expected[k + 1])
        if is_header or not e:
            header = ec if is_header else []
        for col, (x, y) in enumerate(zip(ec, ac)):
            name = header[col] if col < len(header) and not is_header else None
            if name in varies and x and y:
                continue
            if x != y:
                return f'line {k + 1}: {y!r} where the document shows {x!r}'
    return None


def run(path, args, available):
    count = 0
    for line, body, expected, varies in examples(path, available):
        where = f'{path}:{line}'
        block = list(steps(body))
        shows_errors = expected is not None and any(l.startswith('ERROR:') for l in expected)
        rc, outputs, errors = psql(args, block, stop_on_error=not shows_errors)
        if rc != 0 and not shows_errors:
            print(f'{where}: the block fails:\n' + '\n'.join(errors), file=sys.stderr)
            return None
        if len(outputs) != len(block):
            print(f'{where}: {len(outputs)} of its {len(block)} steps ran:\n' + '\n'.join(errors),
                  file=sys.stderr)
            return None
        for step, out in zip(block, outputs):
            if step[0] == 'check' and '\n'.join(out) != step[2]:
                print(f'{where}: {" ".join(s.strip() for s in step[1])}\n'
                      f'  gives {chr(10).join(out)!r}, the document shows {step[2]!r}',
                      file=sys.stderr)
                return None
        if expected is not None:
            last = outputs[-1] if outputs and block[-1][0] == 'run' else []
            got = last + messages(errors)
            why = compare(expected, got, varies)
            if why:
                print(f'{where}: output differs ({why}):\n' + '\n'.join(got), file=sys.stderr)
                return None
        count += 1
    print(f'{path}: {count} blocks ran')
    return count


def main():
    argv, available = sys.argv[1:], set()
    if argv[:1] == ['--with']:
        available = {n.strip() for n in argv[1].split(',')}
        argv = argv[2:]
    with open(argv[0]) as f:
        args = f.read().split('\n')[:-1]
    total = 0
    for path in argv[1:]:
        count = run(path, args, available)
        if count is None:
            sys.exit(1)
        total += count
    if total == 0:
        sys.exit('no sql block ran: the documents hold none, or none were found')


if __name__ == '__main__':
    main()
