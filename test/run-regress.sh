#!/usr/bin/env bash
# pg_regress: sql/*.sql against expected/*.out, on temporary servers that
# pg_regress starts and stops itself (Unix socket only): one with idgen
# preloaded, one without for sql/without_preload.sql.
# PG_BINDIR and PG_REGRESS choose another server and its pg_regress
# (test/pg-matrix runs it for each PostgreSQL major). IDGEN_REGRESS_SETTINGS
# names a file of postgresql.conf lines both servers get as well
# (test/package/extension_image.sh: where the server finds idgen).
set -euo pipefail
cd "$(dirname "$0")/.."
source test/lib/pg_server.sh

pg_regress=${PG_REGRESS:-"$(dirname "$(pg_config --pgxs)")/../test/regress/pg_regress"}
work=$(pg_scratch_dir regress)
trap 'rm -rf "$work"' EXIT
cp -r sql expected test/regress.conf "$work/"
settings=()
if [ -n "${IDGEN_REGRESS_SETTINGS:-}" ]; then
  cp "$IDGEN_REGRESS_SETTINGS" "$work/settings.conf" && settings=(--temp-config=settings.conf)
fi
[ "$(id -u)" -eq 0 ] && chown -R postgres: "$work"

preloaded=$(make -s -f - print-regress <<'MK'
include Makefile
print-regress: ; @echo $(REGRESS)
MK
)

status=0
run() {
  local name=$1; shift
  if ! (cd "$work" && pg_as_owner "$pg_regress" --bindir="$PG_BINDIR" \
          --temp-instance="$work/instance-$name" --port="${REGRESS_PORT:-$((25811 + ${IDGEN_PORT_OFFSET:-0}))}" \
          --inputdir=. --outputdir="$work/out-$name" "$@"); then
    status=1
    echo "FAIL: pg_regress $name (--outputdir=$work/out-$name)"
    cat "$work/out-$name/regression.diffs" 2>/dev/null || echo "(no regression.diffs: no test got as far as comparing its output)"
    # the temporary server's own log: a crash, or why it did not start
    local log=$work/out-$name/log/postmaster.log
    [ -f "$log" ] && { echo "server log, last 20 lines:"; tail -n 20 "$log"; }
  fi
}
# shellcheck disable=SC2086
run preloaded --temp-config=regress.conf "${settings[@]}" --load-extension=idgen $preloaded
run without_preload "${settings[@]}" without_preload
# keep the outputs where a developer can refresh expected/ from them
rm -rf results && mkdir -p results
cp "$work"/out-*/results/*.out results/ 2>/dev/null || true
exit $status
