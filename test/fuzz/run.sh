#!/usr/bin/env bash
# Builds the libFuzzer harness over the core (ASan + UBSan) and runs it for a
# bounded number of inputs, starting from a small corpus of valid IDs.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${FUZZ_RUNS:-2000000}
out=build/fuzz
# a crashing input is kept in build/fuzz/artifacts, never in the checkout's root
mkdir -p "$out/corpus" "$out/artifacts"
core=$(ls src/core/*.cpp)  # every build of the core takes them all (src/core/sources.mk)
# shellcheck disable=SC2086
clang++-14 -std=c++20 -O1 -g -Wall -Wextra -Werror -fno-exceptions -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=all -Isrc/core test/fuzz/fuzz_core.cpp $core -lcrypto -o "$out/fuzz_core"
printf '\x0101E5V7GWA9CHP337PB8SR18ZP4' > "$out/corpus/ulid"
printf '\x017ZZZZZZZZZZZZZZZZZZZZZZZZZ' > "$out/corpus/ulid_max"
printf '\x020ujtsYcgvSTl8PAuAdqWYSMnLOv' > "$out/corpus/ksuid"
printf '\x02507f1f77bcf86cd799439011' > "$out/corpus/objectid"
printf '\x059m4e2mr0ui3e8a215n4g' > "$out/corpus/xid12"
printf '\x050372hg16csmsm50l8dikcvukc' > "$out/corpus/scru128"
printf '\x05F5LXX1ZZ5PNORYNQGLHZMSP33' > "$out/corpus/scru128_max"
printf '\x0502i2XhN7hAuaFh3MwztcMd' > "$out/corpus/timeflake"
printf '\x05016fb4209023b444fd07590f81b7b0eb' > "$out/corpus/timeflake_hex"
printf '\x04017f22e2-79b0-7cc3-98c4-dc0c0c07398f' > "$out/corpus/uuid"
printf '\x04-9223372036854775808' > "$out/corpus/decimal_min"
printf '\x049223372036854775807' > "$out/corpus/decimal_max"
printf '\x03%s' 'idgen reservation 2 reserved=00000001795525494052 snowflake_epoch=00000001288834974657 shard_epoch=00000001314220021721 system=07711723254963637883 timeline=0000000001 pending=0 promoted_at=00000000000000000000 jump=00000000000000000000 writer=p crc=9C68BFC4
' > "$out/corpus/reservation"
printf '\x0300000001795525494052\n' > "$out/corpus/reservation_0.3.0"
printf '\x060AXFXR5W7VBX0' > "$out/corpus/tsid"
printf '\x06FZZZZZZZZZZZZ' > "$out/corpus/tsid_max"
printf '\x07-NjEtLV-----------zz' > "$out/corpus/pushid"
printf '\x07cmipnin3u8e5k3w0ew1wkwlf' > "$out/corpus/cuid2"
printf '\x073CgDecmqDwZKjktK2TKLFZvR9gO' > "$out/corpus/ksuid_ms"
printf '\x08prefix_01h455vb4pex5vsknk084sn02q' > "$out/corpus/typeid"
printf '\x087zzzzzzzzzzzzzzzzzzzzzzzzz' > "$out/corpus/typeid_max"
printf '\x08pre_fix_00000000000000000000000000' > "$out/corpus/typeid_underscore"
printf '\x09\x0086Rf07' > "$out/corpus/sqids"
printf '\x09\x01aacacbaa' > "$out/corpus/sqids_abc"
printf '\x00\x99\x66\x9a\x11\x2b\xbf\x00\x7f\xd9\xd8\x88\x3e\x01\x00\x00' > "$out/corpus/bigints"
"$out/fuzz_core" -runs="$runs" -max_len=320 -seed=1 -artifact_prefix="$out/artifacts/" "$out/corpus" 2>&1 | tail -3
