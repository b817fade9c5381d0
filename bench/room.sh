#!/usr/bin/env bash
# The ramp guard of patch 9d where reclaim runs.  At an expected marker
# whose history falls short of the next window, the series grows the
# window past the history unless the history ends at a page reclaim took
# (patch 20 dropped a free-memory test there).  In one run:
#   stock     6.12 at 512 KiB
#   patched   the series
#   bounded   the series with the guard bounding every such stream (the
#             history alone decides), the rule's strict form
# Table 1: guest/scenarios/room (mid-file streams of the hdd model, 1, 8
# and 64 readers on one fd, raw device and ext4, both LRUs, with memory to
# spare and with a filler keeping memory full, in the whole guest and in a
# 256M memcg).  Table 2: guest/scenarios/thrash (300 streams at 200 KB/s for
# 30 s, 512 KiB; 128 MiB guest and 100M memcg) on the series and its
# variant: what the guard buys where many streams start at once.
#   bench/room.sh [REPS]   (default 1: one run per case and thrash setting;
#                           about 35 minutes here)
set -euo pipefail
reps=${1:-1}
. "$(dirname "$0")/lib.sh"

# variant NAME: the patched tree with the guard's ramp condition reduced to
# a history long enough or reaching the start of the file, built in
# build/room-NAME; prints its bzImage
variant() {
  local dir=$B/room-$1 head
  head=$(git -C "$B/patched/src" rev-parse HEAD)
  if [ -f "$dir/src/Makefile" ]; then
    git -C "$dir/src" checkout -q -f --detach "$head"
  else
    rm -rf "$dir/src"; git -C "$B/patched/src" worktree prune
    echo "room.sh: checking out $dir/src" >&2
    git -C "$B/patched/src" worktree add -q -f --detach "$dir/src" "$head" >&2
  fi
  sed -i 's/^\t\tif (rq->history_bof || !rq->history_cut ||$/\t\tif (rq->history_bof ||/' "$dir/src/mm/readahead.c"
  grep -q '^		if (rq->history_bof ||$' "$dir/src/mm/readahead.c" ||
    { echo "room.sh: the guard's condition was not found in the patched tree" >&2; exit 1; }
  echo "room.sh: building the $1 variant" >&2
  "$here/scripts/build-kernel.sh" "$dir/src" "$dir/obj" "$here/kconfig/guest.config" "$here/kconfig/series.config"
}
# the ext4 target lives on the scratch disk, which comes with the data disk
"$here/scripts/data-image.sh" "$B/data.img" >&2
export DATA_IMG=$B/data.img
kernel[bounded]=$(variant bounded)

outs=()
for kind in stock patched bounded; do
  echo "room.sh: scenarios/room on $kind" >&2
  QEMU_TIMEOUT=$((reps * 3600)) boot_kernel $kind bench-room-$kind scenarios/room ra.fill=0,1 ra.reps=$reps
  outs+=("$kind=$B/runs/bench-room-$kind/output.txt")
done
echo "Mid-file streams of the hdd model (8 ms + 100 MB/s), 4 KiB reads at read_ahead_kb 512,"
echo "with memory to spare (fill 0) and with a filler keeping the page cache full (fill 1),"
echo "in the whole 1 GiB guest (memcg -) and in a 256M memory cgroup; MB/s (median of $reps) and"
echo "device requests per kernel"
python3 "$here/bench/room_table.py" "${outs[@]}"

touts=()
for kind in patched bounded; do
  for limit in mem memcg; do
    mem=128M cg=; [ $limit = memcg ] && mem=1G cg=ra.memcg=100M
    echo "room.sh: scenarios/thrash on $kind, $limit" >&2
    QEMU_MEM=$mem QEMU_TIMEOUT=$((4 * reps * 60 + 120)) boot_kernel $kind bench-room-thrash-$kind-$limit \
      scenarios/thrash ra.kbs=512 ra.lru=n,y ra.streams=300 ra.kbps=200 ra.secs=30 ra.reps=$reps $cg
    touts+=("$kind=$B/runs/bench-room-thrash-$kind-$limit/output.txt")
  done
done
echo
echo "Thrash stress on the series and its variant: 300 streams x 4 KiB at 200 KB/s, 30 s, 512 KiB;"
echo "memcg '-': 128 MiB guest; memcg 100M: 1 GiB guest, readers in a 100M memory cgroup"
python3 "$here/bench/thrash_table.py" "${touts[@]}"
