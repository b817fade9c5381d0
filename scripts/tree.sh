#!/usr/bin/env bash
# Make a kernel git tree: tree.sh <dir> [stock|patched]
# Extracts Debian's linux-source-6.12 afresh into <dir>, commits it as tag "base"
# (or, when <dir> already holds that commit of the same package version, checks
# it out again), and for "patched" applies patches/series on top with git am
# (one commit per patch).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dir=$(realpath -m "$1"); kind=${2:-patched}
tarball=/usr/src/linux-source-6.12.tar.xz
[ -f "$tarball" ] || { echo "tree: $tarball missing; run scripts/deps.sh" >&2; exit 1; }
pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.12)

if [ "$(cat "$dir/.debian-package-version" 2>/dev/null)" = "$pkgver" ] &&
   git -C "$dir" rev-parse -q --verify base >/dev/null 2>&1 &&
   { git -C "$dir" am --abort >/dev/null 2>&1; git -C "$dir" checkout -q -f -B main base 2>/dev/null; }; then
  # the same package extracted before: back to it (seconds, where extracting
  # takes minutes); only the files the series touches change
  cd "$dir"
else
  rm -rf "$dir"; mkdir -p "$(dirname "$dir")"
  tmp=$(mktemp -d "$(dirname "$dir")/.extract.XXXXXX")
  tar -xJf "$tarball" -C "$tmp"
  mv "$tmp/linux-source-6.12" "$dir"; rmdir "$tmp"
  echo "$pkgver" > "$dir/.debian-package-version"

  cd "$dir"
  git init -q -b main
  git config user.name "${GIT_AUTHOR_NAME:-ra-series}"; git config user.email "${GIT_AUTHOR_EMAIL:-ra-series@localhost}"
  git config core.autocrlf false
  git config gc.auto 0   # an automatic gc competes with builds and VMs for the 2 cores
  printf '.debian-package-version\n' >> .git/info/exclude
  # Debian's top-level .gitignore ignores everything ("/*"), hence -f.
  git add -A -f . >/dev/null
  git commit -q -m "Debian linux-source-6.12 $pkgver"
  git tag base
fi

[ "$kind" = patched ] || exit 0
while read -r p _; do
  case "$p" in ''|\#*) continue;; esac
  if ! git am -q --keep-cr "$here/patches/$p" >/dev/null 2>&1; then
    git am --abort >/dev/null 2>&1 || true
    echo "tree: patch $p does not apply to linux-source-6.12 $pkgver" >&2
    exit 1
  fi
done < "$here/patches/series"
