#!/bin/sh
# Retaining cached pages that readahead is asked to read (PATCH 05), under
# the classic LRU and MGLRU. In a 48 MiB memory cgroup: read A (512 KiB) and
# then 16 MiB of B; POSIX_FADV_WILLNEED A, which finds A cached; then read
# 40 MiB more of B. Reclaim takes the coldest pages: without retaining, A is
# the oldest and goes; retained, A sits ahead of B's first 16 MiB and stays.
# Then, counted by /proc/vmstat's pgretain (pages moved): a file on XFS read
# into large folios is retained once per folio, not once per page; and
# under MGLRU a dirty folio with PG_readahead is left where it is (re-adding
# it would put it in an active generation); and a thrashed window moves each
# cached folio of the old window once, not once for the range it retains and
# again for the new window it reads.
. /guest/lib.sh
plan 12
f=/data/seq64m
a_off=0 a_len=524288 a_pages=128
cg=/sys/fs/cgroup/ra-retain
memcg_dir $cg || exit 1

retained() {  # retained LRU_GEN_ENABLED: A's pages still cached at the end
	echo "$1" > /sys/kernel/mm/lru_gen/enabled
	lru_gen_is "$1" || { echo "lru_gen/enabled: $(cat /sys/kernel/mm/lru_gen/enabled)"; return; }
	drop_caches
	echo max > $cg/memory.max
	in_cgroup $cg raload range $f $a_off $a_len > /dev/null
	in_cgroup $cg raload range $f 1048576 16777216 65536 > /dev/null
	echo 48M > $cg/memory.max
	in_cgroup $cg raload fadvise $f $a_off $a_len > /dev/null
	in_cgroup $cg raload range $f 17825792 41943040 65536 > /dev/null
	raload resident $f $a_off $a_len
}

for mode in n y; do
	name=classic; [ $mode = y ] && name=mglru
	got=$(retained $mode)
	check "${name}_willneed_keeps_cached_pages" $a_pages "$got"
	echo "# $name: $got of $a_pages pages of A resident; memory.peak $(cat $cg/memory.peak 2>/dev/null)"
done
rmdir $cg

# The counting runs on CPU 0 only, in a new memory cgroup per LRU mode: a
# folio waiting in a per-CPU LRU batch is not on the LRU and not retained,
# and POSIX_FADV_DONTNEED (on a file of its own) drains this CPU's batches
# without moving pages as compaction would; a new cgroup's lruvec has its
# four generations, so new folios land in an inactive one under MGLRU.
taskset -p -c 0 $$ > /dev/null || { not_ok setup "taskset failed"; exit 1; }
drain_lru() { raload dontneed /data/retain-drain 0 4096 > /dev/null; }
# retained_by_willneed FILE LEN: pages retain moved for WILLNEED over
# [0, LEN), in calls of 1 MiB (a call reads at most max(io_pages, ra_pages))
retained_by_willneed() {
	local before off=0 len
	drain_lru
	before=$(vmstat_of pgretain)
	while [ $off -lt $2 ]; do
		len=$(($2 - off < (1 << 20) ? $2 - off : (1 << 20)))
		raload fadvise "$1" $off $len > /dev/null
		off=$((off + len))
	done
	drain_lru
	echo $(($(vmstat_of pgretain) - before))
}

xfs_scratch &&
	raverify --write /xfs/retain 1 0 $((4 << 20)) ||
	{ not_ok xfs_setup "mkfs.xfs, mount or writing the file failed"; exit 1; }
add_event=$TRACING/events/filemap/mm_filemap_add_to_page_cache
ino=$(ino_of /xfs/retain)
mount -o remount,rw /data && dd if=/dev/zero of=/data/retain-dirty bs=65536 count=1 2> /dev/null &&
	dd if=/dev/zero of=/data/retain-drain bs=4096 count=1 2> /dev/null ||
	{ not_ok ext4_setup "/data not writable"; exit 1; }
for mode in n y; do
	name=classic; [ $mode = y ] && name=mglru
	echo $mode > /sys/kernel/mm/lru_gen/enabled
	drop_caches
	memcg_dir $cg-$mode || exit 1
	echo $$ > $cg-$mode/cgroup.procs
	echo "i_ino == $ino" > $add_event/filter
	echo > $TRACING/trace
	echo 1 > $add_event/enable
	echo 1 > $TRACING/tracing_on
	raload range /xfs/retain 0 $((4 << 20)) > /dev/null
	echo 0 > $add_event/enable
	folios=$(grep -c mm_filemap_add_to_page_cache $TRACING/trace)
	cached=$(raload resident /xfs/retain 0 $((4 << 20)))
	check "${name}_xfs_large_folios" yes \
		"$([ "$folios" -lt "$cached" ] && echo yes || echo "no: $folios folios for $cached pages")"
	# once per folio: the pages cached; once per page would be the sum of
	# the squares of the folio sizes
	check "${name}_xfs_willneed_retains_each_folio_once" "$cached" "$(retained_by_willneed /xfs/retain $((4 << 20)))"
	echo "# $name: $folios folios, $cached pages cached"

	# one 4 KiB read at the start of a cold file: readahead reads pages 0-3
	# and marks page 1; writing page 1 makes it dirty with PG_readahead
	drop_caches
	raload lseek-read /data/retain-dirty - 4096 > /dev/null
	dd if=/dev/zero of=/data/retain-dirty bs=4096 seek=1 count=1 conv=notrunc 2> /dev/null
	want=4; [ $mode = y ] && want=3
	check "${name}_dirty_readahead_folio" $want "$(retained_by_willneed /data/retain-dirty 16384)"

	# A thrash on cue: 4 KiB reads of a cold file's first 16 pages leave
	# the window at pages 20-51 (0-3, 4-19, then 20-51 at 512 KiB); reclaim
	# takes pages 12-19 (MADV_PAGEOUT leaves shadow entries, as reclaim
	# under pressure does); the read of page 16 is a thrash: it reads 16
	# pages from 16 and retains the 32 cached pages 20-51, each once.
	drop_caches
	drain_lru
	before=$(vmstat_of pgretain)
	trace_start
	raload pageout-resume $f 65536 49152 32768 4096 > /dev/null
	trace_stop
	drain_lru
	check "${name}_thrash_event" "pattern=thrash req=16+1 ra=16+16-0 async=0 mmap=0 actual=4" \
		"$(trace_lines $(ino_of $f) | grep pattern=thrash)"
	check "${name}_thrash_retains_each_folio_once" 32 $(($(vmstat_of pgretain) - before))
	echo $$ > /sys/fs/cgroup/cgroup.procs
	rmdir $cg-$mode
done
echo 0 > $add_event/filter
echo y > /sys/kernel/mm/lru_gen/enabled
rm -f /data/retain-dirty /data/retain-drain
umount /xfs
ktap_done
