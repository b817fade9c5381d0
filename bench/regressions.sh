#!/usr/bin/env bash
# Where the thrashing-safe readahead must not cost anything, stock vs patched
# in one run (same QEMU settings): cold random 4 KiB reads on the ssd model
# (amplification, IOPS) and 1, 2, 8, 64 sequential readers sharing one fd of the hdd
# model (MB/s, requests, average request size; 1 reader = a single stream,
# which should hold 512 KiB).
# Both kernels at 128 and 512 KiB, in that order, so that both run the same
# sequence after boot (each scenario also starts with a discarded warm-up
# run: the first workload after a boot runs slower).  The emulated machine's
# speed drifts (other tenants), so the kernels take turns: ROUNDS boots of
# each, alternating, REPS runs per boot; timings show min/median/max over
# all runs, the median being the median of the per-boot medians (the
# lower middle one for an even number of boots).
#   bench/regressions.sh [ROUNDS [REPS]]     (default 4 3)
set -euo pipefail
rounds=${1:-4} reps=${2:-3}
. "$(dirname "$0")/lib.sh"
for round in $(seq "$rounds"); do
  for kind in stock patched; do
    DATA_IMG= boot_kernel $kind bench-random-$kind-$round scenarios/random-read ra.kbs=128,512 ra.model=ssd ra.reps=$reps
    DATA_IMG= boot_kernel $kind bench-streams-$kind-$round scenarios/streams ra.kbs=128,512 ra.reps=$reps
  done
done
# rows KIND SCENARIO KEYFIELD TIMEFIELD: one line per "kind@ra_kb key" over
# all rounds, the min/median/max field TIMEFIELD merged as described above.
rows() {
  for round in $(seq "$rounds"); do cat "$B/runs/bench-$2-$1-$round/output.txt"; done |
  awk -v k=$1 -v key=$3 -v t=$4 '$1 == "ra_kb" { id = k "@" $2 " " $key
      split($t, m, "/"); first = !(id in line)
      if (first || m[1] + 0 < lo[id]) lo[id] = m[1] + 0
      if (first || m[3] + 0 > hi[id]) hi[id] = m[3] + 0
      meds[id] = meds[id] " " m[2]; if (first) order[++n] = id
      $1 = k "@" $2; $2 = ""; line[id] = $0 }
    END { for (i = 1; i <= n; i++) { id = order[i]; c = split(meds[id], v, " ")
      for (a = 1; a <= c; a++) for (b = a + 1; b <= c; b++) if (v[b] + 0 < v[a] + 0) { x = v[a]; v[a] = v[b]; v[b] = x }
      $0 = line[id]; $(t - 1) = lo[id] "/" v[int((c + 1) / 2)] "/" hi[id]; print } }'
}
echo "Random 4 KiB reads, distinct non-adjacent pages, ssd model: 0.1 ms + size at 500 MB/s, queue depth 64 (IOPS: min/median/max)"
printf '%-14s %8s %14s %22s\n' kernel@ra_kb reads amplification IOPS
{ rows stock random 6 14; rows patched random 6 14; } | awk '{ printf "%-14s %8s %14s %22s\n", $1, $5, $11, $13 }'
echo
echo "Sequential readers sharing one fd, hdd model: 8 ms + size at 100 MB/s, one request at a time (MB/s: min/median/max)"
printf '%-14s %8s %20s %9s %8s %14s\n' kernel@ra_kb readers MB/s requests avg_KiB median/stock@kb
{ rows stock streams 4 8; rows patched streams 4 8; } | awk '{ split($7, m, "/"); med[$1, $3] = m[2]; line[NR] = $0 }
  END { for (i = 1; i <= NR; i++) { $0 = line[i]; split($7, m, "/")
    printf "%-14s %8s %20s %9s %8s %14.2f\n", $1, $3, $7, $9, $11, m[2] / med["stock@" substr($1, index($1, "@") + 1), $3] } }'
