#!/usr/bin/env bash
# Memory footprint, stock vs patched in one run (same QEMU settings): 800
# files of a desktop-like mix on the data disk read once, whole or a prefix
# (guest/scenarios/footprint): the pages the programs used against the
# pages cached afterwards (the cover letter's "readahead cache hit ratio");
# stock at 128 and 512 KiB, patched at 512 KiB.
#   bench/footprint.sh [REPS]     (default 3)
set -euo pipefail
reps=${1:-3}
. "$(dirname "$0")/lib.sh"
"$here/scripts/data-image.sh" "$B/data.img" >&2
for kind in stock patched; do
  kbs=512; [ $kind = stock ] && kbs=128,512
  DATA_IMG=$B/data.img boot_kernel $kind bench-footprint-$kind scenarios/footprint ra.kbs=$kbs ra.reps=$reps
done
echo "Memory footprint: 800 files (scripts/desk-files.py) read once on a virtio disk; seconds min/median/max of $reps"
printf '%-16s %9s %10s %8s %10s %16s\n' kernel@ra_kb used_KiB cached_KiB used/cached device_KiB seconds
for kind in stock patched; do
  awk -v k=$kind '$1 == "ra_kb" { printf "%-16s %9s %10s %11s %10s %16s\n", k "@" $2, $4, $6, $8, $10, $12 }' \
    "$B/runs/bench-footprint-$kind/output.txt"
done
