#!/usr/bin/env bash
# Data races under load, stock vs patched (make kcsan-compare): both kernels
# built with kconfig/kcsan.config run the same two boots, the integrity test
# and the thrash stress in a 256 MiB guest (memory pressure, both LRUs).
# Prints each distinct "BUG: KCSAN: data-race in A / B" with the kernels
# that reported it, then sorts the patched kernel's reports as
# make debug-kcsan does (scripts/kcsan-triage.py) and fails on a race in
# code the series changes. Which races KCSAN catches varies from run to
# run, so a race seen on one kernel only is not by itself a regression.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}
"$here/scripts/guest-inputs.sh" || exit 1
fail=0
for kind in stock-kcsan patched-kcsan; do
  kernel=$("$here/scripts/kernel.sh" $kind) || exit 1
  for job in integrity thrash; do
    args="run-tests ra.tests=ra-integrity"
    [ $job = thrash ] && args="scenarios/thrash ra.kbs=512 ra.lru=n,y ra.streams=150 ra.secs=15"
    echo "kcsan-compare: $kind $job" >&2
    # other reports, a failed guest command and a KCSAN that is not running
    # (no passed selftest) fail; races are sorted below
    KCSAN_TRIAGED=1 QEMU_MEM=256M QEMU_TIMEOUT=3600 DATA_IMG=$B/data.img "$here/scripts/qemu-run.sh" \
      "$kernel" "$B/initramfs.cpio.gz" "$B/runs/kcsan-$kind-$job" $args >&2 || fail=1
  done
  grep -ho 'BUG: KCSAN: .*' "$B"/runs/kcsan-$kind-*/console.log | sort -u > "$B/runs/kcsan-$kind.races"
done
cd "$B/runs"
echo "reports  race"
comm kcsan-stock-kcsan.races kcsan-patched-kcsan.races | awk -F'\t' '
  $3 != "" { print "both    " $3; next } $2 != "" { print "patched " $2; next } { print "stock   " $1 }'
new=$(comm -13 kcsan-stock-kcsan.races kcsan-patched-kcsan.races | wc -l)
echo "kcsan-compare: $(wc -l < kcsan-stock-kcsan.races) races on stock, $(wc -l < kcsan-patched-kcsan.races) on patched, $new only on patched"
python3 "$here/scripts/kcsan-triage.py" --tree "$B/patched/src" --known "$here/tests/kcsan-known-races" \
  kcsan-patched-kcsan-*/console.log || fail=1
exit $fail
