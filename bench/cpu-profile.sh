#!/usr/bin/env bash
# CPU per readahead, by profile rather than by MB/s (which drifts more than
# the difference on this emulated machine): perf samples a cold sequential
# read of a device that takes no time, on stock@512 and patched@512, and the
# table gives the share of samples in the readahead code.
#   bench/cpu-profile.sh [REPS]   (default 3; min/median/max)
set -euo pipefail
reps=${1:-3}
. "$(dirname "$0")/lib.sh"
"$here/scripts/data-image.sh" "$B/data.img" >&2
for kind in stock patched; do
  DATA_IMG=$B/data.img boot_kernel $kind bench-cpu-profile-$kind scenarios/cpu-profile ra.reps=$reps
done
echo "Share of CPU samples in the readahead code (perf record -a), cold sequential 128 KiB reads"
echo "of 512 MiB from a null_blk at read_ahead_kb 512, min/median/max of $reps runs"
printf '%-8s %20s\n' kernel readahead_%
for kind in stock patched; do
  printf '%-8s %20s\n' $kind "$(awk '$1 == "cpu-profile" { print $5 }' "$B/runs/bench-cpu-profile-$kind/output.txt" |
    sort -n | awk '{ v[NR] = $1 } END { printf "%.2f/%.2f/%.2f", v[1], v[int((NR + 1) / 2)], v[NR] }')"
done
for kind in stock patched; do
  echo "$kind, last run, functions in the readahead code (% of samples):"
  awk '$1 == "cpu-profile" { l = $0 } END { sub(/.*functions/, "", l); print " " l }' "$B/runs/bench-cpu-profile-$kind/output.txt"
done
