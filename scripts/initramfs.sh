#!/usr/bin/env bash
# Build the guest initramfs: initramfs.sh <kernel-src> <out.cpio.gz>
# busybox-static, the guest side (guest/), the guest tests (tests/guest/) and
# every guest/*.c compiled statically.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(realpath "$1"); out=$(realpath -m "$2")
work=$(dirname "$out")/initramfs.d
rm -rf "$work"; mkdir -p "$work/bin"

gcc -O2 -o "$work/gen_init_cpio" "$src/usr/gen_init_cpio.c"
for c in "$here"/guest/*.c; do
  gcc -O2 -Wall -Werror -static -pthread -o "$work/bin/$(basename "$c" .c)" "$c"
done

{
  printf '%s\n' "dir /dev 755 0 0" "nod /dev/console 600 0 0 c 5 1" \
    "dir /bin 755 0 0" "dir /proc 755 0 0" "dir /sys 755 0 0" "dir /tmp 1777 0 0" \
    "dir /guest 755 0 0" "dir /guest/bin 755 0 0" "dir /guest/scenarios 755 0 0" "dir /tests 755 0 0" \
    "file /bin/busybox /bin/busybox 755 0 0" "slink /bin/sh busybox 777 0 0" \
    "file /init $here/guest/init 755 0 0"
  for f in "$work"/bin/*; do echo "file /guest/bin/$(basename "$f") $f 755 0 0"; done
  for f in "$here"/guest/*; do   # scripts next to init; C programs are built above
    case $f in */init|*.c) ;; *) [ -f "$f" ] && echo "file /guest/$(basename "$f") $f 755 0 0";; esac
  done
  for f in "$here"/guest/scenarios/*; do echo "file /guest/scenarios/$(basename "$f") $f 755 0 0"; done
  for f in "$here"/tests/guest/*.sh; do echo "file /tests/$(basename "$f") $f 755 0 0"; done
  # util-linux's blkid and its shared libraries, for the probe tests
  blkid=$(command -v blkid || echo /sbin/blkid)
  echo "file /guest/bin/blkid $blkid 755 0 0"
  libs=$(ldd "$blkid" | grep -o '/[^ ]*')
  for lib in $libs; do dirname "$lib"; done | sort -u |
    awk -F/ '{ p = ""; for (i = 2; i <= NF; i++) { p = p "/" $i; if (!seen[p]++) print "dir " p " 755 0 0" } }'
  for lib in $libs; do echo "file $lib $(realpath "$lib") 755 0 0"; done
} > "$work/list"
"$work/gen_init_cpio" "$work/list" | gzip -1 > "$out"
