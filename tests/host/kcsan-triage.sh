#!/usr/bin/env bash
# KTAP checks of scripts/kcsan-triage.py on made-up console logs:
#   kcsan-triage.sh <patched tree>
# A report whose stacks only hold functions the series leaves alone is
# stock's and passes; one through a function the series changes fails
# unless tests/kcsan-known-races-style entries list its title.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
tree=$1 tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/none"

# report TITLE FRAME...: one KCSAN report as the console prints it
report() {
  local title=$1; shift
  echo '[   29.447746] =================================================================='
  echo "[   29.448423] BUG: KCSAN: $title"
  echo '[   29.448972] read to 0xffff888002838b50 of 8 bytes by task 231 on cpu 1:'
  for f in "$@"; do echo "[   29.449372]  $f+0x10c/0x4b0"; done
  echo '[   29.456992] Reported by Kernel Concurrency Sanitizer on:'
}
n=0
# check NAME WANT_STATUS WANT_LINE KNOWN LOG: run the triage, compare
check() {
  local out rc
  out=$(python3 "$here/scripts/kcsan-triage.py" --tree "$tree" --known "$4" "$5" 2>&1); rc=$?
  n=$((n + 1))
  if [ $rc = "$2" ] && grep -qF -- "$3" <<< "$out"; then echo "ok $n $1"
  else echo "not ok $n $1"; echo "# status $rc, wanted $2 and '$3'; output:"; sed 's/^/# /' <<< "$out"; fi
}
report 'data-race in touch_atime / touch_atime' touch_atime generic_file_read_iter vfs_read > "$tmp/stock.log"
report 'data-race in page_cache_async_ra / page_cache_async_ra' page_cache_async_ra generic_file_read_iter > "$tmp/series.log"
report 'data-race in ra_decide / vfs_read' ra_decide.constprop.0 vfs_read > "$tmp/suffix.log"
# a timer interrupt that arrived while readahead ran: the race is the timer's
report 'data-race in __hrtimer_run_queues / hrtimer_active' hrtimer_active hrtimer_interrupt \
  asm_sysvec_apic_timer_interrupt page_cache_ra_unbounded page_cache_sync_ra > "$tmp/irq.log"
report 'data-race in ra_submit / hrtimer_active' hrtimer_active asm_sysvec_apic_timer_interrupt \
  page_cache_sync_ra > "$tmp/irq-then-series.log"
sed -i '$i [   29.451000] \n[   29.452000] write to 0xffff888002838b50 of 8 bytes by task 7 on cpu 0:\n[   29.453000]  ra_submit+0x10/0x40' \
  "$tmp/irq-then-series.log"
cat "$tmp/stock.log" "$tmp/series.log" > "$tmp/both.log"
echo 'data-race in page_cache_async_ra / page_cache_async_ra' > "$tmp/known"

echo 'KTAP version 1'
echo '1..9'
check stock_code_passes 0 '  1  stock code' "$tmp/none" "$tmp/stock.log"
check series_code_fails 1 'SERIES: page_cache_async_ra' "$tmp/none" "$tmp/series.log"
check compiler_suffix_is_stripped 1 'SERIES: ra_decide' "$tmp/none" "$tmp/suffix.log"
check interrupted_code_is_not_the_race 0 'stock code' "$tmp/none" "$tmp/irq.log"
check second_stack_counts_after_interrupt 1 'SERIES: ra_submit' "$tmp/none" "$tmp/irq-then-series.log"
check known_series_race_passes 0 'known: page_cache_async_ra' "$tmp/known" "$tmp/series.log"
check counts_reports_and_races 1 '2 reports, 2 races, 1 in series code' "$tmp/none" "$tmp/both.log"
check no_report_passes 0 '0 reports, 0 races, 0 in series' "$tmp/none" "$tmp/none"
check missing_log_is_an_error 2 'kcsan-triage: ' "$tmp/none" "$tmp/absent.log"
