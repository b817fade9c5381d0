#!/usr/bin/env bash
# The ramp guard's room check (patch 9d, ra_cache_has_room()) measured where
# reclaim runs.  At an expected marker whose history ends at a hole (a
# stream that started mid-file), the series ramps up only when the page
# cache "has room": free memory above the node's high watermarks and room
# below the memcg's limits.  Three variants of it, and stock, in one run:
#   patched   the series (the room signal)
#   noroom    ra_cache_has_room() always false: such streams grow only
#             as far as their history
#   ramp      ra_cache_has_room() always true: only a history cut by
#             reclaim bounds the ramp
# Table 1: guest/scenarios/room (mid-file streams of the hdd model, 1, 8
# and 64 readers on one fd, raw device and ext4, both LRUs, with a filler
# keeping memory full, in the whole guest and in a 256M memcg, and with
# memory to spare).  Table 2: guest/scenarios/thrash (300 streams at
# 200 KB/s for 30 s, 512 KiB; 128 MiB guest and 100M memcg) on the three
# series variants: what the guard buys where many streams start at once.
#   bench/room.sh [REPS]   (default 1: one run per case and thrash setting)
set -euo pipefail
reps=${1:-1}
. "$(dirname "$0")/lib.sh"

# variant NAME VALUE: the patched tree with ra_cache_has_room() returning
# VALUE, built in build/room-NAME; prints its bzImage
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
  sed -i "s/^\treturn free >= (long)pages && ra_memcg_has_room(pages);$/\treturn $2;/" "$dir/src/mm/readahead.c"
  grep -q "^	return $2;$" "$dir/src/mm/readahead.c" ||
    { echo "room.sh: no ra_cache_has_room() return line to replace in the patched tree" >&2; exit 1; }
  echo "room.sh: building the $1 variant" >&2
  "$here/scripts/build-kernel.sh" "$dir/src" "$dir/obj" "$here/kconfig/guest.config" "$here/kconfig/series.config"
}
kernel[noroom]=$(variant noroom false)
kernel[ramp]=$(variant ramp true)

outs=()
for kind in stock patched noroom ramp; do
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
for kind in patched noroom ramp; do
  for limit in mem memcg; do
    mem=128M cg=; [ $limit = memcg ] && mem=1G cg=ra.memcg=100M
    echo "room.sh: scenarios/thrash on $kind, $limit" >&2
    QEMU_MEM=$mem QEMU_TIMEOUT=$((4 * reps * 60 + 120)) boot_kernel $kind bench-room-thrash-$kind-$limit \
      scenarios/thrash ra.kbs=512 ra.lru=n,y ra.streams=300 ra.kbps=200 ra.secs=30 ra.reps=$reps $cg
    touts+=("$kind=$B/runs/bench-room-thrash-$kind-$limit/output.txt")
  done
done
echo
echo "Thrash stress on the three variants: 300 streams x 4 KiB at 200 KB/s, 30 s, 512 KiB;"
echo "memcg '-': 128 MiB guest; memcg 100M: 1 GiB guest, readers in a 100M memory cgroup"
python3 "$here/bench/thrash_table.py" "${touts[@]}"
