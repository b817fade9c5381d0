#!/usr/bin/env bash
# The seed's readahead-size sweep on the emulated disks, stock and patched
# kernels in one run: a cold sequential 4 KiB-read of each disk for every
# read_ahead_kb; MiB/s per kernel, and for the hdd the cover letter's
# analytic throughput (8 ms + KiB / 100 ms per request, in MiB/s).  Writes
# docs/plots/sweep-MODEL.png (gnuplot) and prints the table.
#   bench/sweep.sh [MODELS [KBS [SECS]]]   (default hdd,usb,ssd 4,8,...,4096 2)
set -euo pipefail
models=${1:-hdd,usb,ssd} kbs=${2:-4,8,16,32,64,128,256,512,1024,2048,4096} secs=${3:-2}
. "$(dirname "$0")/lib.sh"
for kind in stock patched; do
  DATA_IMG= QEMU_TIMEOUT=3600 boot_kernel $kind bench-sweep-$kind scenarios/sweep \
    ra.models=$models ra.kbs=$kbs ra.secs=$secs
done
mkdir -p "$here/docs/plots"
data=$B/runs/bench-sweep.dat
join <(awk '$1 == "sweep" { print $2 "@" $4, $8 }' "$B/runs/bench-sweep-stock/output.txt" | sort) \
     <(awk '$1 == "sweep" { print $2 "@" $4, $8, $12 }' "$B/runs/bench-sweep-patched/output.txt" | sort) |
  tr '@' ' ' | sort -k1,1 -k2n > "$data"
echo "Readahead-size sweep: cold sequential read, MiB/s; hdd_model: one window per 8 ms + KiB/100 ms,"
echo "per 1 MiB request (= the cover letter's table up to 1024 KiB)"
printf '%-6s %8s %10s %10s %8s %10s %9s\n' model ra_kb stock patched ratio hdd_model avg_KiB
awk '{ model = $1 == "hdd" ? sprintf("%.2f", $2 / (8 * int(($2 + 1023) / 1024) + $2 / 100) * 1000 / 1024) : "-"
  printf "%-6s %8s %10s %10s %8.2f %10s %9s\n", $1, $2, $3, $4, $4 / $3, model, $5 }' "$data"
for m in $(echo "$models" | tr ',' ' '); do
  grep "^$m " "$data" > "$data.$m" || continue
  analytic=""
  [ "$m" = hdd ] && analytic=", (x / (8 + x / 100) * 1000 / 1024) with lines dt 2 title 'cover letter model'"
  gnuplot <<GP
set terminal png size 800,500
set output '$here/docs/plots/sweep-$m.png'
set title 'Readahead size sweep, $m model: cold sequential read'
set xlabel 'read\_ahead\_kb'; set ylabel 'MB/s'
set logscale x 2; set key left top; set grid
plot '$data.$m' using 2:3 with linespoints title 'stock 6.12', \
     '$data.$m' using 2:4 with linespoints title 'patched'$analytic
GP
done
