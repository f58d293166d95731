# lib.sh: what the measurement scripts share. Sourced by them; run.sh starts
# the servers and exports BENCH_PORT15, BENCH_PORT18 (empty: no 18), BENCH_OUT
# and the sizes.
source test/lib/pg_server.sh

: "${BENCH_PORT15:?start the benchmark with test/bench/run.sh}"
: "${BENCH_OUT:?start the benchmark with test/bench/run.sh}"
BENCH_PORT18=${BENCH_PORT18:-}

# contenders MEASURE: label<TAB>expression<TAB>server for every contender
# measured in MEASURE whose server is running (and whose label matches the
# extended regular expression BENCH_ONLY, when it is set).
contenders() {
  local measure=$1
  sed -e 's/#.*//' test/bench/contenders.txt |
    awk -F'|' -v m="$measure" -v have18="${BENCH_PORT18:+1}" -v only="${BENCH_ONLY:-}" '
      function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
      NF >= 5 {
        server = trim($3)
        if (server == "18" && !have18) next
        if (only != "" && trim($1) !~ only) next
        n = split(trim($5), ms, /[ \t]+/)
        for (i = 1; i <= n; i++) if (ms[i] == m) { print trim($1) "\t" trim($2) "\t" server; next }
      }'
}

# port_of SERVER: the port of the 15 or the 18.
port_of() { if [ "$1" = 18 ]; then echo "$BENCH_PORT18"; else echo "$BENCH_PORT15"; fi; }

# bench_sql SERVER SQL: one value, unaligned.
bench_sql() { pg_psql "$(port_of "$1")" -At -c "$2"; }
