#!/usr/bin/env bash
# What the benchmark needs beyond the project's own dependencies: gnuplot
# for the chart (no X), and PostgreSQL 15's contrib modules and pgbench
# (Debian ships them with postgresql-15 and postgresql-client-15).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec bash test/install-deps.sh gnuplot-nox postgresql-15 postgresql-client-15
