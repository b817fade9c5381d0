#!/usr/bin/env bash
# Build the guest's read-only test data disk: data-image.sh <out.img>
# A sparse 40 GiB ext4 image (mounted at /data in the guest; at 40 GiB the
# small-device cap leaves the 512 KiB default alone) with files whose sizes the
# tests compute their expectations from:
#   seq64m    64 MiB, 16384 pages    small40k  40 KiB, 10 pages
#   desk/     a desktop-like mix of files and desk/list, how much of each a
#             program reads at startup (scripts/desk-files.py)
#   tools/    fio, GNU cp, tar and grep with their shared libraries, for the
#             regression matrix (bench/matrix.sh), and trace-cmd and perf for
#             the trace event tests: fio needs 80 MB of them, perf 24, too
#             much for an initramfs that the thrash tests boot in 128 MiB.
#             Run as LD_LIBRARY_PATH=/data/tools/lib /data/tools/bin/fio.
set -euo pipefail
out=$(realpath -m "$1")
stamp="v5 $(fio --version) $(trace-cmd --version 2>&1 | grep version) $(perf --version)"
[ -f "$out" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ] && exit 0
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
head -c 64M /dev/urandom > "$d/seq64m"
head -c 40K /dev/urandom > "$d/small40k"
python3 "$(dirname "$0")/desk-files.py" "$d/desk" /data/desk
mkdir -p "$d/tools/bin" "$d/tools/lib"
for t in fio cp tar grep trace-cmd perf; do
  bin=$(command -v $t)
  cp "$bin" "$d/tools/bin/"
  ldd "$bin" | grep -o '/[^ ]*' | xargs -r cp -L -t "$d/tools/lib/"
done
rm -f "$out"
mkfs.ext4 -q -F -O ^has_journal -E root_owner=0:0,lazy_itable_init=1 -d "$d" "$out" 40G
echo "$stamp" > "$out.stamp"
