#!/usr/bin/env bash
# KTAP self-tests of the test harness: tests/summarize.py on made-up KTAP
# documents, and guest/run-tests (run on the host over made-up guest
# scripts that use guest/lib.sh). Each way a failure could pass for a
# success must fail; the good documents must pass. And bench/matrix_table.py
# flags a matrix row that misses a target of issue 16.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
# expect NAME WANT_STATUS WANT_LINE SUMMARIZE_ARGS...: run summarize.py
expect() {
  local name=$1 want=$2 line=$3 out rc
  shift 3
  out=$(python3 "$here/tests/summarize.py" "$@" 2>&1); rc=$?
  n=$((n + 1))
  if [ $rc = "$want" ] && grep -qF -- "$line" <<< "$out"; then echo "ok $n $name"
  else echo "not ok $n $name"; echo "# status $rc, wanted $want and '$line'; output:"; sed 's/^/# /' <<< "$out"; fi
}
doc() { printf '%s\n' "$@" > "$tmp/$name.ktap"; }

echo 'KTAP version 1'
echo '1..47'

name=good; doc 'KTAP version 1' '1..2' '    KTAP version 1' '    # Subtest: a' '    1..2' '    ok 1 x' \
  '    ok 2 y # SKIP no device' 'ok 1 a' '    KTAP version 1' '    # Subtest: b' '    1..1' '    ok 1 z' 'ok 2 b'
expect good_document_passes 0 '2 passed, 0 failed' --ktap "g=$tmp/good.ktap" --allow-skip 'g=^a/y' --expect g=a,b
expect skip_not_allowed_fails 1 'FAIL g: a/y # SKIP no device (SKIP not allowed here)' --ktap "g=$tmp/good.ktap"
name=noreason; doc 'KTAP version 1' '1..1' 'ok 1 x # SKIP'
expect skip_without_reason_fails 1 'SKIP without a reason' --ktap "g=$tmp/noreason.ktap" --allow-skip 'g=.'
# the issue's example: two checks passed, then the script exited with an error
name=crashed; doc 'KTAP version 1' '1..1' '    KTAP version 1' '    # Subtest: ra-lseek' '    ok 1' '    ok 2' \
  'not ok 1 ra-lseek # exit status 1'
expect parent_not_ok_fails 1 'FAIL g: ra-lseek # exit status 1 (parent not ok' --ktap "g=$tmp/crashed.ktap"
name=notokskip; doc 'KTAP version 1' '1..1' '    # Subtest: s' '    1..1' '    not ok 1 a # SKIP why' 'not ok 1 s'
expect not_ok_skip_fails 1 'FAIL g: s/a # SKIP why (not ok, whatever the SKIP says)' --ktap "g=$tmp/notokskip.ktap" --allow-skip 'g=.'
name=cut; doc 'KTAP version 1' '1..1' '    KTAP version 1' '    # Subtest: s' '    1..5' '    ok 1 a' '    ok 2 b' 'ok 1 s'
expect truncated_subtest_plan_fails 1 's: plan 1..5, 2 results (cut short)' --ktap "g=$tmp/cut.ktap"
name=cuttop; doc 'KTAP version 1' '1..3' 'ok 1 a' 'ok 2 b'
expect truncated_top_plan_fails 1 'top level: plan 1..3, 2 results' --ktap "g=$tmp/cuttop.ktap"
name=extra; doc 'KTAP version 1' '1..1' '    # Subtest: s' '    1..1' '    ok 1 a' '    ok 2 b' 'ok 1 s'
expect more_results_than_plan_fails 1 's: plan 1..1, 2 results' --ktap "g=$tmp/extra.ktap"
name=noplan; doc 'KTAP version 1' '1..1' '    # Subtest: s' '    ok 1 a' 'ok 1 s'
expect results_without_plan_fail 1 's: 1 results without a plan' --ktap "g=$tmp/noplan.ktap"
name=empty; doc 'KTAP version 1' '1..0'
expect no_results_fails 1 'FAIL g: no results' --ktap "g=$tmp/empty.ktap"
expect missing_suite_fails 1 'FAIL g: c: did not report' --ktap "g=$tmp/good.ktap" --allow-skip 'g=.' --expect g=a,b,c
expect case_count_checked 0 '2 passed, 0 failed' --ktap "g=$tmp/good.ktap" --allow-skip 'g=.' --expect g=a:2,b:1
expect dropped_case_fails 1 'FAIL g: a: 2 cases, 3 expected' --ktap "g=$tmp/good.ktap" --allow-skip 'g=.' --expect g=a:3,b
expect missing_file_fails 1 'no results file' --ktap "g=$tmp/absent.ktap"
touch -d '2 hours ago' "$tmp/good.ktap"
expect stale_file_fails 1 'stale results file' --ktap "g=$tmp/good.ktap" --allow-skip 'g=.' --since "$(date +%s)"
expect guest_failed_without_failed_test 1 'the guest command failed, yet no test did' \
  --ktap "g=$tmp/good.ktap" --allow-skip 'g=.' --guest-status 2
expect guest_crash_fails 1 'did not end cleanly' --ktap "g=$tmp/good.ktap" --allow-skip 'g=.' --guest-status 1
# printk timestamps and boot messages around KUnit's document
name=console; doc '[    0.1] Linux version 6.12' '[    1.0] KTAP version 1' '[    1.0] 1..1' \
  '[    1.0]     KTAP version 1' '[    1.0]     # Subtest: ra' '[    1.0]     1..1' \
  '[    1.1] random: crng init done' '[    1.2]     not ok 1 case' '[    1.2] not ok 1 ra'
expect kunit_failure_in_console_fails 1 'FAIL g: ra/case' --ktap "g=$tmp/console.ktap"

# guest/run-tests over made-up scripts, run by busybox sh as in the guest
mkdir "$tmp/t"
lib=". $here/guest/lib.sh"
printf '%s\n' "$lib" 'plan 2' 'check one 1 1' 'check two 2 2' 'ktap_done' > "$tmp/t/good.sh"
printf '%s\n' "$lib" 'plan 3' 'ok one' 'ok two' 'false || exit 1' 'ok three' 'ktap_done' > "$tmp/t/exits.sh"
printf '%s\n' "$lib" 'ok one' 'ktap_done' > "$tmp/t/noplan.sh"
printf '%s\n' "$lib" 'plan 1' 'ok one' 'ok two' 'true' > "$tmp/t/toomany.sh"
printf '%s\n' "$lib" 'plan 1' 'check one 1 2' 'true' > "$tmp/t/fails.sh"
printf '%s\n' "$lib" 'ok early' 'plan 1' 'true' > "$tmp/t/lateplan.sh"
: > "$tmp/cmdline"
# run_tests NAME...: run-tests on those scripts; its output, then "exit N"
run_tests() {
  echo "ra.tests=$(IFS=,; echo "$*")" > "$tmp/cmdline"
  TESTS_DIR=$tmp/t RA_CMDLINE=$tmp/cmdline TMPDIR=$tmp busybox sh "$here/guest/run-tests" > "$tmp/rt.ktap"
  echo "exit $?"
}
n=$((n + 1))
st=$(run_tests good)
[ "$st" = "exit 0" ] && echo "ok $n run_tests_good_script_exits_0" || { echo "not ok $n run_tests_good_script_exits_0 # $st"; sed 's/^/# /' "$tmp/rt.ktap"; }
expect run_tests_good_script_passes 0 '2 passed, 0 failed' --ktap "g=$tmp/rt.ktap" --expect g=good
for s in exits noplan toomany fails lateplan; do
  n=$((n + 1))
  st=$(run_tests $s)
  [ "$st" = "exit 1" ] && echo "ok $n run_tests_${s}_exits_1" || { echo "not ok $n run_tests_${s}_exits_1 # $st"; sed 's/^/# /' "$tmp/rt.ktap"; }
done
st=$(run_tests exits good)
expect run_tests_script_exiting_early_fails 1 'exits: plan 1..3, 2 results (cut short)' --ktap "g=$tmp/rt.ktap"

# bench/matrix_table.py: patched@512 below 0.97x the better stock's rate, or
# above 1.03x the fewer stock bytes, is flagged; within both is not
row() { echo "job seq-1 fs ext4 ra_kb $1 warm 0 memfree_kb 900000 rate $2 unit mb_s consumed 1048576 device $3 requests 8"; }
# matrix_expect NAME REGEX: matrix_table.py on $tmp/stock.txt and
# $tmp/patched.txt prints a line that REGEX matches
matrix_expect() {
  local out
  n=$((n + 1))
  out=$(python3 "$here/bench/matrix_table.py" stock="$tmp/stock.txt" patched="$tmp/patched.txt" 2>&1)
  grep -q "$2" <<< "$out" && echo "ok $n matrix_$1" ||
    { echo "not ok $n matrix_$1"; sed 's/^/# /' <<< "$out"; }
}
{ row 128 30 1000000; row 512 40 1000000; } > "$tmp/stock.txt"
for c in "slower_flagged 38.7 1000000 1" "more_bytes_flagged 40 1031000 1" "within_targets_passes 38.9 1030000 0"; do
  set -- $c
  row 512 $2 $3 > "$tmp/patched.txt"
  matrix_expect $1 "^$4 of 1 rows miss a target$"
done
# a large window is compared at its own size: patched@2048 0.95x stock@2048
row 2048 60 4000000 > "$tmp/stock.txt"
row 2048 57 4000000 > "$tmp/patched.txt"
matrix_expect large_window_slower_flagged \
  "^1 of 1 large-window rows miss a target against stock at the same size, 0 against"
# and against the better of stock@128 and @512 where the job ran at those:
# patched@2048 at 0.95x stock@512 is marked, though as fast as stock@2048
{ row 128 30 1000000; row 512 40 1000000; row 2048 38 1000000; } > "$tmp/stock.txt"
row 2048 38 1000000 > "$tmp/patched.txt"
matrix_expect large_window_below_best_stock_marked \
  "^0 of 1 large-window rows miss a target against stock at the same size, 1 against"

# system/apps_table.py: patched below 0.97x the faster stock's median time,
# or above 1.03x the fewer stock MiB, is marked '<'; a failed run fails it
apps_rows() { for r in 1 2 3; do echo "row git_log cold $r $1 10 $2"; done; }
apps_expect() {  # NAME WANT_STATUS REGEX
  local out rc
  n=$((n + 1))
  out=$(python3 "$here/system/apps_table.py" "hdd:stock@128:$tmp/a128" "hdd:stock@512:$tmp/a512" \
    "hdd:patched:$tmp/apatched" 2>&1); rc=$?
  [ $rc = "$2" ] && grep -q -- "$3" <<< "$out" && echo "ok $n apps_table_$1" ||
    { echo "not ok $n apps_table_$1 # status $rc, wanted $2"; sed 's/^/# /' <<< "$out"; }
}
apps_rows 10.0 10240 > "$tmp/a128"; apps_rows 9.0 20480 > "$tmp/a512"
apps_rows 9.30 10240 > "$tmp/apatched"
apps_expect slower_marked 0 ' 0.97   1.00 <$'
apps_rows 9.18 10240 > "$tmp/apatched"
apps_expect within_targets_unmarked 0 ' 0.98   1.00$'
apps_rows 9.0 10600 > "$tmp/apatched"
apps_expect more_bytes_marked 0 ' 1.00   1.04 <$'
echo "fail git_log cold 1" >> "$tmp/apatched"
apps_expect failed_run_fails 1 '^hdd patched: fail git_log'

# scripts/docs-check.sh on a made-up tree: a kernel-doc warning that base
# already had passes, one the series adds fails, and so does a bad reST file
k=$tmp/k src=${BUILD_DIR:-$here/build}/patched/src
mkdir -p "$k/scripts" "$k/Documentation/ABI/testing"
cp "$src/scripts/kernel-doc" "$src/scripts/get_abi.pl" "$k/scripts/" 2>/dev/null
cp "$src/Documentation/ABI/testing/sysfs-class-bdi" "$k/Documentation/ABI/testing/" 2>/dev/null
printf '%s\n' '/**' ' * old_fn - its parameter was never described' ' */' 'int old_fn(int x);' > "$k/a.c"
git -C "$k" init -q && git -C "$k" add -A && git -C "$k" -c user.name=t -c user.email=t@t commit -qm base && git -C "$k" tag base
# docs_check NAME WANT_STATUS WANT_LINE: commit the tree as it is, run docs-check
docs_check() {
  local out rc
  git -C "$k" add -A && git -C "$k" -c user.name=t -c user.email=t@t commit -qm "$1"
  out=$("$here/scripts/docs-check.sh" "$k" 2>&1); rc=$?
  n=$((n + 1))
  if [ $rc = "$2" ] && grep -qF -- "$3" <<< "$out"; then echo "ok $n docs_check_$1"
  else echo "not ok $n docs_check_$1"; echo "# status $rc, wanted $2 and '$3'; output:"; sed 's/^/# /' <<< "$out"; fi
}
echo 'int other(void);' >> "$k/a.c"
docs_check old_warning_passes 0 'ok 1 kernel-doc a.c'
printf '%s\n' '/**' ' * new_fn - adds an undescribed parameter' ' */' 'int new_fn(int y);' >> "$k/a.c"
docs_check new_warning_fails 1 'not ok 1 kernel-doc a.c'
printf '%s\n' 'Title' '=====' '' '``unclosed' > "$k/Documentation/bad.rst"
docs_check bad_rst_fails 1 'not ok 2 rst Documentation/bad.rst'

# scripts/checkpatch.sh: a new file under a directory a MAINTAINERS entry
# covers needs no line of its own; one only THE REST covers still does
mkpatch() {  # mkpatch NAME FILE: a patch adding FILE, as format-patch writes it
  printf '%s\n' 'From: A U Thor <author@example.org>' 'Subject: [PATCH] add a file' '' \
    'Add a file for the harness test of checkpatch.sh.' '' \
    'Signed-off-by: A U Thor <author@example.org>' '---' "diff --git a/$2 b/$2" \
    'new file mode 100644' 'index 0000000..2b5f4fc' '--- /dev/null' "+++ b/$2" '@@ -0,0 +1 @@' \
    '+// SPDX-License-Identifier: GPL-2.0' > "$tmp/$1.patch"
}
mkpatch covered block/made-up-kunit.c
mkpatch uncovered made-up-dir/made-up.c
n=$((n + 1))
out=$("$here/scripts/checkpatch.sh" "$src" "$tmp/covered.patch" 2>&1)
grep -qx 'ok 1 covered.patch' <<< "$out" && echo "ok $n checkpatch_covered_new_file_passes" ||
  { echo "not ok $n checkpatch_covered_new_file_passes"; sed 's/^/# /' <<< "$out"; }
n=$((n + 1))
out=$("$here/scripts/checkpatch.sh" "$src" "$tmp/uncovered.patch" 2>&1)
grep -qx 'not ok 1 uncovered.patch' <<< "$out" && grep -q 'FILE_PATH_CHANGES' <<< "$out" &&
  echo "ok $n checkpatch_uncovered_new_file_fails" ||
  { echo "not ok $n checkpatch_uncovered_new_file_fails"; sed 's/^/# /' <<< "$out"; }

# scripts/ra_trace.py reads the readahead event as tracefs, trace-cmd report
# and perf script print it, and skips the entry-point events
n=$((n + 1))
printf '%s\n' \
  '  raload-90 [001] ..... 12.500000: readahead: dev=254:0 ino=1c pattern=initial req=0+1 ra=0+4-3 async=0 mmap=0 actual=4' \
  '  raload-90 [001] 12.600000: page_cache_async_ra:  dev=254:0 ino=1c index=1 req_count=1 order=0 size=4 async_size=3 ra_pages=128 mmap_miss=0 prev_pos=4096' \
  '  raload-90 [001] 12.700000: readahead:            dev=254:0 ino=1c pattern=subsequent req=1+1 ra=4+16-16 async=1 mmap=1 actual=6' \
  '  raload    90 [001]    12.800000: readahead:readahead: dev=254:0 ino=1c pattern=thrash req=9+2 ra=9+8-2 async=0 mmap=0 actual=8' \
  > "$tmp/ra.trace"
out=$(python3 "$here/scripts/ra_trace.py" --records "$tmp/ra.trace" 2>&1)
want='initial 254:0 28 0 1 0 4 3 0 0 4 12.5
subsequent 254:0 28 1 1 4 16 16 1 1 6 12.7
thrash 254:0 28 9 2 9 8 2 0 0 8 12.8'
got=$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1])
import ra_trace
for e in ra_trace.parse(open(sys.argv[2])):
    print(e.pattern, e.dev, e.ino, e.index, e.req, e.start, e.size, e.async_size, e.is_async, e.mmap, e.actual, e.time)' \
  "$here/scripts" "$tmp/ra.trace" 2>&1)
[ "$got" = "$want" ] && [ -n "$out" ] && echo "ok $n ra_trace_parses_every_tool" ||
  { echo "not ok $n ra_trace_parses_every_tool"; sed 's/^/# /' <<< "$got"; }

# scripts/kernel-problems.sh (qemu-run.sh's scan of the console): an OOM
# kill's Call Trace counts unless QEMU_OOM_OK=1, and a WARNING never passes
printf '%s\n' '[ 1.0] ok' '[ 64.4] madvise09 invoked oom-killer: gfp_mask=0xcc0' '[ 64.5] Call Trace:' \
  '[ 64.6]  dump_stack_lvl+0x4f/0x60' > "$tmp/oom.log"
cp "$tmp/oom.log" "$tmp/oomwarn.log"
printf '%s\n' '[ 70.0] WARNING: CPU: 1 PID: 9 at mm/readahead.c:100' '[ 70.1] Call Trace:' >> "$tmp/oomwarn.log"
problems_expect() {  # NAME WANT_STATUS WANT_OUTPUT OOM_OK LOG
  local out rc
  out=$(QEMU_OOM_OK=$4 "$here/scripts/kernel-problems.sh" "$5" 2>&1); rc=$?
  n=$((n + 1))
  if [ $rc = "$2" ] && [ "$out" = "$3" ]; then echo "ok $n $1"
  else echo "not ok $n $1"; echo "# status $rc, wanted $2; output:"; sed 's/^/# /' <<< "$out"; fi
}
problems_expect kernel_problems_oom_trace_counts 0 '3:[ 64.5] Call Trace:' 0 "$tmp/oom.log"
problems_expect kernel_problems_oom_trace_allowed 1 '' 1 "$tmp/oom.log"
problems_expect kernel_problems_warning_after_oom_counts 0 "5:[ 70.0] WARNING: CPU: 1 PID: 9 at mm/readahead.c:100
6:[ 70.1] Call Trace:" 1 "$tmp/oomwarn.log"

# system/fstests_select.py --part: consecutive slices of the selection that
# together are all of it, and a clear error for a part that does not exist
mkdir -p "$tmp/xfstests/tests/generic"
for t in 001 002 003 004 005; do
  printf '_begin_fstest auto quick rw\n' > "$tmp/xfstests/tests/generic/$t"
done
printf '_begin_fstest auto\n' > "$tmp/xfstests/tests/generic/006"
got=$(for k in 1 2; do python3 "$here/system/fstests_select.py" "$tmp/xfstests" ext4 --part $k/2; done 2>&1)
n=$((n + 1))
[ "$got" = "generic/001 generic/002 generic/003
generic/004 generic/005" ] && echo "ok $n fstests_select_parts_cover_selection" ||
  { echo "not ok $n fstests_select_parts_cover_selection"; sed 's/^/# /' <<< "$got"; }
out=$(python3 "$here/system/fstests_select.py" "$tmp/xfstests" ext4 --part 3/2 2>&1); rc=$?
n=$((n + 1))
[ $rc = 1 ] && [ "$out" = "fstests_select: --part wants K/N with 1 <= K <= N, not '3/2'" ] &&
  echo "ok $n fstests_select_bad_part_fails" ||
  { echo "not ok $n fstests_select_bad_part_fails"; echo "# status $rc"; sed 's/^/# /' <<< "$out"; }

# system/ltp_table.py: counts per kernel and runtest file, and a test that
# fails on patched but passes on stock fails the table with its output
printf '%s\n' '# k' 'mmap01 pass 1' 'mm:mmap1 pass 18' > "$tmp/ltp-stock"
printf '%s\n' '# k' 'mmap01 pass 2' 'mm:mmap1 fail 20' '=== mm:mmap1 (exit 1)' 'TFAIL: bad data' \
  '=== end' > "$tmp/ltp-patched"
out=$(python3 "$here/system/ltp_table.py" "stock:$tmp/ltp-stock" "patched:$tmp/ltp-patched" 2>&1); rc=$?
n=$((n + 1))
[ $rc = 1 ] && [ "$(grep -c '^stock \|^patched ' <<< "$out")" = 4 ] &&
  grep -q '^patched  mm  *1  *0  *0  *0  *1  *20$' <<< "$out" &&
  grep -qx 'mm:mmap1: stock pass, patched fail' <<< "$out" && grep -qx 'TFAIL: bad data' <<< "$out" &&
  echo "ok $n ltp_table_per_runtest_and_regression" ||
  { echo "not ok $n ltp_table_per_runtest_and_regression"; echo "# status $rc"; sed 's/^/# /' <<< "$out"; }
