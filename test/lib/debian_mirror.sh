# debian_mirror.sh: the Debian mirror this machine's apt sources name
# (deb822 or one-line form), for fetching from another Debian release.
# Source it, then:  mirror=$(debian_mirror)

debian_mirror() {
  local uri
  uri=$( { sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | tr ' ' '\n'
           sed -n 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' \
             /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null
         } | grep -E '^https?://.*/debian/?$' | head -1)
  [ -n "$uri" ] || { echo "no Debian mirror in this machine's apt sources" >&2; return 1; }
  echo "${uri%/}"
}
