#!/usr/bin/env bash
# Every SQL example of every earlier release, run against today's idgen: a
# call that worked then must work now. The releases are the commits that
# set idgen.control's default_version (the project has no tags): release V
# is the last commit whose default_version is V, before the next version
# began. For each, README.md and docs/*.md as that commit wrote them
# (`git show COMMIT:README.md`) run in a fresh database of one server, in the
# order its docs test ran them (test/integration/old_doc_examples/run.py:
# every ```sql block, and docs/reference.md's function table): what the
# release ran must run, show what it showed and raise the errors it showed.
# What an old example needs that is no break is in the list below, with its
# reason; nothing is skipped without one. Needs the repository's history
# (test/lib/idgen_versions.sh's idgen_releases): a shallow clone fails here,
# it does not pass.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/idgen_versions.sh

port=${INTEGRATION_PORT:-$((25893 + ${IDGEN_PORT_OFFSET:-0}))}
current=$(idgen_current_version)

releases=$(idgen_releases)

pg_throwaway_server old-doc-examples "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 1"
export PGTZ=UTC PGDATESTYLE='ISO, MDY'

# release <tab> where <tab> what <tab> reason (run.py's conventions)
cat >"$PG_DIR/exceptions.tsv" <<'EXCEPTIONS'
0.6.1	docs/public-ids.md:307	skip	its roles shop_web and shop_api are the cluster's, made already by 0.6.0's page in this run (CREATE ROLE refuses them again); the page as it is now runs whole in test/doc/sql_blocks.sh
0.6.1	reference:uuid_v47_decode_candidates(face uuid)	unshown	its first candidate is under the key an earlier row made at random (idgen_key_create), as in 0.6.0
0.6.1	reference:idgen_unpermute_candidates(id bigint)	unshown	its first candidate is under the key an earlier row made at random (idgen_key_create), as in 0.6.0
0.6.1	reference:idgen_unpermute_candidates(id bigint, bits integer)	unshown	its first candidate is under the key an earlier row made at random (idgen_key_create), as in 0.6.0
0.6.0	docs/public-ids.md:201	before SELECT idgen_key_grant('orders 2027', 'PUBLIC');	from 0.6.1 a key is used only by the roles granted it (issue 43): a key made since is granted to nobody, and the update grants each 0.6.0 key to PUBLIC, as this line does for the key the page made
0.1	README.md:64	unshown	0.1's README shows one run's Snowflakes and times (later READMEs mark such columns as varying)
0.1	README.md:167	skip	three lines of Instagram's PL/pgSQL function, not a statement
0.1	README.md:187	before CREATE SCHEMA insta5; CREATE SEQUENCE insta5.table_id_seq;	the reader's own Instagram schema and sequence, which the page replaces
0.1	README.md:230	before CREATE TABLE insta5.our_table (id bigint PRIMARY KEY); CREATE FUNCTION insta5.next_id() RETURNS bigint LANGUAGE sql AS 'SELECT 0::bigint';	the reader's own table and PL/pgSQL function, which the block replaces
0.1	README.md:366	before DROP TABLE orders;	0.1's README names two tables orders (Snowflake's, then UUID's), one per section
0.1	README.md:517	before CREATE TABLE customers (id serial PRIMARY KEY, name text);	the reader's own table with a serial key, which the block converts
0.1	README.md:517	unshown	what it shows names the reader's other tables and views (a foreign key, two views) that the page does not make
0.1	README.md:559	before DROP TABLE events, docs, orders;	0.1's README makes events, docs and orders again, partitioned, after its family sections made them
0.1	README.md:605	unshown	one run's idgen_status: its times vary, and it gained columns since (node_id in 0.3.0, promoted_at in 0.4.0), which SELECT * shows
0.1	README.md:670	skip	a template: its column list is written '...'
0.1	README.md:690	skip	its two calls are for two servers (server 1, server 2) and make one name; later releases run the first (docs/reference.md's create_ticket_sequence)
0.1	README.md:718	skip	needs pglogical and a second server (later releases mark it not run, for that reason)
0.1	README.md:763	before ALTER TABLE events ADD COLUMN origin text;	the reader's replicated table records the server of each row in a column of its own
0.2.0	docs/operations.md:323	unshown	idgen_status gained columns since (node_id in 0.3.0, promoted_at in 0.4.0), which SELECT * shows
0.2.0	docs/operations.md:366	unshown	0.3.0 names relations with their schema in idgen_convert_column's report (CHANGELOG 0.3.0)
0.3.0	docs/operations.md:373	unshown	idgen_status gained columns since (promoted_at in 0.4.0), which SELECT * shows
0.4.0	docs/managed-services.md:143	before SELECT idgen_sql.idgen_set_node_id(2);	0.5.0 keeps the SQL edition's node id in its schema, set by idgen_set_node_id, not by the setting any session could change (CHANGELOG 0.5.0, a security change; a run of the file over 0.4.0 takes the setting once); 2, as 0.7.0 refuses the C extension's node id in the same database (this server's idgen.node_id = 1: with one node id the two editions made the same Snowflakes)
0.4.0	docs/managed-services.md:143	replace SELECT idgen_sql.snowflake_node(max(id)) FROM sql_orders; --> 1 => SELECT idgen_sql.snowflake_node(max(id)) FROM sql_orders; --> 2	the node id the line before takes
0.6.0	reference:uuid_v47_decode_candidates(face uuid)	unshown	its first candidate is under the key an earlier row made at random (idgen_key_create)
0.6.0	reference:idgen_unpermute_candidates(id bigint)	unshown	its first candidate is under the key an earlier row made at random (idgen_key_create)
0.6.0	reference:idgen_unpermute_candidates(id bigint, bits integer)	unshown	its first candidate is under the key an earlier row made at random (idgen_key_create)
0.5.0	docs/managed-services.md:103	replace SELECT idgen_sql.idgen_set_node_id(1); --> 1 => SELECT idgen_sql.idgen_set_node_id(2); --> 2	0.7.0's idgen_set_node_id refuses the node id of the C extension in the same database (this server's idgen.node_id = 1): with one node id the two editions made the same Snowflakes (CHANGELOG 0.7.0; test/sql-edition/way_up.sh checks the refusal); the page's examples take node id 2
0.5.0	docs/managed-services.md:180	replace SELECT idgen_sql.snowflake_node(max(id)) FROM sql_orders; --> 1 => SELECT idgen_sql.snowflake_node(max(id)) FROM sql_orders; --> 2	0.7.0's idgen_set_node_id refuses the node id of the C extension in the same database (this server's idgen.node_id = 1): with one node id the two editions made the same Snowflakes (CHANGELOG 0.7.0; test/sql-edition/way_up.sh checks the refusal); the page's examples take node id 2
0.6.0	docs/managed-services.md:118	replace SELECT idgen_sql.idgen_set_node_id(1); --> 1 => SELECT idgen_sql.idgen_set_node_id(2); --> 2	0.7.0's idgen_set_node_id refuses the node id of the C extension in the same database (this server's idgen.node_id = 1): with one node id the two editions made the same Snowflakes (CHANGELOG 0.7.0; test/sql-edition/way_up.sh checks the refusal); the page's examples take node id 2
0.6.0	docs/managed-services.md:195	replace SELECT idgen_sql.snowflake_node(max(id)) FROM sql_orders; --> 1 => SELECT idgen_sql.snowflake_node(max(id)) FROM sql_orders; --> 2	0.7.0's idgen_set_node_id refuses the node id of the C extension in the same database (this server's idgen.node_id = 1): with one node id the two editions made the same Snowflakes (CHANGELOG 0.7.0; test/sql-edition/way_up.sh checks the refusal); the page's examples take node id 2
0.6.1	docs/managed-services.md:122	replace SELECT idgen_sql.idgen_set_node_id(1); --> 1 => SELECT idgen_sql.idgen_set_node_id(2); --> 2	0.7.0's idgen_set_node_id refuses the node id of the C extension in the same database (this server's idgen.node_id = 1): with one node id the two editions made the same Snowflakes (CHANGELOG 0.7.0; test/sql-edition/way_up.sh checks the refusal); the page's examples take node id 2
0.6.1	docs/managed-services.md:199	replace SELECT idgen_sql.snowflake_node(max(id)) FROM sql_orders; --> 1 => SELECT idgen_sql.snowflake_node(max(id)) FROM sql_orders; --> 2	0.7.0's idgen_set_node_id refuses the node id of the C extension in the same database (this server's idgen.node_id = 1): with one node id the two editions made the same Snowflakes (CHANGELOG 0.7.0; test/sql-edition/way_up.sh checks the refusal); the page's examples take node id 2
EXCEPTIONS

status=0
while IFS=$'\t' read -r release commit; do
  dir=$PG_DIR/docs-$release
  mkdir -p "$dir/docs"
  files=()
  for f in README.md $(git ls-tree --name-only "$commit" docs/ | grep '\.md$' | sort); do
    git show "$commit:$f" >"$dir/$f"
    files+=("$f")
  done
  db=release_${release//./_}
  pg_psql "$port" -c "CREATE DATABASE $db" -c "CREATE DATABASE ${db}_reference"
  printf '%s\n' psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d "$db" >"$PG_DIR/psql_args"
  printf '%s\n' psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d "${db}_reference" >"$PG_DIR/reference_args"
  # the function table's database, as the release's test/doc/reference.sh made
  # its own (its first here-document); none before reference.md existed
  if git cat-file -e "$commit:test/doc/reference.sh" 2>/dev/null; then
    git show "$commit:test/doc/reference.sh" |
      awk "/<<'SQL' >\/dev\/null\$/ { on = 1; next } on && /^SQL\$/ { exit } on" |
      pg_psql "$port" -d "${db}_reference" -q >/dev/null
  fi
  echo "== $release ($(git rev-parse --short "$commit")), against $current"
  /usr/bin/python3 test/integration/old_doc_examples/run.py "$PG_DIR/psql_args" "$PG_DIR/reference_args" \
    "$release" "$PG_DIR/exceptions.tsv" "$dir" "${files[@]}" || status=1
done <<<"$releases"
exit $status
