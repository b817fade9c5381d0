#!/usr/bin/env bash
# Page faults, stock vs patched in one run (same QEMU settings): a mapping
# of the hdd model faulted in order over 64 MiB, and at 200 random pages
# (guest/scenarios/mmap); stock at 128 and 512 KiB, patched at 512 KiB.
#   bench/mmap.sh [MODEL [REPS]]     (default hdd 3)
set -euo pipefail
model=${1:-hdd} reps=${2:-3}
. "$(dirname "$0")/lib.sh"
for kind in stock patched; do
  kbs=512; [ $kind = stock ] && kbs=128,512
  DATA_IMG= boot_kernel $kind bench-mmap-$kind scenarios/mmap ra.model=$model ra.kbs=$kbs ra.reps=$reps
done
echo "mmap faults on the $model model: 64 MiB in order (MB/s), 200 random pages (faults/s); min/median/max of $reps"
printf '%-16s %-7s %22s %19s\n' kernel@ra_kb access rate device/touched
for kind in stock patched; do
  awk -v k=$kind '$1 == "ra_kb" { printf "%-16s %-7s %22s %19s\n", k "@" $2, $4, $8 " " $7, $10 }' \
    "$B/runs/bench-mmap-$kind/output.txt"
done
