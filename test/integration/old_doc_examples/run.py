"""Runs one earlier release's documented SQL examples against today's idgen.

  python3 run.py PSQL_ARGS_FILE REFERENCE_PSQL_ARGS_FILE RELEASE EXCEPTIONS_FILE DIR FILE.md...

DIR holds the release's README.md and docs/*.md as it wrote them; FILE.md
are their paths under DIR, in the order its docs test ran them. Each
```sql block runs as that release's test/doc/sql_blocks.py ran it (its
conventions are today's: test/doc/sql_blocks.py), in one database
(PSQL_ARGS_FILE), in order: a block that the release ran must run now,
give what it showed and raise the errors it showed. Each example of
docs/reference.md's function table runs in another database, made as that
release's test/doc/reference.sh made its own (REFERENCE_PSQL_ARGS_FILE),
and must give the result shown, unless its function is volatile. A block the release itself marked "not run" is named with its
reason. EXCEPTIONS_FILE lists, one a line (release, where, what, reason, tab
separated), what a block needs to run here that is no break:
  before SQL   SQL runs first (a table, a sequence, a role of an earlier
               page or of the reader's own database)
  skip         not SQL a reader runs as written (a fragment, a template)
  unshown      runs, without its shown output compared (a value the
               release shows from one run: a generated ID, a time)
  replace OLD => NEW
               the block's line OLD (spaces aside) runs as NEW: a call a
               later release refuses on purpose, for a reason the
               CHANGELOG gives (the refusal has its own test), and what
               the page shows after it
`where` is FILE:LINE of the block's first line, or reference:FUNCTION. An
exception that matches nothing fails the run: the list never outlives its
reason. Exits 1 if any example broke.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'doc'))
import sql_blocks  # noqa: E402  (test/doc/sql_blocks.py: one parser of the docs)

REFERENCE_ROW = re.compile(
    r'^\| `([a-z_0-9]+\([^`]*\))` \| [^|]+ \| (immutable|stable|volatile) \| `SELECT (.*)` \| (?:`(.*)`)? ?\|$')


def exceptions_of(path, release):
    table = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith('#'):
                continue
            fields = line.rstrip('\n').split('\t')
            if len(fields) != 4 or not fields[3].strip():
                sys.exit(f'{path}:{n}: release, where, what and a reason, tab separated')
            if fields[0] == release:
                table.setdefault(fields[1], []).append((fields[2], fields[3]))
    return table


def reference_examples(path):
    """docs/reference.md's table: (line, function, volatility, SELECT text, shown result)."""
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            m = REFERENCE_ROW.match(line)
            if m:
                sql = m.group(3).replace('\\|', '|')
                yield n, m.group(1), m.group(2), sql, (m.group(4) or '').replace('\\|', '|')


def run_block(args, where, body, expected, varies, unshown):
    """None if the block ran as its release showed, else why not."""
    block = list(sql_blocks.steps(body))
    shows_errors = expected is not None and any(l.startswith('ERROR:') for l in expected)
    rc, outputs, errors = sql_blocks.psql(args, block, stop_on_error=not shows_errors)
    if rc != 0 and not shows_errors:
        return 'fails:\n' + '\n'.join(errors)
    if len(outputs) != len(block):
        return f'{len(outputs)} of its {len(block)} steps ran:\n' + '\n'.join(errors)
    if shows_errors:
        shown = [l for l in expected if l.startswith('ERROR:')]
        raised = [e for e in errors if e.startswith('ERROR:')]
        if len(shown) != len(raised):
            return f'raises {len(raised)} errors where it showed {len(shown)}:\n' + '\n'.join(raised)
    if unshown:
        return None
    for step, out in zip(block, outputs):
        if step[0] == 'check' and '\n'.join(out) != step[2]:
            return (f'{" ".join(s.strip() for s in step[1])}\n'
                    f'  gives {chr(10).join(out)!r}, where it showed {step[2]!r}')
    if expected is not None:
        last = outputs[-1] if outputs and block[-1][0] == 'run' else []
        got = last + [e for e in errors if re.match(r'^(ERROR|DETAIL|HINT|WARNING|NOTICE):', e)]
        why = sql_blocks.compare(expected, got, varies)
        if why:
            return f'output differs ({why}):\n' + '\n'.join(got)
    return None


def main():
    psql_args_file, reference_args_file, release, exceptions_file, root = sys.argv[1:6]
    with open(psql_args_file) as f:
        args = f.read().split('\n')[:-1]
    with open(reference_args_file) as f:
        reference_args = f.read().split('\n')[:-1]
    exceptions = exceptions_of(exceptions_file, release)
    used, broken, ran = set(), 0, 0

    def take(where, what):
        found = [(w, r) for w, r in exceptions.get(where, []) if w.split(' ', 1)[0] == what]
        for w, r in found:
            used.add((where, w))
        return found

    def replaced(where, body):
        """The block with its replace exceptions made, or None if one matches no line."""
        body = list(body)
        for what, reason in take(where, 'replace'):
            old, new = (' '.join(side.split()) for side in what.split(' ', 1)[1].split(' => ', 1))
            at = [i for i, l in enumerate(body) if ' '.join(l.split()) == old]
            if len(at) != 1:
                print(f'{release} {where}: the line to replace ({reason}) is there {len(at)} times, '
                      f'not once: {old}', file=sys.stderr)
                return None
            body[at[0]] = new
        return body

    def before(where):
        for what, reason in take(where, 'before'):
            rc, _, errors = sql_blocks.psql(args, [('run', [what.split(' ', 1)[1]])], True)
            if rc != 0:
                print(f'{release} {where}: what it needs first ({reason}) fails:\n' + '\n'.join(errors),
                      file=sys.stderr)
                return False
        return True

    for name in sys.argv[6:]:
        path = os.path.join(root, name)
        for lang, line, _, before_lines in sql_blocks.fenced_blocks(path):
            marks = [b.strip() for b in before_lines if b.strip()]
            if lang == 'sql' and marks and sql_blocks.NOT_RUN.match(marks[-1]):
                print(f'{release} {name}:{line}: not run in {release} either: '
                      f'{sql_blocks.NOT_RUN.match(marks[-1]).group(1)}')
        for line, body, expected, varies in sql_blocks.examples(path, set()):  # no block that needs pg_partman
            where = f'{name}:{line}'
            skip = take(where, 'skip')
            if skip:
                print(f'{release} {where}: skipped: {skip[0][1]}')
                continue
            body = replaced(where, body)
            if body is None or not before(where):
                broken += 1
                continue
            why = run_block(args, where, body, expected, varies, bool(take(where, 'unshown')))
            ran += 1
            if why:
                broken += 1
                print(f'BROKEN: {release} {where}: {why}', file=sys.stderr)
        if name == 'docs/reference.md':
            for line, function, volatility, sql, shown in reference_examples(path):
                where = f'reference:{function}'
                if take(where, 'skip'):
                    continue
                if not before(where):
                    broken += 1
                    continue
                # as that release's test/doc/reference.sh showed it: in UTC, a
                # row's fields joined by ', ', its first line
                rc, outputs, errors = sql_blocks.psql(
                    reference_args, [('check', ["\\pset fieldsep ', '", "SET timezone = 'UTC';",
                                      f'SELECT {sql};'], shown)], True)
                ran += 1
                got = '\n'.join(outputs[0]).split('\n')[0] if outputs and outputs[0] else None
                if rc != 0:
                    why = 'fails:\n' + '\n'.join(errors)
                # a volatile function's result is one run's (the release's
                # reference test compared signatures only)
                elif volatility != 'volatile' and not take(where, 'unshown') and got != shown:
                    why = f'gives {got!r}, where it showed {shown!r}'
                else:
                    continue
                broken += 1
                print(f'BROKEN: {release} {name}:{line} SELECT {sql}: {why}', file=sys.stderr)
    stale = [f'{where} {what}' for where, rows in exceptions.items() for what, _ in rows
             if (where, what) not in used]
    for s in stale:
        print(f'FAIL: {release}: the exception "{s}" matches no example', file=sys.stderr)
    print(f'{release}: {ran} examples ran, {broken} broke')
    if ran == 0:
        print(f'FAIL: {release}: no example ran', file=sys.stderr)
    sys.exit(1 if broken or stale or ran == 0 else 0)


main()
