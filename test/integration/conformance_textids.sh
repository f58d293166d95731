#!/usr/bin/env bash
# KSUID-ms, nanoid, cuid2 and push IDs against their reference
# implementations from npm (test/conformance/package.json: nanoid,
# @paralleldrive/cuid2, ksuid) and the published algorithms of svix's
# KsuidMs and Firebase's generatePushID, written out in
# test/conformance/textids.mjs: thousands of values each way, 0 differences.
# A missing npm package or node fails the suite; it never skips.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/lib/pg_server.sh
source test/lib/conformance.sh

conformance_modules
port=${INTEGRATION_PORT:-$((25960 + ${IDGEN_PORT_OFFSET:-0}))}
pg_throwaway_server conformance-textids "$port"
pg_psql "$port" -c "CREATE EXTENSION idgen"
conformance_node textids.mjs "$port" "${TEXTIDS_COUNT:-5000}"
