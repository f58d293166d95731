#!/usr/bin/perl
# pgxn_meta.pl [META.json]: validates a PGXN META.json against the PGXN Meta
# Spec 1.0.0 (https://pgxn.org/meta/spec.txt): required keys, the type of
# every key the spec names, version strings (Semantic Versioning), license
# names, the provides map, prereq phases and relations and their version
# ranges, and that any other key is a custom one (x_ or X_). Debian 12
# packages no PGXN::Meta::Validator, so the spec's rules are written out here.
# Prints "META.json is OK", or every error found and exits 1.
use strict;
use warnings;
use JSON::PP;

my $file = shift // 'META.json';
my @errors;
sub error { my ($path, $msg) = @_; push @errors, "/$path: $msg"; return 0 }

# --- value checks: each takes (path, value), reports and returns 0 on error ---

sub is_scalar { defined $_[0] && !ref $_[0] }

sub string {
  my ($p, $v) = @_;
  return 1 if is_scalar($v) && length $v;
  error($p, 'must be a non-empty string');
}

# Semantic Versioning as the spec requires: MAJOR.MINOR.PATCH, then an
# optional prerelease part (1.0.0-beta1, or 1.0.0beta1 as SemVer 1.0 wrote it).
my $semver = qr/(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)
                (?:-?[A-Za-z][0-9A-Za-z-]*(?:\.[0-9A-Za-z-]+)*|-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?
                (?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?/x;
sub version {
  my ($p, $v) = @_;
  return 1 if is_scalar($v) && $v =~ /\A$semver\z/;
  error($p, sprintf('"%s" is not a semantic version (MAJOR.MINOR.PATCH)', $v // 'null'));
}

# A prereq's version: 0 (any), or ranges such as ">= 1.2.0, != 1.3.0".
sub version_range {
  my ($p, $v) = @_;
  return error($p, 'must be a version or a version range') unless is_scalar($v) && length $v;
  return 1 if $v eq '0';
  my $ok = 1;
  for my $part (split /\s*,\s*/, $v, -1) {
    next if $part =~ /\A(?:(?:[<>]=?|==|!=)\s*)?$semver\z/;
    $ok = error($p, qq{"$part" is not a version or an operator (<, <=, >, >=, ==, !=) and a version});
  }
  $ok;
}

sub url {
  my ($p, $v) = @_;
  return 1 if is_scalar($v) && $v =~ m{\A[A-Za-z][A-Za-z0-9+.-]*://[^/?#\s]+[^\s]*\z};
  error($p, sprintf('"%s" is not a URL', $v // 'null'));
}

sub email {
  my ($p, $v) = @_;
  return 1 if is_scalar($v) && $v =~ /\A[^@\s]+@[^@\s]+\z/;
  error($p, sprintf('"%s" is not an email address', $v // 'null'));
}

# A name: at least two characters, no white space, control character, / or \.
sub term {
  my ($p, $v) = @_;
  return 1 if is_scalar($v) && length $v >= 2 && $v !~ m{[[:space:][:cntrl:]/\\]};
  error($p, sprintf('"%s" is not a valid name (2+ characters, no space, /, \\)', $v // 'null'));
}

sub tag {
  my ($p, $v) = @_;
  return 1 if is_scalar($v) && length $v >= 1 && length $v <= 256 && $v !~ m{[[:cntrl:]/\\]};
  error($p, sprintf('"%s" is not a valid tag (1-256 characters, no /, \\)', $v // 'null'));
}

sub lowercase {
  my ($p, $v) = @_;
  string($p, $v) or return 0;
  return 1 if $v !~ /[[:upper:]]/;
  error($p, qq{"$v" must be lower case});
}

my %licenses = map { $_ => 1 } qw(
  agpl_3 apache_1_1 apache_2_0 artistic_1 artistic_2 bsd freebsd gfdl_1_2
  gfdl_1_3 gpl_1 gpl_2 gpl_3 lgpl_2_1 lgpl_3_0 mit mozilla_1_0 mozilla_1_1
  openssl perl_5 postgresql qpl_1_0 ssleay sun zlib open_source restricted
  unrestricted unknown);
sub license_name {
  my ($p, $v) = @_;
  return 1 if is_scalar($v) && $licenses{$v};
  error($p, sprintf('"%s" is not one of the spec\'s license names (%s)', $v // 'null',
                    join(', ', sort keys %licenses)));
}

sub custom_key { $_[0] =~ /\Ax_/i }

# --- structure checks ---

# one value, or a list of them (the spec allows a single string for a list)
sub list_of {
  my ($check, $p, $v, $nonempty) = @_;
  return $check->($p, $v) unless ref $v;
  return error($p, 'must be a string or a list') unless ref $v eq 'ARRAY';
  return error($p, 'must not be empty') if $nonempty && !@$v;
  my $ok = 1;
  $check->("$p\[$_]", $v->[$_]) or $ok = 0 for 0 .. $#$v;
  $ok;
}

# A map: %$fields names each known key's check; required keys; anything else
# must be a custom key (x_...) unless $other checks it (key, path, value).
sub map_of {
  my ($p, $v, $fields, $required, $other) = @_;
  return error($p, 'must be an object') unless ref $v eq 'HASH';
  my $ok = 1;
  for my $key (@{ $required || [] }) {
    $ok = error($p eq '' ? $key : "$p/$key", 'required key is missing') unless exists $v->{$key};
  }
  for my $key (sort keys %$v) {
    my $kp = $p eq '' ? $key : "$p/$key";
    if ($fields->{$key}) {
      $fields->{$key}->($kp, $v->{$key}) or $ok = 0;
    } elsif ($other) {
      $other->($key, $kp, $v->{$key}) or $ok = 0;
    } elsif (!custom_key($key)) {
      $ok = error($kp, 'unknown key (custom keys begin with x_ or X_)');
    }
  }
  $ok;
}

sub license {
  my ($p, $v) = @_;
  if (ref $v eq 'HASH') {  # { "name": "URL of its text" }
    return error($p, 'must not be empty') unless %$v;
    return map_of($p, $v, {}, [], sub { string($_[1], $_[0]) && url($_[1], $_[2]) });
  }
  list_of(\&license_name, $p, $v, 1);
}

sub provides {
  my ($p, $v) = @_;
  return error($p, 'must name at least one extension') if ref $v eq 'HASH' && !%$v;
  map_of($p, $v, {}, [], sub {
    my ($name, $kp, $ext) = @_;
    term($kp, $name) & map_of($kp, $ext, {
      file => \&string, version => \&version, abstract => \&string, docfile => \&string,
    }, [qw(file version)]);
  });
}

my %phases = map { $_ => 1 } qw(configure build test runtime develop);
my %relations = map { $_ => 1 } qw(requires recommends suggests conflicts);
sub prereqs {
  my ($p, $v) = @_;
  map_of($p, $v, {}, [], sub {
    my ($phase, $pp, $rels) = @_;
    ($phases{$phase} || custom_key($phase) ||
       error($pp, 'unknown phase (configure, build, test, runtime, develop)'))
    & map_of($pp, $rels, {}, [], sub {
      my ($rel, $rp, $reqs) = @_;
      ($relations{$rel} || custom_key($rel) ||
         error($rp, 'unknown relation (requires, recommends, suggests, conflicts)'))
      & map_of($rp, $reqs, {}, [], sub { term($_[1], $_[0]) & version_range($_[1], $_[2]) });
    });
  });
}

sub resources {
  my ($p, $v) = @_;
  map_of($p, $v, {
    homepage   => \&url,
    license    => sub { list_of(\&url, @_) },
    bugtracker => sub { map_of($_[0], $_[1], { web => \&url, mailto => \&email }) },
    repository => sub { map_of($_[0], $_[1], { url => \&url, web => \&url, type => \&lowercase }) },
  });
}

sub meta_spec {
  my ($p, $v) = @_;
  map_of($p, $v, {
    version => sub {
      return 1 if is_scalar($_[1]) && $_[1] eq '1.0.0';
      error($_[0], sprintf('"%s": this validator knows the spec version 1.0.0', $_[1] // 'null'));
    },
    url => \&url,
  }, ['version']);
}

my %top = (
  name             => \&term,
  abstract         => \&string,
  description      => \&string,
  version          => \&version,
  maintainer       => sub { list_of(\&string, @_, 1) },
  license          => \&license,
  provides         => \&provides,
  'meta-spec'      => \&meta_spec,
  generated_by     => \&string,
  release_status   => sub {
    return 1 if is_scalar($_[1]) && $_[1] =~ /\A(?:stable|testing|unstable)\z/;
    error($_[0], 'must be stable, testing or unstable');
  },
  tags             => sub { list_of(\&tag, @_) },
  no_index         => sub {
    map_of($_[0], $_[1], { file => sub { list_of(\&string, @_) },
                           directory => sub { list_of(\&string, @_) } });
  },
  prereqs          => \&prereqs,
  resources        => \&resources,
);

my $text = do {
  open my $fh, '<:raw', $file or die "pgxn_meta.pl: cannot read $file: $!\n";
  local $/; <$fh>;
};
my $meta = eval { JSON::PP->new->decode($text) };
unless (defined $meta) {
  (my $why = $@) =~ s/\s+\z//;
  print STDERR "$file is not valid JSON: $why\n";
  exit 1;
}
map_of('', $meta, \%top, [qw(name abstract version maintainer license provides meta-spec)]);

if (@errors) {
  print STDERR "$file is invalid (PGXN Meta Spec 1.0.0):\n", map { "  $_\n" } @errors;
  exit 1;
}
print "$file is OK\n";
