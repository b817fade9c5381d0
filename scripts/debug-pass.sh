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
#   kcsan: steps 1-3 on the KCSAN kernel instead (kconfig/kcsan.config; KCSAN
#   and KASAN exclude each other). Stock 6.12 has data races of its own, so
#   a KCSAN report fails only when its stacks pass through code the series
#   changes and tests/kcsan-known-races does not list it
#   (scripts/kcsan-triage.py); the others are listed.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}
fail=0
kind=patched-debug; [ "${1:-}" = kcsan ] && kind=patched-kcsan && export KCSAN_TRIAGED=1
KERNEL_KIND=$kind QEMU_TIMEOUT=3600 "$here/tests/run.sh" || fail=1
logs=("$B/runs/tests${kind#patched}")
if [ "${1:-}" != quick ]; then
  kernel=$("$here/scripts/kernel.sh" $kind) || exit 1
  # run NAME MEM COMMAND [ARGS]: one boot of the debug kernel
  run() {
    local name=$1 mem=$2
    shift 2
    echo "debug-pass: $name" >&2
    logs+=("$B/runs/$kind-$name")
    QEMU_MEM=$mem QEMU_TIMEOUT=3600 DATA_IMG=$B/data.img "$here/scripts/qemu-run.sh" \
      "$kernel" "$B/initramfs.cpio.gz" "$B/runs/$kind-$name" "$@" || fail=1
  }
  run integrity-256M 256M run-tests ra.tests=ra-integrity
  grep -E '^ *(not )?ok|# verified' "$B/runs/$kind-integrity-256M/output.txt" | tail -3
  run thrash 256M scenarios/thrash ra.kbs=512 ra.lru=n,y ra.streams=150 ra.secs=15
  run thrash-memcg 1G scenarios/thrash ra.kbs=512 ra.lru=n,y ra.streams=150 ra.secs=15 ra.memcg=48M
  cat "$B/runs/$kind"-thrash*/output.txt
fi
if [ $kind = patched-kcsan ]; then
  # qemu-run.sh failed any boot whose KCSAN selftest did not pass
  python3 "$here/scripts/kcsan-triage.py" --tree "$B/patched/src" --known "$here/tests/kcsan-known-races" \
    "${logs[@]/%//console.log}" || fail=1
fi
if [ $fail = 0 ] && [ $kind = patched-kcsan ]; then echo "debug-pass: no failures and no KCSAN report in series code"
elif [ $fail = 0 ]; then echo "debug-pass: no failures and no kernel reports"; else echo "debug-pass: FAILED"; fi
exit $fail
