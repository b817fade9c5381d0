#!/usr/bin/env bash
# The series' KUnit suites built as modules: build the patched tree with
# kconfig/kunit-modules.config, boot it with the three test modules added to
# the initramfs, load them in the guest (guest/scenarios/kunit-modules) and
# print their results as KTAP (one per suite). Fails if a module does not
# build or load, or a suite fails.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}
obj=$B/kunit-modules/obj run=$B/runs/kunit-modules
"$here/scripts/deps.sh" >&2
"$here/scripts/kernel.sh" patched >/dev/null
"$here/scripts/build-kernel.sh" "$B/patched/src" "$obj" "$here/kconfig/guest.config" \
  "$here/kconfig/kunit-modules.config" >&2
"$here/scripts/initramfs.sh" "$B/patched/src" "$B/initramfs.cpio.gz" >&2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/gen_init_cpio" "$B/patched/src/usr/gen_init_cpio.c"
mods=(block/blk-readahead-kunit.ko mm/filemap_kunit.ko mm/readahead_kunit.ko)
{
  echo "dir /guest/kmod 755 0 0"
  for m in "${mods[@]}"; do echo "file /guest/kmod/${m##*/} $obj/$m 644 0 0"; done
} > "$work/list"
# a second archive after the first: the kernel unpacks both
(zcat "$B/initramfs.cpio.gz"; "$work/gen_init_cpio" "$work/list") | gzip -1 > "$work/initramfs.cpio.gz"
QEMU_TIMEOUT=300 "$here/scripts/qemu-run.sh" "$obj/arch/x86/boot/bzImage" "$work/initramfs.cpio.gz" \
  "$run" scenarios/kunit-modules >&2 || true
suites=(blk_readahead page_cache_miss_search page_cache_miss_search_timing readahead)
echo "KTAP version 1"
echo "1..${#suites[@]}"
bad=0 n=0
for s in "${suites[@]}"; do
  n=$((n + 1))
  if grep -q "^ok [0-9]* $s\$" "$run/output.txt"; then echo "ok $n $s"; else echo "not ok $n $s"; bad=1; fi
done
grep '^insmod failed' "$run/output.txt" | sed 's/^/# /' && bad=1
exit $bad
