"""The documents' lists of what needs idgen in shared_preload_libraries
(before PostgreSQL 17), against what does: every function of the extension
(from the catalog, so functions added later are covered) and every view,
called on a server without the preload. A function needs it when a call of
it raises SQLSTATE 55000 "NAME... needs idgen in shared_preload_libraries";
each is called with test/doc/examples.tsv's example (the call
docs/reference.md shows) and with sample values of its argument types. A
function that neither runs nor raises that error with either call is one
this test cannot judge: it fails and says so.

Usage: preload_list.py DSN FILE:PHRASE...   PHRASE begins the list's
sentence in FILE; the list is every `name`, `name(args)` or `glob*` in
backquotes up to the sentence's end. A name with arguments names the
overloads of that many arguments; without, all of them; a glob, every
function or view it matches. Each list must name every function or view
that needs the preload and nothing that does not."""
import fnmatch
import os
import re
import subprocess
import sys

import psycopg

SAMPLES = {
    'bigint': '1', 'integer': '5', 'smallint': '1', 'text': "'order'", 'name': "'order'",
    'bytea': "'\\x0102'::bytea", 'boolean': 'true', 'interval': "interval '1 minute'",
    'timestamp with time zone': "timestamptz '2024-01-01 00:00:00+00'",
    'timestamp without time zone': "timestamp '2024-01-01 00:00:00'",
    'regclass': "'orders'::regclass",
    'ulid': "'01E5V7GWA9CHP337PB8SR18ZP4'::ulid", 'uuid': "'017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid",
    'ksuid': "'0ujtsYcgvSTl8PAuAdqWYSMnLOv'::ksuid", 'objectid': "'507f1f77bcf86cd799439011'::objectid",
    'xid12': "'9m4e2mr0ui3e8a215n4g'::xid12", 'scru128': "'0372HG16CSMSM50L8DIKCVUKC'::scru128",
    'timeflake': "'02i2XhN7hAuaFh3MwztcMd'::timeflake", 'typeid': "'user_01h455vb4pex5vsknk084sn02q'::typeid",
}
def made(what):
    """idgen-native-types' --samples or --examples (IDGEN_NATIVE_TYPES: its
    path): a sample of each type the family table makes, an example of each
    function, for those this file and examples.tsv do not name."""
    out = subprocess.run([os.environ['IDGEN_NATIVE_TYPES'], what], check=True, capture_output=True, text=True)
    return dict(line.split('\t', 1) for line in out.stdout.splitlines() if line)


NEEDS = re.compile(r'^(\w+)(\(.*?\))? needs idgen in shared_preload_libraries')


def outcome(conn, sql, name):
    """'needs' (the preload error, naming name), 'runs', or what else it raised."""
    try:
        with conn.transaction():
            conn.execute(sql)
            raise psycopg.Rollback()
    except psycopg.Rollback:
        pass
    except psycopg.Error as e:
        m = NEEDS.match(str(e))
        if e.sqlstate == '55000' and m and (name is None or m.group(1) == name):
            return 'needs'
        return f'{e.sqlstate}: {str(e).splitlines()[0]}'
    return 'runs'


def catalog(conn, examples):
    """{(name, nargs, signature): verdict} for every function and view of the extension."""
    found = {}
    rows = conn.execute("""
        SELECT p.oid::regprocedure::text, p.proname, p.prokind,
               array(SELECT format_type(t, NULL) FROM unnest(p.proargtypes::oid[]) t)
          FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
         WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
           -- the types' input and output, and index support: the server calls them, not people
           AND NOT (p.proargtypes::oid[] && ARRAY['cstring'::regtype, 'internal'::regtype]::oid[])
           -- trigger functions: the server calls them for a table's changes
           AND p.prorettype <> 'trigger'::regtype
         ORDER BY 1""").fetchall()
    for sig, name, kind, types in rows:
        calls, why = [], []
        if sig in examples:
            # what a *_drop example drops, its siblings' examples (*_create, *_import) make
            # first, in the same transaction
            makers = [f'SELECT {e}; ' for s, e in examples.items()
                      if name.endswith('_drop') and s.startswith(name[:-len('drop')])
                      and not s.startswith(name + '(')]
            calls.append(''.join(makers) + f'SELECT {examples[sig]}')
        missing = [t for t in types if t not in SAMPLES]
        if missing:
            why.append(f'no sample value of {", ".join(missing)}')
        else:
            args = ', '.join(SAMPLES[t] for t in types)
            calls.append(f'SELECT {name}({args})')
        verdicts = [outcome(conn, c, name) for c in calls]
        if 'needs' in verdicts:
            verdict = 'needs'
        elif 'runs' in verdicts:
            verdict = 'runs'
        else:
            verdict = 'cannot tell: ' + '; '.join(why + [f'{c} raised {v}' for c, v in zip(calls, verdicts)])
        found[(name, len(types), sig)] = verdict
    for (view,) in conn.execute("""
        SELECT c.relname FROM pg_class c JOIN pg_depend d ON d.objid = c.oid AND d.classid = 'pg_class'::regclass
         WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
           AND c.relkind = 'v' ORDER BY 1""").fetchall():
        v = outcome(conn, f'SELECT * FROM {view}', None)
        found[(view, None, f'{view} (view)')] = v if v in ('needs', 'runs') else 'cannot tell: ' + v
    return found


def listed(path, phrase):
    text = ' '.join(open(path).read().split())
    start = text.find(phrase)
    if start < 0:
        sys.exit(f'preload list: {path} has no sentence beginning "{phrase}"')
    end = re.search(r'\.(\s|$)', text[start + len(phrase):])
    sentence = text[start:start + len(phrase) + (end.start() if end else len(text))]
    items = [i for i in re.findall(r'`([\w*]+)(?:\(([^`]*)\))?`', sentence) if i[0] != 'shared_preload_libraries']
    if not items:
        sys.exit(f'preload list: {path}: "{phrase}..." names nothing in backquotes')
    return [(n, None if args == '' and '(' not in sentence.split(f'`{n}', 1)[1][:1] else
             (0 if not args.strip() else len(args.split(',')))) for n, args in items]


def covers(item, key):
    name, nargs = item
    kname, knargs, _ = key
    return fnmatch.fnmatchcase(kname, name) and (nargs is None or knargs is None or nargs == knargs)


def main():
    conn = psycopg.connect(sys.argv[1], autocommit=True)
    if conn.info.server_version >= 170000:
        sys.exit('preload list: the lists are of what needs the preload before PostgreSQL 17: run on 13 to 16')
    examples = made('--examples') | dict(line.rstrip('\n').split('\t', 1) for line in open('test/doc/examples.tsv')
                                         if line.strip() and not line.startswith('#'))
    for name, sample in made('--samples').items():
        SAMPLES.setdefault(name, sample)
    found = catalog(conn, examples)
    failures = [f'{sig}: {v}' for (_, _, sig), v in found.items() if v.startswith('cannot tell')]
    needs = [k for k, v in found.items() if v == 'needs']
    print(f'preload list: {len(found)} functions and views called, {len(needs)} need the preload: '
          + ', '.join(sig for _, _, sig in needs))
    for spec in sys.argv[2:]:
        path, phrase = spec.split(':', 1)
        items = listed(path, phrase)
        for k in needs:
            if not any(covers(i, k) for i in items):
                failures.append(f'{path}: "{phrase}..." does not name {k[2]}, which needs the preload')
        for i in items:
            covered = [k for k in found if covers(i, k)]
            if not covered:
                failures.append(f'{path}: "{phrase}..." names {i[0]}, which is no function or view of idgen')
            for k in covered:
                if found[k] == 'runs':
                    failures.append(f'{path}: "{phrase}..." names {i[0]}, but {k[2]} runs without the preload')
        print(f'preload list: {path}: {len(items)} names checked')
    for f in failures:
        print('FAIL: ' + f, file=sys.stderr)
    sys.exit(1 if failures else 0)


main()
