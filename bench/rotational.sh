#!/usr/bin/env bash
# The setup of the report against 6.17's larger default for rotational disks
# (issue 19): a 1 GiB guest, MGLRU with min_ttl_ms=1000, READERS readers of
# a 2 TiB rotational disk behind the hdd model (guest/scenarios/
# rotational-readers).  Stock at its default (128 KiB) and at 6.17's
# 2 x max_sectors_kb, patched at its default and at 2 x max_sectors_kb, in
# one run.
#   bench/rotational.sh [READERS [KBPS [SECS]]]   (default 256 200 30)
set -euo pipefail
readers=${1:-256} kbps=${2:-200} secs=${3:-30}
. "$(dirname "$0")/lib.sh"
export QEMU_MEM=1G QEMU_TIMEOUT=$(( 10 * secs + 600 ))
args="ra.readers=$readers ra.kbps=$kbps ra.secs=$secs"
for run in stock:default stock:2xmax patched:default patched:2xmax; do
  DATA_IMG= boot_kernel ${run%:*} bench-rotational-${run/:/-} scenarios/rotational-readers ra.kb=${run#*:} $args ||
    echo "rotational ${run/:/ } failed (see $B/runs/bench-rotational-${run/:/-}/console.log)" >&2
done
echo "Rotational disk (2 TiB, hdd model), 1 GiB guest, MGLRU min_ttl_ms=1000: $readers readers x 4 KiB at $kbps KB/s, $secs s"
echo "wasted: read from the disk, neither consumed nor still cached ahead of the readers; amplif: (device - cached ahead) / consumed"
printf '%-8s %-8s %6s %12s %5s %10s %10s %10s %7s %4s %9s\n' kernel kb ra_kb consumed_MiB kept ahead_MiB device_MiB wasted_MiB amplif oom thrashed
for run in stock:default stock:2xmax patched:default patched:2xmax; do
  d=$B/runs/bench-rotational-${run/:/-}
  # no line, or no count from the readers: the OOM killer took them
  awk '$1 == "rotational" && $13 != "-" { ok = 1 } END { exit !ok }' $d/output.txt 2> /dev/null || {
    printf '%-8s %-8s no result: %s processes killed by the OOM killer\n' ${run%:*} ${run#*:} \
      "$(grep -c 'Out of memory: Killed process' $d/console.log)"
    continue; }
  awk -v k=${run%:*} -v r=${run#*:} '$1 == "rotational" {
    m = 1048576
    printf "%-8s %-8s %6s %12.1f %5s %10.1f %10.1f %10.1f %7s %4s %9s\n", k, r, $5, $13 / m, $11, $15 / m,
      $17 / m, ($17 - $13 - $15) / m, sprintf("%.3f", ($17 - $15) / $13), $19,
      $21 == "-" ? "-" : sprintf("%.2f%%", 100 * $22 / $21) }' $d/output.txt
done
