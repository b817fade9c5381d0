#!/usr/bin/env bash
# Export the development tree's commits back into patches/:
#   export-series.sh [tree]   (default build/dev/src, made by "make tree")
# Every commit after the "base" tag becomes patches/NNNN-*.patch and
# patches/series is rewritten; patches/0000-cover-letter.patch is kept.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tree=$(realpath "${1:-$here/build/dev/src}")
git -C "$tree" rev-parse -q --verify base >/dev/null || { echo "export: $tree has no 'base' tag" >&2; exit 1; }
find "$here/patches" -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-cover-letter.patch' -delete
git -C "$tree" format-patch -q --abbrev=9 --numbered --no-signature --zero-commit -o "$here/patches" base..HEAD
# The cover letter's text is kept; its subject's count, shortlog and diffstat
# are rewritten as git format-patch --cover-letter writes them.
cover=$here/patches/0000-cover-letter.patch
if [ -f "$cover" ]; then
  n=$(git -C "$tree" rev-list --count base..HEAD)
  body=$(sed -e "s|^Subject: \[PATCH 00/[0-9]*\]|Subject: [PATCH 00/$n]|" \
             -e '/^[^ ].* ([0-9]*):$/,$d' "$cover")
  { printf '%s\n\n' "$body"; git -C "$tree" shortlog -w72,2,4 base..HEAD
    git -C "$tree" diff --stat=72 --summary base..HEAD; echo; } > "$cover.new"
  mv "$cover.new" "$cover"
fi
{
  [ -f "$cover" ] && echo "# 0000-cover-letter.patch: the series' cover letter (not applied)"
  cd "$here/patches" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-cover-letter.patch$'
} > "$here/patches/series"
echo "export: $(grep -vc '^#' "$here/patches/series") patches from $tree" >&2
