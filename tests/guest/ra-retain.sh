#!/bin/sh
# Retaining cached pages that readahead is asked to read (PATCH 05), under
# the classic LRU and MGLRU. In a 48 MiB memory cgroup: read A (512 KiB) and
# then 16 MiB of B; POSIX_FADV_WILLNEED A, which finds A cached; then read
# 40 MiB more of B. Reclaim takes the coldest pages: without retaining, A is
# the oldest and goes; retained, A sits ahead of B's first 16 MiB and stays.
. /guest/lib.sh
plan 2
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
echo y > /sys/kernel/mm/lru_gen/enabled
rmdir $cg
ktap_done
