#!/usr/bin/env bash
# The JDBC recipe (IdgenRecipe.java, quoted in the docs) against a real
# server with Debian's PgJDBC: it must print what IdgenRecipe.out says.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

jar=/usr/share/java/postgresql.jar  # libpostgresql-jdbc-java
port=${CLIENTS_JDBC_PORT:-$((25862 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server clients-jdbc "$port" "shared_preload_libraries = 'idgen'" "idgen.node_id = 9"
pg_psql "$port" -c "CREATE EXTENSION idgen"

# java runs a single source file itself (JEP 330): nothing compiled into the checkout
JDBC_URL="jdbc:postgresql://127.0.0.1:$port/postgres?user=postgres&stringtype=unspecified" \
  java -cp "$jar" clients/jdbc/IdgenRecipe.java >"$PG_DIR/recipe.out"
diff -u clients/jdbc/IdgenRecipe.out "$PG_DIR/recipe.out"
echo "clients/jdbc: the recipe printed what IdgenRecipe.out says"

# and the recipe's claim: without stringtype=unspecified, setString sends
# varchar, which the server does not turn into a ulid by itself
if JDBC_URL="jdbc:postgresql://127.0.0.1:$port/postgres?user=postgres" \
     java -cp "$jar" clients/jdbc/IdgenRecipe.java >/dev/null 2>"$PG_DIR/without.err"; then
  echo "clients/jdbc: setString into a ulid column worked without stringtype=unspecified" >&2; exit 1
fi
grep -q 'column "id" is of type ulid but expression is of type character varying' "$PG_DIR/without.err" \
  || { cat "$PG_DIR/without.err" >&2; exit 1; }
echo "clients/jdbc: without stringtype=unspecified, setString is refused as the recipe says"
