#!/usr/bin/env bash
# Build the guest initramfs: initramfs.sh <kernel-src> <out.cpio.gz> [kernel-obj]
# busybox-static, the guest side (guest/), the guest tests (tests/guest/) and
# every guest/*.c compiled statically, the kernel's own selftests that watch
# the page cache (mincore, cachestat; /guest/selftests); with a built
# kernel-obj, also the test-only guest/dm-model module built against it
# (/guest/dm-model.ko).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(realpath "$1"); out=$(realpath -m "$2")
work=$(dirname "$out")/initramfs.d
rm -rf "$work"; mkdir -p "$work/bin" "$work/selftests"
if [ -n "${3:-}" ]; then
  cp -r "$here/guest/dm-model" "$work/dm-model"
  make -C "$(realpath "$3")" M="$work/dm-model" modules >"$work/dm-model.log" 2>&1 \
    || { cat "$work/dm-model.log"; echo "initramfs: dm-model build failed" >&2; exit 1; }
fi

gcc -O2 -o "$work/gen_init_cpio" "$src/usr/gen_init_cpio.c"
for c in "$here"/guest/*.c; do
  gcc -O2 -Wall -Werror -static -pthread -o "$work/bin/$(basename "$c" .c)" "$c"
done

# cachestat needs this tree's uapi headers (struct cachestat is newer than the host's)
make -s -C "$src" O="$work/uapi" headers > "$work/hdr.log" 2>&1 \
  || { cat "$work/hdr.log"; echo "initramfs: make headers failed" >&2; exit 1; }
sel=$src/tools/testing/selftests
gcc -O2 -static -pthread -I"$sel" -o "$work/selftests/mincore_selftest" "$sel/mincore/mincore_selftest.c"
gcc -O2 -static -I"$sel" -isystem "$work/uapi/usr/include" -o "$work/selftests/test_cachestat" \
  "$sel/cachestat/test_cachestat.c" -lrt

{
  printf '%s\n' "dir /dev 755 0 0" "nod /dev/console 600 0 0 c 5 1" \
    "dir /bin 755 0 0" "dir /proc 755 0 0" "dir /sys 755 0 0" "dir /tmp 1777 0 0" \
    "dir /guest 755 0 0" "dir /guest/bin 755 0 0" "dir /guest/scenarios 755 0 0" "dir /tests 755 0 0" \
    "file /bin/busybox /bin/busybox 755 0 0" "slink /bin/sh busybox 777 0 0" \
    "file /init $here/guest/init 755 0 0"
  for f in "$work"/bin/*; do echo "file /guest/bin/$(basename "$f") $f 755 0 0"; done
  echo "dir /guest/selftests 755 0 0"
  for f in "$work"/selftests/*; do echo "file /guest/selftests/$(basename "$f") $f 755 0 0"; done
  [ -f "$work/dm-model/dm-model.ko" ] && echo "file /guest/dm-model.ko $work/dm-model/dm-model.ko 644 0 0"
  for f in "$here"/guest/*; do   # scripts next to init; C programs are built above
    case $f in */init|*.c) ;; *) [ -f "$f" ] && echo "file /guest/$(basename "$f") $f 755 0 0";; esac
  done
  for f in "$here"/guest/scenarios/*; do echo "file /guest/scenarios/$(basename "$f") $f 755 0 0"; done
  echo "dir /guest/fio 755 0 0"	# the matrix's job files; fio is on the data disk
  for f in "$here"/bench/fio/*.fio; do echo "file /guest/fio/$(basename "$f") $f 644 0 0"; done
  for f in "$here"/tests/guest/*.sh; do echo "file /tests/$(basename "$f") $f 755 0 0"; done
  # Host tools with their shared libraries: util-linux's blkid for the probe
  # tests, dmsetup for the benchmarks' device models, mkfs.xfs for the
  # integrity test on XFS (large folios), both mkfs for the regression matrix.
  tools=$(for t in blkid dmsetup mkfs.xfs mkfs.ext4; do PATH=$PATH:/sbin:/usr/sbin command -v $t; done)
  for t in $tools; do echo "file /guest/bin/$(basename "$t") $t 755 0 0"; done
  libs=$(for t in $tools; do ldd "$t" | grep -o '/[^ ]*'; done | sort -u)
  for lib in $libs; do dirname "$lib"; done | sort -u |
    awk -F/ '{ p = ""; for (i = 2; i <= NF; i++) { p = p "/" $i; if (!seen[p]++) print "dir " p " 755 0 0" } }'
  for lib in $libs; do echo "file $lib $(realpath "$lib") 755 0 0"; done
} > "$work/list"
"$work/gen_init_cpio" "$work/list" | gzip -1 > "$out"
