#!/usr/bin/env bash
# README.md's overview claims ("every family sorts by time except ...",
# "three do with a condition: ...", "bigint IDs are never negative, except
# ...") against docs/families.md's "At a glance" table, and the table against
# a server with idgen preloaded: each "yes" generator's ID made 1.1 s later
# in another session compares greater (eight of each, all greater); each "random" no gives 200 IDs in a
# row that are not in order; each bigint row says "never" exactly when its
# decoder refuses -1.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${OVERVIEW_PORT:-$((25935 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server overview-claims "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
pg_psql "$port" -q -c 'CREATE EXTENSION idgen'
/usr/bin/python3 - "host=127.0.0.1 port=$port user=postgres dbname=postgres" <<'PY'
import re, sys, time
import psycopg

DSN = sys.argv[1]
failures = []

def calls(cell):
    return re.findall(r'`(\w+\([^`]*\))`', cell)

def names(text):
    return {re.match(r'\w+', c).group(0) for c in calls(text)}

# the table
text = open('docs/families.md').read()
section = text.split('\n## At a glance\n', 1)
if len(section) < 2:
    sys.exit('overview claims: docs/families.md has no "## At a glance" section')
rows = []
for line in section[1].split('\n## ', 1)[0].splitlines():
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if line.startswith('| ') and len(cells) == 6 and cells[0] != 'family':
        family, generate, decode, stored, sorts, negative = cells
        rows.append(dict(family=family, calls=calls(generate), decode=decode.strip('`'), stored=stored.strip('`'),
                         sorts=sorts, negative=negative))
if len(rows) < 15:
    sys.exit(f'overview claims: docs/families.md\'s table has {len(rows)} rows')

# README's claims against the table
readme = ' '.join(open('README.md').read().split())
def sentence(phrase, stop=r'\.(\s|$)'):
    at = readme.find(phrase)
    if at < 0:
        failures.append(f'README.md has no sentence beginning "{phrase}"')
        return ''
    end = re.search(stop, readme[at + len(phrase):])
    return readme[at:at + len(phrase) + (end.start() if end else 0)]
def same(what, readme_names, rows_of):
    table_names = set().union(set(), *(names(' '.join(f'`{c}`' for c in r['calls'])) for r in rows_of))
    if readme_names != table_names:
        failures.append(f'{what}: README.md names {sorted(readme_names)}, docs/families.md\'s table {sorted(table_names)}')
same('sorts by time, except', names(sentence('Every family sorts by time except', r', so ')),
     [r for r in rows if r['sorts'].startswith('no')])
same('sorts by time with a condition', names(sentence('do with a condition:')),
     [r for r in rows if r['sorts'].startswith('yes,')])
same('never negative, except', names(sentence('Bigint IDs are never negative, except')),
     [r for r in rows if r['stored'] == 'bigint' and r['negative'] != 'never'])
for r in rows:
    if not re.match(r'(yes|no)($|[,:] )', r['sorts']):
        failures.append(f'{r["family"]}: "sorts by time" is "{r["sorts"]}", not yes or no')

# the table against the server
def one(sql):
    with psycopg.connect(DSN, autocommit=True) as c:
        return c.execute(sql).fetchone()[0]
checked = 0
# eight IDs of every "yes" generator, then eight more 1.1 s later from
# another session (past a second: KSUID, ObjectId and xid count seconds);
# a random one would pass once in 12,870
later_calls = [(r, call) for r in rows if r['sorts'].startswith('yes') for call in r['calls']]
def eight(call):
    return one(f'SELECT array_agg(({call})::text ORDER BY n) FROM generate_series(1, 8) n')
firsts = [eight(call) for _, call in later_calls]
time.sleep(1.1)
seconds = [eight(call) for _, call in later_calls]
for (r, call), first, second in zip(later_calls, firsts, seconds):
    collate = ' COLLATE "C"' if 'COLLATE "C"' in r['sorts'] else ''
    typ = r['stored']
    later = one(f"SELECT bool_and(s::{typ}{collate} > f::{typ}{collate}) "
                f"FROM unnest(%s::text[]) s, unnest(%s::text[]) f" % (
        psycopg.sql.quote(second), psycopg.sql.quote(first)))
    checked += 1
    if not later:
        failures.append(f'{r["family"]}: {call} made {second} 1.1 s after {first}, not all greater')
for r in rows:
    if 'random' in r['sorts'] and r['sorts'].startswith('no'):
        for call in r['calls']:
            in_order = one(f'SELECT bool_and(a <= b) FROM (SELECT id AS a, lead(id) OVER (ORDER BY n) AS b '
                           f'FROM (SELECT n, {call} AS id FROM generate_series(1, 200) n) s) p WHERE b IS NOT NULL')
            checked += 1
            if in_order:
                failures.append(f'{r["family"]}: 200 of {call} in a row are in order: not random')
    if r['stored'] == 'bigint':
        try:
            one(f'SELECT {r["decode"]}(-1)')
            refused = False
        except psycopg.Error:
            refused = True
        checked += 1
        if refused != (r['negative'] == 'never'):
            failures.append(f'{r["family"]}: the table says negative IDs "{r["negative"]}", '
                            f'and {r["decode"]}(-1) is {"refused" if refused else "decoded"}')
    elif r['negative']:
        failures.append(f'{r["family"]}: not a bigint, yet "negative IDs" says {r["negative"]}')
for f in failures:
    print('FAIL: ' + f, file=sys.stderr)
print(f'overview claims: {len(rows)} families, {checked} checks on the server, {len(failures)} failed')
sys.exit(1 if failures else 0)
PY
