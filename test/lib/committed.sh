# committed.sh: the committed copies of files that make writes again (the
# generated SQL, the family constants, the SQL edition joined), for the
# tests that fail while one is stale. Source it at the tree's top, then:
#   committed FILE       FILE as committed: git's copy (the index) in a
#                        checkout, where make has written the working tree's
#                        again; the file itself in a copy without git
#   committed_files GLOB the committed files that GLOB names, one a line

in_checkout() {
  [ -z "$(git rev-parse --show-cdup 2>/dev/null || echo no)" ]
}

committed() {
  if in_checkout; then git show ":$1"; else cat "$1"; fi
}

committed_files() {
  if in_checkout; then git ls-files -- "$1"; else ls $1; fi
}
