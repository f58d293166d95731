#!/usr/bin/env bash
# The shared generators as clients are added: calls per second of each, with
# 1 to 32 clients (pgbench on loopback, each transaction one statement of
# count(f()) over 2,000 rows, so the generator and its shared word, not the
# round trip, are what is timed). uuid_v7() (per backend, nothing shared)
# and nextval() (PostgreSQL's sequence) are measured in the same run as
# references, and each row gives the ratio to uuid_v7() at that count.
#   bash test/bench/shared_scaling.sh [clients...]   (default: 1 2 4 8 16 32)
# BENCH_SECONDS: seconds per measurement (default 3). BENCH_ONLY: an extended
# regular expression; only the generators it matches are measured.
# BENCH_BASELINE=<git ref> (main, say) also builds that revision of idgen
# into a scratch copy of PostgreSQL and measures it on a server of its own,
# one measurement after the other: its calls/s are printed beside these.
# A layout's cap bounds a generator whatever the cores: snowflake_id() and
# tsid() 4,096 a ms, next_shard_id(shard) 1,024, sonyflake_id() 256 a 10 ms.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh

clients=("$@")
[ ${#clients[@]} -gt 0 ] || clients=(1 2 4 8 16 32)
seconds=${BENCH_SECONDS:-3}
rows=2000
port=${BENCH_PORT:-$((25964 + ${IDGEN_PORT_OFFSET:-0}))}
settings=("shared_preload_libraries = 'idgen'" "idgen.node_id = 1" "max_connections = 100")

generators=("snowflake_id()" "next_shard_id(1)" "tsid()" "sonyflake_id()" "ulid_monotonic()"
            "xid_generate()" "uuid_v7()" "nextval('bench_seq')")
[ -n "${BENCH_ONLY:-}" ] && mapfile -t generators < <(printf '%s\n' "${generators[@]}" | grep -E -- "$BENCH_ONLY")

work=$(pg_scratch_dir shared-scaling)
servers=()
cleanup() {
  set +e
  for dir in "${servers[@]}"; do pg_server_stop "$dir"; done
  rm -rf "$work"
}
trap cleanup EXIT

# baseline_bindir REF: that revision built and installed into a scratch copy
# of this PostgreSQL; prints the copy's bindir.
baseline_bindir() {
  local ref=$1 root=$work/baseline pg
  pg=$(dirname "$(pg_config --bindir)")   # .../lib/postgresql/15
  local major; major=$(basename "$pg")
  mkdir -p "$root/usr/lib/postgresql" "$root/usr/share/postgresql" "$root/usr/include/postgresql" "$root/src"
  cp -a "$pg" "$root/usr/lib/postgresql/"
  cp -a "$(pg_config --sharedir)" "$root/usr/share/postgresql/$major"
  cp -a "$(dirname "$(pg_config --includedir-server)")" "$root/usr/include/postgresql/$major"
  git archive "$ref" | tar -x -C "$root/src"
  echo "building $ref for the baseline" >&2
  nice -n 10 make -s -C "$root/src" -j"$(nproc)" PG_CONFIG="$root/usr/lib/postgresql/$major/bin/pg_config" >&2
  make -s -C "$root/src" install PG_CONFIG="$root/usr/lib/postgresql/$major/bin/pg_config" >&2
  [ "$(id -u)" -eq 0 ] && chown -R postgres: "$root"
  echo "$root/usr/lib/postgresql/$major/bin"
}

# start NAME BINDIR PORT: a server of that PostgreSQL with idgen loaded.
start() {
  local dir="$work/$1"
  mkdir -p "$dir" && chmod 755 "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  PG_BINDIR=$2 pg_server_start "$dir" "$3" "${settings[@]}"
  servers+=("$dir")
  pg_psql "$3" -c "CREATE EXTENSION idgen" -c "CREATE SEQUENCE bench_seq" >/dev/null
}

# calls_per_s PORT EXPR CLIENTS
calls_per_s() {
  local script="$work/$RANDOM.sql" threads=$(( $3 < $(nproc) ? $3 : $(nproc) ))
  echo "SELECT count($2) FROM generate_series(1, $rows);" >"$script"
  [ "$(id -u)" -eq 0 ] && chmod 644 "$script"
  pgbench -n -f "$script" -c "$3" -j "$threads" -T "$seconds" \
    -h 127.0.0.1 -p "$1" -U postgres postgres 2>&1 |
    awk -v n=$rows '/^tps = / { printf "%.0f\n", $3 * n; exit }'
}

start new "$(pg_config --bindir)" "$port"
baseline=""
if [ -n "${BENCH_BASELINE:-}" ]; then
  start baseline "$(baseline_bindir "$BENCH_BASELINE")" $((port + 1))
  baseline=$BENCH_BASELINE
fi

results="$work/results.tsv"
for n in "${clients[@]}"; do
  for g in "${generators[@]}"; do
    echo "shared_scaling: $g, $n clients" >&2
    new=$(calls_per_s "$port" "$g" "$n")
    old=""
    [ -n "$baseline" ] && old=$(calls_per_s $((port + 1)) "$g" "$n")
    [ -n "$new" ] || { echo "pgbench gave no rate for $g at $n clients" >&2; exit 1; }
    printf '%s\t%s\t%s\t%s\n' "$g" "$n" "$new" "${old:-}" >>"$results"
  done
done

echo "calls/s, count(f()) over $rows rows a statement, ${seconds} s each ($(nproc) CPUs; PostgreSQL $(pg_psql "$port" -At -c 'SHOW server_version'))"
awk -F'\t' -v base="$baseline" '
  { rate[$1, $2] = $3; old[$1, $2] = $4
    if (!($1 in seen)) { seen[$1] = 1; order[++ng] = $1 }
    if (!($2 in seenc)) { seenc[$2] = 1; cl[++nc] = $2 } }
  END {
    printf "%-20s %8s %14s %9s", "generator", "clients", "calls/s", "x uuid_v7"
    if (base != "") printf " %14s %9s", base " calls/s", "x " base
    printf "\n"
    for (i = 1; i <= ng; i++) for (j = 1; j <= nc; j++) {
      g = order[i]; c = cl[j]; v = rate["uuid_v7()", c]
      printf "%-20s %8s %14s %9s", g, c, rate[g, c], v ? sprintf("%.2f", rate[g, c] / v) : "-"
      if (base != "") printf " %14s %9s", old[g, c], old[g, c] ? sprintf("%.2f", rate[g, c] / old[g, c]) : "-"
      printf "\n"
    }
  }' "$results"
