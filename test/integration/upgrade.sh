#!/usr/bin/env bash
# ALTER EXTENSION idgen UPDATE, step by step from the first release, must give
# the same extension as a fresh CREATE EXTENSION: the same member objects
# (pg_describe_object over pg_depend), and the same signature, markings,
# settings (the pinned search_path), body, privileges and comment for every
# function, the same columns of its tables in the same order, the same
# triggers on its tables (and who fires them), and the
# same operators, types, casts and operator class members
# (the native types' SQL is generated: this is what checks it against the
# hand-written SQL of the releases). UPGRADE_FROM starts from another installed version's script (the
# full script of an old release, copied into the extension directory).
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/idgen_versions.sh

port=${INTEGRATION_PORT:-$((25823 + ${IDGEN_PORT_OFFSET:-0}))}
first=${UPGRADE_FROM:-$(idgen_first_version)}
current=$(idgen_current_version)
pg_throwaway_server upgrade "$port" "shared_preload_libraries = 'idgen'"

# What an extension consists of, one line per object, in a stable order.
describe() {
  pg_psql "$port" -d "$1" -At <<'SQL'
SELECT pg_describe_object(d.classid, d.objid, d.objsubid)
  FROM pg_depend d JOIN pg_extension e ON d.refobjid = e.oid
 WHERE d.refclassid = 'pg_extension'::regclass AND e.extname = 'idgen' AND d.deptype = 'e'
UNION ALL
SELECT format('%s returns %s %s strict=%s parallel=%s security_definer=%s leakproof=%s config=%s body=%s acl=%s comment=%s',
              p.oid::regprocedure, pg_get_function_result(p.oid), p.provolatile, p.proisstrict,
              p.proparallel, p.prosecdef, p.proleakproof, p.proconfig, md5(p.prosrc), p.proacl,
              obj_description(p.oid, 'pg_proc'))
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
UNION ALL
-- the native types, which idgen-native-types writes: their operators, storage,
-- casts and operator classes' members, which the lines above do not show
SELECT format('%s commutator=%s negator=%s restrict=%s join=%s hashes=%s merges=%s',
              o.oid::regoperator, o.oprcom::regoperator, o.oprnegate::regoperator, o.oprrest,
              o.oprjoin, o.oprcanhash, o.oprcanmerge)
  FROM pg_operator o JOIN pg_depend d ON d.objid = o.oid AND d.classid = 'pg_operator'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
UNION ALL
SELECT format('type %s len=%s align=%s storage=%s in=%s out=%s recv=%s send=%s comment=%s',
              t.oid::regtype, t.typlen, t.typalign, t.typstorage, t.typinput, t.typoutput,
              t.typreceive, t.typsend, obj_description(t.oid, 'pg_type'))
  FROM pg_type t JOIN pg_depend d ON d.objid = t.oid AND d.classid = 'pg_type'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
UNION ALL
SELECT format('cast %s -> %s function=%s context=%s method=%s', c.castsource::regtype,
              c.casttarget::regtype, c.castfunc::regprocedure, c.castcontext, c.castmethod)
  FROM pg_cast c JOIN pg_depend d ON d.objid = c.oid AND d.classid = 'pg_cast'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
UNION ALL
-- the triggers on its tables, and who fires them (a logical replication apply fires REPLICA ones)
SELECT format('%s enabled=%s', pg_get_triggerdef(t.oid), t.tgenabled)
  FROM pg_trigger t JOIN pg_depend d ON d.objid = t.tgrelid AND d.classid = 'pg_class'::regclass
 WHERE NOT t.tgisinternal
   AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
UNION ALL
-- its tables' columns, in their order (SELECT * of a column added by an update)
SELECT format('%s column %s: %s %s not_null=%s default=%s', a.attrelid::regclass,
              row_number() OVER (PARTITION BY a.attrelid ORDER BY a.attnum), a.attname,
              format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(f.adbin, f.adrelid))
  FROM pg_attribute a JOIN pg_depend d ON d.objid = a.attrelid AND d.classid = 'pg_class'::regclass
  LEFT JOIN pg_attrdef f ON f.adrelid = a.attrelid AND f.adnum = a.attnum
 WHERE a.attnum > 0 AND NOT a.attisdropped
   AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
UNION ALL
SELECT format('%s: %s', pg_describe_object(x.classid, x.objid, 0),
              pg_describe_object(x.refclassid, x.refobjid, 0))
  FROM pg_depend x JOIN pg_depend d ON d.objid = x.refobjid AND d.classid = x.refclassid
 WHERE x.classid IN ('pg_amop'::regclass, 'pg_amproc'::regclass)
   AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'idgen') AND d.deptype = 'e'
ORDER BY 1;
SQL
}

pg_psql "$port" -c "CREATE DATABASE fresh" -c "CREATE DATABASE upgraded"
pg_psql "$port" -d fresh -c "CREATE EXTENSION idgen"
pg_psql "$port" -d upgraded -c "CREATE EXTENSION idgen VERSION '$first'"

# the update path PostgreSQL itself finds, taken one script at a time
steps=$(idgen_update_steps "$port" upgraded "$first" "$current")
path=$first$(printf -- '--%s' $steps)
for version in $steps; do
  # a layout declared before the update that gives rows created_in
  [ "$version" != "$current" ] || pg_psql "$port" -d upgraded -o /dev/null -c "
    SELECT idgen_layout_create('before_update', '2026-01-01', '1 day', 16, 26)"
  echo "ALTER EXTENSION idgen UPDATE TO '$version'"
  pg_psql "$port" -d upgraded -c "ALTER EXTENSION idgen UPDATE TO '$version'"
done

installed=$(pg_psql "$port" -d upgraded -At -c "SELECT extversion FROM pg_extension WHERE extname = 'idgen'")
[ "$installed" = "$current" ] || { echo "upgraded to $installed, not $current" >&2; exit 1; }

describe fresh >"$PG_DIR/fresh.txt"
describe upgraded >"$PG_DIR/upgraded.txt"
if ! diff -u "$PG_DIR/fresh.txt" "$PG_DIR/upgraded.txt"; then
  echo "upgrade $path differs from a fresh install of $current" >&2
  exit 1
fi
# the upgraded extension works, including what the upgrade added
pg_psql "$port" -d upgraded -At <<'SQL' | grep -qx t
SELECT shard_id_from_time(now() + interval '1 s') | (7 << 10) + 5 AS past \gset
SELECT shard_id_resume_after(:past) \g /dev/null
SELECT next_shard_id(7) > :past;
SQL
# a layout declared before the update counts as declared in this database
pg_psql "$port" -d upgraded -At -c "
  SELECT created_in = idgen_layout_origin() FROM idgen_declared_layouts WHERE name = 'before_update'" | grep -qx t
echo "upgrade $path: $(wc -l <"$PG_DIR/fresh.txt") objects and functions match a fresh install"
