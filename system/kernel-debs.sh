#!/usr/bin/env bash
# One kernel of the real system as Debian packages, made by the kernel's own
# "make bindeb-pkg" from the tree and config scripts/kernel.sh builds
# (kconfig/guest.config + system.config, + series.config when patched):
#   system/kernel-debs.sh stock|patched
# Prints the paths of its linux-image and linux-headers packages; rebuilt
# only when the kernel's tree or config changed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
kind=$1
case $kind in stock|patched) ;; *) echo "kernel-debs: stock or patched, not '$kind'" >&2; exit 2;; esac
B=${BUILD_DIR:-$here/build}
"$here/scripts/deps.sh" dpkg-dev debhelper rsync kmod cpio
echo "kernel-debs: make of the $kind-system kernel (seconds if up to date; log: $B/$kind-system/obj/make.log)" >&2
"$here/scripts/kernel.sh" "$kind-system" >/dev/null
obj=$B/$kind-system/obj debs=$B/$kind-system/debs
# the packages' inputs: the tree (patches included) and the config fragments
# (bindeb-pkg relinks vmlinux itself, so its date says nothing)
want="$(cat "$B/$kind/src.stamp") $(cat "$obj/.fragments.sha")"
if [ "$(cat "$debs/stamp" 2>/dev/null)" != "$want" ]; then
  echo "kernel-debs: make bindeb-pkg (log: $obj/deb.log)" >&2
  t0=$(date +%s)
  rm -rf "$debs" && mkdir -p "$debs"
  rm -f "$B/$kind-system"/*.deb "$B/$kind-system"/*.buildinfo "$B/$kind-system"/*.changes
  # the packages land next to the object tree; "1+KIND": dpkg -l tells them
  # apart; -d: the build dependencies are the kernel build's, checked by make
  make -C "$B/$kind/src" O="$obj" -j"$(nproc)" CC="ccache gcc" LOCALVERSION= \
    KBUILD_BUILD_TIMESTAMP='2024-01-01' KBUILD_BUILD_USER=ra KBUILD_BUILD_HOST=ra \
    KDEB_PKGVERSION="1+$kind" DPKG_FLAGS=-d bindeb-pkg > "$obj/deb.log" 2>&1 \
    || { tail -20 "$obj/deb.log"; echo "kernel-debs: bindeb-pkg failed" >&2; exit 1; }
  mv "$B/$kind-system"/linux-image-*.deb "$B/$kind-system"/linux-headers-*.deb "$debs/"
  echo "$want" > "$debs/stamp"
  echo "kernel-debs: $kind packages in $(( $(date +%s) - t0 ))s" >&2
fi
ls "$debs"/linux-image-*.deb "$debs"/linux-headers-*.deb
