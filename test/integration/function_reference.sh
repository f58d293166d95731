#!/usr/bin/env bash
# docs/reference.md's function table lists every function of the extension, with
# the result type and volatility the catalog has (test/doc/reference.sh).
exec bash "$(dirname "$0")/../doc/reference.sh" --check
