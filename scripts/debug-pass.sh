#!/usr/bin/env bash
# The debug-kernel pass (make debug): the patched kernel built with
# kconfig/debug.config (KASAN, lockdep, PROVE_RCU, DEBUG_VM, DEBUG_LIST,
# DEBUG_ATOMIC_SLEEP) runs
#   1. the whole test suite (tests/run.sh: KUnit + guest tests),
#   2. the data integrity test in a 256 MiB guest (memory pressure),
#   3. the thrash stress, in a 256 MiB guest and in a memory cgroup.
# Any KASAN/lockdep/RCU report, WARN, BUG or oops in a guest log fails the
# pass (scripts/qemu-run.sh checks the console) and is shown.
#   scripts/debug-pass.sh [quick|kcsan]   quick: step 1 only (for CI);
#   kcsan: step 1 on the KCSAN kernel instead (kconfig/kcsan.config; KCSAN
#   and KASAN exclude each other)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}
fail=0
kind=patched-debug; [ "${1:-}" = kcsan ] && kind=patched-kcsan
KERNEL_KIND=$kind QEMU_TIMEOUT=3600 "$here/tests/run.sh" || fail=1
# KCSAN reports nothing when it is not running: its boot selftest says it is
if [ $kind = patched-kcsan ] && ! grep -q 'kcsan: selftest: .* passed' "$B/runs/tests-kcsan/console.log"; then
  echo "debug-pass: KCSAN is not running (no passed selftest in the boot log)"; fail=1
fi
if [ -z "${1:-}" ]; then
  kernel=$("$here/scripts/kernel.sh" patched-debug) || exit 1
  # run NAME MEM COMMAND [ARGS]: one boot of the debug kernel
  run() {
    local name=$1 mem=$2
    shift 2
    echo "debug-pass: $name" >&2
    QEMU_MEM=$mem QEMU_TIMEOUT=3600 DATA_IMG=$B/data.img "$here/scripts/qemu-run.sh" \
      "$kernel" "$B/initramfs.cpio.gz" "$B/runs/debug-$name" "$@" || fail=1
  }
  run integrity-256M 256M run-tests ra.tests=ra-integrity
  grep -E '^ *(not )?ok|# verified' "$B/runs/debug-integrity-256M/output.txt" | tail -3
  run thrash 256M scenarios/thrash ra.kbs=512 ra.lru=n,y ra.streams=150 ra.secs=15
  run thrash-memcg 1G scenarios/thrash ra.kbs=512 ra.lru=n,y ra.streams=150 ra.secs=15 ra.memcg=48M
  cat "$B"/runs/debug-thrash*/output.txt
fi
if [ $fail = 0 ]; then echo "debug-pass: no failures and no kernel reports"; else echo "debug-pass: FAILED"; fi
exit $fail
