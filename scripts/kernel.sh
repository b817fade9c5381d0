#!/usr/bin/env bash
# Build the stock or the patched kernel: kernel.sh KIND [fragment...]
# KIND: stock, patched, or either with -debug, -kcsan or -system (the same
# tree, built in build/<KIND>/obj with kconfig/debug.config, kcsan.config or
# system.config added; -system is the real system's kernel, system/).
# Keeps build/<kind>/src in step with the installed linux-source-6.12 and, for
# "patched", with patches/ (re-made with git am when either changes); then
# builds build/<KIND>/obj. Prints the bzImage path.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
variant=$1; shift
kind=${variant%-*}
case $variant in stock|patched|stock-debug|patched-debug|stock-kcsan|patched-kcsan|stock-system|patched-system) ;;
  *) echo "kernel.sh: stock or patched, alone or with -debug, -kcsan or -system, not '$variant'" >&2; exit 2;; esac
B=${BUILD_DIR:-$here/build}/$kind
frags=("$@")
if [ ${#frags[@]} = 0 ]; then
  frags=("$here/kconfig/guest.config")
  [ "$kind" = patched ] && frags+=("$here/kconfig/series.config")
  [ "$variant" != "$kind" ] && frags+=("$here/kconfig/${variant#*-}.config")
fi

want=$(dpkg-query -W -f='${Version}' linux-source-6.12)
[ "$kind" = stock ] || want="$want $(cat "$here"/patches/series $(sed -e '/^#/d' -e 's|^|'"$here"'/patches/|' "$here/patches/series") | sha256sum | cut -c1-16)"
if [ "$(cat "$B/src.stamp" 2>/dev/null)" != "$want" ]; then
  echo "kernel.sh: preparing $kind tree ($want)" >&2
  "$here/scripts/tree.sh" "$B/src" "$kind" >&2
  echo "$want" > "$B/src.stamp"
fi
"$here/scripts/build-kernel.sh" "$B/src" "${BUILD_DIR:-$here/build}/$variant/obj" "${frags[@]}"
