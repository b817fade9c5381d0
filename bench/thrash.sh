#!/usr/bin/env bash
# Readahead thrashing, stock vs patched in one run (same QEMU settings):
# guest/scenarios/thrash, STREAMS readers at KBPS KB/s for SECS seconds,
# REPS times each, on classic LRU and MGLRU; stock at 128 and 512 KiB,
# patched at 512 KiB. Two kinds of memory limit, one boot per kernel each:
# a 128 MiB guest (mem=), and a 1 GiB guest with the readers in a memory
# cgroup of memory.max=MEMCG (containers). Table: bench/thrash_table.py.
# In the 128 MiB guest, one stream's page cache insertions are traced:
# docs/plots/thrash-window.png shows its readahead windows over time (MGLRU).
# THRASH_KB=N runs stock at 128 and N, patched at N, instead of 512 (larger
# windows, issue 19).  Patched also runs at its default ("default": never
# written, so the windows may grow within vm.readahead_budget_percent; a
# written size is a user's cap).
#   bench/thrash.sh [STREAMS [KBPS [SECS [REPS [MEMCG]]]]]  (default 300 200 30 3 100M)
set -euo pipefail
streams=${1:-300} kbps=${2:-200} secs=${3:-30} reps=${4:-3} memcg=${5:-100M}
. "$(dirname "$0")/lib.sh"
args="ra.lru=n,y ra.streams=$streams ra.kbps=$kbps ra.secs=$secs ra.reps=$reps"
outs=()
for limit in mem memcg; do
  for kind in stock patched; do
    # patched also at its own default (the 4 GiB disk's 128 KiB, never
    # written): what readahead that sizes itself does with no tuning
    kbs=default,${THRASH_KB:-512}; [ $kind = stock ] && kbs=128,${THRASH_KB:-512}
    mem=128M cg="ra.trace=$((streams / 2))"; [ $limit = memcg ] && mem=1G cg="ra.memcg=$memcg"
    QEMU_MEM=$mem QEMU_TIMEOUT=$(( 4 * reps * (secs + 30) + 120 )) \
      boot_kernel $kind bench-thrash-$kind-$limit scenarios/thrash ra.kbs=$kbs $args $cg
    outs+=("$kind=$B/runs/bench-thrash-$kind-$limit/output.txt")
  done
done
echo "Thrash stress: $streams streams x 4 KiB reads at $kbps KB/s, $secs s, null_blk 4 GiB;"
echo "memcg '-': 128 MiB guest; memcg $memcg: 1 GiB guest, readers in a cgroup with memory.max=$memcg"
python3 "$here/bench/thrash_table.py" "${outs[@]}"
[ "${THRASH_KB:-512}" = 512 ] || exit 0	# the plot is of the 512 KiB run
echo
echo "Readahead windows of stream $((streams / 2)) in the 128 MiB guest, MGLRU (page cache insertions, traced)"
dat=$B/runs/bench-thrash-window.dat
python3 "$here/bench/thrash_windows.py" y "$dat" "${outs[0]}" "${outs[1]}"
mkdir -p "$here/docs/plots"
gnuplot <<GP
set terminal png size 900,1000 noenhanced
set output '$here/docs/plots/thrash-window.png'
set multiplot layout 4,1 title 'Thrash stress: readahead windows of one of $streams streams over time (128 MiB, MGLRU)'
set ylabel 'window KiB'; set grid; set yrange [0:*]; set xrange [0:$secs]
do for [i=0:3] {
  if (i == 3) { set xlabel 'seconds' }
  plot '$dat' index i using 1:2 with impulses lw 2 title columnheader(1)
}
unset multiplot
GP
