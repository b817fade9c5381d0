#!/usr/bin/env bash
# Readahead thrashing, stock vs patched in one run: boots each kernel once in
# a 128 MiB guest (same QEMU settings) and runs guest/scenarios/thrash:
# STREAMS readers at KBPS KB/s for SECS seconds, on classic LRU and MGLRU;
# stock at 128 and 512 KiB, patched at 512 KiB. Prints I/O amplification
# (device bytes / consumed bytes), streams that kept their rate, and the
# share of thrashed readahead windows (patched, from the statistics).
#   bench/thrash.sh [STREAMS [KBPS [SECS]]]     (default 300 200 30)
set -euo pipefail
streams=${1:-300} kbps=${2:-200} secs=${3:-30}
. "$(dirname "$0")/lib.sh"
args="ra.lru=n,y ra.streams=$streams ra.kbps=$kbps ra.secs=$secs"
for kind in stock patched; do
  kbs=512; [ $kind = stock ] && kbs=128,512
  QEMU_MEM=128M QEMU_TIMEOUT=$(( 4 * 2 * (secs + 30) + 120 )) \
    boot_kernel $kind bench-thrash-$kind scenarios/thrash ra.kbs=$kbs $args
done
echo "Thrash stress: $streams streams x 4 KiB reads at $kbps KB/s, $secs s, 128 MiB guest, null_blk 4 GiB"
printf '%-9s %-7s %-8s %14s %13s %8s\n' kernel lru ra_kb amplification kept_rate thrash
for kind in stock patched; do
  awk -v k=$kind '{ for (i = 1; i < NF; i += 2) v[$i] = $(i + 1)
    amp = v["consumed"] ? v["device"] / v["consumed"] : 0
    th = (v["ra_all_thrash"] != "-" && $(NF - 1) > 0) ? sprintf("%.1f%%", 100 * $NF / $(NF - 1)) : "-"
    printf "%-9s %-7s %-8s %14.3f %9d/%-3d %8s\n", k, v["lru_gen"] == "y" ? "mglru" : "classic",
      v["ra_kb"], amp, v["kept_rate"], v["streams"], th }' "$B/runs/bench-thrash-$kind/output.txt"
done
