#!/usr/bin/env bash
# Lint the series: checkpatch.sh <kernel-src> [patch...]
# Runs the tree's scripts/checkpatch.pl --strict on every patch in
# patches/series (or the ones given); prints a KTAP result per patch and
# exits non-zero if any patch has an error, warning or check. Except
# UNKNOWN_COMMIT_ID: the tree is Debian's source without upstream history,
# so checkpatch cannot look up the commit a Fixes: tag names. And
# FILE_PATH_CHANGES ("does MAINTAINERS need updating?") for a patch whose new
# files a MAINTAINERS entry other than THE REST already covers (block/ covers
# block/*.c): a line of their own would be redundant.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(realpath "$1"); shift
if [ $# = 0 ]; then
  set -- $(sed -e '/^#/d' -e '/^$/d' -e 's|^|'"$here"'/patches/|' "$here/patches/series")
fi
# covered PATCH: every file PATCH adds has a maintainer in the tree (asked
# with a patch of that one file, so the file need not exist in the tree)
covered() {
  local f one=$tmp/one.patch
  for f in $(awk '/^diff --git/ { f = substr($4, 3) } /^new file mode/ { print f }' "$1"); do
    printf 'diff --git a/%s b/%s\nnew file mode 100644\n--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+\n' \
      "$f" "$f" "$f" > "$one"
    (cd "$src" && perl scripts/get_maintainer.pl --nogit --nogit-fallback "$one" 2>/dev/null) |
      grep '(maintainer:' | grep -qv 'maintainer:THE REST' || return 1
  done
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0 n=0
echo "KTAP version 1"
echo "1..$#"
for p in "$@"; do
  n=$((n + 1))
  p=$(realpath "$p")	# checkpatch runs in the tree: a relative path would not be found
  ignore=UNKNOWN_COMMIT_ID
  covered "$p" && ignore+=,FILE_PATH_CHANGES
  out=$(cd "$src" && perl scripts/checkpatch.pl --strict --show-types --ignore "$ignore" "$p" 2>&1)
  if echo "$out" | grep -q 'total: 0 errors, 0 warnings, 0 checks'; then
    echo "ok $n $(basename "$p")"
  else
    bad=1
    echo "not ok $n $(basename "$p")"
    echo "$out" | grep -E '^(ERROR|WARNING|CHECK|#[0-9]+:)' | sed 's/^/# /'
  fi
done
exit $bad
