#!/usr/bin/env bash
# PGXN: META.json is valid against the PGXN Meta Spec, agrees with
# idgen.control on the version and names files that exist; the validator
# rejects broken copies of it; `make dist` makes a zip that holds the
# extension's build and SQL files and a META.json that validates.
# shellcheck disable=SC2016 # the broken() cases below are Perl, in single quotes on purpose
set -euo pipefail
cd "$(dirname "$0")/../.."
validate=test/package/pgxn_meta.pl
work=$(mktemp -d "${TMPDIR:-/tmp}/idgen-pgxn.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

perl "$validate" META.json

# --- META.json against the tree ---
field() { perl -MJSON::PP -e '
  my $m = JSON::PP->new->decode(do { local $/; open my $f, "<", $ARGV[0] or die; <$f> });
  my $v = $m; $v = $v->{$_} for split m{/}, $ARGV[1]; print $v // ""' META.json "$1"; }
control_version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" idgen.control)
[ -n "$control_version" ] || fail "no default_version in idgen.control"
for key in version provides/idgen/version; do
  [ "$(field "$key")" = "$control_version" ] \
    || fail "META.json $key is '$(field "$key")', idgen.control says '$control_version'"
done
[ "$(field name)" = idgen ] || fail "META.json name is '$(field name)', not idgen"
for key in provides/idgen/file provides/idgen/docfile; do
  [ -f "$(field "$key")" ] || fail "META.json $key names '$(field "$key")', which is not a file"
done
echo "META.json: version $control_version as idgen.control; provides files exist"

# --- the validator must refuse what the spec forbids ---
refused=0
broken() {  # NAME PERL-EXPRESSION-ON-$m TEXT-THE-ERROR-MUST-HOLD
  refused=$((refused + 1))
  perl -MJSON::PP -e '
    my $m = JSON::PP->new->decode(do { local $/; open my $f, "<", "META.json" or die; <$f> });
    eval $ARGV[0]; die $@ if $@; print JSON::PP->new->encode($m)' "$2" >"$work/$1.json"
  if perl "$validate" "$work/$1.json" >/dev/null 2>"$work/$1.err"; then
    fail "the validator accepted META.json with $1"
  fi
  grep -q "$3" "$work/$1.err" || { cat "$work/$1.err" >&2; fail "$1: error does not mention $3"; }
}
broken "no license"           'delete $m->{license}'                                  '/license: required'
broken "an unknown license"   '$m->{license} = "PostgreSQL License"'                  '/license:'
broken "a two-part version"   '$m->{version} = "0.2"'                                 '/version:'
broken "provides without file" 'delete $m->{provides}{idgen}{file}'                  '/provides/idgen/file'
broken "an unknown phase"     '$m->{prereqs}{install} = {requires => {PostgreSQL => "13.0.0"}}' '/prereqs/install'
broken "an unknown relation"  '$m->{prereqs}{runtime}{needs} = {PostgreSQL => "13.0.0"}' '/prereqs/runtime/needs'
broken "a bad version range"  '$m->{prereqs}{runtime}{requires}{PostgreSQL} = "=> 13"' '/prereqs/runtime/requires/PostgreSQL'
broken "a non-custom key"     '$m->{homepage} = "idgen"'                              '/homepage: unknown key'
broken "a one-letter name"    '$m->{name} = "i"'                                      '/name:'
broken "no meta-spec version" '$m->{"meta-spec"} = {}'                                '/meta-spec/version'
printf 'not json' >"$work/garbage.json"
! perl "$validate" "$work/garbage.json" 2>/dev/null || fail "the validator accepted a file that is not JSON"
echo "validator: refuses $((refused + 1)) broken META.json"

# --- the README's install commands name this version's files ---
grep -qE "postgresql-([0-9]+|\\\$major)-idgen_${control_version//./\\.}_amd64\.deb" README.md ||
  fail "README.md does not name a postgresql-MAJOR-idgen_${control_version}_amd64.deb"
for f in "idgen-$control_version.zip"; do
  grep -qF "$f" README.md || fail "README.md does not name $f"
done
[ "$(grep -Eo 'idgen[-_][0-9]+\.[0-9]+\.[0-9]+[._]' README.md | grep -vc "$control_version")" -eq 0 ] ||
  fail "README.md names another version's zip or package"

# --- make dist ---
zip="$work/idgen-$control_version.zip"
make -s dist DIST_ZIP="$zip" >/dev/null
prefix="idgen-$control_version"
unzip -Z1 "$zip" >"$work/listing"
# Every install and upgrade script that is tracked goes into the zip: a
# release that ships without one strands the users of that version.
for f in META.json Makefile idgen.control LICENSE README.md CHANGELOG.md docs/reference.md sql/idgen.sql \
         $(git ls-files 'sql/idgen--*.sql') \
         src/pg/idgen.c; do
  grep -qxF "$prefix/$f" "$work/listing" || fail "$zip has no $prefix/$f"
done
grep -q "^$prefix/sql/idgen--[^/]*--$control_version\.sql\$" "$work/listing" ||
  fail "$zip has no upgrade script to $control_version"
[ "$(grep -cv "^$prefix/" "$work/listing")" -eq 0 ] || fail "$zip has files outside $prefix/"
unzip -q "$zip" -d "$work/unpacked"
perl "$validate" "$work/unpacked/$prefix/META.json"
echo "make dist: $(grep -vc '/$' "$work/listing") files under $prefix/"
echo "pgxn: ok"
