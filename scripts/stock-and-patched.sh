#!/usr/bin/env bash
# Guest tests that must pass on the stock kernel as well as on the patched
# one: the kernel tree's own page cache selftests (mincore, cachestat;
# tests/guest/kselftests.sh) and the bad-input test, one boot each, same
# settings. Prints each kernel's results; fails if either fails.
#   scripts/stock-and-patched.sh [TESTS]   (default kselftests,ra-badinput,ra-unpriv)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}
"$here/scripts/guest-inputs.sh" || exit 1
tests=${1:-kselftests,ra-badinput,ra-unpriv}
fail=0
for kind in stock patched; do
  kernel=$("$here/scripts/kernel.sh" $kind) || exit 1
  DATA_IMG=$B/data.img "$here/scripts/qemu-run.sh" "$kernel" "$B/initramfs.cpio.gz" \
    "$B/runs/both-$kind" run-tests ra.tests=$tests || fail=1
  echo "== $kind"
  grep -E '^(not )?ok|^    not ok|^    # ' "$B/runs/both-$kind/output.txt"
done
exit $fail
