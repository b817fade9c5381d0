#!/usr/bin/env bash
# Install every Debian package the project needs (build, guest, QEMU, plots),
# or only the packages named (deps.sh PACKAGE...: the real system's scripts).
# Safe to re-run: apt skips what is already installed.
set -euo pipefail
pkgs=(
  linux-source-6.12 xz-utils
  build-essential bc bison flex libelf-dev libssl-dev dwarves python3 perl
  ccache git
  qemu-system-x86 busybox-static e2fsprogs xfsprogs util-linux dmsetup
  fio coreutils tar grep trace-cmd linux-perf
  gnuplot-nox libtraceevent-dev pkg-config python3-docutils
)
[ $# -gt 0 ] && pkgs=("$@")
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi
