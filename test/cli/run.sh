#!/usr/bin/env bash
# idgen-decode against test/vectors/ (the vectors the SQL decoders are
# tested on in test/pgtap/decode_vectors.sql): every vector with --kind,
# guessed from its text (where other kinds read it too, it is one of the
# readings, and each other reading is what --kind says), as text and as JSON, and all at once on stdin; every bad input refused with
# its value named and exit status 1, the good ones around it still decoded;
# the command line's own refusals (exit status 2); and --help's list of
# kinds against --kind's, docs/idgen-decode.md's and the guess's order.
set -uo pipefail
cd "$(dirname "$0")/../.."

decode=${IDGEN_DECODE:-./idgen-decode}
[ -x "$decode" ] || { echo "no $decode: run make first" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq is missing: run test/install-deps.sh" >&2; exit 1; }
# Debian's interpreter: its json module is the second, stricter parser below
python3=/usr/bin/python3
[ -x "$python3" ] || { echo "$python3 is missing: run test/install-deps.sh" >&2; exit 1; }

checks=0 failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
same() {  # same WHAT GOT EXPECTED
  checks=$((checks + 1))
  [ "$2" == "$3" ] || fail "$1"$'\n'"  expected: $3"$'\n'"  got:      $2"
}

# The vector files without their comments, as kind<TAB>epoch<TAB>input<TAB>rest.
vectors() { grep -v '^#' "test/vectors/$1"; }

# "ts=... node=1 seq=7" as the JSON object --json must print (sorted keys):
# numbers as numbers, null as null, anything else as a string.
expected_json() {
  jq -cnS --arg input "$1" --arg kind "$2" --arg fields "$3" '
    {input: $input, kind: $kind} + ($fields | split(" ") | map(index("=") as $at |
      {(.[:$at]): (.[$at + 1:] | if . == "null" then null
                                 elif test("^-?[0-9]+$") then tonumber else . end)}) | add)'
}

run() {  # run ARGS...: sets out, err, status
  out=$("$decode" "$@" 2>"$TMPDIR/err") && status=0 || status=$?
  err=$(<"$TMPDIR/err")
}

TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/idgen-cli.XXXXXX") || exit 1
trap 'rm -rf "$TMPDIR"' EXIT

echo "--- the kinds: --help, --kind, docs/idgen-decode.md and the guess"
# --help's kinds, in the order it says a guess tries them
help_kinds=$("$decode" --help | sed -n '/^KIND, in the order a guess tries them/,/^[^ ]/{s/^  \([a-z0-9_]*\) .*/\1/p}')
# what --kind takes, from its refusal (the family table's names)
kind_takes=$("$decode" --kind=bogus 1 2>&1 | sed -n 's/.*--kind takes \(.*\), not "bogus"/\1/p' |
             sed 's/,\? or /, /' | tr -d ',' | tr ' ' '\n' | sort)
same "--help lists every kind --kind takes" "$(sort <<<"$help_kinds")" "$kind_takes"
checks=$((checks + 1))
[ "$(wc -l <<<"$help_kinds")" -ge 13 ] || fail "--help lists too few kinds: $help_kinds"
# docs/idgen-decode.md shows --help as it is
doc_help=$(sed -n '/^\$ idgen-decode --help$/,/^```$/p' docs/idgen-decode.md | sed '1d;$d')
same "docs/idgen-decode.md shows idgen-decode --help" "$doc_help" "$("$decode" --help)"
# every kind has a vector in test/vectors/decode.tsv, so the guess below tries each
for k in $help_kinds; do
  checks=$((checks + 1))
  grep -q "^$k"$'\t' test/vectors/decode.tsv || fail "test/vectors/decode.tsv has no $k vector"
done

echo "--- decode.tsv"
stdin_inputs=() stdin_lines=()
while IFS=$'\t' read -r kind epoch input fields; do
  epoch_arg=(); [ "$epoch" = - ] || epoch_arg=(--epoch="$epoch")
  line="$input $kind $fields"

  # "--": a push ID begins with "-" (every one made before 2109)
  run --kind="$kind" "${epoch_arg[@]}" -- "$input"
  same "--kind=$kind $input" "$out|$status|$err" "$line|0|"

  # guessed: read as its kind, either first or on an "  or" line; each
  # other reading is what --kind says of it; the readings in --help's order
  run "${epoch_arg[@]}" -- "$input"
  guessed=$out
  guessed_kinds=$(sed -E 's/^(  or |[^ ]* )([^ ]*).*/\2/' <<<"$out" | paste -sd' ')
  checks=$((checks + 1))
  grep -qxF -e "$line" -e "  or $kind $fields" <<<"$out" && [ "$status" = 0 ] ||
    fail "guessed $input: no reading as $kind $fields:"$'\n'"$out"
  for other in $guessed_kinds; do
    [ "$other" = "$kind" ] && continue
    other_line=$("$decode" --kind="$other" "${epoch_arg[@]}" -- "$input" 2>&1)
    checks=$((checks + 1))
    grep -qxF -e "$other_line" -e "  or ${other_line#"$input "}" <<<"$out" ||
      fail "guessed $input: its $other reading is not what --kind=$other says ($other_line):"$'\n'"$out"
  done
  run --json "${epoch_arg[@]}" -- "$input"
  same "guessed --json $input: the same readings, in \"or\"" \
    "$(jq -r '[.kind] + [.or[]?.kind] | join(" ")' <<<"$out" 2>&1)" "$guessed_kinds"
  same "guessed $input: readings in --help's order" "$guessed_kinds" \
    "$(grep -owF -f <(tr ' ' '\n' <<<"$guessed_kinds") <<<"$help_kinds" | paste -sd' ')"
  [ "$epoch" = - ] && stdin_inputs+=("$input") stdin_lines+=("$guessed")

  run --json --kind="$kind" "${epoch_arg[@]}" -- "$input"
  if ! got=$(jq -cS . <<<"$out" 2>&1) || [ "$(wc -l <<<"$out")" -ne 1 ]; then
    fail "--json $input is not one line of JSON: $out ($got)"
  else
    same "--json --kind=$kind $input" "$got|$status" "$(expected_json "$input" "$kind" "$fields")|0"
  fi
  echo "$out" >>"$TMPDIR/json_lines"
done < <(vectors decode.tsv)

# a second parser, stricter than jq about what JSON is
checks=$((checks + 1))
"$python3" -c 'import json, sys
for line in sys.stdin: json.loads(line)' <"$TMPDIR/json_lines" || fail "python3's json module refuses a --json line"

# stdin: words separated by spaces, tabs and newlines, in one run
out=$(printf '%s  %s\t%s\n' "${stdin_inputs[@]}" | "$decode") && status=0 || status=$?
same "all guessable vectors on stdin" "$out|$status" "$(printf '%s\n' "${stdin_lines[@]}")|0"

echo "--- decode_errors.tsv"
bad_inputs=()
while IFS=$'\t' read -r kind input why; do
  kind_arg=(); [ "$kind" = auto ] || kind_arg=(--kind="$kind")
  run "${kind_arg[@]}" -- "$input"
  same "$kind \"$input\" ($why): status 1 and nothing on stdout" "$status|$out" "1|"
  checks=$((checks + 1))
  # one line on stderr, naming the value and what was expected
  if [ "$(wc -l <<<"$err")" -ne 1 ] || [[ $err != "idgen-decode: \"$input\": "* ]] ||
     ! [[ $err =~ (not\ a\ valid\ |cannot\ tell\ its\ kind:\ expected) ]]; then
    fail "$kind \"$input\": the error does not name the value and what was expected: $err"
  fi
  [ "$kind" = auto ] && bad_inputs+=("$input")
done < <(vectors decode_errors.tsv)

# bad IDs among good ones: each good one still decoded, each bad one
# reported, and the exit status says something failed
run "${bad_inputs[0]}" "${stdin_inputs[@]:0:3}" "${bad_inputs[1]}" "${stdin_inputs[@]:3:2}"
same "good IDs among bad: the good ones' lines" "$out" "$(printf '%s\n' "${stdin_lines[@]:0:5}")"
same "good IDs among bad: status 1, one error per bad ID" "$status $(wc -l <<<"$err")" "1 2"

echo "--- the command line"
for args in "--kind=bogus 1" "--kind" "--epoch=-1 1" "--epoch=4398046511104 1" "--epoch=12x 1" \
            "--epoch" "--frob 1" "-x 1"; do
  # shellcheck disable=SC2086  # word splitting is the point
  run $args
  same "refused command line: $args" "$status|$out" "2|"
  [[ $err == "idgen-decode: "* ]] || fail "$args: no message ($err)"
done
run --help
same "--help: status 0" "$status" 0
[[ $out == *"--kind=KIND"*"--epoch=MS"*"--json"* ]] || fail "--help does not list the options"
# options anywhere; "--" ends them; a negative number is an ID, not an option
run 4096 --epoch 0 --kind snowflake
same "options after the ID" "$out|$status" "4096 snowflake ts=1970-01-01T00:00:00.000Z node=1 seq=0|0"
run --kind=ulid -- --json
same "-- ends the options" "$status|$out" "1|"
[[ $err == *'"--json": not a valid ULID'* ]] || fail "-- did not make --json an ID: $err"

echo "idgen-decode: $checks checks, $failures failed"
[ "$failures" -eq 0 ]
