#!/usr/bin/env bash
# What each patch buys against the one before it: the thrash stress
# (guest/scenarios/thrash, 300 streams at 200 KB/s for 30 s, 512 KiB, both
# LRUs, a 128 MiB guest and a 100M memcg) on the series after each of
# patches FROM..TO, each built alone (scripts/bisect-build.sh) and booted in
# turn. Patches are numbered as their files in patches/: the defaults are the
# thrashing-safe readahead, 0010 (6.12's rules in ra_decide()) to 0013; the
# tables in their commit messages and in docs/results.md come from this.
#   bench/thrash-per-patch.sh [FROM [TO [REPS]]]   (default 10 13 2)
set -euo pipefail
from=${1:-10} to=${2:-13} reps=${3:-2}
. "$(dirname "$0")/lib.sh"
FROM=$from TO=$to KEEP_IMAGES=1 "$here/scripts/bisect-build.sh" >&2
args="ra.kbs=512 ra.lru=n,y ra.streams=300 ra.kbps=200 ra.secs=30 ra.reps=$reps"
outs=()
for n in $(seq "$from" "$to"); do
  nnnn=$(printf %04d "$n")
  for limit in mem memcg; do
    mem=128M cg=; [ $limit = memcg ] && mem=1G cg=ra.memcg=100M
    QEMU_MEM=$mem QEMU_TIMEOUT=$(( 4 * reps * 60 + 120 )) "$here/scripts/qemu-run.sh" \
      "$B/bisect/images/$nnnn.bzImage" "$B/initramfs.cpio.gz" "$B/runs/per-patch-$nnnn-$limit" \
      scenarios/thrash $args $cg >&2
    outs+=("$nnnn=$B/runs/per-patch-$nnnn-$limit/output.txt")
  done
done
echo "Thrash stress after each patch: 300 streams x 4 KiB at 200 KB/s, 30 s, 512 KiB;"
echo "memcg '-': 128 MiB guest; memcg 100M: 1 GiB guest, readers in a 100M memory cgroup"
python3 "$here/bench/thrash_table.py" "${outs[@]}"
