#!/usr/bin/env bash
# Builds the libFuzzer harness over the core (ASan + UBSan) and runs it for a
# bounded number of inputs, starting from a small corpus of valid IDs.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${FUZZ_RUNS:-2000000}
out=build/fuzz
# a crashing input is kept in build/fuzz/artifacts, never in the checkout's root
mkdir -p "$out/corpus" "$out/artifacts"
# the core's sources: the list the Makefile uses
core=$(grep -o '[a-z_0-9]*\.cpp' src/core/sources.mk | sed 's|^|src/core/|')
# shellcheck disable=SC2086
clang++-14 -std=c++20 -O1 -g -Wall -Wextra -Werror -fno-exceptions -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=all -Isrc/core test/fuzz/fuzz_core.cpp $core -lcrypto -o "$out/fuzz_core"
printf '\x0101E5V7GWA9CHP337PB8SR18ZP4' > "$out/corpus/ulid"
printf '\x017ZZZZZZZZZZZZZZZZZZZZZZZZZ' > "$out/corpus/ulid_max"
printf '\x020ujtsYcgvSTl8PAuAdqWYSMnLOv' > "$out/corpus/ksuid"
printf '\x02507f1f77bcf86cd799439011' > "$out/corpus/objectid"
printf '\x03017f22e2-79b0-7cc3-98c4-dc0c0c07398f' > "$out/corpus/uuid"
printf '\x03-9223372036854775808' > "$out/corpus/decimal_min"
printf '\x039223372036854775807' > "$out/corpus/decimal_max"
printf '\x00\x99\x66\x9a\x11\x2b\xbf\x00\x7f\xd9\xd8\x88\x3e\x01\x00\x00' > "$out/corpus/bigints"
"$out/fuzz_core" -runs="$runs" -max_len=64 -seed=1 -artifact_prefix="$out/artifacts/" "$out/corpus" 2>&1 | tail -3
