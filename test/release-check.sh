#!/usr/bin/env bash
# Before a release: every suite of test/run-all.sh and what CI's 40-minute
# tier leaves out (test/run-all.sh's head lists it): the whole version matrix
# (19 in the sid root, clang builds), every major's Debian package, the
# extension image, pg_upgrade from 18 to 19 and every mutant. Takes about an
# hour and a half on a 2-core machine with the Debian roots cached
# (~/.cache/idgen/pg-matrix), more the first time.
set -uo pipefail
cd "$(dirname "$0")/.."
IDGEN_RELEASE=1 exec bash test/run-all.sh "$@"
