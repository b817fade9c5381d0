#!/usr/bin/env bash
# Build the stock or the patched kernel: kernel.sh stock|patched [fragment...]
# Keeps build/<kind>/src in step with the installed linux-source-6.12 and, for
# "patched", with patches/ (re-made with git am when either changes); then
# builds build/<kind>/obj. Prints the bzImage path.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
kind=$1; shift
case $kind in stock|patched) ;; *) echo "kernel.sh: stock or patched, not '$kind'" >&2; exit 2;; esac
B=${BUILD_DIR:-$here/build}/$kind
frags=("$@")
if [ ${#frags[@]} = 0 ]; then
  frags=("$here/kconfig/guest.config")
  [ "$kind" = patched ] && frags+=("$here/kconfig/series.config")
fi

want=$(dpkg-query -W -f='${Version}' linux-source-6.12)
[ "$kind" = stock ] || want="$want $(cat "$here"/patches/series $(sed -e '/^#/d' -e 's|^|'"$here"'/patches/|' "$here/patches/series") | sha256sum | cut -c1-16)"
if [ "$(cat "$B/src.stamp" 2>/dev/null)" != "$want" ]; then
  echo "kernel.sh: preparing $kind tree ($want)" >&2
  "$here/scripts/tree.sh" "$B/src" "$kind" >&2
  echo "$want" > "$B/src.stamp"
fi
"$here/scripts/build-kernel.sh" "$B/src" "$B/obj" "${frags[@]}"
