#!/bin/sh
# Writes what idgen-family-constants makes from the family table into the
# tree at ROOT, each file whole: the SQL edition's piece of the table's
# facts (sql-edition/src/05-family-constants.sql, which make joins into
# sql-edition/idgen.sql with the other pieces) and the clients' modules.
# make runs it whenever idgen-family-constants is built again.
#   sh src/gen/write_family_constants.sh ./idgen-family-constants ROOT
set -eu
bin=$1 root=$2

# The piece as the joined file has it: a rule above, a blank line below.
sql_piece() {
  echo '------------------------------------------------------------------------------'
  "$bin" sql
  echo
}

# FILE from COMMAND's output, never half of it
write() {
  file=$1
  shift
  "$@" >"$file.new" || { rm -f "$file.new"; exit 1; }
  mv "$file.new" "$file"
}

write "$root/clients/python/src/idgen/families.py" "$bin" python
write "$root/clients/node/lib/families.js" "$bin" node
write "$root/sql-edition/src/05-family-constants.sql" sql_piece
