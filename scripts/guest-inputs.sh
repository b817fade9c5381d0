#!/usr/bin/env bash
# What every boot needs besides a kernel, built or reused: the packages, the
# initramfs (build/initramfs.cpio.gz) and the data disk (build/data.img).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}
"$here/scripts/deps.sh" >&2 || exit 1
"$here/scripts/initramfs.sh" "$B/patched/src" "$B/initramfs.cpio.gz" >&2 || exit 1
"$here/scripts/data-image.sh" "$B/data.img" >&2
