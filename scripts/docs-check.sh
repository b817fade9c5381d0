#!/usr/bin/env bash
# Check the documentation the series touches: docs-check.sh <kernel-src>
# <kernel-src> is a git tree with the series applied on tag "base" (build/
# patched/src or build/dev/src). KTAP, one result per file:
#   - C files and headers the series changes: scripts/kernel-doc -none -Wall
#     reports no warning that the file at "base" does not have (line numbers
#     aside: 6.12 has warnings of its own in some of them);
#   - reST files the series adds: docutils parses them without a warning;
#   - Documentation/ABI: scripts/get_abi.pl validate is silent.
# Exits non-zero if any check fails.
set -uo pipefail
src=$(realpath "$1")
cd "$src" || exit 1
files=$(git diff --name-only base HEAD)
added=$(git diff --name-only --diff-filter=A base HEAD)
checks=()
for f in $files; do
  case $f in *.c|*.h) checks+=("kernel-doc $f");; esac
done
for f in $added; do
  case $f in *.rst) checks+=("rst $f");; esac
done
checks+=("abi Documentation/ABI")

# kernel-doc warnings of FILE as it is in the tree (or at base), line numbers dropped
kdoc_warnings() {
  perl scripts/kernel-doc -none -Wall "$1" 2>&1 | grep -i 'warning' | sed -E 's/:[0-9]+:/:/' | sort -u
}

echo "KTAP version 1"
echo "1..${#checks[@]}"
n=0 bad=0
for c in "${checks[@]}"; do
  n=$((n + 1)) kind=${c%% *} f=${c#* }
  case $kind in
    kernel-doc)
      old=$(mktemp --suffix=".${f##*.}")
      git show "base:$f" > "$old" 2>/dev/null || : > "$old"
      new_warnings=$(comm -23 <(kdoc_warnings "$f") <(kdoc_warnings "$old" | sed "s|$old|$f|g"))
      rm -f "$old"
      out=$new_warnings;;
    rst)
      out=$(/usr/bin/python3 -c 'import sys, docutils.core
docutils.core.publish_doctree(open(sys.argv[1]).read(), source_path=sys.argv[1],
    settings_overrides={"report_level": 2, "halt_level": 5, "warning_stream": sys.stdout})' "$f" 2>&1);;
    abi)
      out=$(perl scripts/get_abi.pl validate --dir "$f" 2>&1);;
  esac
  if [ -z "$out" ]; then
    echo "ok $n $kind $f"
  else
    bad=1
    echo "not ok $n $kind $f"
    echo "$out" | head -20 | sed 's/^/# /'
  fi
done
exit $bad
