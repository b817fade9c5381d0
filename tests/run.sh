#!/usr/bin/env bash
# The test suite: builds the patched kernel from patches/, boots it in QEMU,
# and sums these kinds of results into "N passed, M failed" (README.md says
# what each counts):
#   - checkpatch --strict on every patch of the series (one result a patch),
#   - the documentation it touches (scripts/docs-check.sh: kernel-doc, reST,
#     ABI; one result a file),
#   - the KUnit suites of the series (run at boot, read from the console),
#   - the guest tests in tests/guest/ (KTAP on the second serial port),
#   - host checks of what the guest reported (trace-format) and of the
#     harness's own tools (kcsan-triage, harness: tests/host/).
# Exit status is non-zero on any failure, and when the guest crashed or hung.
# KERNEL_KIND=patched-debug (or -kcsan) runs it all on a debug kernel (scripts/debug-pass.sh).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}
kind=${KERNEL_KIND:-patched}
run=$B/runs/tests${kind#patched}
start=$(date +%s)

"$here/scripts/deps.sh" || exit 1
kernel=$("$here/scripts/kernel.sh" "$kind") || { echo "0 passed, 1 failed (kernel build)"; exit 1; }
"$here/scripts/initramfs.sh" "$B/patched/src" "$B/initramfs.cpio.gz" || { echo "0 passed, 1 failed (initramfs)"; exit 1; }
"$here/scripts/data-image.sh" "$B/data.img" || { echo "0 passed, 1 failed (data image)"; exit 1; }
export DATA_IMG=$B/data.img
# three disks that report an optimal I/O size (tests/guest/ra-ioopt.sh)
QEMU_EXTRA="${QEMU_EXTRA:-} $("$here/scripts/ioopt-disks.sh" "$B")" || { echo "0 passed, 1 failed (io_opt disks)"; exit 1; }
export QEMU_EXTRA

# results of an earlier run must never be counted again: remove them, and
# summarize.py fails any results file older than this run
rm -f "$B/checkpatch.tap" "$B/docs.ktap" "$B/kcsan-triage.ktap" "$B/harness.ktap" "$B/trace-format" \
  "$run"/{console.log,output.txt,readahead.format,trace-format.ktap}
"$here/scripts/checkpatch.sh" "$B/patched/src" > "$B/checkpatch.tap"
"$here/scripts/docs-check.sh" "$B/patched/src" > "$B/docs.ktap"
timing=; [ "$kind" = "${kind%-*}" ] || timing=ra.timing=off   # no pace checks on a debug kernel
QEMU_TIMEOUT=${QEMU_TIMEOUT:-1200} "$here/scripts/qemu-run.sh" "$kernel" "$B/initramfs.cpio.gz" "$run" run-tests $timing
guest_status=$?

# The trace event's format file, as the guest printed it, decoded on the host.
sed -n 's/^ *# format: //p' "$run/output.txt" > "$run/readahead.format"
gcc -O2 -Wall $(pkg-config --cflags libtraceevent) -o "$B/trace-format" \
  "$here/tests/host/trace-format.c" $(pkg-config --libs libtraceevent) &&
  "$B/trace-format" "$run/readahead.format" > "$run/trace-format.ktap"
"$here/tests/host/kcsan-triage.sh" "$B/patched/src" > "$B/kcsan-triage.ktap"
"$here/tests/host/harness.sh" > "$B/harness.ktap"

# Every suite and guest script must report; no check may be skipped, except
# the allocation-failure check where no fault injection is built (only the
# debug kernel has it) and, on the debug kernels, the pace checks of the
# thrash test (too slow to pace).
# The guest scripts and their number of checks, pinned here as well as in
# each script's plan: a list in a script emptied by mistake shows.
guest_tests=kselftests:18,ra-badinput:71,ra-events:18,ra-faults:8,ra-grow:13,ra-integrity:227,ra-ioopt:11,ra-lseek:12,ra-retain:12
guest_tests+=,ra-sensors:19,ra-size:27,ra-stats:23,ra-thrash:3,ra-trace:26,ra-unpriv:53
[ "$(echo "$guest_tests" | tr , '\n' | cut -d: -f1)" = "$(cd "$here/tests/guest" && ls *.sh | sed 's/\.sh$//')" ] ||
  { echo "tests/run.sh: guest_tests does not list tests/guest/*.sh"; exit 1; }
case $kind in
  patched) skips='^ra-faults/alloc_failures_data_right' ;;
  patched-debug) skips='^ra-thrash/(all_streams_kept_rate|amplification_below)' ;;
  # other kernels (stock) retain nothing, so XFS may have no page to check
  *) skips='^ra-faults/alloc_failures_data_right|^ra-thrash/(all_streams_kept_rate|amplification_below)'
     skips+='|^ra-integrity/xfs_retained_pages_right' ;;
esac
python3 "$here/tests/summarize.py" --since "$start" \
  --ktap "checkpatch=$B/checkpatch.tap" --ktap "docs=$B/docs.ktap" --ktap "KUnit=$run/console.log" --ktap "guest=$run/output.txt" \
  --ktap "trace-format=$run/trace-format.ktap" --ktap "kcsan-triage=$B/kcsan-triage.ktap" \
  --ktap "harness=$B/harness.ktap" \
  --expect "KUnit=blk_readahead:11,readahead:29,page_cache_miss_search:5,page_cache_miss_search_timing:1" --expect "guest=$guest_tests" \
  --allow-skip "guest=$skips" --guest-status "$guest_status"
rc=$?
echo "tests: $(( $(date +%s) - start ))s; logs in $run" >&2
exit $rc
