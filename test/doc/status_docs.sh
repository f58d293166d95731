#!/usr/bin/env bash
# docs/operations.md's and docs/reference.md's account of the idgen_status
# view, against the view on a server with idgen preloaded: the generators
# operations.md names are the rows the view has (each server-wide generator
# called once), its column table lists the view's columns in order, and
# reference.md names the columns the view adds to idgen_status()'s.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

port=${STATUS_DOCS_PORT:-$((25934 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server status-docs "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
pg_psql "$port" -q -c 'CREATE EXTENSION idgen'
/usr/bin/python3 - "host=127.0.0.1 port=$port user=postgres dbname=postgres" <<'PY'
import re, sys
import psycopg

conn = psycopg.connect(sys.argv[1], autocommit=True)
# a shard's row appears once the shard is used; the others are always there
conn.execute('SELECT next_shard_id(5)')
rows = {g for (g,) in conn.execute('SELECT DISTINCT generator FROM idgen_status')}
view_cols = [c for (c,) in conn.execute(
    "SELECT attname FROM pg_attribute WHERE attrelid = 'idgen_status'::regclass AND attnum > 0 ORDER BY attnum")]
func_cols = [c for (c,) in conn.execute(
    "SELECT name FROM unnest((SELECT proargnames FROM pg_proc WHERE oid = 'idgen_status()'::regprocedure)) name")]
failures = []

def sentence(path, phrase):
    text = ' '.join(open(path).read().split())
    at = text.find(phrase)
    if at < 0:
        failures.append(f'{path} has no sentence beginning "{phrase}"')
        return ''
    end = re.search(r'\.(\s|$)', text[at + len(phrase):])
    return text[at:at + len(phrase) + (end.start() if end else len(text))]

def named(s, *but):
    return [n for n in re.findall(r'`([\w()]+)`', s) if n not in but]

def same(what, got, want):
    if got != want:
        failures.append(f'{what}: the page says {got}, the server has {want}')

ops = 'docs/operations.md'
same(f'{ops}: the rows of idgen_status',
     sorted(set(named(sentence(ops, 'The view `idgen_status` has one row per'), 'idgen_status'))), sorted(rows))
section = open(ops).read().split('## Watching the generators', 1)[-1].split('\n## ', 1)[0]
table = re.findall(r'^\| `(\w+)` \|', section, re.M)
same(f'{ops}: the columns of idgen_status in its table', table, view_cols)

ref = 'docs/reference.md'
added = [c for c in view_cols if c not in func_cols]
same(f'{ref}: the columns the view adds to idgen_status()',
     named(sentence(ref, 'The view `idgen_status` has'), 'idgen_status', 'idgen_status()'), added)
for f in failures:
    print('FAIL: ' + f, file=sys.stderr)
print(f'status docs: {len(rows)} rows, {len(view_cols)} columns ({len(func_cols)} from idgen_status()): '
      f'{"ok" if not failures else "differ"}')
sys.exit(1 if failures else 0)
PY
