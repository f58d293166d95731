#!/usr/bin/env bash
# ALTER EXTENSION idgen UPDATE keeps what a DBA granted or revoked on idgen's
# objects. From the first release (or UPGRADE_FROM), EXECUTE on every
# function is revoked from PUBLIC, some are granted to roles (one through a
# role holding the grant option), and SELECT on idgen_status and USAGE on the
# types move the same way; then the extension is updated one script at a time.
# After each step, every function, view and type that was there before has
# the privileges it had (a function whose signature an update changed is
# matched by name: create_ticket_sequence gained an argument in 0.3.0), and
# what the step added has the privileges a fresh install gives it.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/idgen_versions.sh

port=${INTEGRATION_PORT:-$((25828 + ${IDGEN_PORT_OFFSET:-0}))}
first=${UPGRADE_FROM:-$(idgen_first_version)}
current=$(idgen_current_version)
pg_throwaway_server upgrade-privileges "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"

# Every member of idgen that has privileges, one line each: kind, name,
# identity, and its privileges in force (the default spelt out) in order.
snapshot() {
  pg_psql "$port" -d "$1" -At -F $'\t' <<'SQL'
WITH members AS (
  SELECT d.classid, d.objid FROM pg_depend d JOIN pg_extension e ON d.refobjid = e.oid
   WHERE d.refclassid = 'pg_extension'::regclass AND e.extname = 'idgen' AND d.deptype = 'e'),
acls AS (
  SELECT 'function' AS kind, p.proname::text AS name, p.oid::regprocedure::text AS identity,
         coalesce(p.proacl, acldefault('f', p.proowner)) AS acl
    FROM members m JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
  UNION ALL
  SELECT 'relation', c.relname::text, c.oid::regclass::text, coalesce(c.relacl, acldefault('r', c.relowner))
    FROM members m JOIN pg_class c ON m.classid = 'pg_class'::regclass AND c.oid = m.objid
  UNION ALL
  SELECT 'type', t.typname::text, t.oid::regtype::text, coalesce(t.typacl, acldefault('T', t.typowner))
    FROM members m JOIN pg_type t ON m.classid = 'pg_type'::regclass AND t.oid = m.objid)
SELECT kind, name, identity, (SELECT string_agg(i::text, ',' ORDER BY i::text) FROM unnest(acl) i)
  FROM acls ORDER BY 1, 3;
SQL
}

# compare BEFORE AFTER FRESH STEP: the privileges of what was there before
# are kept; what is new has a fresh install's.
compare() {
  /usr/bin/python3 - "$@" <<'PY'
import sys
def load(path):
    rows = {}
    for line in open(path):
        kind, name, identity, acl = line.rstrip("\n").split("\t")
        rows[identity] = (kind, name, acl)
    return rows
before, after, fresh = (load(p) for p in sys.argv[1:4])
step = sys.argv[4]
bad = kept = 0
gone = {i: r for i, r in before.items() if i not in after}
new = {i: r for i, r in after.items() if i not in before}
for identity, (kind, name, acl) in sorted(before.items()):
    if identity in after:
        now, shown = after[identity][2], identity
    else:
        # the same name made again with another signature: it replaces this one
        same = [i for i, r in new.items() if (r[0], r[1]) == (kind, name)]
        if len(same) != 1:
            print(f"  {step}: {kind} {identity} is gone (not compared)")
            continue
        now, shown = new.pop(same[0])[2], f"{identity} -> {same[0]}"
    if now == acl:
        kept += 1
    else:
        bad += 1
        print(f"FAIL: {step}: {kind} {shown}: privileges changed\n    before: {acl}\n    after:  {now}")
for identity, (kind, name, acl) in sorted(new.items()):
    want = fresh.get(identity, (None, None, None))[2]
    if want is not None and acl != want:
        bad += 1
        print(f"FAIL: {step}: new {kind} {identity}: {acl}, a fresh install has {want}")
print(f"{'FAIL' if bad else 'ok'}: {step}: {kept} objects kept their privileges, "
      f"{len(new)} new with a fresh install's, {bad} wrong")
sys.exit(1 if bad else 0)
PY
}

pg_psql "$port" -c "CREATE ROLE app" -c "CREATE ROLE ops" -c "CREATE ROLE auditor" \
  -c "CREATE DATABASE fresh" -c "CREATE DATABASE upgraded"
pg_psql "$port" -d fresh -c "CREATE EXTENSION idgen"
pg_psql "$port" -d upgraded -c "CREATE EXTENSION idgen VERSION '$first'"

# What a DBA does: nothing of idgen's for PUBLIC, the generators for app,
# create_ticket_sequence for ops, who may pass it on (and does, to auditor).
pg_psql "$port" -d upgraded <<'SQL'
DO $$
DECLARE
    f regprocedure;
BEGIN
    FOR f IN SELECT d.objid::regprocedure FROM pg_depend d JOIN pg_extension e ON d.refobjid = e.oid
              WHERE d.refclassid = 'pg_extension'::regclass AND e.extname = 'idgen'
                AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
    LOOP
        EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
    END LOOP;
END $$;
GRANT EXECUTE ON FUNCTION snowflake_id(), next_shard_id(int), ulid_monotonic(), uuid_v7() TO app;
GRANT EXECUTE ON FUNCTION create_ticket_sequence(text, int, int) TO ops WITH GRANT OPTION;
SET ROLE ops;
GRANT EXECUTE ON FUNCTION create_ticket_sequence(text, int, int) TO auditor;
RESET ROLE;
REVOKE SELECT ON idgen_status FROM PUBLIC;
GRANT SELECT ON idgen_status TO auditor;
REVOKE USAGE ON TYPE ulid FROM PUBLIC;
GRANT USAGE ON TYPE ulid TO app;
SQL

snapshot fresh >"$PG_DIR/fresh.tsv"
snapshot upgraded >"$PG_DIR/before.tsv"
echo "before: $(grep -c '' "$PG_DIR/before.tsv") objects of idgen $first;" \
  "create_ticket_sequence: $(grep -P '^function\tcreate_ticket_sequence\t' "$PG_DIR/before.tsv" | cut -f4)"

steps=$(idgen_update_steps "$port" upgraded "$first" "$current")
path=$first$(printf -- '--%s' $steps)
fail=0 from=$first
for version in $steps; do
  pg_psql "$port" -d upgraded -c "ALTER EXTENSION idgen UPDATE TO '$version'"
  snapshot upgraded >"$PG_DIR/after.tsv"
  compare "$PG_DIR/before.tsv" "$PG_DIR/after.tsv" "$PG_DIR/fresh.tsv" "$from -> $version" || fail=1
  cp "$PG_DIR/after.tsv" "$PG_DIR/before.tsv"
  from=$version
done
echo "after: create_ticket_sequence: $(grep -P '^function\tcreate_ticket_sequence\t' "$PG_DIR/after.tsv" | cut -f4)"

# and they hold: app may generate, auditor (through ops) make a ticket sequence
pg_psql "$port" -d upgraded -At <<'SQL' | grep -qx 't|t|f' || { echo "FAIL: privileges in force"; fail=1; }
SELECT has_function_privilege('app', 'snowflake_id()', 'EXECUTE'),
       has_function_privilege('auditor', 'create_ticket_sequence(text, int, int, name)', 'EXECUTE'),
       has_function_privilege('app', 'create_ticket_sequence(text, int, int, name)', 'EXECUTE');
SQL
[ $fail -eq 0 ] && echo "ok: $path keeps every privilege granted or revoked on idgen's objects"
exit $fail
